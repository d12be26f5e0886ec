#include "terrace_smoothing.h"

#include <algorithm>
#include <set>

#include "core/base/row_bands.h"

namespace runnel {

std::optional<float> levelSpacing(const Heightmap& map, size_t maxLevels) {
  std::set<float> levels;
  for (size_t i = 0; i < map.cellCount(); ++i) {
    levels.insert(map.data()[i]);
    if (levels.size() > maxLevels) return std::nullopt;
  }
  if (levels.size() < 2) return std::nullopt;
  float spacing = 0.0f;
  for (auto a = levels.begin(), b = std::next(a); b != levels.end(); ++a, ++b)
    spacing = spacing == 0.0f ? *b - *a : std::min(spacing, *b - *a);
  return spacing;
}

Heightmap smoothTerraces(const Heightmap& map, float spacing, int passes, int threads) {
  const int w = map.width(), h = map.height();
  const float half = 0.5f * spacing;
  Heightmap now = map, next(w, h);
  for (int pass = 0; pass < passes; ++pass) {
    forEachRowBand(h, size_t(w), threads, [&](int y0, int y1) {
      for (int y = y0; y < y1; ++y) {
        const float* up = now.row(std::max(y - 1, 0));
        const float* mid = now.row(y);
        const float* down = now.row(std::min(y + 1, h - 1));
        const float* file = map.row(y);
        float* out = next.row(y);
        for (int x = 0; x < w; ++x) {
          const int l = std::max(x - 1, 0), r = std::min(x + 1, w - 1);
          const float row0 = up[l] + 2.0f * up[x] + up[r];
          const float row1 = mid[l] + 2.0f * mid[x] + mid[r];
          const float row2 = down[l] + 2.0f * down[x] + down[r];
          const float blurred = (row0 + 2.0f * row1 + row2) * (1.0f / 16.0f);
          out[x] = std::clamp(blurred, file[x] - half, file[x] + half);  // still the file's level
        }
      }
    });
    std::swap(now, next);
  }
  return now;
}

}  // namespace runnel
