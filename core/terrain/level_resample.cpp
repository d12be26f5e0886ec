#include "level_resample.h"

#include <algorithm>
#include <cmath>

#include "core/base/random.h"
#include "core/base/row_bands.h"

namespace runnel {

Heightmap halve(const Heightmap& fine, int threads) {
  const int fw = fine.width(), fh = fine.height();
  Heightmap coarse(halvedSide(fw), halvedSide(fh));
  const int cw = coarse.width();
  forEachRowBand(coarse.height(), size_t(cw) * 4, threads, [&](int y0, int y1) {
    for (int cy = y0; cy < y1; ++cy) {
      const float* a = fine.row(2 * cy);
      const float* b = fine.row(std::min(2 * cy + 1, fh - 1));  // an odd side's last cell covers one row
      float* out = coarse.row(cy);
      for (int cx = 0; cx < cw; ++cx) {
        const int x0 = 2 * cx, x1 = std::min(2 * cx + 1, fw - 1);
        out[cx] = 0.25f * ((a[x0] + a[x1]) + (b[x0] + b[x1]));
      }
    }
  });
  return coarse;
}

Heightmap doubleUp(const Heightmap& coarse, int width, int height, float jitter, uint64_t seed, int threads) {
  Heightmap fine(width, height);
  const int cw = coarse.width(), ch = coarse.height();
  // A fine cell's centre in coarse cells: the coarse level's cell c covers fine cells 2c and 2c + 1.
  const float sx = float(cw) / float(width), sy = float(ch) / float(height);
  forEachRowBand(height, size_t(width), threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      float* out = fine.row(y);
      for (int x = 0; x < width; ++x) {
        float px = (float(x) + 0.5f) * sx - 0.5f, py = (float(y) + 0.5f) * sy - 0.5f;
        if (jitter > 0.0f) {
          const uint64_t r = splitmix64(seed ^ splitmix64(uint64_t(y) * uint64_t(width) + uint64_t(x)));
          const float u = float(r >> 40) * (1.0f / 16777216.0f),
                      v = float((r >> 16) & 0xFFFFFF) * (1.0f / 16777216.0f);
          px += jitter * (2.0f * u - 1.0f);
          py += jitter * (2.0f * v - 1.0f);
        }
        px = std::clamp(px, 0.0f, float(cw - 1));
        py = std::clamp(py, 0.0f, float(ch - 1));
        const int ix = std::min(int(px), cw - 2 < 0 ? 0 : cw - 2),
                  iy = std::min(int(py), ch - 2 < 0 ? 0 : ch - 2);
        const int jx = std::min(ix + 1, cw - 1), jy = std::min(iy + 1, ch - 1);
        const float tx = px - float(ix), ty = py - float(iy);
        const float top = coarse.at(ix, iy) + tx * (coarse.at(jx, iy) - coarse.at(ix, iy));
        const float bottom = coarse.at(ix, jy) + tx * (coarse.at(jx, jy) - coarse.at(ix, jy));
        out[x] = top + ty * (bottom - top);
      }
    }
  });
  return fine;
}

}  // namespace runnel
