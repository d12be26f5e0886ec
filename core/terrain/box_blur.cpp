#include "box_blur.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/base/row_bands.h"

namespace runnel {

namespace {

// One box pass along a row, in place: each value the mean of the 2r + 1 around it (sums in double).
void blurRow(float* v, int count, int r, std::vector<float>& line) {
  line.assign(v, v + count);
  double sum = 0;
  for (int i = -r; i <= r; ++i) sum += line[size_t(std::clamp(i, 0, count - 1))];
  const double scale = 1.0 / double(2 * r + 1);
  for (int i = 0; i < count; ++i) {
    v[i] = float(sum * scale);
    sum += double(line[size_t(std::min(i + r + 1, count - 1))]) - double(line[size_t(std::max(i - r, 0))]);
  }
}

// One box pass down columns x0 .. x1 - 1, from `in` to `out`, a row at a time (memory read in order; a
// column at a time would read one float of every cache line).
void blurColumns(const float* in, float* out, size_t width, int height, int r, int x0, int x1) {
  const size_t n = size_t(x1 - x0);
  std::vector<double> sum(n, 0.0);
  auto row = [&](int y) { return in + size_t(std::clamp(y, 0, height - 1)) * width + size_t(x0); };
  for (int i = -r; i <= r; ++i) {
    const float* src = row(i);
    for (size_t x = 0; x < n; ++x) sum[x] += double(src[x]);
  }
  const double scale = 1.0 / double(2 * r + 1);
  for (int y = 0; y < height; ++y) {
    float* dst = out + size_t(y) * width + size_t(x0);
    const float* add = row(y + r + 1);
    const float* drop = row(y - r);
    for (size_t x = 0; x < n; ++x) {
      dst[x] = float(sum[x] * scale);
      sum[x] += double(add[x]) - double(drop[x]);
    }
  }
}

}  // namespace

void boxBlur(MapVector<float>& map, MapVector<float>& scratch, int width, int height, int radius, int passes,
             int threads) {
  if (width <= 0 || height <= 0 || radius <= 0) return;
  scratch.resize(size_t(width) * size_t(height));
  for (int pass = 0; pass < passes; ++pass) {
    float* m = map.data();
    forEachRowBand(height, size_t(width), threads, [&](int y0, int y1) {
      std::vector<float> line;
      for (int y = y0; y < y1; ++y) blurRow(m + size_t(y) * size_t(width), width, radius, line);
    });
    float* out = scratch.data();
    forEachRowBand(width, size_t(height), threads,
                   [&](int x0, int x1) { blurColumns(m, out, size_t(width), height, radius, x0, x1); });
    std::swap(map, scratch);
  }
}

}  // namespace runnel
