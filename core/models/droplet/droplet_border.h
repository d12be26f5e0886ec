// What a droplet does near the map's border, where cells wrap (tileable map) or end (open map). Out of
// line and cell by cell, so the interior loop (droplet_kernel.cpp) keeps its registers; the arithmetic
// is the interior's, so a droplet gives the same result on either path.
#pragma once
#include <cstdint>

#include "core/base/simd4.h"
#include "droplet_kernel.h"

namespace runnel::droplet {

// The four corner heights of cell (x, z), 0 <= x < width, 0 <= z < rows. On a clamped map a corner
// past the border reads the border (only a droplet starting on the last row or column asks for one).
// Inline: every start, stop and refresh of a droplet reads them.
inline void readCorners(const TerrainView& t, int x, int z, float& h00, float& h10, float& h01, float& h11) {
  int x1 = x + 1, z1 = z + 1;
  // Only the last row and column need an edge rule (nearly every call has all four on the map).
  if (x1 >= t.width || z1 >= t.rows) {
    if (t.edges == Edges::Wrap) {
      x1 = x1 >= t.width ? x1 - t.width : x1;  // (x1 <= width)
      z1 = z1 >= t.rows ? z1 - t.rows : z1;
    } else {
      x1 = x1 < t.width ? x1 : t.width - 1;
      z1 = z1 < t.rows ? z1 : t.rows - 1;
    }
  }
  const float* r0 = t.height + int64_t(z) * t.width;
  const float* r1 = t.height + int64_t(z1) * t.width;
  h00 = r0[x], h10 = r0[x1], h01 = r1[x], h11 = r1[x1];
}

// Where a droplet goes next: position, fractions, corner heights and cell index.
struct NextCell {
  F4 pos, frac, corners;
  int64_t cell;
  int x, z;    // the cell's column and row
  bool onMap;  // false: the droplet leaves an open map (or its position is NaN)
};
// The next position `next` when it is near or past the border: wrapped, or off an open map.
NextCell nextNearBorder(const TerrainView& t, F4 next);

// Bilinear deposit of ds at the droplet in `cell`; wx * wz are the article's four weights. Classic skips
// corners off a clamped map; conserving shares ds among the corners on it.
void depositNearBorder(const TerrainView& t, bool conserving, int64_t cell, F4 wx, F4 wz, float ds);

// The bell brush at (xi + xf, zi + zf), 0 <= xf, zf < 1, cell by cell in the article's order, each cell
// wrapped or, off a clamped map, skipped. Conserving normalises over the cells on the map. No cell is cut
// below `floor` (-infinity: no floor); returns what the floor held back.
float erodeNearBorder(const TerrainView& t, bool conserving, int xi, int zi, float xf, float zf, float ds,
                      float floor);

}  // namespace runnel::droplet
