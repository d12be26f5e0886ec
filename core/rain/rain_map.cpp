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
  rowTree_.assign(size_t(blocks()) * size_t(height), 0);
  colTree_.assign(size_t(height), 0);
  fill(density);
}

void RainMap::fill(float d) {
  const uint16_t q = toLevel(d);
  std::fill(cells_.begin(), cells_.end(), q);
  for (int y = 0; y < height_; ++y) buildRow(y);
  fenwickBuild(colTree_.data(), height_);
}

void RainMap::setDensity(int x, int y, float d) {
  const uint16_t q = toLevel(d);
  uint16_t& cell = cells_[index(x, y)];
  const int64_t delta = int64_t(q) - int64_t(cell);
  if (delta == 0) return;
  cell = q;
  // Unsigned wrap-around adds a negative delta exactly.
  fenwickAdd(rowTree(y), blocks(), x / kBlock, uint32_t(int32_t(delta)));
  fenwickAdd(colTree_.data(), height_, y, uint64_t(delta));
}

void RainMap::setRowLevels(int y, int x0, int count, const uint16_t* levels) {
  uint16_t* cells = cells_.data() + index(0, y);
  uint32_t* tree = rowTree(y);
  // Block by block: each block's change goes into the row's tree once.
  int64_t rowDelta = 0;
  for (int x = x0, end = x0 + count; x < end;) {
    const int block = x / kBlock, blockEnd = std::min(end, (block + 1) * kBlock);
    int32_t delta = 0;
    for (; x < blockEnd; ++x) {
      delta += int32_t(levels[x - x0]) - int32_t(cells[x]);
      cells[x] = levels[x - x0];
    }
    if (delta != 0) fenwickAdd(tree, blocks(), block, uint32_t(delta));  // wrap-around adds it exactly
    rowDelta += delta;
  }
  if (rowDelta != 0) fenwickAdd(colTree_.data(), height_, y, uint64_t(rowDelta));
}

void RainMap::buildRow(int y) {
  const uint16_t* row = cells_.data() + index(0, y);
  uint32_t* tree = rowTree(y);
  uint64_t total = 0;
  for (int b = 0; b < blocks(); ++b) {
    uint32_t sum = 0;
    for (int x = b * kBlock; x < std::min(width_, (b + 1) * kBlock); ++x) sum += row[x];
    tree[b] = sum;
    total += sum;
  }
  fenwickBuild(tree, blocks());
  colTree_[size_t(y)] = total;
}

void RainMap::assignLevels(const uint16_t* levels) {
  std::copy(levels, levels + cells_.size(), cells_.begin());
  for (int y = 0; y < height_; ++y) buildRow(y);
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
  std::copy(source.rowTree(y0), source.rowTree(y1), rowTree(y0));
  colTree_ = source.colTree_;
  springs_ = source.springs_;
}

bool RainMap::samplerMatchesCells() const {
  RainMap rebuilt;
  rebuilt.width_ = width_;
  rebuilt.height_ = height_;
  rebuilt.cells_.resize(cells_.size());
  rebuilt.rowTree_.resize(rowTree_.size());
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
    // The block, then the cell within it whose running sum passes u (cells of level 0 are stepped over).
    const uint16_t* row = cells_.data() + index(0, y);
    int x = fenwickFind(rowTree(y), blocks(), u) * kBlock;
    while (uint64_t(row[x]) <= u) u -= row[x++];
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
