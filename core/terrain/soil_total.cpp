#include "soil_total.h"

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

}  // namespace runnel
