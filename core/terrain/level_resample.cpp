#include "level_resample.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/base/random.h"
#include "core/base/row_bands.h"

namespace runnel {

void halveInto(const float* fine, int fw, int fh, float* coarse, int threads) {
  const int cw = halvedSide(fw);
  forEachRowBand(halvedSide(fh), size_t(cw) * 4, threads, [&](int y0, int y1) {
    for (int cy = y0; cy < y1; ++cy) {
      const float* a = fine + size_t(2 * cy) * size_t(fw);
      const float* b = fine + size_t(std::min(2 * cy + 1, fh - 1)) * size_t(fw);  // an odd side's last cell
      float* out = coarse + size_t(cy) * size_t(cw);                              // covers one row
      for (int cx = 0; cx < cw; ++cx) {
        const int x0 = 2 * cx, x1 = std::min(2 * cx + 1, fw - 1);
        out[cx] = 0.25f * ((a[x0] + a[x1]) + (b[x0] + b[x1]));
      }
    }
  });
}

Heightmap halve(const Heightmap& fine, int threads) {
  Heightmap coarse(halvedSide(fine.width()), halvedSide(fine.height()));
  halveInto(fine.data(), fine.width(), fine.height(), coarse.data(), threads);
  return coarse;
}

DoubledRows::Tap DoubledRows::tap(float p, int n, bool wrap) {
  if (wrap) {
    const float below = std::floor(p);
    const int lo = ((int(below) % n) + n) % n;
    return Tap{lo, (lo + 1) % n, p - below};
  }
  p = std::clamp(p, 0.0f, float(n - 1));
  const int lo = std::min(int(p), std::max(n - 2, 0));
  return Tap{lo, std::min(lo + 1, n - 1), p - float(lo)};
}

// A fine cell's centre in coarse cells: the coarse level's cell c covers fine cells 2c and 2c + 1.
DoubledRows::DoubledRows(const float* coarse, int cw, int ch, int width, int height, Edges edges)
    : coarse_(coarse),
      coarseWidth_(cw),
      coarseHeight_(ch),
      rowStep_(float(ch) / float(height)),
      wrap_(edges == Edges::Wrap),
      columns_(size_t(width)) {
  const float sx = float(cw) / float(width);
  for (int x = 0; x < width; ++x) columns_[size_t(x)] = tap((float(x) + 0.5f) * sx - 0.5f, cw, wrap_);
}

void DoubledRows::row(int y, float* out) const {
  const float py = (float(y) + 0.5f) * rowStep_ - 0.5f;
  const Tap r = tap(py, coarseHeight_, wrap_);
  const float* top = coarse_ + size_t(r.lo) * size_t(coarseWidth_);
  const float* bottom = coarse_ + size_t(r.hi) * size_t(coarseWidth_);
  for (size_t x = 0; x < columns_.size(); ++x) {
    const Tap& c = columns_[x];
    const float a = top[c.lo] + c.t * (top[c.hi] - top[c.lo]);
    const float b = bottom[c.lo] + c.t * (bottom[c.hi] - bottom[c.lo]);
    out[x] = a + r.t * (b - a);
  }
}

void doubleUpInto(const Heightmap& coarse, Heightmap& fine, float jitter, uint64_t seed, int threads,
                  Edges edges) {
  const int width = fine.width(), height = fine.height();
  const int cw = coarse.width(), ch = coarse.height();
  const DoubledRows rows(coarse.data(), cw, ch, width, height, edges);
  const bool wrap = edges == Edges::Wrap;
  const float sx = float(cw) / float(width), sy = float(ch) / float(height);
  forEachRowBand(height, size_t(width), threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      float* out = fine.row(y);
      if (jitter <= 0.0f) {
        rows.row(y, out);
        continue;
      }
      const float py = (float(y) + 0.5f) * sy - 0.5f;
      for (int x = 0; x < width; ++x) {
        const uint64_t bits = splitmix64(seed ^ splitmix64(uint64_t(y) * uint64_t(width) + uint64_t(x)));
        const float u = float(bits >> 40) * (1.0f / 16777216.0f);
        const float v = float((bits >> 16) & 0xFFFFFF) * (1.0f / 16777216.0f);
        const DoubledRows::Tap c =
            DoubledRows::tap((float(x) + 0.5f) * sx - 0.5f + jitter * (2.0f * u - 1.0f), cw, wrap);
        const DoubledRows::Tap r = DoubledRows::tap(py + jitter * (2.0f * v - 1.0f), ch, wrap);
        const float a = coarse.at(c.lo, r.lo) + c.t * (coarse.at(c.hi, r.lo) - coarse.at(c.lo, r.lo));
        const float b = coarse.at(c.lo, r.hi) + c.t * (coarse.at(c.hi, r.hi) - coarse.at(c.lo, r.hi));
        out[x] = a + r.t * (b - a);
      }
    }
  });
}

Heightmap doubleUp(const Heightmap& coarse, int width, int height, float jitter, uint64_t seed, int threads,
                   Edges edges) {
  Heightmap fine(width, height);
  doubleUpInto(coarse, fine, jitter, seed, threads, edges);
  return fine;
}

}  // namespace runnel
