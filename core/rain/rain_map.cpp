#include "rain_map.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/base/error.h"
#include "core/terrain/heightmap.h"
#include "core/terrain/level_resample.h"

namespace runnel {

namespace {

constexpr double kCellUnit = 65535.0;  // a fully rained cell's weight in the integer sums

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

uint16_t RainMap::toLevel(float d) {
  if (!(d > 0.0f)) return 0;  // also NaN
  if (d >= 1.0f) return kFullLevel;
  return uint16_t(std::lround(double(d) * kCellUnit));
}

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
  const uint16_t q = toLevel(d);
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
  const uint16_t q = toLevel(d);
  uint16_t& cell = cells_[index(x, y)];
  const int64_t delta = int64_t(q) - int64_t(cell);
  if (delta == 0) return;
  cell = q;
  // Unsigned wrap-around adds a negative delta exactly.
  fenwickAdd(rowTree_.data() + index(0, y), width_, x, uint32_t(int32_t(delta)));
  fenwickAdd(colTree_.data(), height_, y, uint64_t(delta));
}

void RainMap::setRowLevels(int y, int x0, int count, const uint16_t* levels) {
  uint16_t* cells = cells_.data() + index(x0, y);
  uint32_t* tree = rowTree_.data() + index(0, y);
  // Adds the span's changes to the row's tree in one sweep, O(count + log^2 W) rather than O(count log W):
  // a node inside the span passes its sum on to its parent; a node whose parent lies past the span adds it
  // to the rest of the tree the usual way. `carry` holds what the span's nodes receive from their children.
  uint32_t carry[256];
  int64_t rowDelta = 0;
  for (int start = 0; start < count; start += 256) {
    const int n = std::min(count - start, 256);
    std::fill_n(carry, n, 0u);
    const int first = x0 + start + 1, last = first + n - 1;  // 1-based Fenwick positions
    for (int p = first; p <= last; ++p) {
      const int i = p - first;
      const int32_t delta = int32_t(levels[start + i]) - int32_t(cells[start + i]);
      cells[start + i] = levels[start + i];
      rowDelta += delta;
      const uint32_t add = uint32_t(delta) + carry[i];  // unsigned wrap-around adds negative deltas exactly
      if (add == 0) continue;
      tree[p - 1] += add;
      const int parent = p + (p & -p);
      if (parent <= last)
        carry[parent - first] += add;
      else
        fenwickAdd(tree, width_, parent - 1, add);
    }
  }
  if (rowDelta != 0) fenwickAdd(colTree_.data(), height_, y, uint64_t(rowDelta));
}

void RainMap::assignLevels(const uint16_t* levels) {
  std::copy(levels, levels + cells_.size(), cells_.begin());
  for (int y = 0; y < height_; ++y) {
    const uint16_t* row = cells_.data() + index(0, y);
    uint32_t* tree = rowTree_.data() + index(0, y);
    uint64_t total = 0;
    for (int x = 0; x < width_; ++x) tree[x] = row[x], total += row[x];
    fenwickBuild(tree, width_);
    colTree_[size_t(y)] = total;
  }
  fenwickBuild(colTree_.data(), height_);
}

void RainMap::copyRowsFrom(const RainMap& source, int y0, int y1) {
  if (source.width_ != width_ || source.height_ != height_)
    throw Error("rain map: cannot catch up a " + std::to_string(width_) + "x" + std::to_string(height_) +
                " copy from a " + std::to_string(source.width_) + "x" + std::to_string(source.height_) +
                " map");
  y0 = std::clamp(y0, 0, height_);
  y1 = std::clamp(y1, y0, height_);
  std::copy(source.cells_.begin() + ptrdiff_t(index(0, y0)), source.cells_.begin() + ptrdiff_t(index(0, y1)),
            cells_.begin() + ptrdiff_t(index(0, y0)));
  std::copy(source.rowTree_.begin() + ptrdiff_t(index(0, y0)),
            source.rowTree_.begin() + ptrdiff_t(index(0, y1)), rowTree_.begin() + ptrdiff_t(index(0, y0)));
  colTree_ = source.colTree_;
  springs_ = source.springs_;
}

bool RainMap::samplerMatchesCells() const {
  RainMap rebuilt;
  rebuilt.width_ = width_;
  rebuilt.height_ = height_;
  rebuilt.cells_.resize(cells_.size());
  rebuilt.rowTree_.resize(cells_.size());
  rebuilt.colTree_.resize(colTree_.size());
  rebuilt.assignLevels(cells_.data());
  return rebuilt.rowTree_ == rowTree_ && rebuilt.colTree_ == colTree_;
}

bool RainMap::uniform() const {
  return springs_.empty() && levelsUniform();
}

bool RainMap::levelsUniform() const {
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

void checkRainFits(const RainMap& rain, int width, int height) {
  if (rain.width() != width || rain.height() != height)
    throw Error("rain map: size " + std::to_string(rain.width()) + "x" + std::to_string(rain.height()) +
                " does not match the terrain's " + std::to_string(width) + "x" + std::to_string(height));
}

std::shared_ptr<const RainMap> halveRain(const RainMap& fine) {
  Heightmap levels(fine.width(), fine.height());
  for (int y = 0; y < fine.height(); ++y)
    for (int x = 0; x < fine.width(); ++x) levels.at(x, y) = float(fine.level(x, y));
  const Heightmap half = halve(levels);
  auto coarse = std::make_shared<RainMap>(half.width(), half.height());
  std::vector<uint16_t> cells(half.cellCount());
  for (size_t i = 0; i < cells.size(); ++i) cells[i] = uint16_t(std::lround(half.data()[i]));
  coarse->assignLevels(cells.data());
  for (Spring s : fine.springs()) {
    s.x *= 0.5f, s.y *= 0.5f, s.radius *= 0.5f, s.rate *= 0.25f;
    coarse->springs().push_back(s);
  }
  return coarse;
}

}  // namespace runnel
