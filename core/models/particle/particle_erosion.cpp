#include "particle_erosion.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/base/random.h"
#include "core/rain/rain_density.h"
#include "core/terrain/cell_access.h"
#include "core/terrain/soil_record.h"

namespace runnel {

namespace {

// A particle stops after this many steps times the larger map side (as the droplet model's path limit).
constexpr int kPathLimitFactor = 4;

const std::array<ParamField<ParticleParams>, 7> kFields{{
    {"Ka", &ParticleParams::Ka, 0.0f, 10.0f,
     "Ka, acceleration: how strongly the slope (the normal's horizontal part) speeds the particle up", true},
    {"Kf", &ParticleParams::Kf, 0.0f, 1.0f, "Kf, friction: share of the velocity lost every step"},
    {"Kc", &ParticleParams::Kc, 0.0f, 100.0f,
     "Kc, sediment carrying capacity: the particle can carry Kc * speed * water", true},
    {"Kd", &ParticleParams::Kd, 0.0f, 1.0f,
     "Kd, deposition: share of the sediment beyond capacity dropped every step"},
    {"Ks", &ParticleParams::Ks, 0.0f, 1.0f,
     "Ks, soil softness: share of the unused capacity taken from the ground every step"},
    {"initialWater", &ParticleParams::initialWater, 0.001f, 100.0f,
     "Water a particle starts with; with evaporation it sets the particle's lifetime", true},
    {"evaporation", &ParticleParams::evaporation, 0.0f, 1.0f,
     "Water lost every step; the particle stops when it is dry", true},
}};

}  // namespace

const std::array<ParamField<ParticleParams>, 7>& particleParamFields() {
  return kFields;
}
std::vector<ParamInfo> particleParamInfo() {
  return paramInfos(kFields);
}

void ParticleErosion::run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
                          ErosionStats& stats) {
  DropRun drops(terrain, rain, edges_);
  CellAccess& cells = drops.cells;
  ErosionStats& run = drops.stats;
  const ParticleParams& p = params_;
  const float keep = 1.0f - p.Kf;
  const int limit = kPathLimitFactor * std::max(cells.width(), cells.height());

  for (uint64_t i = first; i < first + count; ++i) {
    DropletRandom r(seed_, i);
    const DropStart s0 = drops.starts.draw(r);
    float px = s0.x, py = s0.y, vx = 0, vy = 0, water = p.initialWater, sediment = 0;
    int cx = int(px), cy = int(py);
    bool onMap = true;
    int step = 0;
    for (; step < limit; ++step) {
      float gx, gy;
      cells.gradient(cx, cy, gx, gy);
      // The unit normal is (-gx, -gy, 1) / |.|: its horizontal part points downhill.
      const float n = 1.0f / std::sqrt(1.0f + gx * gx + gy * gy);
      vx = (vx - p.Ka * gx * n) * keep;
      vy = (vy - p.Ka * gy * n) * keep;
      px += vx;
      py += vy;
      if (!cells.place(px, py)) {
        onMap = false;
        break;
      }
      cx = int(px);
      cy = int(py);
      float& h = cells.at(cx, cy);
      const size_t idx = cells.index(cx, cy);
      const float capacity = p.Kc * std::sqrt(vx * vx + vy * vy) * water;
      if (sediment > capacity) {
        const float d = p.Kd * (sediment - capacity);
        h += d;
        sediment -= d;
        recordDeposit(terrain, idx, d);
        run.deposited += d;
      } else {
        const float e =
            std::min(p.Ks * (capacity - sediment), std::max(h - cells.lowestNeighbour(cx, cy), 0.0f));
        h -= e;
        sediment += e;
        recordErosion(terrain, idx, e);
        run.eroded += e;
      }
      water -= p.evaporation;
      if (water <= 0.0f) {
        ++step;
        break;
      }
    }
    run.steps += uint64_t(step);
    if (step >= limit) ++run.longPaths;
    // Dry or cut: what it still carries settles around where it stands.
    drops.endDrop(onMap, cx, cy, sediment);
  }
  drops.finish(count, stats);
}

}  // namespace runnel
