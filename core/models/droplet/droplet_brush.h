// The droplet's brushes on cells away from the map's border, four cells at a time (private to the
// droplet model: droplet_kernel.cpp and droplet_border.cpp).
#pragma once
#include <algorithm>
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

// A checked step's room in the fast area [loX, hiX) x [loZ, hiZ) of the droplet loop: the least of
// nxi - loX, nzi - loZ, hiX - 1 - nxi and hiZ - 1 - nzi, negative when (nxi, nzi) is outside it. `cell`
// is {nxi, nzi, nxi, nzi} (cells within a cell of the map: no overflow); `bounds` is roomBounds'.
// (droplet_brush_avx2.h has the AVX2 encoding.)
inline I4 roomBounds(int loX, int loZ, int hiX, int hiZ) {
#if defined(__SSE2__)
  return {_mm_setr_epi32(-loX, -loZ, hiX, hiZ)};
#else
  return {{-loX, -loZ, hiX, hiZ}};
#endif
}
RUNNEL_INLINE int fastRoom(I4 cell, I4 bounds) {
#if defined(__SSE2__)
  // {nxi - loX, nzi - loZ, ~nxi + hiX, ~nzi + hiZ} (~n = -n - 1), packed into 16-bit words (saturating
  // keeps the sign, and a least that is not negative is exact: a side has at most 16384 cells).
  const __m128i d = _mm_add_epi32(_mm_xor_si128(cell.v, _mm_setr_epi32(0, 0, -1, -1)), bounds.v);
  __m128i m = _mm_packs_epi32(d, d);
  m = _mm_min_epi16(m, _mm_shufflelo_epi16(m, _MM_SHUFFLE(1, 0, 3, 2)));
  m = _mm_min_epi16(m, _mm_shufflelo_epi16(m, _MM_SHUFFLE(2, 3, 0, 1)));
  return int16_t(_mm_cvtsi128_si32(m));
#else
  const int a = cell.v[0] + bounds.v[0], b = cell.v[1] + bounds.v[1];
  const int c = bounds.v[2] - 1 - cell.v[0], e = bounds.v[3] - 1 - cell.v[1];
  return std::min(std::min(a, c), std::min(b, e));
#endif
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
