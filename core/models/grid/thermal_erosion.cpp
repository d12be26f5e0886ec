#include "thermal_erosion.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/base/row_bands.h"
#include "core/base/wide_vectors.h"
#include "core/terrain/soil_record.h"
#include "core/terrain/soil_total.h"

namespace runnel {

namespace {

constexpr float kSqrt2 = 1.41421356f;
constexpr float kFlat = 1e-30f;
// Past a closed edge: so high that nothing slides onto it, and it sends nothing (its flow is 0).
constexpr float kWall = 1e30f;

// Pass 1 on one row: what each cell sends, per unit of excess, from the old heights (rows up, mid, down of
// the padded heights; tm: the row's talus rises).
RUNNEL_WIDE_VECTORS void sendRow(const float* __restrict up, const float* __restrict mid,
                                 const float* __restrict down, const float* __restrict tm,
                                 float* __restrict flow, float* __restrict out, int w, float half) {
#pragma GCC ivdep
  for (int x = 0; x < w; ++x) {
    const float c = mid[x], talus = tm[x], talusDiagonal = tm[x] * kSqrt2;
    const float eW = std::max(c - mid[x - 1] - talus, 0.0f), eE = std::max(c - mid[x + 1] - talus, 0.0f);
    const float eN = std::max(c - up[x] - talus, 0.0f), eS = std::max(c - down[x] - talus, 0.0f);
    const float eNW = std::max(c - up[x - 1] - talusDiagonal, 0.0f);
    const float eNE = std::max(c - up[x + 1] - talusDiagonal, 0.0f);
    const float eSW = std::max(c - down[x - 1] - talusDiagonal, 0.0f);
    const float eSE = std::max(c - down[x + 1] - talusDiagonal, 0.0f);
    const float total = ((eW + eE) + (eN + eS)) + ((eNW + eSE) + (eNE + eSW));
    const float largest = std::max(std::max(std::max(eW, eE), std::max(eN, eS)),
                                   std::max(std::max(eNW, eSE), std::max(eNE, eSW)));
    // Half the largest excess levels the steepest pair to the talus without overshooting.
    const float moved = half * largest;
    out[x] = moved;
    flow[x] = moved / std::max(total, kFlat);  // no branch: moved <= total / 2 anyway
  }
}

// Pass 2 on one row: each cell keeps what it did not send and gathers what its higher neighbours sent it
// (f*: their flows, t*: their talus rises); records the change in the terrain's row and in `delta`.
RUNNEL_WIDE_VECTORS void gatherRow(const float* __restrict up, const float* __restrict mid,
                                   const float* __restrict down, const float* __restrict fu,
                                   const float* __restrict fm, const float* __restrict fd,
                                   const float* __restrict tu, const float* __restrict tm,
                                   const float* __restrict td, const float* __restrict out,
                                   float* __restrict height, float* __restrict dep, float* __restrict ero,
                                   float* __restrict delta, int w) {
#pragma GCC ivdep
  for (int x = 0; x < w; ++x) {
    const float c = mid[x];
    // Each neighbour sends by its own talus.
    const float gW = std::max(mid[x - 1] - c - tm[x - 1], 0.0f) * fm[x - 1];
    const float gE = std::max(mid[x + 1] - c - tm[x + 1], 0.0f) * fm[x + 1];
    const float gN = std::max(up[x] - c - tu[x], 0.0f) * fu[x];
    const float gS = std::max(down[x] - c - td[x], 0.0f) * fd[x];
    const float gNW = std::max(up[x - 1] - c - tu[x - 1] * kSqrt2, 0.0f) * fu[x - 1];
    const float gNE = std::max(up[x + 1] - c - tu[x + 1] * kSqrt2, 0.0f) * fu[x + 1];
    const float gSW = std::max(down[x - 1] - c - td[x - 1] * kSqrt2, 0.0f) * fd[x - 1];
    const float gSE = std::max(down[x + 1] - c - td[x + 1] * kSqrt2, 0.0f) * fd[x + 1];
    const float gathered = ((gW + gE) + (gN + gS)) + ((gNW + gSE) + (gNE + gSW));
    const float d = gathered - out[x];
    height[x] = c + d;
    recordChange(dep[x], ero[x], d);
    delta[x] = d;
  }
}

const std::array<ParamField<ThermalParams>, 2> kFields{{
    {"talusAngle", &ThermalParams::talusAngle, 0.0f, 89.0f,
     "Talus angle: the steepest slope loose material rests on (scree 30-40 degrees, rock walls more); "
     "steeper ground slides down. The same angle at any cell size",
     false, "°"},
    {"rate", &ThermalParams::rate, 0.0f, 1.0f,
     "Share of the material above the talus slope that slides in one iteration"},
}};

}  // namespace

const std::array<ParamField<ThermalParams>, 2>& thermalParamFields() {
  return kFields;
}
std::vector<ParamInfo> thermalParamInfo() {
  return paramInfos(kFields);
}

ThermalErosion::ThermalErosion(const ThermalParams& params, Edges edges, float cellRise)
    : params_(params), edges_(edges) {
  validateFields(kFields, params_);
  talusRise_ = float(std::tan(double(params_.talusAngle) * M_PI / 180.0) * double(cellRise));
}

void ThermalErosion::prepare(Terrain& terrain) {
  ensureRecord(terrain);
  const int w = terrain.width(), h = terrain.heightCells();
  if (heights_.width() != w || heights_.height() != h) {
    heights_.resize(w, h);
    flow_.resize(w, h);
    talus_.resize(w, h);
    talusFilled_ = false;
    outflow_.assign(size_t(w) * size_t(h), 0.0f);
    rowChanges_.resize(h);
  }
}

void ThermalErosion::iterate(Terrain& terrain, ErosionStats* stats) {
  const int w = terrain.width(), h = terrain.heightCells();
  const float half = 0.5f * params_.rate;
  for (int y = 0; y < h; ++y) std::copy(terrain.height.row(y), terrain.height.row(y) + w, heights_.row(y));
  if (edges_ == Edges::Wrap)
    heights_.wrapGhosts(), talus_.wrapGhosts();
  else
    heights_.fillGhosts(kWall), talus_.fillGhosts(0.0f);  // a wall's ghost sends nothing (its flow is 0)

  // Pass 1: what each cell sends, per unit of excess, from the old heights.
  forEachRowBand(h, size_t(w), threads_, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y)
      sendRow(heights_.row(y - 1), heights_.row(y), heights_.row(y + 1), talus_.row(y), flow_.row(y),
              outflow_.data() + size_t(y) * size_t(w), w, half);
  });
  if (edges_ == Edges::Wrap)
    flow_.wrapGhosts();
  else
    flow_.fillGhosts(0.0f);

  // Pass 2: each cell keeps what it did not send and gathers what its higher neighbours sent it.
  forEachRowBand(h, size_t(w), threads_, [&](int y0, int y1) {
    std::vector<float> change(static_cast<size_t>(w));
    for (int y = y0; y < y1; ++y) {
      gatherRow(heights_.row(y - 1), heights_.row(y), heights_.row(y + 1), flow_.row(y - 1), flow_.row(y),
                flow_.row(y + 1), talus_.row(y - 1), talus_.row(y), talus_.row(y + 1),
                outflow_.data() + size_t(y) * size_t(w), terrain.height.row(y), terrain.deposited.row(y),
                terrain.eroded.row(y), change.data(), w);
      if (stats) rowChanges_.record(y, change.data(), w);
    }
  });
  if (stats) rowChanges_.addTotals(stats->eroded, stats->deposited);
}

void ThermalErosion::run(Terrain& terrain, const RainMap*, uint64_t, uint64_t count, ErosionStats& stats) {
  const auto start = std::chrono::steady_clock::now();
  prepare(terrain);
  if (!talusFilled_) {
    for (int y = 0; y < terrain.heightCells(); ++y)
      std::fill(talus_.row(y), talus_.row(y) + terrain.width(), talusRise_);
    talusFilled_ = true;
  }
  ErosionStats run;
  run.soilBefore = soilTotal(terrain.height, nullptr, threads_);
  for (uint64_t i = 0; i < count; ++i) iterate(terrain, &run);
  run.droplets = count;
  run.steps = count * terrain.height.cellCount();
  run.soilAfter = soilTotal(terrain.height, nullptr, threads_);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  stats.add(run);
}

}  // namespace runnel
