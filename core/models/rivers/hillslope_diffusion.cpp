#include "hillslope_diffusion.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "core/base/row_bands.h"
#include "core/base/wide_vectors.h"

namespace runnel::rivers {

namespace {

// Substeps keep each explicit update below this share of a cell's rate: the isotropic stencil's fastest
// mode is stable up to 0.375.
constexpr float kSubstepRate = 0.25f;
constexpr int kMaxSubsteps = 400;

// One substep of a row from the rows above and below it (border columns kept). Creep is most of a step's
// time spent outside the ordered passes (8 substeps of a 4096² map at 7.5 m cells).
RUNNEL_WIDE_VECTORS void creepRow(const float* __restrict up, const float* __restrict mid,
                                  const float* __restrict down, const float* __restrict r,
                                  float* __restrict out, size_t w, float cap, float share) {
  out[0] = mid[0];
  out[w - 1] = mid[w - 1];
  for (size_t x = 1; x + 1 < w; ++x) {
    const float lap = 4.0f * ((up[x] + down[x]) + (mid[x - 1] + mid[x + 1])) +
                      ((up[x - 1] + up[x + 1]) + (down[x - 1] + down[x + 1])) - 20.0f * mid[x];
    out[x] = r[x] > 0.0f ? mid[x] + std::min(r[x], cap) * share * lap : mid[x];
  }
}

}  // namespace

// Explicit substeps of the isotropic nine-point Laplacian, (4 (N + S + E + W) + diagonals - 20 c) / 6:
// a row-then-column implicit solve was cheaper but drew streaks along the rows and columns beside the
// channels' fixed beds.
void diffuse(float* h, const float* rate, int width, int height, int threads, MapVector<float>& scratch) {
  const size_t w = size_t(width), n = w * size_t(height);
  std::vector<float> bandFastest(size_t(std::max(height, 1)), 0.0f);
  forEachRowBand(height, w, threads, [&](int y0, int y1) {
    float f = 0.0f;
    for (size_t i = size_t(y0) * w; i < size_t(y1) * w; ++i) f = std::max(f, rate[i]);
    bandFastest[size_t(y0)] = f;
  });
  const float fastest = *std::max_element(bandFastest.begin(), bandFastest.end());
  if (!(fastest > 0.0f)) return;
  const int substeps = std::clamp(int(std::ceil(fastest / kSubstepRate)), 1, kMaxSubsteps);
  // Past kMaxSubsteps the rate is capped (creep that strong has long reached its smooth end anyway).
  const float cap = float(substeps) * kSubstepRate;
  const float share = 1.0f / (6.0f * float(substeps));
  scratch.resize(n);
  // The border is never written: it keeps its heights in both halves.
  for (size_t x = 0; x < w; ++x) {
    scratch[x] = h[x];
    scratch[n - w + x] = h[n - w + x];
  }
  for (size_t y = 0; y < size_t(height); ++y) {
    scratch[y * w] = h[y * w];
    scratch[y * w + w - 1] = h[y * w + w - 1];
  }
  auto substepRow = [&](const float* up, const float* mid, const float* down, const float* r, float* out) {
    creepRow(up, mid, down, r, out, w, cap, share);
  };
  float* from = h;
  float* to = scratch.data();
  // Two substeps a sweep: the first substep's rows are kept three at a time, each computed as soon as the
  // second needs it, so the map goes through memory once for both (at 7.5 m cells creep takes 8 substeps
  // of a 4096² map, and each pass was waiting on memory). A band works out the first substep of the rows
  // just outside it too, the same arithmetic its neighbours do: the result is the same bytes as one
  // substep at a time, on any thread count.
  for (int s = 0; s + 1 < substeps; s += 2) {
    forEachRowBand(height, w, threads, [&](int y0, int y1) {
      const int lo = std::max(y0, 1), hi = std::min(y1, height - 1);
      if (lo >= hi) return;
      std::vector<float> ring(3 * w);
      auto firstOf = [&](int y) { return ring.data() + size_t(y % 3) * w; };
      auto first = [&](int y) {
        const float* row = from + size_t(y) * w;
        if (y == 0 || y == height - 1)
          std::copy(row, row + w, firstOf(y));
        else
          substepRow(row - w, row, row + w, rate + size_t(y) * w, firstOf(y));
      };
      first(lo - 1);
      first(lo);
      for (int y = lo; y < hi; ++y) {
        first(y + 1);
        substepRow(firstOf(y - 1), firstOf(y), firstOf(y + 1), rate + size_t(y) * w, to + size_t(y) * w);
      }
    });
    std::swap(from, to);
  }
  if (substeps % 2 == 1) {
    forEachRowBand(height, w, threads, [&](int y0, int y1) {
      for (int y = std::max(y0, 1); y < std::min(y1, height - 1); ++y) {
        const float* mid = from + size_t(y) * w;
        substepRow(mid - w, mid, mid + w, rate + size_t(y) * w, to + size_t(y) * w);
      }
    });
    std::swap(from, to);
  }
  if (from != h) std::copy(from, from + n, h);
}

}  // namespace runnel::rivers
