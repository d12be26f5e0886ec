#include "map_range.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace runnel {

namespace {

// Up to `samples` of v's values that pass `keep`, picked along the golden-ratio sequence: spread evenly over
// the map but in step with no row width (every n-th cell would read the same few columns of a map whose
// width n divides).
template <class Keep>
std::vector<float> sampled(const float* v, size_t count, size_t samples, Keep keep) {
  std::vector<float> picked;
  if (count <= samples) {
    picked.assign(v, v + count);
  } else {
    picked.reserve(samples);
    const double golden = 0.6180339887498949;
    double at = 0.5;
    for (size_t k = 0; k < samples; ++k, at += golden)
      picked.push_back(v[size_t((at - std::floor(at)) * double(count))]);
  }
  picked.erase(std::remove_if(picked.begin(), picked.end(), [&](float x) { return !keep(x); }), picked.end());
  return picked;
}

// The value `share` of `picked` stay at or under (picked not empty; reordered).
float at(std::vector<float>& picked, double share) {
  const double clamped = std::clamp(share, 0.0, 1.0);
  const size_t k = std::min(picked.size() - 1, size_t(clamped * double(picked.size() - 1) + 0.5));
  std::nth_element(picked.begin(), picked.begin() + std::ptrdiff_t(k), picked.end());
  return picked[k];
}

}  // namespace

float positivePercentile(const float* v, size_t count, double share, size_t samples) {
  if (count == 0 || samples == 0) return 0.0f;
  std::vector<float> picked =
      sampled(v, count, samples, [](float x) { return x > 0.0f && std::isfinite(x); });
  return picked.empty() ? 0.0f : at(picked, share);
}

ValueRange percentileRange(const float* v, size_t count, double lowShare, double highShare, size_t samples) {
  if (count == 0 || samples == 0) return {};
  std::vector<float> picked = sampled(v, count, samples, [](float x) { return std::isfinite(x); });
  if (picked.empty()) return {};
  return {at(picked, lowShare), at(picked, highShare)};
}

}  // namespace runnel
