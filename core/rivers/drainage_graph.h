// Where water goes on a heightmap, for the rivers model and the flow map: depressions resolved so every
// cell drains to the map's border (the base level), an order with every cell after all the cells that send
// it water, and the drainage area (discharge) weighted by the painted rain.
//
// Routing is multiple-flow-direction (water splits between all lower neighbours in proportion to slope
// times contour length, after Quinn et al. 1991) on hillslopes and converges on the steepest direction of
// the surface, at any angle (D-infinity), as the drainage area grows past the channel scale: steepest
// descent to one neighbour (D8) draws parallel hatching and 45-degree valleys, plain MFD smears rivers.
//
// Puddles, depressions that spill within a few cells of their pit (most of those a step of creep and
// uplift leaves in a river bed), are breached where they are: a flood from the pit, lowest cell first,
// finds the nearest way out and a trench is graded along it. Only bigger depressions, lakes, need the
// whole map's drainage.
//
// Lakes (after Cordonnier et al. 2019): the pits, the basins of their steepest-descent paths (walked
// uphill from each pit, so only they are visited), the lowest passes between neighbouring basins as a
// minimum spanning tree rooted at the border; each pit drains through its basin's pass: the path from the
// pass down to the pit is reversed and a trench is cut from the pit, graded evenly down to the first cell
// below it. With lake fill f > 0 each basin is first filled a share f of the way from its pit to its spill
// level; f = 1 fills lakes to the brim (flat lakes that drain along the buried valley floor).
//
// Everything here is sequential or split by rows, so the result does not depend on the thread count.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace runnel {

class RainMap;

namespace rivers {

// The eight neighbours: k and k + 4 are opposite; even k are the four cardinal directions.
constexpr int kDx[8] = {1, 1, 0, -1, -1, -1, 0, 1};
constexpr int kDy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr float kSqrt2 = 1.41421356f;
constexpr float kInvDistance[8] = {1.0f, 1.0f / kSqrt2, 1.0f, 1.0f / kSqrt2,
                                   1.0f, 1.0f / kSqrt2, 1.0f, 1.0f / kSqrt2};
// Contour width a neighbour's flow crosses, in cells (Quinn et al. 1991).
constexpr float kContour[8] = {0.5f, 0.354f, 0.5f, 0.354f, 0.5f, 0.354f, 0.5f, 0.354f};

// How the flow out of one cell splits: up to eight lower neighbours with weights summing to 1.
struct FlowSplit {
  int count = 0;
  uint32_t to[8];
  float weight[8];
  float invDistance[8];  // 1 / distance in cells
};

struct LakeReport {
  uint32_t pits = 0;         // basins that did not reach the border by steepest descent
  uint64_t cellsRaised = 0;  // by the lake fill
  uint64_t cellsCut = 0;     // lowered by a trench
  uint32_t puddles = 0;      // pits breached where they are (the others were lakes)
};

class DrainageGraph {
 public:
  // A cell drains by plain MFD while its drainage area is well below `convergeArea` (in cells) and more and
  // more towards its steepest neighbour above it.
  DrainageGraph(int width = 0, int height = 0, int threads = 0, float convergeArea = 1.0f);
  // The same graph for another map size or settings; keeps the buffers.
  void resize(int width, int height, int threads, float convergeArea);

  int width() const { return width_; }
  int height() const { return height_; }
  bool onBorder(size_t i) const {
    const size_t x = i % size_t(width_), y = i / size_t(width_);
    return x == 0 || y == 0 || x == size_t(width_) - 1 || y == size_t(height_) - 1;
  }

  // Fills and carves `h` (width x height, in metres) so that every cell off the border has a strictly
  // lower neighbour on a path to the border. `cellSize` sets the trenches' slope (a minimal grade).
  LakeReport resolveLakes(float* h, float lakeFill, float cellSize);
  // Orders every cell after all its lower neighbours (the cells it can send water to): a depth-first walk
  // downhill, so neighbours stay close together in the order and the passes over it stay in cache.
  void orderReceiversFirst(const float* h);
  // Drainage area in cells, each cell contributing its rain density (1 without a rain map) plus the
  // springs' rates. Needs orderReceiversFirst() on the same heights.
  void accumulate(const float* h, const RainMap* rain);

  // Every cell, receivers before donors, as entries: cellOf() the cell, onBorder() whether it is a border
  // cell (which only receives), so passes over the order need no division to tell.
  const std::vector<uint32_t>& order() const { return order_; }
  static constexpr uint32_t kBorderEntry = 0x80000000u;
  static uint32_t cellOf(uint32_t entry) { return entry & ~kBorderEntry; }
  static bool borderEntry(uint32_t entry) { return (entry & kBorderEntry) != 0; }
  // Drainage area per cell, in cells.
  const std::vector<float>& area() const { return area_; }

