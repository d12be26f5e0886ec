#include "normal_drop_erosion.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/base/random.h"
#include "core/rain/rain_density.h"
#include "core/terrain/cell_access.h"
#include "core/terrain/soil_record.h"

namespace runnel {

namespace {

const std::array<ParamField<NormalDropParams>, 7> kFields{{
    {"erosionRate", &NormalDropParams::erosionRate, 0.0f, 10.0f,
     "Erosion rate: the more slopy the ground, the more the drop erodes (rate x (1 - normal.up))", true},
    {"depositionRate", &NormalDropParams::depositionRate, 0.0f, 1.0f,
     "Deposition rate: the flatter the ground, the more of its sediment the drop deposits", true},
    {"iterationScale", &NormalDropParams::iterationScale, 0.0f, 1.0f,
     "Erosion ramps up by this much per step, so a fresh drop erodes little", true},
    {"friction", &NormalDropParams::friction, 0.0f, 1.0f,
     "Share of the previous velocity the drop keeps every step (the article's friction)"},
    {"speed", &NormalDropParams::speed, 0.0f, 10.0f,
     "How strongly the surface normal pushes the drop each step", true},
    {"maxSteps", &NormalDropParams::maxSteps, 1.0f, 10000.0f, "Step limit of one drop", true},
    {"flatness", &NormalDropParams::flatness, 0.0f, 1.0f,
     "The drop stops where the normal's vertical part reaches this: the terrain is flat there"},
}};

struct Normal {
  float x, y, z;
};

// The mean of the unit normals at the 8 cells around (cx, cy), as the article's interpolated_normal.
Normal meanNormal(const CellAccess& cells, int cx, int cy) {
  Normal sum{0, 0, 0};
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (!dx && !dy) continue;
      float gx, gy;
      cells.gradient(cx + dx, cy + dy, gx, gy);
      const float n = 1.0f / std::sqrt(1.0f + gx * gx + gy * gy);
      sum.x -= gx * n;
      sum.y -= gy * n;
      sum.z += n;
    }
  return {sum.x * 0.125f, sum.y * 0.125f, sum.z * 0.125f};
}

}  // namespace

const std::array<ParamField<NormalDropParams>, 7>& normalDropParamFields() {
  return kFields;
}
std::vector<ParamInfo> normalDropParamInfo() {
  return paramInfos(kFields);
}

void NormalDropErosion::run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
                            ErosionStats& stats) {
  DropRun drops(terrain, rain, edges_);
  CellAccess& cells = drops.cells;
  ErosionStats& run = drops.stats;
  const NormalDropParams& p = params_;
  const int maxSteps = int(std::lround(p.maxSteps));

  for (uint64_t i = first; i < first + count; ++i) {
    DropletRandom r(seed_, i);
    const DropStart s0 = drops.starts.draw(r);
    float px = s0.x, py = s0.y, vx = 0, vy = 0, sediment = 0;
    int cx = int(px), cy = int(py);
    int ox = cx, oy = cy;  // the cell the drop was in one step earlier
    bool onMap = true;
    int step = 0;
    for (; step < maxSteps; ++step) {
      const Normal n = meanNormal(cells, cx, cy);
      if (n.z >= p.flatness) break;
      const float deposit = sediment * p.depositionRate * n.z;
      float erosion = p.erosionRate * (1.0f - n.z) * std::min(1.0f, float(step) * p.iterationScale);
      float& h = cells.at(ox, oy);
      erosion = std::min(erosion, std::max(h - cells.lowestNeighbour(ox, oy), 0.0f));
      h += deposit - erosion;
      float& dep = terrain.deposited.data()[cells.index(ox, oy)];
      float& ero = terrain.eroded.data()[cells.index(ox, oy)];
      recordChange(dep, ero, deposit - erosion);
      sediment += erosion - deposit;
      run.eroded += erosion;
      run.deposited += deposit;
      vx = p.friction * vx + n.x * p.speed;
      vy = p.friction * vy + n.y * p.speed;
      ox = cx;
      oy = cy;
      px += vx;
      py += vy;
      if (!cells.place(px, py)) {
        onMap = false;
        ++step;
        break;
      }
      cx = int(px);
      cy = int(py);
    }
    run.steps += uint64_t(step);
    if (step >= maxSteps) ++run.longPaths;
    // The article forgets what a stopped drop carries; here it settles around where the drop stops.
    drops.endDrop(onMap, cx, cy, sediment);
  }
  drops.finish(count, stats);
}

}  // namespace runnel
