#include "hillslope_diffusion.h"

#include <algorithm>
#include <cstddef>
#include <vector>

#include "core/row_bands.h"

namespace runnel::rivers {

namespace {

// One line of cells h[0], h[stride], ..., h[(n-1) stride]; the two end cells and channel cells (rate < 0)
// stay as they are (Thomas algorithm, `scratch` holds 2n values).
void solveLine(float* h, const float* rate, size_t n, size_t stride, std::vector<double>& scratch) {
  if (n < 3) return;
  scratch.resize(2 * n);
  double* c = scratch.data();
  double* d = scratch.data() + n;
  // Row i: -r_(i-1/2) h_(i-1) + (1 + r_(i-1/2) + r_(i+1/2)) h_i - r_(i+1/2) h_(i+1) = h_i(old).
  auto face = [&](size_t a, size_t b) { return double(std::max(std::max(rate[a], rate[b]), 0.0f)); };
  double left = face(0, stride);
  c[0] = 0.0;
  d[0] = h[0];
  for (size_t i = 1; i + 1 < n; ++i) {
    const double right = face(i * stride, (i + 1) * stride);
    if (rate[i * stride] < 0.0f) {  // a channel: h_i = h_i(old)
      c[i] = 0.0;
      d[i] = h[i * stride];
      left = right;
      continue;
    }
    const double a = i == 1 ? 0.0 : -left;
    double rhs = h[i * stride];
    if (i == 1) rhs += left * h[0];
    if (i + 2 == n) rhs += right * h[(n - 1) * stride];
    const double cNext = i + 2 == n ? 0.0 : -right;
    const double m = 1.0 + left + right - a * c[i - 1];
    c[i] = cNext / m;
    d[i] = (rhs - a * d[i - 1]) / m;
    left = right;
  }
  for (size_t i = n - 2; i >= 1; --i) {
    const double v = d[i] - (i + 2 == n ? 0.0 : c[i] * double(h[(i + 1) * stride]));
    h[i * stride] = float(v);
  }
}

}  // namespace

void diffuse(float* h, const float* rate, int width, int height, int threads) {
  const size_t w = size_t(width);
  forEachRowBand(height, w, threads, [&](int y0, int y1) {
    std::vector<double> scratch;
    for (int y = y0; y < y1; ++y) {
      if (y == 0 || y == height - 1) continue;
      solveLine(h + size_t(y) * w, rate + size_t(y) * w, w, 1, scratch);
    }
  });
  // Columns, split by bands of columns (forEachRowBand only hands out index ranges).
  forEachRowBand(width, size_t(height), threads, [&](int x0, int x1) {
    std::vector<double> scratch;
    for (int x = x0; x < x1; ++x) {
      if (x == 0 || x == width - 1) continue;
      solveLine(h + size_t(x), rate + size_t(x), size_t(height), w, scratch);
    }
  });
}

}  // namespace runnel::rivers
