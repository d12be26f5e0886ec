#include "heightmap.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/base/error.h"

namespace runnel {

const char* toString(Edges e) {
  return e == Edges::Wrap ? "wrap" : "clamp";
}

Edges edgesFromString(const std::string& s) {
  if (s == "wrap") return Edges::Wrap;
  if (s == "clamp") return Edges::Clamp;
  throw Error("edges: '" + s + "' is not one of wrap, clamp");
}

void checkSize(int64_t width, int64_t height, const std::string& what) {
  if (width < kMinSide || height < kMinSide || width > kMaxSide || height > kMaxSide) {
    throw Error(what + ": size " + std::to_string(width) + "x" + std::to_string(height) +
                " is outside the supported " + std::to_string(kMinSide) + "x" + std::to_string(kMinSide) +
                " to " + std::to_string(kMaxSide) + "x" + std::to_string(kMaxSide));
  }
}

Heightmap::Heightmap(int width, int height, float fill) {
  checkSize(width, height, "heightmap");
  width_ = width;
  height_ = height;
  heights_.assign(size_t(width) * size_t(height), fill);
}

double Heightmap::sum() const {
  // Pairwise by rows keeps the rounding of a 16k x 16k sum small.
  double total = 0;
  for (int y = 0; y < height_; ++y) {
    double r = 0;
    const float* p = row(y);
    for (int x = 0; x < width_; ++x) r += p[x];
    total += r;
  }
  return total;
}

void Heightmap::minMax(float& lo, float& hi) const {
  lo = std::numeric_limits<float>::infinity();
  hi = -lo;
  for (float v : heights_) {
    lo = v < lo ? v : lo;
    hi = v > hi ? v : hi;
  }
}

size_t Heightmap::distinctHeights(size_t atMost) const {
  std::vector<float> seen;  // sorted; few, or the count stops
  for (float v : heights_) {
    auto at = std::lower_bound(seen.begin(), seen.end(), v);
    if (at != seen.end() && *at == v) continue;
    if (seen.size() >= atMost) return atMost;
    seen.insert(at, v);
  }
  return seen.size();
}

int64_t Heightmap::firstNonFinite() const {
  for (size_t i = 0; i < heights_.size(); ++i)
    if (!std::isfinite(heights_[i])) return int64_t(i);
  return -1;
}

void gradientAt(const Heightmap& m, int x, int y, float cellSize, float& gx, float& gy) {
  const int x0 = std::max(x - 1, 0), x1 = std::min(x + 1, m.width() - 1);
  const int y0 = std::max(y - 1, 0), y1 = std::min(y + 1, m.height() - 1);
  gx = x1 > x0 ? (m.at(x1, y) - m.at(x0, y)) / (float(x1 - x0) * cellSize) : 0.0f;
  gy = y1 > y0 ? (m.at(x, y1) - m.at(x, y0)) / (float(y1 - y0) * cellSize) : 0.0f;
}

}  // namespace runnel
