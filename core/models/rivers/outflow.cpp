#include "outflow.h"

#include <bit>
#include <cstddef>
#include <cstring>

namespace runnel::rivers {

namespace {

// outflowsOf() writes a cell's shares as two little-endian words and its facet and diagonal share as a third.
static_assert(std::endian::native == std::endian::little);
static_assert(offsetof(Outflow, facet) == 8 && offsetof(Outflow, diagonalShare) == 9 &&
              sizeof(Outflow) == 10);

// N cells side by side (GCC's vector extensions: SSE2 or AVX2 on x86-64, NEON on ARM, lane by lane the
// IEEE arithmetic of plain floats, so 4 and 8 lanes give the same bytes). Which neighbour is lower and
// which facet is steepest is the terrain's choice; selects instead of branches do not guess it wrong half
// the time. Everything is inlined into the entry points below, so each is compiled for its instructions.
#define RUNNEL_LANES inline __attribute__((always_inline))

template <class Floats, class Ints, int N>
struct LaneOps {
  typedef Floats F;
  typedef Ints I;
  static RUNNEL_LANES F splat(float a) { return F{} + a; }
  static RUNNEL_LANES I splat(int32_t a) { return I{} + a; }
  // Cells x .. x + N - 1 of a row; lanes past `last` repeat the last cell (their results are not written).
  static RUNNEL_LANES F load(const float* row, size_t x, size_t last) {
    F v;
    if (x + N - 1 <= last) {
      std::memcpy(&v, row + x, sizeof v);
      return v;
    }
    for (int i = 0; i < N; ++i) v[i] = row[x + size_t(i) <= last ? x + size_t(i) : last];
    return v;
  }
  static RUNNEL_LANES F select(I mask, F a, F b) { return mask ? a : b; }
  static RUNNEL_LANES I select(I mask, I a, I b) { return mask ? a : b; }
};

typedef float F4 __attribute__((vector_size(16)));
typedef int32_t I4 __attribute__((vector_size(16)));
typedef float F8 __attribute__((vector_size(32)));
typedef int32_t I8 __attribute__((vector_size(32)));
template <int N>
struct Lanes;
template <>
struct Lanes<4> : LaneOps<F4, I4, 4> {};
template <>
struct Lanes<8> : LaneOps<F8, I8, 8> {};

template <int N>
RUNNEL_LANES void outflowsOf(const float* h, size_t width, size_t y, size_t x0, size_t x1, Outflow* out,
                             uint8_t* higher) {
  using L = Lanes<N>;
  using F = typename L::F;
  using I = typename L::I;
  const float* up = h + (y - 1) * width;
  const float* mid = up + width;
  const float* down = mid + width;
  const size_t lastNeighbour = x1;  // the last column any of these cells reads
  const F zero = L::splat(0.0f);
  for (size_t x = x0; x < x1; x += N) {
    // Neighbour k of each cell (kDx, kDy's order), and the cells themselves.
    const F around[8] = {L::load(mid, x + 1, lastNeighbour), L::load(down, x + 1, lastNeighbour),
                         L::load(down, x, lastNeighbour),    L::load(down, x - 1, lastNeighbour),
                         L::load(mid, x - 1, lastNeighbour), L::load(up, x - 1, lastNeighbour),
                         L::load(up, x, lastNeighbour),      L::load(up, x + 1, lastNeighbour)};
    const F hc = L::load(mid, x, x1 - 1);

    // The spread: shares in proportion to slope times contour width, at least one each, what rounding
    // leaves to the largest.
    F q[8];
    I lower[8];
    F sum = zero;
    I count = L::splat(0), above = L::splat(0);
    for (int k = 0; k < 8; ++k) {
      const F drop = hc - around[k];
      lower[k] = drop > zero;
      above -= around[k] > hc;
      q[k] = L::select(lower[k], drop, zero) * L::splat(kInvDistance[k] * kContour[k]);
      sum += q[k];
      count -= lower[k];  // a true lane is -1
    }
    const F room = __builtin_convertvector(L::splat(Outflow::kShares) - count, F);
    const F scale = room / L::select(count > 0, sum, L::splat(1.0f));
    I shares[8], given = L::splat(0), largest = L::splat(0);
    F largestQ = q[0];
    for (int k = 0; k < 8; ++k) {
      const F scaled = q[k] * scale;
      const I cut = __builtin_convertvector(L::select(scaled < room, scaled, room), I);
      shares[k] = L::select(lower[k], cut + 1, L::splat(0));
      given += shares[k];
      const I larger = q[k] > largestQ;
      largest = L::select(larger, L::splat(k), largest);
      largestQ = L::select(larger, q[k], largestQ);
    }

    // The steepest facet, compared by squared slope; ties keep the first.
    F steepest = zero, rise1 = zero, rise2 = zero;
    I facet = L::splat(-1);
    for (int f = 0; f < 8; ++f) {
      const F a = around[Outflow::cardinalOf(f)], b = around[Outflow::diagonalOf(f)];
      const F s1 = hc - a, s2 = a - b, diagonal = (hc - b) * L::splat(kInvDistance[1]);
      const F toCardinal = L::select(s1 > zero, s1, zero),
              toDiagonal = L::select(diagonal > zero, diagonal, zero);
      const F squared = L::select(s2 <= zero, toCardinal * toCardinal,
                                  L::select(s2 >= s1, toDiagonal * toDiagonal, s1 * s1 + s2 * s2));
      const I steeper = squared > steepest;
      steepest = L::select(steeper, squared, steepest);
      facet = L::select(steeper, L::splat(f), facet);
      rise1 = L::select(steeper, s1, rise1);
      rise2 = L::select(steeper, s2, rise2);
    }
    const F angle = angleShare(rise2 / L::select(rise1 > zero, rise1, L::splat(1.0f)));
    const F share = L::select(rise2 <= zero, zero, L::select(rise2 >= rise1, L::splat(1.0f), angle));
    const I diagonalShares =
        __builtin_convertvector(share * L::splat(float(Outflow::kShares)) + L::splat(0.5f), I);

    // What rounding leaves goes to the largest share; a cell with no lower neighbour keeps all zeros. The
    // bytes are packed four to a lane here, and each cell is then three stores (one byte at a time, this
    // was a third of the routing's time).
    const I drains = count > 0;
    I packed[2] = {L::splat(0), L::splat(0)};
    for (int k = 0; k < 8; ++k) {
      const I rest = L::select(drains & (largest == k), L::splat(Outflow::kShares) - given, L::splat(0));
      packed[k / 4] |= (shares[k] + rest) << (8 * (k % 4));
    }
    const I steep = drains & (facet >= 0);
    const I tail = L::select(steep, (facet + 1) | (diagonalShares << 8), L::splat(0));
    for (int i = 0; i < N && x + size_t(i) < x1; ++i) {
      higher[x + size_t(i)] = uint8_t(above[i]);
      const uint32_t words[2] = {uint32_t(packed[0][i]), uint32_t(packed[1][i])};
      const uint16_t facetAndShare = uint16_t(tail[i]);
      unsigned char* o = reinterpret_cast<unsigned char*>(out + x + size_t(i));
      std::memcpy(o, words, 8);
      std::memcpy(o + 8, &facetAndShare, 2);
    }
  }
}

}  // namespace

#if defined(__x86_64__)
__attribute__((target("avx2"))) void outflowsAvx2(const float* h, size_t width, size_t y, size_t x0,
                                                  size_t x1, Outflow* out, uint8_t* higher) {
  outflowsOf<8>(h, width, y, x0, x1, out, higher);
}
#endif

void outflowsOfRow(const float* h, size_t width, size_t y, size_t x0, size_t x1, Outflow* out,
                   uint8_t* higher, OutflowLanes lanes) {
#if defined(__x86_64__)
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2 && lanes == OutflowLanes::kBest) return outflowsAvx2(h, width, y, x0, x1, out, higher);
#endif
  (void)lanes;
  outflowsOf<4>(h, width, y, x0, x1, out, higher);
}

}  // namespace runnel::rivers
