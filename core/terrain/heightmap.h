// A W x H grid of float heights in world units, grid spacing 1, row-major (row 0 = north, x = east).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/huge_pages.h"

namespace runnel {

constexpr int kMinSide = 2;
constexpr int kMaxSide = 16384;

// How the map continues past its border.
//  wrap:  tileable, as in the article (water has no base level).
//  clamp: open edges; a droplet that walks off the map leaves with its sediment.
enum class Edges { Wrap, Clamp };
const char* toString(Edges e);
Edges edgesFromString(const std::string& s);  // throws Error naming the value

// Throws Error (naming `what`, e.g. a file name) unless 2 <= w,h <= 16384. Call before allocating.
void checkSize(int64_t width, int64_t height, const std::string& what);

class Heightmap {
 public:
  Heightmap() = default;
  Heightmap(int width, int height, float fill = 0.0f);  // checks the size first

  int width() const { return width_; }
  int height() const { return height_; }
  size_t cellCount() const { return heights_.size(); }
  bool empty() const { return heights_.empty(); }

  float* data() { return heights_.data(); }
  const float* data() const { return heights_.data(); }
  float& at(int x, int y) { return heights_[size_t(y) * size_t(width_) + size_t(x)]; }
  float at(int x, int y) const { return heights_[size_t(y) * size_t(width_) + size_t(x)]; }
  float* row(int y) { return data() + size_t(y) * size_t(width_); }
  const float* row(int y) const { return data() + size_t(y) * size_t(width_); }

  // Sum in double, the reference for soil conservation.
  double sum() const;
  void minMax(float& lo, float& hi) const;
  // Index of the first NaN or infinite sample, or -1.
  int64_t firstNonFinite() const;
  // How many different heights the map holds, counting no further than `atMost` (an 8-bit file has at most
  // 256: its slopes are terraces).
  size_t distinctHeights(size_t atMost) const;

  bool operator==(const Heightmap& o) const {
    return width_ == o.width_ && height_ == o.height_ && heights_ == o.heights_;
  }

 private:
  int width_ = 0, height_ = 0;
  MapVector<float> heights_;
};

// Height change per metre east (gx) and south (gy) at cell (x, y), cells `cellSize` metres apart: central
// differences, one-sided at the border.
void gradientAt(const Heightmap& m, int x, int y, float cellSize, float& gx, float& gy);

}  // namespace runnel
