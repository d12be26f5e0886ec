#include "settle_walls.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

#include "core/base/row_bands.h"
#include "outflow.h"

namespace runnel::rivers {
namespace {

// How high cell i may stand over its neighbours' present heights, `reach` metres above a cardinal one.
// Along each direction, and across each facet between a cardinal neighbour and the diagonal beside it
// where the steepest way down lies inside the facet (the eight-neighbour eikonal update, as the incision's
// cap: stream_power.cpp). Higher neighbours bound nothing below the cell's own height, and a cell stays
// above its lowest neighbour (a grade under a float's step at these heights would leave it level: a pit).
float standingLimit(const float* h, size_t i, const int64_t offset[8], float reach) {
  float down[8];
  float limit = h[i], lowest = h[i];
  for (int k = 0; k < 8; ++k) {
    down[k] = h[size_t(int64_t(i) + offset[k])];
    limit = std::min(limit, down[k] + reach / kInvDistance[k]);
    lowest = std::min(lowest, down[k]);
  }
  // A facet's limit lies at least reach / sqrt 2 above the lower of its two cells: where the directions'
  // limit is no higher than that above the lowest neighbour, no facet can lower it.
  if (limit > lowest + kHalfSqrt2 * reach)
    for (int f = 0; f < 8; ++f)
      limit = std::min(limit,
                       facetLimit(down[Outflow::cardinalOf(f)], down[Outflow::diagonalOf(f)], reach, limit));
  return std::max(limit, floatAbove(lowest));
}

using Slide = std::pair<float, uint32_t>;  // the height a cell slides to, the cell

}  // namespace

size_t settleWalls(float* h, int width, int height, float cellSize, float maxGrade, const float* gradeScale,
                   int threads) {
  if (width < 3 || height < 3) return 0;
  const size_t w = size_t(width);
  int64_t offset[8];
  for (int k = 0; k < 8; ++k) offset[k] = int64_t(kDy[k]) * int64_t(w) + kDx[k];
  const float cardinal = maxGrade * cellSize;
  auto reachOf = [&](size_t i) { return gradeScale ? cardinal * gradeScale[i] : cardinal; };

  // The cells standing too steep now, found row band by row band and kept in row order. No limit lies
  // less than reach / sqrt 2 above the lowest neighbour (a facet's, the steepest way down at 45 degrees
  // between its two cells): a row's lowest neighbours first, in a loop that vectorises, and the limits
  // worked out only where that test fails.
  const int bands = std::max(1, std::min(height - 2, 64));
  std::vector<std::vector<Slide>> found(static_cast<size_t>(bands));
  forEachRowBand(bands, w * size_t(height) / size_t(bands), threads, [&](int b0, int b1) {
    std::vector<float> lowest(w);
    for (int b = b0; b < b1; ++b) {
      const int y0 = 1 + int(int64_t(height - 2) * b / bands);
      const int y1 = 1 + int(int64_t(height - 2) * (b + 1) / bands);
      for (int y = y0; y < y1; ++y) {
        const float* up = h + size_t(y - 1) * w;
        const float* row = up + w;
        const float* down = row + w;
        for (size_t x = 1; x + 1 < w; ++x)
          lowest[x] = std::min(
              {up[x - 1], up[x], up[x + 1], row[x - 1], row[x + 1], down[x - 1], down[x], down[x + 1]});
        const size_t first = size_t(y) * w;
        for (size_t x = 1; x + 1 < w; ++x) {
          const float reach = reachOf(first + x);
          if (!(row[x] > lowest[x] + reach * kHalfSqrt2)) continue;
          const float limit = standingLimit(h, first + x, offset, reach);
          if (limit < row[x]) found[size_t(b)].emplace_back(limit, uint32_t(first + x));
        }
      }
    }
  });
  std::vector<Slide> heap;
  for (auto& band : found) heap.insert(heap.end(), band.begin(), band.end());
  found.clear();

  // The slides, lowest first: a lowered cell may leave its neighbours too steep above it in turn. Each
  // cell goes to the limit its neighbours set when it is taken off the heap (an entry whose limit was
  // lowered since is taken earlier by a newer one), so the result is the same whatever the order the
  // cells were found in.
  std::priority_queue<Slide, std::vector<Slide>, std::greater<>> slides(std::greater<>(), std::move(heap));
  size_t lowered = 0;
  while (!slides.empty()) {
    const auto [to, c] = slides.top();
    slides.pop();
    if (!(to < h[c])) continue;
    h[c] = to;
    ++lowered;
    const int x = int(c % w), y = int(c / w);
    for (int k = 0; k < 8; ++k) {
      const int nx = x + kDx[k], ny = y + kDy[k];
      if (nx < 1 || ny < 1 || nx > width - 2 || ny > height - 2) continue;  // the border stays
      const size_t j = size_t(int64_t(c) + offset[k]);
      // Every limit through this cell lies at least reach / sqrt 2 above it: a neighbour no higher than
      // that stands (most of them; the limits are the pass's time).
      const float reach = reachOf(j);
      if (!(h[j] > to + reach * kHalfSqrt2)) continue;
      const float limit = standingLimit(h, j, offset, reach);
      if (limit < h[j]) slides.emplace(limit, uint32_t(j));
    }
  }
  return lowered;
}

}  // namespace runnel::rivers
