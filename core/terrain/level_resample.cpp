#include "level_resample.h"

#include <algorithm>
#include <cmath>
#include <vector>

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

namespace {

// A fine position p in coarse cells (an axis of n of them), clamped to the map or wrapped round it.
RowDoubler::Tap tapAt(float p, int n, bool wrap) {
  if (wrap) {
    const float below = std::floor(p);
    const int lo = ((int(below) % n) + n) % n;
    return {lo, (lo + 1) % n, p - below};
  }
  p = std::clamp(p, 0.0f, float(n - 1));
  const int lo = std::min(int(p), std::max(n - 2, 0));
  return {lo, std::min(lo + 1, n - 1), p - float(lo)};
}

}  // namespace

// A fine cell's centre in coarse cells: the coarse level's cell c covers fine cells 2c and 2c + 1.
RowDoubler::RowDoubler(const Heightmap& coarse, int width, int height, Edges edges)
    : coarse_(coarse), width_(width), height_(height), wrap_(edges == Edges::Wrap) {
  const float sx = float(coarse.width()) / float(width);
  columns_.resize(size_t(width));
  for (int x = 0; x < width; ++x)
    columns_[size_t(x)] = tapAt((float(x) + 0.5f) * sx - 0.5f, coarse.width(), wrap_);
}

void RowDoubler::row(int y, float* out) const {
  const float sy = float(coarse_.height()) / float(height_);
  const Tap r = tapAt((float(y) + 0.5f) * sy - 0.5f, coarse_.height(), wrap_);
  const float* top = coarse_.row(r.lo);
  const float* bottom = coarse_.row(r.hi);
  for (int x = 0; x < width_; ++x) {
    const Tap& c = columns_[size_t(x)];
    const float a = top[c.lo] + c.t * (top[c.hi] - top[c.lo]);
    const float b = bottom[c.lo] + c.t * (bottom[c.hi] - bottom[c.lo]);
    out[x] = a + r.t * (b - a);
  }
}

void doubleUpInto(const Heightmap& coarse, Heightmap& fine, float jitter, uint64_t seed, int threads,
                  Edges edges) {
  const int width = fine.width(), height = fine.height();
  const int cw = coarse.width(), ch = coarse.height();
  if (jitter <= 0.0f) {
    const RowDoubler doubler(coarse, width, height, edges);
    forEachRowBand(height, size_t(width), threads, [&](int y0, int y1) {
      for (int y = y0; y < y1; ++y) doubler.row(y, fine.row(y));
    });
    return;
  }
  const float sx = float(cw) / float(width), sy = float(ch) / float(height);
  const bool wrap = edges == Edges::Wrap;
  forEachRowBand(height, size_t(width), threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      float* out = fine.row(y);
      const float py = (float(y) + 0.5f) * sy - 0.5f;
      for (int x = 0; x < width; ++x) {
        const uint64_t bits = splitmix64(seed ^ splitmix64(uint64_t(y) * uint64_t(width) + uint64_t(x)));
        const float u = float(bits >> 40) * (1.0f / 16777216.0f);
        const float v = float((bits >> 16) & 0xFFFFFF) * (1.0f / 16777216.0f);
        const RowDoubler::Tap c = tapAt((float(x) + 0.5f) * sx - 0.5f + jitter * (2.0f * u - 1.0f), cw, wrap);
        const RowDoubler::Tap r = tapAt(py + jitter * (2.0f * v - 1.0f), ch, wrap);
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
