// Where a cell's water goes, worked out once per step from the heights, for the drainage area and the
// incision to share.
//
// Hillslopes spread their water over every lower neighbour in proportion to slope times contour width
// (multiple flow directions, Quinn et al. 1991). Channels follow the steepest direction of the surface, at
// any angle (D-infinity, Tarboton 1997): the steepest of the eight triangular facets around the cell, each
// between a cardinal and a diagonal neighbour, shared between the two by angle. Steepest descent to one
// neighbour (D8) would bend every river into the eight grid directions, plain MFD smears rivers. How much
// water goes each way depends on the drainage area, so the two are mixed later (DrainageGraph::split).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

namespace runnel::rivers {

// The eight neighbours: k and k + 4 are opposite; even k are the four cardinal directions.
constexpr int kDx[8] = {1, 1, 0, -1, -1, -1, 0, 1};
constexpr int kDy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr float kSqrt2 = 1.41421356f;
constexpr float kInvDistance[8] = {1.0f, 1.0f / kSqrt2, 1.0f, 1.0f / kSqrt2,
                                   1.0f, 1.0f / kSqrt2, 1.0f, 1.0f / kSqrt2};
// Contour width a neighbour's flow crosses, in cells (Quinn et al. 1991).
constexpr float kContour[8] = {0.5f, 0.354f, 0.5f, 0.354f, 0.5f, 0.354f, 0.5f, 0.354f};

// One cell's outflow in shares out of kShares. Every lower neighbour gets at least one spread share, so a
// zero share means "not lower"; ten bytes a cell instead of the heights' eight loads and the facets' sums.
struct Outflow {
  static constexpr int kShares = 255;
  uint8_t spread[8];      // the slope-proportional split, summing to kShares (all 0: no lower neighbour)
  uint8_t facet;          // 1 + the steepest facet's index, 0 when no neighbour is lower
  uint8_t diagonalShare;  // of the steepest facet's water, the diagonal neighbour's shares

  // Facet f lies between cardinal neighbour cardinalOf(f) and diagonal neighbour diagonalOf(f).
  static int cardinalOf(int f) { return (f + 1) & 6; }
  static int diagonalOf(int f) { return f == 7 ? 7 : (f | 1); }
};

constexpr float kHalfSqrt2 = 0.70710678f;

// std::nextafter(x, +infinity) for a finite x, inline (libm's is a call): the next float up.
inline float floatAbove(float x) {
  if (x == 0.0f) return std::numeric_limits<float>::denorm_min();
  uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  bits = x > 0.0f ? bits + 1 : bits - 1;
  std::memcpy(&x, &bits, sizeof bits);
  return x;
}

// How high a cell may stand over a facet's two neighbours, the cardinal one at `a` and the diagonal one at
// `b`, when ground stands at most `reach` metres above a cardinal neighbour (the eight-neighbour eikonal
// update): where the steepest way down lies inside the facet (0 <= a - b <= along), a + along; elsewhere
// the facet bounds nothing (`none`). Never less than reach / sqrt 2 above the lower of the two.
inline float facetLimit(float a, float b, float reach, float none) {
  const float across = a - b;  // the fall from the cardinal to the diagonal neighbour
  const float along = std::sqrt(std::max(reach * reach - across * across, 0.0f));
  return across >= 0.0f && across <= along ? a + along : none;
}

// atan(x) / (pi / 4) for x in [0, 1]: where between the cardinal (0) and the diagonal (1) direction the
// flow points (a polynomial good to 1e-5 radians). For a float or four at once, lane by lane the same.
template <class T>
inline __attribute__((always_inline)) T angleShare(T x) {
  const T x2 = x * x;
  const T atan =
      x * (0.99986600f + x2 * (-0.33029950f + x2 * (0.18014100f + x2 * (-0.08513300f + x2 * 0.02083510f))));
  return atan * 1.27323954f;
}

// Eight cells at a time with AVX2 where the CPU has it, else four: the same bytes either way.
enum class OutflowLanes { kBest, kFour };

// The outflows of cells x0 .. x1 - 1 of row y (all interior cells) of a map `width` cells wide, into
// out[x0 .. x1 - 1], and how many of each cell's neighbours are higher into higher[x0 .. x1 - 1] (the
// cells that may send it water). Several cells at a time, lane by lane the same arithmetic for any x0 and
// x1.
void outflowsOfRow(const float* h, size_t width, size_t y, size_t x0, size_t x1, Outflow* out,
                   uint8_t* higher, OutflowLanes lanes = OutflowLanes::kBest);

}  // namespace runnel::rivers
