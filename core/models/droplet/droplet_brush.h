// The droplet's brushes on cells away from the map's border, four cells at a time (private to the
// droplet model: droplet_kernel.cpp and droplet_border.cpp).
#pragma once
#include <cstdint>

#include "core/base/simd4.h"

#if defined(__GNUC__)
#define RUNNEL_INLINE inline __attribute__((always_inline))
#else
#define RUNNEL_INLINE inline
#endif

namespace runnel::droplet {

constexpr float kBell = 0.1591549430918953f;  // 1 / (2 pi), the article's brush scale

// floor() without a libm call (x86-64's baseline has no SSE4.1 round).
inline int floorToInt(float x) {
  int i = int(x);
  return i - (x < float(i));
}

// The article's bell brush (1 - r^2/4) / (2 pi) over the 4 x 4 cells (xi - 1 .. xi + 2, zi - 1 .. zi + 2),
// one row per vector, 0 where the bell is not positive. xf and zf (in every lane) place the droplet at
// xp = xi + xf: the article's offsets x - xp are then exactly (x - xi) - xf, one rounding of the same real
// number, so the weights are the article's bit for bit.
struct BellRows {
  F4 row[4];
  // (c0 + c2) + (c1 + c3) over the column sums c = (r0 + r1) + (r2 + r3): the order every path uses.
  float sum() const { return sumLanes((row[0] + row[1]) + (row[2] + row[3])); }
};
RUNNEL_INLINE BellRows bellRows(F4 xf, F4 zf) {
  const F4 zero = F4::splat(0), one = F4::splat(1), quarter = F4::splat(0.25f), bell = F4::splat(kBell);
  // xf - offset is exactly -(offset - xf) (round to nearest is symmetric), and the square drops the sign:
  // the article's squares, with the offsets as the second operand, which the compiler reads from memory.
  const F4 offsets = F4::make(-1, 0, 1, 2);
  const F4 xo = xf - offsets, zo = zf - offsets;
  const F4 xo2 = xo * xo, zo2 = zo * zo;
  return {{max(one - (xo2 + F4::broadcast<0>(zo2)) * quarter, zero) * bell,
           max(one - (xo2 + F4::broadcast<1>(zo2)) * quarter, zero) * bell,
           max(one - (xo2 + F4::broadcast<2>(zo2)) * quarter, zero) * bell,
           max(one - (xo2 + F4::broadcast<3>(zo2)) * quarter, zero) * bell}};
}

// Cells i .. i + 3 of the three maps (one index for all three keeps the address arithmetic down).
// kFloor: no cell is cut below `floor` (open edges' base level); returns what the floor held back.
template <bool kFloor = false>
RUNNEL_INLINE F4 erodeRow(float* hgt, float* ero, float* dep, int64_t i, F4 delta, F4 floor = F4::splat(0)) {
  const F4 zero = F4::splat(0);
  const F4 height = F4::load(hgt + i);
  F4 heldBack = zero;
  if (kFloor) {
    const F4 cut = min(delta, max(height - floor, zero));
    heldBack = delta - cut;
    delta = cut;
  }
  (height - delta).store(hgt + i);
  const F4 sediment = F4::load(dep + i);
  // delta <= d: d -= delta, rock unchanged; else rock += delta - d, d = 0. Exactly the article's values.
  max(sediment - delta, zero).store(dep + i);
  (F4::load(ero + i) + max(delta - sediment, zero)).store(ero + i);
  return heldBack;
}

// The bell brush on four rows of four cells that are all on the map, row j's first cell (x = xi - 1) at
// index rows[j]. Classic takes ds times the article's weights; conserving normalises them first.
// kFloor: no cell goes below `floor`; returns the amount the floor held back (0 without kFloor).
template <bool kConserving, bool kFloor = false>
RUNNEL_INLINE float erodeRowsAt(float* hgt, float* ero, float* dep, const int64_t (&rows)[4], F4 xf, F4 zf,
                                float ds, float floor = 0) {
  const BellRows w = bellRows(xf, zf);
  const F4 s = F4::splat(kConserving ? ds / w.sum() : ds), f = F4::splat(floor);
  const F4 held0 = erodeRow<kFloor>(hgt, ero, dep, rows[0], w.row[0] * s, f);
  const F4 held1 = erodeRow<kFloor>(hgt, ero, dep, rows[1], w.row[1] * s, f);
  const F4 held2 = erodeRow<kFloor>(hgt, ero, dep, rows[2], w.row[2] * s, f);
  const F4 held3 = erodeRow<kFloor>(hgt, ero, dep, rows[3], w.row[3] * s, f);
  return kFloor ? sumLanes((held0 + held1) + (held2 + held3)) : 0.0f;
}

// The same on the rows of one block: `first` is the index of cell (xi - 1, zi - 1), W the row stride.
template <bool kConserving, bool kFloor = false>
RUNNEL_INLINE float erodeInterior(float* hgt, float* ero, float* dep, int W, int64_t first, F4 xf, F4 zf,
                                  float ds, float floor = 0) {
  const int64_t rows[4] = {first, first + W, first + 2 * int64_t(W), first + 3 * int64_t(W)};
  return erodeRowsAt<kConserving, kFloor>(hgt, ero, dep, rows, xf, zf, ds, floor);
}

// Bilinear deposit of ds1 and then ds2 (0 for one deposit) at (xi + xf, zi + zf), both corners rows on
// the map. Each cell gets the two additions in turn, as two separate deposits would give it.
// wx = {1 - xf, xf, 1 - xf, xf}, wz = {1 - zf, 1 - zf, zf, zf}: their product is the article's four weights.
// hgtBelow and depBelow are hgt + W and dep + W (the caller keeps them: no address arithmetic per row).
template <bool kTwo>
RUNNEL_INLINE void depositInterior(float* hgt, float* hgtBelow, float* dep, float* depBelow, int64_t i, F4 wx,
                                   F4 wz, float ds1, float ds2) {
  const F4 wt = wx * wz;
  const F4 d1 = F4::splat(ds1) * wt;
  F4 h = F4::loadPairs(hgt + i, hgtBelow + i) + d1;
  F4 d = F4::loadPairs(dep + i, depBelow + i) + d1;
  if (kTwo) {
    const F4 d2 = F4::splat(ds2) * wt;
    h = h + d2;
    d = d + d2;
  }
  h.storePairs(hgt + i, hgtBelow + i);
  d.storePairs(dep + i, depBelow + i);
}

}  // namespace runnel::droplet
