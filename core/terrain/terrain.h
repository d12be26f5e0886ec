// The state an erosion run works on: heights plus the droplet model's per-cell bookkeeping.
#pragma once
#include "heightmap.h"

namespace runnel {

struct Terrain {
  Heightmap height;
  // Rock removed from the base terrain, and sediment lying on top of it (the article's two-component record:
  // erosion takes deposited sediment first, then rock). Both are >= 0.
  Heightmap eroded;
  Heightmap deposited;

  Terrain() = default;
  explicit Terrain(Heightmap h);  // zero bookkeeping of the same size
  int width() const { return height.width(); }
  int heightCells() const { return height.height(); }
};

}  // namespace runnel
