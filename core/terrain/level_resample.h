// Moving a heightmap between the levels of a coarse-to-fine build, where each level has half the cells of
// the next along each side over the same ground (a side of n cells has (n + 1) / 2 at the level below).
// Cells are areas here, not samples: a coarse cell covers the fine cells whose centres lie in it.
#pragma once
#include <cstdint>
#include <vector>

#include "heightmap.h"

namespace runnel {

// The side of the level below: (side + 1) / 2.
inline int halvedSide(int side) {
  return (side + 1) / 2;
}

// The mean of the (up to) 2 x 2 cells each coarse cell covers. Row bands on `threads` (the same bytes on
// any thread count).
Heightmap halve(const Heightmap& fine, int threads = 0);

// The coarse map at `width` x `height` (the next level up), bilinear between the coarse cells' centres,
// each sample's position moved by up to `jitter` coarse cells along each axis by a hash of (seed, cell):
// without it, every valley of the coarse level would run along the same straight runs of fine cells, and
// a river would lock onto the grid the coarse level had. Positions are clamped to the map, or with
// Edges::Wrap wrap round it (a tileable map: its first and last cells are neighbours). With jitter 0, a map
// halved and doubled again keeps its smooth slopes and means.
Heightmap doubleUp(const Heightmap& coarse, int width, int height, float jitter = 0.0f, uint64_t seed = 0,
                   int threads = 0, Edges edges = Edges::Clamp);
// The doubling with no jitter a row at a time, for a pass that uses a coarse map's doubled values without
// keeping them (doubleUp's bilinear, the same bytes). It reads `coarse` as it goes: keep it alive.
class RowDoubler {
 public:
  RowDoubler(const Heightmap& coarse, int width, int height, Edges edges = Edges::Clamp);
  // Row y of the doubled map into out[0 .. width - 1].
  void row(int y, float* out) const;

  // Where a sample falls: its lower coarse cell and the share of the next one.
  struct Tap {
    int lo, hi;
    float t;
  };

 private:
  const Heightmap& coarse_;
  int width_, height_;
  bool wrap_;
  std::vector<Tap> columns_;  // one table for every row
};

// The same into `fine`, at its size (a map kept from call to call: no new pages to fault in).
void doubleUpInto(const Heightmap& coarse, Heightmap& fine, float jitter = 0.0f, uint64_t seed = 0,
                  int threads = 0, Edges edges = Edges::Clamp);

}  // namespace runnel
