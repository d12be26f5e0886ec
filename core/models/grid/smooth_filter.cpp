#include "smooth_filter.h"

#include <algorithm>
#include <chrono>

#include "core/base/row_bands.h"
#include "core/rain/rain_map.h"
#include "core/terrain/soil_record.h"
#include "core/terrain/soil_total.h"

namespace runnel {

namespace {

const std::array<ParamField<SmoothParams>, 1> kFields{{
    {"strength", &SmoothParams::strength, 0.0f, 1.0f,
     "How far each pass moves a cell towards the 3x3 blur of its neighbourhood (1: the full blur)"},
}};

}  // namespace

void smoothTerrain(Terrain& terrain, float strength, Edges edges, int threads, PaddedGrid& copy,
                   double& lowered, double& raised, const RainMap* mask) {
  ensureRecord(terrain);
  const int w = terrain.width(), h = terrain.heightCells();
  if (copy.width() != w || copy.height() != h) copy.resize(w, h);
  for (int y = 0; y < h; ++y) std::copy(terrain.height.row(y), terrain.height.row(y) + w, copy.row(y));
  copy.edgeGhosts(edges);
  RowChanges rows;
  rows.resize(h);
  forEachRowBand(h, size_t(w), threads, [&](int y0, int y1) {
    std::vector<float> change(static_cast<size_t>(w)), strengths(static_cast<size_t>(w), strength);
    for (int y = y0; y < y1; ++y) {
      if (mask) {
        const uint16_t* level = mask->levels() + size_t(y) * size_t(w);
        for (int x = 0; x < w; ++x) strengths[size_t(x)] = strength * (float(level[x]) * (1.0f / 65535.0f));
      }
      const float* __restrict share = strengths.data();
      const float* __restrict up = copy.row(y - 1);
      const float* __restrict mid = copy.row(y);
      const float* __restrict down = copy.row(y + 1);
      float* __restrict out = terrain.height.row(y);
      float* __restrict dep = terrain.deposited.row(y);
      float* __restrict ero = terrain.eroded.row(y);
      float* __restrict delta = change.data();
#pragma GCC ivdep
      for (int x = 0; x < w; ++x) {
        // Grouped symmetrically, so a mirrored map blurs to the mirrored result exactly.
        const float edgesSum = (mid[x - 1] + mid[x + 1]) + (up[x] + down[x]);
        const float cornersSum = (up[x - 1] + down[x + 1]) + (up[x + 1] + down[x - 1]);
        const float blurred = (4.0f * mid[x] + 2.0f * edgesSum + cornersSum) * (1.0f / 16.0f);
        const float d = share[x] * (blurred - mid[x]);
        out[x] = mid[x] + d;
        recordChange(dep[x], ero[x], d);
        delta[x] = d;
      }
      rows.record(y, delta, w);
    }
  });
  rows.addTotals(lowered, raised);
}

const std::array<ParamField<SmoothParams>, 1>& smoothParamFields() {
  return kFields;
}
std::vector<ParamInfo> smoothParamInfo() {
  return paramInfos(kFields);
}

SmoothModel::SmoothModel(const SmoothParams& params, Edges edges) : params_(params), edges_(edges) {
  validateFields(kFields, params_);
}

void SmoothModel::run(Terrain& terrain, const RainMap* rain, uint64_t, uint64_t count, ErosionStats& stats) {
  if (rain) checkRainFits(*rain, terrain.width(), terrain.heightCells());
  const auto start = std::chrono::steady_clock::now();
  ErosionStats run;
  run.soilBefore = soilTotal(terrain.height, nullptr, threads_);
  for (uint64_t i = 0; i < count; ++i)
    smoothTerrain(terrain, params_.strength, edges_, threads_, scratch_, run.eroded, run.deposited, rain);
  run.droplets = count;
  run.steps = count * terrain.height.cellCount();
  run.soilAfter = soilTotal(terrain.height, nullptr, threads_);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  stats.add(run);
}

}  // namespace runnel
