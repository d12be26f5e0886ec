// Reading a terrain's cells the way the particle models do: by whole cell, with the map's edges (wrap
// around, or clamp to the border when reading and stop a particle that leaves the map).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "heightmap.h"
#include "soil_record.h"
#include "terrain.h"

namespace runnel {

class CellAccess {
 public:
  CellAccess(Heightmap& h, Edges edges)
      : h_(h.data()), width_(h.width()), height_(h.height()), edges_(edges) {}

  int width() const { return width_; }
  int height() const { return height_; }
  size_t index(int x, int y) const { return size_t(y) * size_t(width_) + size_t(x); }
  float& at(int x, int y) { return h_[index(x, y)]; }

  // Height at any cell coordinate: wrapped, or the nearest border cell.
  float read(int x, int y) const {
    if (edges_ == Edges::Wrap) {
      x = wrap(x, width_);
      y = wrap(y, height_);
    } else {
      x = std::clamp(x, 0, width_ - 1);
      y = std::clamp(y, 0, height_ - 1);
    }
    return h_[index(x, y)];
  }

  // A neighbour's cell coordinates wrapped onto the map, or false past an open (clamp) edge.
  bool place(int& x, int& y) const {
    if (edges_ == Edges::Wrap) {
      x = wrap(x, width_);
      y = wrap(y, height_);
      return true;
    }
    return x >= 0 && y >= 0 && x < width_ && y < height_;
  }

  // A position (in cells) moved to where the particle is: wrapped onto the map, or false when it left an
  // open (clamp) edge.
  bool place(float& px, float& py) const {
    if (edges_ == Edges::Wrap) {
      px = wrapPosition(px, float(width_));
      py = wrapPosition(py, float(height_));
      return true;
    }
    return px >= 0.0f && py >= 0.0f && px < float(width_) && py < float(height_);
  }

  // The height's central-difference slope at a cell: d height / dx, d height / dy.
  void gradient(int x, int y, float& gx, float& gy) const {
    gx = 0.5f * (read(x + 1, y) - read(x - 1, y));
    gy = 0.5f * (read(x, y + 1) - read(x, y - 1));
  }

  float lowestNeighbour(int x, int y) const {
    float lo = INFINITY;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (dx || dy) lo = std::min(lo, read(x + dx, y + dy));
    return lo;
  }

  static int wrap(int v, int n) {
    v %= n;
    return v < 0 ? v + n : v;
  }

 private:
  static float wrapPosition(float v, float n) {
    v = std::fmod(v, n);
    if (v < 0) v += n;
    return v < n ? v : 0.0f;  // -tiny + n rounds to n
  }

  float* h_;
  int width_, height_;
  Edges edges_;
};

// Lays `amount` on the 3x3 cells around (x, y) with the blur's weights (4 in the middle, 2 at the sides, 1
// at the corners, over 16), recording it as deposit: a stopped drop's load settles as a mound, not a spike.
// With clamp edges the weights of cells past the border go to the middle cell, so nothing is lost.
inline void settleAround(Terrain& terrain, CellAccess& cells, int x, int y, float amount) {
  float middle = amount * (4.0f / 16.0f);
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (!dx && !dy) continue;
      const float share = amount * ((dx && dy) ? 1.0f / 16.0f : 2.0f / 16.0f);
      int nx = x + dx, ny = y + dy;
      if (!cells.place(nx, ny)) {
        middle += share;
        continue;
      }
      cells.at(nx, ny) += share;
      recordDeposit(terrain, cells.index(nx, ny), share);
    }
  cells.at(x, y) += middle;
  recordDeposit(terrain, cells.index(x, y), middle);
}

}  // namespace runnel
