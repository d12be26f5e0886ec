#include "outflow.h"

#include <cstring>

namespace runnel::rivers {

namespace {

// Four cells side by side (GCC's vector extensions: SSE2 on x86-64, NEON on ARM, lane by lane the
// IEEE arithmetic of plain floats). Which neighbour is lower and which facet is steepest is the terrain's
// choice; selects instead of branches do not guess it wrong half the time.
typedef float F4 __attribute__((vector_size(16)));
typedef int32_t I4 __attribute__((vector_size(16)));

F4 splat(float a) {
  return F4{a, a, a, a};
}
I4 splat(int32_t a) {
  return I4{a, a, a, a};
}

// Cells x .. x + 3 of a row; lanes past `last` repeat the last cell (their results are not written).
F4 load(const float* row, size_t x, size_t last) {
  if (x + 3 <= last) {
    F4 v;
    std::memcpy(&v, row + x, sizeof v);
    return v;
  }
  F4 v;
  for (int i = 0; i < 4; ++i) v[i] = row[x + size_t(i) <= last ? x + size_t(i) : last];
  return v;
}

F4 select(I4 mask, F4 a, F4 b) {
  return mask ? a : b;
}
I4 select(I4 mask, I4 a, I4 b) {
  return mask ? a : b;
}

}  // namespace

void outflowsOfRow(const float* h, size_t width, size_t y, size_t x0, size_t x1, Outflow* out,
                   uint8_t* higher) {
  const float* up = h + (y - 1) * width;
  const float* mid = up + width;
  const float* down = mid + width;
  const size_t lastNeighbour = x1;  // the last column any of these cells reads
  const F4 zero = splat(0.0f);
  for (size_t x = x0; x < x1; x += 4) {
    // Neighbour k of each cell (kDx, kDy's order), and the cells themselves.
    const F4 around[8] = {load(mid, x + 1, lastNeighbour), load(down, x + 1, lastNeighbour),
                          load(down, x, lastNeighbour),    load(down, x - 1, lastNeighbour),
                          load(mid, x - 1, lastNeighbour), load(up, x - 1, lastNeighbour),
                          load(up, x, lastNeighbour),      load(up, x + 1, lastNeighbour)};
    const F4 hc = load(mid, x, x1 - 1);

    // The spread: shares in proportion to slope times contour width, at least one each, what rounding
    // leaves to the largest.
    F4 q[8];
    I4 lower[8];
    F4 sum = zero;
    I4 count = splat(0), above = splat(0);
    for (int k = 0; k < 8; ++k) {
      const F4 drop = hc - around[k];
      lower[k] = drop > zero;
      above -= around[k] > hc;
      q[k] = select(lower[k], drop, zero) * splat(kInvDistance[k] * kContour[k]);
      sum += q[k];
      count -= lower[k];  // a true lane is -1
    }
    const F4 room = __builtin_convertvector(splat(Outflow::kShares) - count, F4);
    const F4 scale = room / select(count > 0, sum, splat(1.0f));
    I4 shares[8], given = splat(0), largest = splat(0);
    F4 largestQ = q[0];
    for (int k = 0; k < 8; ++k) {
      const F4 scaled = q[k] * scale;
      const I4 cut = __builtin_convertvector(select(scaled < room, scaled, room), I4);
      shares[k] = select(lower[k], cut + 1, splat(0));
      given += shares[k];
      const I4 larger = q[k] > largestQ;
      largest = select(larger, splat(k), largest);
      largestQ = select(larger, q[k], largestQ);
    }

    // The steepest facet, compared by squared slope; ties keep the first.
    F4 steepest = zero, rise1 = zero, rise2 = zero;
    I4 facet = splat(-1);
    for (int f = 0; f < 8; ++f) {
      const F4 a = around[Outflow::cardinalOf(f)], b = around[Outflow::diagonalOf(f)];
      const F4 s1 = hc - a, s2 = a - b, diagonal = (hc - b) * splat(kInvDistance[1]);
      const F4 toCardinal = select(s1 > zero, s1, zero), toDiagonal = select(diagonal > zero, diagonal, zero);
      const F4 squared = select(s2 <= zero, toCardinal * toCardinal,
                                select(s2 >= s1, toDiagonal * toDiagonal, s1 * s1 + s2 * s2));
      const I4 steeper = squared > steepest;
      steepest = select(steeper, squared, steepest);
      facet = select(steeper, splat(f), facet);
      rise1 = select(steeper, s1, rise1);
      rise2 = select(steeper, s2, rise2);
    }
    const F4 angle = angleShare(rise2 / select(rise1 > zero, rise1, splat(1.0f)));
    const F4 share = select(rise2 <= zero, zero, select(rise2 >= rise1, splat(1.0f), angle));
    const I4 diagonalShares =
        __builtin_convertvector(share * splat(float(Outflow::kShares)) + splat(0.5f), I4);

    for (int i = 0; i < 4 && x + size_t(i) < x1; ++i) {
      higher[x + size_t(i)] = uint8_t(above[i]);
      Outflow& o = out[x + size_t(i)];
      o = Outflow{};
      if (count[i] == 0) continue;
      for (int k = 0; k < 8; ++k) o.spread[k] = uint8_t(shares[k][i]);
      o.spread[largest[i]] = uint8_t(o.spread[largest[i]] + (Outflow::kShares - given[i]));
      if (facet[i] < 0) continue;
      o.facet = uint8_t(facet[i] + 1);
      o.diagonalShare = uint8_t(diagonalShares[i]);
    }
  }
}

}  // namespace runnel::rivers
