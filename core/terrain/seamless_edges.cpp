#include "seamless_edges.h"

#include <cmath>

namespace runnel {

namespace {

// The mean step across the wrap over the mean step between neighbours, along x (rows) or y (columns).
double wrapStepRatio(const Heightmap& map, bool alongX) {
  const int w = map.width(), h = map.height();
  const int across = alongX ? w : h, lines = alongX ? h : w;
  auto at = [&](int along, int line) { return double(alongX ? map.at(along, line) : map.at(line, along)); };
  double inside = 0.0, wrap = 0.0;
  for (int line = 0; line < lines; ++line) {
    for (int i = 0; i + 1 < across; ++i) inside += std::abs(at(i + 1, line) - at(i, line));
    wrap += std::abs(at(0, line) - at(across - 1, line));
  }
  inside /= double(lines) * double(across - 1);
  wrap /= double(lines);
  return inside > 0.0 ? wrap / inside : INFINITY;
}

}  // namespace

bool wrapsSeamlessly(const Heightmap& map) {
  if (map.width() < 8 || map.height() < 8) return false;  // too few steps to tell
  // A tileable map's step across the wrap is one more neighbour step (ratio near 1); any other map's is
  // the difference between cells a whole map apart, tens of neighbour steps. 3 keeps a margin either side.
  constexpr double kSeamless = 3.0;
  return wrapStepRatio(map, true) < kSeamless && wrapStepRatio(map, false) < kSeamless;
}

}  // namespace runnel
