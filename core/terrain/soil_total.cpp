#include "soil_total.h"

#include <algorithm>
#include <vector>

#include "core/base/row_bands.h"

namespace runnel {

double soilTotal(const Heightmap& heights, const float* extra, int threads) {
  const int w = heights.width(), h = heights.height();
  std::vector<double> rows(static_cast<size_t>(h));
  forEachRowBand(h, size_t(w), threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      const float* a = heights.row(y);
      const float* s = extra ? extra + size_t(y) * size_t(w) : nullptr;
      double sum = 0;
      for (int x = 0; x < w; ++x) sum += a[x];
      if (s)
        for (int x = 0; x < w; ++x) sum += s[x];
      rows[size_t(y)] = sum;
    }
  });
  double total = 0;
  for (double r : rows) total += r;
  return total;
}

void RowChanges::record(int y, const float* delta, int width) {
  double lo = 0, hi = 0;
  for (int x = 0; x < width; ++x) {
    lo += std::max(-delta[x], 0.0f);
    hi += std::max(delta[x], 0.0f);
  }
  lowered_[size_t(y)] = lo;
  raised_[size_t(y)] = hi;
}

void RowChanges::addTotals(double& lowered, double& raised) const {
  for (size_t y = 0; y < lowered_.size(); ++y) {
    lowered += lowered_[y];
    raised += raised_[y];
  }
}

}  // namespace runnel
