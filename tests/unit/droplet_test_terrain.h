// Small deterministic terrains for the droplet tests and benchmarks.
#pragma once
#include <cmath>
#include <cstdint>

#include "core/base/random.h"
#include "core/terrain/heightmap.h"

namespace runnel::testing {

// A smooth, tileable terrain from a sum of waves with whole numbers of periods across the map, scaled to
// [0, relief]. Stands in for a generator where the test must not depend on one.
inline Heightmap smoothTerrain(int w, int h, float relief, uint64_t seed) {
  Heightmap m(w, h);
  DropletRandom r(seed, 0);
  constexpr int kWaves = 12;
  float kx[kWaves], kz[kWaves], ph[kWaves], amp[kWaves];
  for (int i = 0; i < kWaves; ++i) {
    const int f = 1 + i;  // 1 to 12 periods
    kx[i] = 6.2831853f * float(int(r.below(2 * f + 1)) - f) / float(w);
    kz[i] = 6.2831853f * float(f) / float(h);
    ph[i] = r.uniform() * 6.2831853f;
    amp[i] = 1.0f / float(f);
  }
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float v = 0;
      for (int i = 0; i < kWaves; ++i) v += amp[i] * std::sin(kx[i] * float(x) + kz[i] * float(y) + ph[i]);
      m.at(x, y) = v;
    }
  float lo, hi;
  m.minMax(lo, hi);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) m.at(x, y) = (m.at(x, y) - lo) / (hi - lo) * relief;
  return m;
}

}  // namespace runnel::testing
