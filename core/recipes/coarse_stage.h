// A preset's droplet stage runs on cells of the preset's own size. The droplet models work in cells: a
// droplet's brush is a few cells wide and it walks a number of cells, so on a map with finer cells than
// the preset was tuned at, the same stage carved gullies as many times finer, each droplet walked as many
// times fewer metres, and the stage took the square of that longer again (the alpine preset at 4096²: 65 of
// its 80 s, 1.68 million droplets of 950 steps, and a look its 1024² preview did not show). So on a finer
// map the stage runs on the map halved (core/terrain/level_resample.h) until its cells reach the preset's,
// and what it changed there is brought back up to the map's cells and added: the same gullies and fans at
// every size from the preset's up, over the finer valleys the earlier stages cut at the map's own cells.
#pragma once
#include <memory>
#include <vector>

#include "core/models/erosion_stats.h"
#include "core/rain/rain_map.h"
#include "core/terrain/terrain.h"

namespace runnel {

// How many times a map of width x height cells of `cellSize` metres halves before its cells would be
// coarser than `presetCellSize` (within 1%): 0 for a map at or coarser than the preset's cells.
int halvingsToCells(int width, int height, float cellSize, float presetCellSize);

class CoarseStage {
 public:
  // The map (and its rain, which may be null) halved `halvings` times; with 0 the stage works on the map
  // itself. The map must outlive this. With Edges::Wrap the change is brought up wrapping round the map, so
  // a tileable map stays seamless.
  CoarseStage(Terrain& map, const RainMap* rain, float cellSize, int halvings, int threads,
              Edges edges = Edges::Clamp);

  // What the stage's model runs on: the halved map (no eroded or deposited record of its own) or the map
  // itself, its rain and its cell size.
  Terrain& terrain() { return halvings() > 0 ? coarse_ : map_; }
  const RainMap* rain() const { return halvings() > 0 ? halvedRain_.get() : rain_; }
  float cellSize() const { return cellSize_; }
  int halvings() const { return int(widths_.size()) - 1; }

  // Adds what the stage changed on the halved map, doubled back up to the map's cells, to the map's heights
  // and its eroded and deposited record. `stats` (the stage's run on the halved map) then tells the map's
  // change: eroded, deposited, the soil before and after, and what was lost or carried off in the map's
  // cells. Nothing to do with no halvings.
  void bringBack(ErosionStats& stats);

 private:
  Terrain& map_;
  const RainMap* rain_;
  Terrain coarse_;
  Heightmap before_;  // the halved map as the stage found it
  std::shared_ptr<const RainMap> halvedRain_;
  std::vector<int> widths_, heights_;  // every level's size, the map's first
  float cellSize_ = 1.0f;
  int threads_ = 0;
  Edges edges_ = Edges::Clamp;
};

}  // namespace runnel
