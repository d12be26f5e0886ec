// Test terrains and measures shared by the models' tests.
#pragma once
#include <algorithm>
#include <cmath>

#include "core/heightmap.h"
#include "core/random.h"
#include "core/terrain.h"

namespace runnel::testing {

// Falls `slope` units per cell towards +x, with a little deterministic roughness so water can choose.
inline Terrain tiltedPlane(int n, float slope, float roughness = 0.05f) {
  Heightmap h(n, n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      DropletRandom r(99, uint64_t(y) * uint64_t(n) + uint64_t(x));
      h.at(x, y) = slope * float(n - 1 - x) + roughness * r.uniform();
    }
  return Terrain(std::move(h));
}

// A cone of height `top` centred on the map, falling to 0 at radius n/2.
inline Terrain cone(int n, float top) {
  Heightmap h(n, n);
  const float c = 0.5f * float(n - 1);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      float r = std::hypot(float(x) - c, float(y) - c) / (0.5f * float(n));
      h.at(x, y) = top * std::max(0.0f, 1.0f - r);
    }
  return Terrain(std::move(h));
}

// Where material went, measured on the starting heights: the mean starting height of the cells that lost
// material (weighted by the loss) and of those that gained (weighted by the gain).
struct MassCentres {
  double removedAt = 0, depositedAt = 0, removed = 0, deposited = 0;
};
inline MassCentres massCentres(const Heightmap& before, const Heightmap& after) {
  MassCentres m;
  double r = 0, d = 0;
  for (size_t i = 0; i < before.cellCount(); ++i) {
    const double delta = double(after.data()[i]) - double(before.data()[i]);
    const double h = before.data()[i];
    if (delta < 0) {
      r += -delta * h;
      m.removed += -delta;
    } else {
      d += delta * h;
      m.deposited += delta;
    }
  }
  m.removedAt = m.removed > 0 ? r / m.removed : 0;
  m.depositedAt = m.deposited > 0 ? d / m.deposited : 0;
  return m;
}

inline Heightmap transposed(const Heightmap& h) {
  Heightmap t(h.height(), h.width());
  for (int y = 0; y < h.height(); ++y)
    for (int x = 0; x < h.width(); ++x) t.at(y, x) = h.at(x, y);
  return t;
}

inline Heightmap flippedX(const Heightmap& h) {
  Heightmap t(h.width(), h.height());
  for (int y = 0; y < h.height(); ++y)
    for (int x = 0; x < h.width(); ++x) t.at(h.width() - 1 - x, y) = h.at(x, y);
  return t;
}

inline float maxAbsDifference(const Heightmap& a, const Heightmap& b) {
  float m = 0;
  for (size_t i = 0; i < a.cellCount(); ++i) m = std::max(m, std::abs(a.data()[i] - b.data()[i]));
  return m;
}

// Every record cell is >= 0 and the record explains the height change: after - before = deposited - eroded.
inline float recordMismatch(const Heightmap& before, const Terrain& t) {
  float worst = 0;
  for (size_t i = 0; i < before.cellCount(); ++i) {
    if (t.eroded.data()[i] < 0 || t.deposited.data()[i] < 0) return INFINITY;
    const float change = t.height.data()[i] - before.data()[i];
    worst = std::max(worst, std::abs(change - (t.deposited.data()[i] - t.eroded.data()[i])));
  }
  return worst;
}

}  // namespace runnel::testing
