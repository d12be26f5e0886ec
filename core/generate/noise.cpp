#include "noise.h"

#include <array>
#include <cmath>

namespace runnel {

namespace {

uint32_t hashLattice(int x, int y, uint32_t seed) {
  uint32_t h = uint32_t(x) * 0x8da6b343u ^ uint32_t(y) * 0xd8163841u ^ seed * 0xcb1ab31fu;
  h ^= h >> 15;
  h *= 0x2c1b3c6du;
  h ^= h >> 12;
  h *= 0x297a2d39u;
  h ^= h >> 15;
  return h;
}

// 256 unit gradients evenly spread around the circle.
const std::array<float, 512>& gradientTable() {
  static const std::array<float, 512> table = [] {
    std::array<float, 512> t{};
    for (int i = 0; i < 256; ++i) {
      double a = (i + 0.5) * (2.0 * 3.14159265358979323846 / 256.0);
      t[2 * i] = float(std::cos(a));
      t[2 * i + 1] = float(std::sin(a));
    }
    return t;
  }();
  return table;
}

int wrapIndex(int i, int period) {
  if (period <= 0) return i;
  i %= period;
  return i < 0 ? i + period : i;
}

float fade(float t) {
  return t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
}

// The four corner contributions blended; the one formula the point and row evaluations share.
float blend(float gx00, float gy00, float gx10, float gy10, float gx01, float gy01, float gx11, float gy11,
            float fx, float fy, float sx, float sy) {
  float n00 = gx00 * fx + gy00 * fy;
  float n10 = gx10 * (fx - 1.0f) + gy10 * fy;
  float n01 = gx01 * fx + gy01 * (fy - 1.0f);
  float n11 = gx11 * (fx - 1.0f) + gy11 * (fy - 1.0f);
  float nx0 = n00 + sx * (n10 - n00);
  float nx1 = n01 + sx * (n11 - n01);
  // sqrt(2) scales the 2D Perlin range (+-sqrt(2)/2) to about +-1.
  return (nx0 + sy * (nx1 - nx0)) * 1.41421356f;
}

}  // namespace

float NoiseOctave::value(double x, double y) const {
  const auto& g = gradientTable();
  double u = (x + 0.5) * stepX + offsetX, v = (y + 0.5) * stepY + offsetY;
  int ix = int(std::floor(u)), iy = int(std::floor(v));
  float fx = float(u - ix), fy = float(v - iy);
  int x0 = wrapIndex(ix, periodX), x1 = wrapIndex(ix + 1, periodX);
  int y0 = wrapIndex(iy, periodY), y1 = wrapIndex(iy + 1, periodY);
  uint32_t h00 = (hashLattice(x0, y0, seed) & 255) * 2, h10 = (hashLattice(x1, y0, seed) & 255) * 2;
  uint32_t h01 = (hashLattice(x0, y1, seed) & 255) * 2, h11 = (hashLattice(x1, y1, seed) & 255) * 2;
  return blend(g[h00], g[h00 + 1], g[h10], g[h10 + 1], g[h01], g[h01 + 1], g[h11], g[h11 + 1], fx, fy,
               fade(fx), fade(fy));
}

NoiseRowSampler::NoiseRowSampler(const NoiseOctave& octave, int width)
    : octave_(octave), width_(width), cell_(width), fx_(width), sx_(width) {
  firstColumn_ = int(std::floor(octave.offsetX));
  for (int x = 0; x < width; ++x) {
    double u = (x + 0.5) * octave.stepX + octave.offsetX;
    int ix = int(std::floor(u));
    cell_[x] = ix - firstColumn_;
    fx_[x] = float(u - ix);
    sx_[x] = fade(fx_[x]);
  }
  size_t columns = size_t(cell_[width - 1]) + 2;
  row0_.resize(columns);
  row1_.resize(columns);
}

void NoiseRowSampler::latticeRow(int iy, std::vector<Gradient>& out) const {
  const auto& g = gradientTable();
  int y = wrapIndex(iy, octave_.periodY);
  for (size_t k = 0; k < out.size(); ++k) {
    int x = wrapIndex(firstColumn_ + int(k), octave_.periodX);
    uint32_t h = (hashLattice(x, y, octave_.seed) & 255) * 2;
    out[k] = {g[h], g[h + 1]};
  }
}

void NoiseRowSampler::sampleRow(int y, float* out) {
  double v = (y + 0.5) * octave_.stepY + octave_.offsetY;
  int iy = int(std::floor(v));
  float fy = float(v - iy), sy = fade(fy);
  if (iy != cachedRow_) {  // low octaves share a lattice row over many map rows
    latticeRow(iy, row0_);
    latticeRow(iy + 1, row1_);
    cachedRow_ = iy;
  }
  const Gradient* g0 = row0_.data();
  const Gradient* g1 = row1_.data();
  for (int x = 0; x < width_; ++x) {
    int k = cell_[x];
    out[x] = blend(g0[k].x, g0[k].y, g0[k + 1].x, g0[k + 1].y, g1[k].x, g1[k].y, g1[k + 1].x, g1[k + 1].y,
                   fx_[x], fy, sx_[x], sy);
  }
}

}  // namespace runnel
