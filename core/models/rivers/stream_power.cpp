#include "stream_power.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/base/row_bands.h"

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
constexpr float kNotLowerBy[2] = {0.0f, kNotLower};  // indexed by "not lower"
// The cells this far ahead in the order have their neighbourhoods fetched while this one is solved: the
// order wanders over the map, and waiting for memory was most of the pass's time.
constexpr size_t kAhead = 12;

// One piece of the order (see DrainageGraph::visitReceiversFirst). Everything it reads over and over is a
// local: through a reference, each store to `h` (the heights) could alias it and it would be read again.
void incisePiece(const uint32_t* cells, size_t count, const DrainageGraph& graph, const float* cutDepth,
                 float* h, const StreamPower& settings) {
  const StreamPower p = settings;
  const float* area = graph.area().data();
  const Outflow* outflow = graph.outflows();
  const double perMetre = 1.0 / p.cellSize;
  const bool linear = p.slopeExponent == 1.0f;
  int64_t offset[8];
  for (int k = 0; k < 8; ++k) offset[k] = graph.offset(k);
  float standing[8];  // how far above each neighbour ground may stand, in metres
  for (int k = 0; k < 8; ++k) standing[k] = p.maxGrade * p.cellSize / kInvDistance[k];
  double perDistance[8];  // 1 / metres to each neighbour
  for (int k = 0; k < 8; ++k) perDistance[k] = double(kInvDistance[k]) * perMetre;
  float share[8];
  const int64_t w = graph.width();
  for (size_t o = count; o-- > 0;) {  // receivers first
    const uint32_t c = cells[o];
    if (o >= kAhead) {
      const int64_t f = cells[o - kAhead];
      for (int64_t r = -w; r <= w; r += w) {
        __builtin_prefetch(h + f + r - 1, 1);
        __builtin_prefetch(h + f + r + 1, 1);
      }
      __builtin_prefetch(cutDepth + f);
      __builtin_prefetch(area + f);
      __builtin_prefetch(outflow + f);
    }
    // What may stand: no steeper than maxGrade above its receivers (lower neighbours, already solved).
    const float hc = h[c];                      // still as it was: only this cell writes it
    const uint8_t* spread = outflow[c].spread;  // 0: not lower
    const float g = p.gradeScale ? p.gradeScale[c] : 1.0f;
    float down[8];                    // a receiver's new height; kNotLower for a neighbour that is not lower
    float highest = hc, lowest = hc;  // lowest: the lowest receiver's new height
    for (int k = 0; k < 8; ++k) {     // selects, not branches: which neighbours are lower is anyone's guess
      const size_t j = size_t(int64_t(c) + offset[k]);
      // h[j] + 0 or + kNotLower, the term loaded from a table: GCC makes a branch of a select (and of
      // float(spread[k] == 0) * kNotLower), mispredicted on every other neighbour.
      down[k] = peek(h[j]) + kNotLowerBy[spread[k] == 0];
      highest = std::min(highest, down[k] + standing[k] * g);
      lowest = std::min(lowest, down[k]);
    }
    // Measured along each of the eight facets between a cardinal and a diagonal receiver too (the
    // eight-neighbour eikonal update): limited along the grid's eight directions alone, a wall cut back to
    // maxGrade is a cone with eight flat faces, and at fine cells its staircase edges draw grid marks.
    // A facet's bound lies at least maxGrade / sqrt(2) cells above the lowest receiver: where the cell
    // stands no higher than that (most cells), no facet can lower it.
    const float reach = standing[0] * g;  // how far above a cardinal neighbour ground may stand here
    if (highest > lowest + kHalfSqrt2 * reach)
      for (int f = 0; f < 8; ++f)
        highest = std::min(highest,
                           facetLimit(down[Outflow::cardinalOf(f)], down[Outflow::diagonalOf(f)], reach, hc));
    const double cut = cutDepth[c];
    if (!(cut > 0.0)) {
      settle(h[c], highest);
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
      settle(h[c], highest);
      continue;
    }
    const float cutTo = linear ? float((start + cut * B) / (1.0 + cut * W))
                               : float(solveSlopeExponent(start, cut, W, B, p.slopeExponent));
    // Where the cut would bring the cell level with its receivers (a big river on a gentle grade, in
    // float), it stays a hair above the lowest: a flat would be a pit, and a run of them a lake to drain
    // again.
    settle(h[c], std::max(cutTo, floatAbove(lowest)));
  }
}

}  // namespace

MapVector<uint8_t> riversNear(const MapVector<float>& area, int w, int h, float riverCells, int threads) {
  MapVector<uint8_t> near(area.size());
  forEachRowBand(h, size_t(w), threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y)
      for (int x = 0; x < w; ++x) {
        uint8_t river = 0;
        for (int ny = std::max(y - 1, 0); ny <= std::min(y + 1, h - 1); ++ny)
          for (int nx = std::max(x - 1, 0); nx <= std::min(x + 1, w - 1); ++nx)
            river |= uint8_t(area[size_t(ny) * size_t(w) + size_t(nx)] >= riverCells);
        near[size_t(y) * size_t(w) + size_t(x)] = river;
      }
  });
  return near;
}

void cuttingDepths(const MapVector<float>& power, MapVector<float>& cut, const StreamPower& p, int width,
                   int height, int threads) {
  // In float, each cell's depth on its own (the same bytes on any thread count), a row at a time on the
  // threads: off the ordered pass, where a double pow a cell cost a third of its time.
  const float cellArea = p.cellSize * p.cellSize;
  const float headTerm = std::pow(p.channelHeadCells * cellArea, p.concavity);
  const float scale = p.erodibility * p.years;
  const float small = p.selfSimilarCells, ratio = p.coarseAreaRatio;
  cut.resize(power.size());
  forEachRowBand(height, size_t(width), threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      const uint8_t* below =
          p.riversBelow ? p.riversBelow + size_t(std::min(y / 2, p.belowHeight - 1)) * size_t(p.belowWidth)
                        : nullptr;
      for (int x = 0; x < width; ++x) {
        const size_t i = size_t(y) * size_t(width) + size_t(x);
        float cells;
        if (below) {
          // A new gully cuts as the coarse level's valleys of as many cells, a river the level below had as
          // itself: the gullies compete, the biggest capture their neighbours and they branch.
          cells = below[std::min(x / 2, p.belowWidth - 1)] && power[i] >= p.riverCells
                      ? power[i]
                      : power[i] * p.newGullyGain;
        } else {
          // Smoothly: with max(A, min(A, small) ratio), every catchment from `small` to `small` ratio cells
          // cut alike, none outgrew its neighbours, and a level's gullies stood side by side like a comb.
          cells = power[i] * (1.0f + (ratio - 1.0f) * small / (power[i] + small));
        }
        cut[i] =
            cells > p.channelHeadCells ? scale * (std::pow(cells * cellArea, p.concavity) - headTerm) : 0.0f;
      }
    }
  });
}

void incise(const DrainageGraph& graph, const MapVector<float>& cut, float* h, const StreamPower& p) {
  graph.visitReceiversFirst(
      [&](const uint32_t* cells, size_t count) { incisePiece(cells, count, graph, cut.data(), h, p); });
}

}  // namespace runnel::rivers
