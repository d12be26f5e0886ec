#include "box_blur.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/base/row_bands.h"

namespace runnel {

namespace {

// Rows blurred side by side: a running sum along one row waits on its own last addition at every cell,
// four of them interleaved do not wait on each other.
constexpr int kRowsAtOnce = 4;  // blurRows is written out for four

// One box pass along `rows` (at most kRowsAtOnce) rows `stride` apart, in place: each value the mean of the
// 2r + 1 around it along its row (sums in double). Each row is copied out with r edge values either side.
void blurRows(float* first, size_t stride, int rows, int count, int r, std::vector<float>& lines) {
  const size_t padded = size_t(count) + 2 * size_t(r) + 1, reach = 2 * size_t(r) + 1;
  lines.resize(size_t(kRowsAtOnce) * padded);
  for (int k = 0; k < kRowsAtOnce; ++k) {  // rows past `rows` copy the first
    const float* src = first + size_t(k < rows ? k : 0) * stride;
    float* l = lines.data() + size_t(k) * padded;
    std::fill(l, l + r, src[0]);
    std::copy(src, src + count, l + r);
    std::fill(l + r + count, l + padded, src[count - 1]);
  }
  // Four sums in four registers (an array of them went through memory at every cell).
  auto sumOf = [&](const float* l) {
    double sum = 0.0;
    for (size_t i = 0; i < reach; ++i) sum += double(l[i]);
    return sum;
  };
  const float* l0 = lines.data();
  const float *l1 = l0 + padded, *l2 = l1 + padded, *l3 = l2 + padded;
  double s0 = sumOf(l0), s1 = sumOf(l1), s2 = sumOf(l2), s3 = sumOf(l3);
  float* o0 = first;
  float* o1 = first + (rows > 1 ? stride : 0);
  float* o2 = first + (rows > 2 ? 2 * stride : 0);
  float* o3 = first + (rows > 3 ? 3 * stride : 0);
  const double scale = 1.0 / double(2 * r + 1);
  for (size_t i = 0; i < size_t(count); ++i) {
    const float v0 = float(s0 * scale), v1 = float(s1 * scale), v2 = float(s2 * scale),
                v3 = float(s3 * scale);
    s0 += double(l0[i + reach]) - double(l0[i]);
    s1 += double(l1[i + reach]) - double(l1[i]);
    s2 += double(l2[i + reach]) - double(l2[i]);
    s3 += double(l3[i + reach]) - double(l3[i]);
    o3[i] = v3;  // a row past `rows` is a copy of the first: the same sums, written to the first row
    o2[i] = v2;
    o1[i] = v1;
    o0[i] = v0;
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
      std::vector<float> lines;
      for (int y = y0; y < y1; y += kRowsAtOnce)
        blurRows(m + size_t(y) * size_t(width), size_t(width), std::min(kRowsAtOnce, y1 - y), width, radius,
                 lines);
    });
    float* out = scratch.data();
    forEachRowBand(width, size_t(height), threads,
                   [&](int x0, int x1) { blurColumns(m, out, size_t(width), height, radius, x0, x1); });
    std::swap(map, scratch);
  }
}

}  // namespace runnel
