#include "map_range.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace runnel {

float positivePercentile(const float* v, size_t count, double share, size_t samples) {
  if (count == 0 || samples == 0) return 0.0f;
  // Cells picked along the golden-ratio sequence: spread evenly over the map but in step with no row width
  // (every n-th cell would read the same few columns of a map whose width n divides).
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
  picked.erase(
      std::remove_if(picked.begin(), picked.end(), [](float x) { return !(x > 0.0f && std::isfinite(x)); }),
      picked.end());
  if (picked.empty()) return 0.0f;
  const double clamped = std::clamp(share, 0.0, 1.0);
  const size_t k = std::min(picked.size() - 1, size_t(clamped * double(picked.size() - 1) + 0.5));
  std::nth_element(picked.begin(), picked.begin() + std::ptrdiff_t(k), picked.end());
  return picked[k];
}

}  // namespace runnel
