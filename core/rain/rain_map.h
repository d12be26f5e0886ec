// Where rain falls: a spawn density from 0 to 1 per cell (uniform by default) and springs, with a sampler
// that draws droplet start cells with probability proportional to the density plus the springs' rates.
// Densities are kept as 16-bit integers so the sampler's sums are exact and a stroke updates them
// incrementally (a Fenwick tree per row over blocks of kBlock cells, and one over the row totals).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/base/random.h"

namespace runnel {

struct Spring {
  float x = 0, y = 0;   // cell coordinates
  float rate = 1.0f;    // weight, in the units of one fully rained cell (density 1)
  float radius = 2.0f;  // droplets start uniformly within this many cells
};

struct StartCell {
  int x, y;
};

class RainMap {
 public:
  RainMap() = default;
  RainMap(int width, int height, float density = 1.0f);

  int width() const { return width_; }
  int height() const { return height_; }
  float density(int x, int y) const { return float(cells_[index(x, y)]) * (1.0f / 65535.0f); }
  void setDensity(int x, int y, float d);  // clamps to [0, 1]; O(log W + log H)
  void fill(float d);
  bool uniform() const;        // every cell at the same density and no springs
  bool levelsUniform() const;  // every cell at the same density (springs or not)
  // Sum of densities (in cells) plus the springs' rates.
  double totalWeight() const;

  // Levels are the stored densities, density * 65535, exact; files and whole-map operations use them.
  static constexpr uint16_t kFullLevel = 65535;
  static uint16_t toLevel(float density);  // clamps to [0, 1]; NaN is 0
  uint16_t level(int x, int y) const { return cells_[index(x, y)]; }
  const uint16_t* levels() const { return cells_.data(); }
  // Sets cells [x0, x0 + count) of row y: O(count + (count / kBlock + 1) log W + log H).
  void setRowLevels(int y, int x0, int count, const uint16_t* levels);
  // Replaces every cell (row 0 first) and rebuilds the sampler in O(W H).
  void assignLevels(const uint16_t* levels);
  // Catches up a copy of the same size: rows [y0, y1), the row totals and the springs from `source`.
  // O((y1 - y0) W + H), so a stale copy pays for what changed, not for the whole map.
  void copyRowsFrom(const RainMap& source, int y0, int y1);
  // True when the sampler's sums equal sums rebuilt from the cells (the incremental updates stayed exact).
  bool samplerMatchesCells() const;

  std::vector<Spring>& springs() { return springs_; }
  const std::vector<Spring>& springs() const { return springs_; }

  // A start cell for the droplet whose generator is `r`. Cells of density 0 are never drawn.
  // Precondition: totalWeight() > 0.
  StartCell sample(DropletRandom& r) const;

 private:
  // A row's tree sums blocks of this many cells, and a draw walks the last few cells of its block: a tree
  // over single cells took 4 bytes a cell, more than the densities themselves (on an 8192² map, 256 MB
  // held through a whole landscape build).
  static constexpr int kBlock = 16;
  size_t index(int x, int y) const { return size_t(y) * size_t(width_) + size_t(x); }
  int blocks() const { return (width_ + kBlock - 1) / kBlock; }  // per row
  uint32_t* rowTree(int y) { return rowTree_.data() + size_t(y) * size_t(blocks()); }
  const uint32_t* rowTree(int y) const { return rowTree_.data() + size_t(y) * size_t(blocks()); }
  // Row y's block sums from its cells, into its tree and its total into colTree_ (not yet a tree).
  void buildRow(int y);
  int width_ = 0, height_ = 0;
  std::vector<uint16_t> cells_;    // density * 65535
  std::vector<uint32_t> rowTree_;  // Fenwick tree per row over its blocks' sums of cells_
  std::vector<uint64_t> colTree_;  // Fenwick tree over the row totals
  std::vector<Spring> springs_;
};

// Throws Error("rain map: size WxH does not match the terrain's WxH") unless `rain` is width x height.
void checkRainFits(const RainMap& rain, int width, int height);

// The rain at the level below in a coarse-to-fine build (core/terrain/level_resample.h): each cell the mean
// of the cells it covers; springs where they were, their rates in the level's cells.
std::shared_ptr<const RainMap> halveRain(const RainMap& fine);

}  // namespace runnel
