#include "stream_power.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

namespace runnel::rivers {

namespace {

// h = the root of h - start + c (W h - B)^n with W h - B >= 0 (Newton from the start height, which lies
// above the root: the function is increasing and convex there).
double solveSlopeExponent(double start, double c, double W, double B, double n) {
  double h = start;
  for (int iteration = 0; iteration < 30; ++iteration) {
    const double s = W * h - B;
    if (s <= 0.0) return B / W;
    const double sn = std::pow(s, n);
    const double f = h - start + c * sn;
    const double step = f / (1.0 + c * n * W * sn / s);
    h -= step;
    if (std::abs(step) <= 1e-7 * (1.0 + std::abs(h))) break;
  }
  return std::max(h, B / W);
}

// A new height that another band's thread may be writing at the same moment (a neighbour across the
// band's edge that is not a receiver: its value then makes no difference). Relaxed atomics are plain
// loads and stores on x86 and ARM, and no data race.
float peek(float& h) {
  return std::atomic_ref<float>(h).load(std::memory_order_relaxed);
}
void settle(float& h, float value) {
  std::atomic_ref<float>(h).store(value, std::memory_order_relaxed);
}

// A neighbour that is not lower: high enough to bound nothing, finite so that sums stay finite.
constexpr float kNotLower = 3.0e38f;
constexpr float kHalfSqrt2 = 0.70710678f;

// One piece of the order (see DrainageGraph::visitReceiversFirst). Everything it reads over and over is a
// local: through a reference, each store to `after` could alias it and it would be read again.
void incisePiece(const uint32_t* cells, size_t count, const DrainageGraph& graph, const float* power,
                 const float* before, float* after, const StreamPower& settings) {
  const StreamPower p = settings;
  const float* area = graph.area().data();
  const double cellArea = double(p.cellSize) * p.cellSize;
  const double headTerm = std::pow(double(p.channelHeadCells) * cellArea, double(p.concavity));
  const double perMetre = 1.0 / p.cellSize;
  const bool linear = p.slopeExponent == 1.0f;
  int64_t offset[8];
  for (int k = 0; k < 8; ++k) offset[k] = graph.offset(k);
  float standing[8];  // how far above each neighbour ground may stand, in metres
  for (int k = 0; k < 8; ++k) standing[k] = p.maxGrade * p.cellSize / kInvDistance[k];
  double perDistance[8];  // 1 / metres to each neighbour
  for (int k = 0; k < 8; ++k) perDistance[k] = double(kInvDistance[k]) * perMetre;
  float share[8];
  for (size_t o = count; o-- > 0;) {  // receivers first
    const uint32_t c = cells[o];
    // What may stand: no steeper than maxGrade above its receivers (lower neighbours, already solved).
    const float hc = before[c];
    float down[8];                    // a receiver's new height; kNotLower for a neighbour that is not lower
    float highest = hc, lowest = hc;  // lowest: the lowest receiver's new height
    for (int k = 0; k < 8; ++k) {     // selects, not branches: which neighbours are lower is anyone's guess
      const size_t j = size_t(int64_t(c) + offset[k]);
      // after[j] + 0 or + kNotLower: arithmetic, as GCC makes a branch of a select between loads.
      down[k] = peek(after[j]) + float(!(before[j] < hc)) * kNotLower;
      highest = std::min(highest, down[k] + standing[k]);
      lowest = std::min(lowest, down[k]);
    }
    // Measured along each of the eight facets between a cardinal and a diagonal receiver too (the
    // eight-neighbour eikonal update): limited along the grid's eight directions alone, a wall cut back to
    // maxGrade is a cone with eight flat faces, and at fine cells its staircase edges draw grid marks.
    // A facet's bound lies at least maxGrade / sqrt(2) cells above the lowest receiver: where the cell
    // stands no higher than that (most cells), no facet can lower it.
    if (highest > lowest + kHalfSqrt2 * standing[0])
      for (int f = 0; f < 8; ++f) {
        const float a = down[Outflow::cardinalOf(f)], b = down[Outflow::diagonalOf(f)];
        const float across = a - b;  // the fall from the cardinal to the diagonal receiver
        const float along = std::sqrt(std::max(standing[0] * standing[0] - across * across, 0.0f));
        // Inside the facet when the steepest way down lies between the two: 0 <= across <= along.
        highest = std::min(highest, across >= 0.0f && across <= along ? a + along : hc);
      }
    if (power[c] <= p.channelHeadCells) {
      settle(after[c], highest);
      continue;
    }
    // K dt (A^m - Ac^m): channels start cutting at the channel head, smoothly.
    const double cut = double(p.erodibility) * p.years *
                       (std::pow(double(power[c]) * cellArea, double(p.concavity)) - headTerm);
    if (!(cut > 0.0)) {
      settle(after[c], highest);
      continue;
    }
    // The slope along the split flow: S = W h - B, W = sum w/d, B = sum w h_receiver/d (a neighbour that
    // is not lower has no share: 0 times its finite height).
    graph.weights(c, area[c], share);
    double W = 0.0, B = 0.0;
    for (int k = 0; k < 8; ++k) {
      const double w = double(share[k]) * perDistance[k];
      W += w;
      B += w * down[k];
    }
    const double start = highest;
    if (!(W * start - B > 0.0)) {  // receivers did not drop below: nothing to cut
      settle(after[c], highest);
      continue;
    }
    const float cutTo = linear ? float((start + cut * B) / (1.0 + cut * W))
                               : float(solveSlopeExponent(start, cut, W, B, p.slopeExponent));
    // Where the cut would bring the cell level with its receivers (a big river on a gentle grade, in
    // float), it stays a hair above the lowest: a flat would be a pit, and a run of them a lake to drain
    // again.
    settle(after[c], std::max(cutTo, std::nextafter(lowest, std::numeric_limits<float>::infinity())));
  }
}

}  // namespace

void incise(const DrainageGraph& graph, const std::vector<float>& power, const float* before, float* after,
            const StreamPower& p) {
  graph.visitReceiversFirst([&](const uint32_t* cells, size_t count) {
    incisePiece(cells, count, graph, power.data(), before, after, p);
  });
}

}  // namespace runnel::rivers