  // The split of an interior cell's outflow on heights `h`, for a cell of drainage area `cells`.
  void split(const float* h, size_t i, float cells, FlowSplit& out) const {
    const float hc = h[i];
    float around[8];
    for (int k = 0; k < 8; ++k) around[k] = h[size_t(int64_t(i) + offset_[k])];
    float sum = 0.0f;
    int slot[8];  // out index of neighbour k, or -1 when it is not lower
    out.count = 0;
    for (int k = 0; k < 8; ++k) {
      const float drop = hc - around[k];
      slot[k] = -1;
      if (!(drop > 0.0f)) continue;
      const float q = drop * kInvDistance[k] * kContour[k];
      slot[k] = out.count;
      out.to[out.count] = uint32_t(int64_t(i) + offset_[k]);
      out.weight[out.count] = q;
      out.invDistance[out.count] = kInvDistance[k];
      sum += q;
      ++out.count;
    }
    if (out.count == 0) return;
    // Hillslopes spread their water over every lower neighbour in proportion to slope. Channels follow
    // the steepest direction of the surface, at any angle (D-infinity, Tarboton 1997): the water goes to
    // the two neighbours on either side of that direction, shared by angle. Steepest descent to one
    // neighbour would bend every river into the eight grid directions.
    const float converge = cells / (cells + convergeArea_);
    const float spread = (1.0f - converge) / sum;
    for (int n = 0; n < out.count; ++n) out.weight[n] *= spread;
    // The steepest of the eight triangular facets around the cell, each between a cardinal neighbour c and
    // a diagonal one d: compared by squared slope, the angle worked out for the winner only.
    float steepest = 0.0f, rise1 = 0.0f, rise2 = 0.0f;
    int cardinal = -1, diagonal = -1, side = 0;  // side 0: all to c, 1: all to d, 2: shared
    for (int f = 0; f < 8; ++f) {
      const int c = (f + 1) & 6, d = c == 0 && f == 7 ? 7 : (f | 1);
      const float s1 = hc - around[c], s2 = around[c] - around[d];
      float squared;
      int facetSide;
      if (s2 <= 0.0f) {
        if (!(s1 > 0.0f)) continue;
        squared = s1 * s1;
        facetSide = 0;
      } else if (s2 >= s1) {
        const float diagonalSlope = (hc - around[d]) * kInvDistance[1];
        if (!(diagonalSlope > 0.0f)) continue;
        squared = diagonalSlope * diagonalSlope;
        facetSide = 1;
      } else {
        squared = s1 * s1 + s2 * s2;
        facetSide = 2;
      }
      if (squared > steepest) {
        steepest = squared;
        cardinal = c;
        diagonal = d;
        side = facetSide;
        rise1 = s1;
        rise2 = s2;
      }
    }
    if (cardinal < 0) return;
    const float share = side == 0 ? 0.0f : side == 1 ? 1.0f : angleShare(rise2 / rise1);
    if (slot[cardinal] >= 0) out.weight[slot[cardinal]] += converge * (1.0f - share);
    if (slot[diagonal] >= 0) out.weight[slot[diagonal]] += converge * share;
  }

  // atan(x) / (pi / 4) for x in [0, 1]: where between the cardinal (0) and the diagonal (1) direction the
  // flow points (a polynomial good to 1e-5 radians, instead of the library's atan).
  static float angleShare(float x) {
    const float x2 = x * x;
    const float atan =
        x * (0.99986600f + x2 * (-0.33029950f + x2 * (0.18014100f + x2 * (-0.08513300f + x2 * 0.02083510f))));
    return atan * 1.27323954f;
  }

 private:
  // Interior cells with no lower neighbour, in index order.
  std::vector<uint32_t> findPits(const float* h) const;
  // Breaches the pits whose way out a flood finds within a few cells; returns the others, the lakes.
  std::vector<uint32_t> breachPuddles(float* h, const std::vector<uint32_t>& pits, float cellSize,
                                      LakeReport& report);
  // The steepest-descent receiver of a cell (the cell itself on the border or at a pit).
  uint32_t steepestNeighbour(const float* h, uint32_t i) const;

  int width_, height_, threads_;
  float convergeArea_;
  int64_t offset_[8];
  std::vector<uint32_t> receiver_, order_;
  std::vector<uint32_t> basin_;  // 0 (drains to the border) except while resolveLakes() runs
  std::vector<uint8_t> seen_;
  std::vector<float> area_;
};

}  // namespace rivers
}  // namespace runnel
