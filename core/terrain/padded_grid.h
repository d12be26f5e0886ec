// A W x H float field with a one-cell ring of ghost cells around it, so a 3x3 stencil reads its neighbours
// at fixed offsets with no edge test in the inner loop. The ghosts stand for what lies past the map's edge.
#pragma once
#include <cstddef>
#include <vector>

#include "heightmap.h"

namespace runnel {

class PaddedGrid {
 public:
  void resize(int width, int height);  // keeps nothing; ghosts and cells become 0
  int width() const { return width_; }
  int height() const { return height_; }
  size_t stride() const { return size_t(width_) + 2; }
  // Row y for y in [-1, height]; index x in [-1, width].
  float* row(int y) { return data_.data() + size_t(y + 1) * stride() + 1; }
  const float* row(int y) const { return data_.data() + size_t(y + 1) * stride() + 1; }

  // Ghosts copy the opposite edge: a tileable map.
  void wrapGhosts();
  // Ghosts take the value of the nearest cell of `source` (same size, unpadded): what a clamped read sees.
  void clampGhostsFrom(const Heightmap& source);
  // Every ghost set to `value`.
  void fillGhosts(float value);
  // Ghosts as `edges` asks: wrap, or (clamp) copies of the nearest edge cell.
  void edgeGhosts(Edges edges);

 private:
  int width_ = 0, height_ = 0;
  std::vector<float> data_;
};

}  // namespace runnel
