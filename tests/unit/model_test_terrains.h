// Test terrains and measures shared by the models' tests.
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "core/base/random.h"
#include "core/generate/generators.h"
#include "core/models/erosion_model.h"
#include "core/models/param_fields.h"
#include "core/terrain/heightmap.h"
#include "core/terrain/terrain.h"

namespace runnel::testing {

// Interior cells with no strictly lower neighbour: the pits water cannot leave.
inline int pits(const Heightmap& h) {
  int count = 0;
  for (int y = 1; y + 1 < h.height(); ++y)
    for (int x = 1; x + 1 < h.width(); ++x) {
      bool lower = false;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) lower |= h.at(x + dx, y + dy) < h.at(x, y);
      count += !lower;
    }
  return count;
}

// The largest relative error of the interior cells rMin to rMax cells from (cx, cy) against a round cone
// rising a metre a cell from there (0 when the ground is that cone).
inline double worstConeError(const Heightmap& h, int cx, int cy, double rMin, double rMax) {
  double worst = 0;
  for (int y = 1; y < h.height() - 1; ++y)
    for (int x = 1; x < h.width() - 1; ++x) {
      const double r = std::hypot(double(x - cx), double(y - cy));
      if (r >= rMin && r <= rMax) worst = std::max(worst, std::abs(double(h.at(x, y)) - r) / r);
    }
  return worst;
}

// A bumpy fBm landscape in metres: 2 km of relief on 64 cells of 30 m, full of closed hollows.
inline Terrain bumpyLandscape(int n = 64, uint64_t seed = 3) {
  GeneratorSettings g;
  g.width = g.height = n;
  g.seed = seed;
  g.relief = 0.065f * 30.0f * float(n);
  return Terrain(generate(g));
}

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

// Mean height of the cells within `radius` of the map's centre: the top of a cone.
inline double topHeight(const Heightmap& h, float radius = 4.0f) {
  const float c = 0.5f * float(h.width() - 1);
  double sum = 0;
  int n = 0;
  for (int y = 0; y < h.height(); ++y)
    for (int x = 0; x < h.width(); ++x)
      if (std::hypot(float(x) - c, float(y) - c) <= radius) {
        sum += h.at(x, y);
        ++n;
      }
  return sum / n;
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

namespace runnel::testing {

// Parameter sets for the no-blow-up tests: each parameter alone at its lo and at its hi, then all at lo and
// all at hi.
template <class P, size_t N>
std::vector<P> extremeParams(const std::array<ParamField<P>, N>& fields) {
  std::vector<P> cases;
  P lo{}, hi{};
  for (const auto& f : fields) {
    P one{};
    one.*(f.field) = f.lo;
    cases.push_back(one);
    one.*(f.field) = f.hi;
    cases.push_back(one);
    lo.*(f.field) = f.lo;
    hi.*(f.field) = f.hi;
  }
  cases.push_back(lo);
  cases.push_back(hi);
  return cases;
}

// Runs `units` of a model in one batch and in three uneven batches; true when the terrains are identical.
template <class Model>
bool sameForBatchSplits(const Model& prototype, const Terrain& start, uint64_t units) {
  Terrain whole = start, parts = start;
  auto a = prototype.clone(), b = prototype.clone();
  ErosionStats s1, s2;
  a->run(whole, nullptr, 0, units, s1);
  const uint64_t cut1 = units / 3, cut2 = units / 3 + units / 4;
  b->run(parts, nullptr, 0, cut1, s2);
  b->run(parts, nullptr, cut1, cut2 - cut1, s2);
  b->run(parts, nullptr, cut2, units - cut2, s2);
  return whole.height == parts.height && whole.eroded == parts.eroded && whole.deposited == parts.deposited &&
         s1.steps == s2.steps && s1.droplets == s2.droplets;
}

}  // namespace runnel::testing
