// The droplet model's parallel order: the same terrain for any thread count and any batch split
// (droplet_kernel.h's determinism plan).
//
// The map is cut into tiles of 64 to 512 cells a side (far more than a step's reach: one cell before and
// two after the droplet's own), coloured in a 2 x 2 pattern; the four colours are the phases. Droplets run
// in waves aligned to absolute indices ([k W, (k + 1) W), W = waveSize). In each phase the tiles of that
// colour run at once, each on one thread, so no two running tiles touch a common cell. A tile runs its
// droplets one after another in index order; a droplet that steps onto another tile stops there and waits,
// with its whole state, for that tile's next phase, when it first takes in what other droplets changed
// under it (refreshDroplet). Phases go round until every droplet of the wave has ended. Which thread runs
// which tile does not matter: the result depends only on the seed and the inputs.
//
// Batches. A run of droplets [first, end) launches whole waves and stops between two phases as soon as
// every droplet below `end` has ended; the rest of the last wave stays in flight (in this object, which
// the next run continues), and droplets are counted (their stats added, in index order) only below `end`.
// So the sequence of phases is one and the same however the droplets are cut into batches, and any batch
// split gives a bit-identical terrain. The price: a run that ends inside a wave leaves the terrain with
// what the wave's later droplets did so far (the soil they carry is `carried`), as rain still falling.
//
// Why waves of at most 1024 droplets: the droplets of a wave that cross a tile border wait there while the
// rest of their tile runs, and those behind them keep digging the channel up to the border but not past
// it. Too many at once (4096 on a 1024 fBm map) dug pits at the borders that set off the article's runaway
// pit-digging (eroded volume thousands of times that of the one-at-a-time order). At one droplet per 256
// cells (at most 1024) the eroded volume stays within about 0.5% of the one-at-a-time order's; see
// DropletOrder in droplet_params.h for the measured difference.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/rain/rain_map.h"
#include "droplet_kernel.h"

namespace runnel {

class ThreadPool;

// Droplet i's start cell, from its generator DropletRandom(seed, i): drawn from the rain map, or uniform
// when it is null.
StartCell dropletStart(const RainMap* rain, int width, int rows, DropletRandom& rng);

class DropletTiles {
 public:
  explicit DropletTiles(int threads);  // 0: every hardware thread
  ~DropletTiles();
  int threads() const;

  // Runs droplets until all of [first, first + count) have ended, and adds what they did to `tally`. When
  // `first` is where the last run ended (on a map of the same size and edges), it goes on with the droplets
  // still in flight; otherwise it drops them and starts afresh. Returns the sediment carried by droplets
  // still in flight (started, not yet counted).
  // `waveEnded`, when given, is called with the index past a wave's last droplet each time every droplet of
  // a wave has ended (no droplet in flight: the terrain may change under them), at the same points of the
  // droplets' sequence however it is cut into runs.
  double run(const TerrainView& t, const DropletConstants& k, const RainMap* rain, uint64_t seed,
             uint64_t first, uint64_t count, DropletTally& tally,
             const std::function<void(uint64_t)>& waveEnded = {});
  // Takes over the droplets in flight of another scheduler (a model replaced mid-run, as by a slider).
  void continueFrom(const DropletTiles& other);

  // Tiles along a map side of n cells (even on a wrapping map, so the colours alternate across the seam).
  static int tilesAlong(int n, Edges edges);
  // Droplets in a wave: one per 256 cells, a power of two from 64 to 1024.
  static uint64_t waveSize(int width, int rows);

 private:
  struct Tile;
  struct Handoff {
    int tile;
    uint32_t droplet;
  };
  void layout(int width, int rows, Edges edges);
  void launchWave(const TerrainView& t, const RainMap* rain, uint64_t seed, uint64_t first, uint32_t count);
  void runPhase(const TerrainView& t, const DropletConstants& k, std::vector<int>& tiles);
  void dropFlight();  // forgets the droplets in flight (the terrain they were on is gone)
  void runTile(const TerrainView& t, const DropletConstants& k, Tile& tile);
  int tileAt(float x, float z) const;

  std::unique_ptr<ThreadPool> pool_;
  int width_ = 0, rows_ = 0, tilesX_ = 0, tilesZ_ = 0;
  Edges edges_ = Edges::Wrap;
  std::vector<int> colOf_, rowOf_;  // tile column of each x, tile row of each z
  std::vector<Tile> tiles_;
  // The wave in flight: droplets [waveFirst_, waveFirst_ + droplets_.size()), empty when none is. Those
  // below next_ have ended and been counted.
  std::vector<DropletState> droplets_;
  std::vector<uint8_t> ended_;  // per droplet of the wave
  uint64_t waveFirst_ = 0, next_ = 0;
  int phase_ = 0;               // the phase to run next
  std::vector<int> active_[4];  // per phase: tiles with droplets waiting
};

}  // namespace runnel
