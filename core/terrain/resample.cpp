#include "resample.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/base/error.h"
#include "core/base/row_bands.h"

namespace runnel {

namespace {

// Catmull-Rom: interpolating (1 at 0, 0 at the other whole numbers), sharp without Lanczos' ringing.
double catmullRom(double t) {
  t = std::fabs(t);
  if (t < 1.0) return (1.5 * t - 2.5) * t * t + 1.0;
  if (t < 2.0) return ((-0.5 * t + 2.5) * t - 4.0) * t + 2.0;
  return 0.0;
}

// Which input samples make each output sample along one axis, and how much of each.
struct Taps {
  std::vector<int> first, count;
  std::vector<float> weight;  // count[i] weights from offset[i]
  std::vector<size_t> offset;
};

Taps tapsFor(int from, int to) {
  Taps t;
  const double step = to > 1 ? double(from - 1) / double(to - 1) : 0.0;
  const double widen = std::max(step, 1.0);  // shrinking: the kernel covers every sample in between
  const double reach = 2.0 * widen;
  for (int i = 0; i < to; ++i) {
    const double centre = to > 1 ? double(i) * step : double(from - 1) * 0.5;
    const int lo = int(std::ceil(centre - reach - 1e-9)), hi = int(std::floor(centre + reach + 1e-9));
    std::vector<double> w;
    double sum = 0.0;
    for (int j = lo; j <= hi; ++j) {
      w.push_back(catmullRom((double(j) - centre) / widen));
      sum += w.back();
    }
    // Samples past an edge are the map mirrored through the edge sample (2 h[0] - h[-j]): straight ground
    // runs on straight, and a sample on the edge keeps its height exactly (the mirrored pairs cancel).
    const int last = from - 1;
    std::vector<std::pair<int, double>> parts;
    for (int j = lo; j <= hi; ++j) {
      const double weight = w[size_t(j - lo)];
      if (j < 0) {
        parts.push_back({0, 2.0 * weight});
        parts.push_back({std::min(-j, last), -weight});
      } else if (j > last) {
        parts.push_back({last, 2.0 * weight});
        parts.push_back({std::max(2 * last - j, 0), -weight});
      } else {
        parts.push_back({j, weight});
      }
    }
    int first = last, end = 0;
    for (const auto& [j, weight] : parts) {
      first = std::min(first, j);
      end = std::max(end, j);
    }
    std::vector<double> folded(size_t(end - first + 1), 0.0);
    for (const auto& [j, weight] : parts) folded[size_t(j - first)] += weight;
    t.first.push_back(first);
    t.count.push_back(int(folded.size()));
    t.offset.push_back(t.weight.size());
    for (double f : folded) t.weight.push_back(float(f / sum));
  }
  return t;
}

}  // namespace

Heightmap resample(const Heightmap& map, int width, int height, int threads) {
  checkSize(width, height, "the resampled map");
  if (width == map.width() && height == map.height()) return map;
  const Taps across = tapsFor(map.width(), width), down = tapsFor(map.height(), height);
  // Rows first: map.height() rows of the new width.
  Heightmap rows(width, map.height());
  forEachRowBand(map.height(), size_t(width), threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      const float* in = map.row(y);
      float* out = rows.row(y);
      for (int x = 0; x < width; ++x) {
        const float* w = &across.weight[across.offset[size_t(x)]];
        const float* s = in + across.first[size_t(x)];
        double v = 0.0;
        float lo = s[0], hi = s[0];
        for (int k = 0; k < across.count[size_t(x)]; ++k) {
          v += double(w[k]) * double(s[k]);
          lo = std::min(lo, s[k]);
          hi = std::max(hi, s[k]);
        }
        out[x] = std::clamp(float(v), lo, hi);
      }
    }
  });
  Heightmap out(width, height);
  forEachRowBand(height, size_t(width), threads, [&](int y0, int y1) {
    std::vector<double> sum(static_cast<size_t>(width));
    std::vector<float> lo(static_cast<size_t>(width)), hi(static_cast<size_t>(width));
    for (int y = y0; y < y1; ++y) {
      std::fill(sum.begin(), sum.end(), 0.0);
      const float* w = &down.weight[down.offset[size_t(y)]];
      const float* first = rows.row(down.first[size_t(y)]);
      std::copy(first, first + width, lo.begin());
      std::copy(first, first + width, hi.begin());
      for (int k = 0; k < down.count[size_t(y)]; ++k) {
        const float* in = rows.row(down.first[size_t(y)] + k);
        for (int x = 0; x < width; ++x) {
          sum[size_t(x)] += double(w[k]) * double(in[x]);
          lo[size_t(x)] = std::min(lo[size_t(x)], in[x]);
          hi[size_t(x)] = std::max(hi[size_t(x)], in[x]);
        }
      }
      float* o = out.row(y);
      for (int x = 0; x < width; ++x) o[x] = std::clamp(float(sum[size_t(x)]), lo[size_t(x)], hi[size_t(x)]);
    }
  });
  return out;
}

}  // namespace runnel
