#include "rain_map.h"

#include <algorithm>
#include <cmath>

#include "error.h"
#include "heightmap.h"

namespace runnel {

namespace {

constexpr double kCellUnit = 65535.0;  // a fully rained cell's weight in the integer sums

uint16_t quantise(float d) {
  if (!(d > 0.0f)) return 0;  // also NaN
  if (d >= 1.0f) return 65535;
  return uint16_t(std::lround(double(d) * kCellUnit));
}

// Fenwick (binary indexed) tree helpers over tree[0..n), 1-based inside.
template <class T, class V>
void fenwickAdd(T* tree, int n, int i, V delta) {
  for (++i; i <= n; i += i & -i) tree[i - 1] += T(delta);
}

// Linear-time build from plain values.
template <class T>
void fenwickBuild(T* tree, int n) {
  for (int i = 1; i <= n; ++i) {
    int parent = i + (i & -i);
    if (parent <= n) tree[parent - 1] += tree[i - 1];
  }
}

// The first index whose prefix sum exceeds u (u < total). Zero-weight entries are never returned.
template <class T>
int fenwickFind(const T* tree, int n, uint64_t& u) {
  int pos = 0;
  int step = 1;
  while (step * 2 <= n) step *= 2;
  for (; step > 0; step >>= 1) {
    int next = pos + step;
    if (next <= n && uint64_t(tree[next - 1]) <= u) {
      pos = next;
      u -= uint64_t(tree[next - 1]);
    }
  }
  return pos;
}

uint64_t springWeight(const Spring& s) {
  if (!(s.rate > 0.0f) || !std::isfinite(s.rate)) return 0;
  return uint64_t(std::llround(double(s.rate) * kCellUnit));
}

// The cell holding coordinate c, kept on a side of n cells (NaN goes to 0).
int onMap(float c, int n) {
  if (!(c >= 0.0f)) return 0;
  if (c >= float(n - 1)) return n - 1;
  return int(c);
}

}  // namespace

RainMap::RainMap(int width, int height, float density) {
  checkSize(width, height, "rain map");
  width_ = width;
  height_ = height;
  cells_.assign(size_t(width) * size_t(height), 0);
  rowTree_.assign(cells_.size(), 0);
  colTree_.assign(size_t(height), 0);
  fill(density);
}

void RainMap::fill(float d) {
  const uint16_t q = quantise(d);
  std::fill(cells_.begin(), cells_.end(), q);
  for (int y = 0; y < height_; ++y) {
    uint32_t* tree = rowTree_.data() + index(0, y);
    std::fill(tree, tree + width_, uint32_t(q));
    fenwickBuild(tree, width_);
    colTree_[size_t(y)] = uint64_t(q) * uint64_t(width_);
  }
  fenwickBuild(colTree_.data(), height_);
}

void RainMap::setDensity(int x, int y, float d) {
  const uint16_t q = quantise(d);
  uint16_t& cell = cells_[index(x, y)];
  const int64_t delta = int64_t(q) - int64_t(cell);
  if (delta == 0) return;
  cell = q;
  // Unsigned wrap-around adds a negative delta exactly.
  fenwickAdd(rowTree_.data() + index(0, y), width_, x, uint32_t(int32_t(delta)));
  fenwickAdd(colTree_.data(), height_, y, uint64_t(delta));
}

bool RainMap::uniform() const {
  if (!springs_.empty()) return false;
  return std::all_of(cells_.begin(), cells_.end(), [&](uint16_t c) { return c == cells_.front(); });
}

double RainMap::totalWeight() const {
  uint64_t cells = 0;
  for (int n = height_; n > 0; n -= n & -n) cells += colTree_[size_t(n - 1)];
  double total = double(cells) / kCellUnit;
  for (const Spring& s : springs_) total += double(springWeight(s)) / kCellUnit;
  return total;
}

StartCell RainMap::sample(DropletRandom& r) const {
  uint64_t cellTotal = 0;
  for (int n = height_; n > 0; n -= n & -n) cellTotal += colTree_[size_t(n - 1)];
  uint64_t total = cellTotal;
  for (const Spring& s : springs_) total += springWeight(s);
  // Unbiased enough: total < 2^46, so the 64-bit draw scaled by a 128-bit product is uniform to 2^-18.
  uint64_t u = uint64_t((unsigned __int128)r.next() * total >> 64);
  if (u < cellTotal) {
    const int y = fenwickFind(colTree_.data(), height_, u);
    const int x = fenwickFind(rowTree_.data() + index(0, y), width_, u);
    return {x, y};
  }
  u -= cellTotal;
  for (const Spring& s : springs_) {
    const uint64_t w = springWeight(s);
    if (u >= w) {
      u -= w;
      continue;
    }
    // Uniform over the disc, kept on the map.
    const float a = r.uniform() * 6.28318530718f;
    const float rad = std::sqrt(r.uniform()) * std::max(s.radius, 0.0f);
    return {onMap(s.x + rad * std::cos(a), width_), onMap(s.y + rad * std::sin(a), height_)};
  }
  return {0, 0};  // unreachable while total > 0
}

}  // namespace runnel
