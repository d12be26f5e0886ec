#include "rivers_model.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numbers>

#include "core/base/error.h"
#include "core/base/row_bands.h"
#include "core/base/value_limits.h"
#include "core/base/work_progress.h"
#include "core/rain/rain_map.h"
#include "core/terrain/box_blur.h"
#include "core/terrain/soil_record.h"
#include "core/terrain/soil_total.h"
#include "hillslope_diffusion.h"
#include "stream_power.h"

namespace runnel {

namespace {

// The uplift follows the input's landforms, not its every bump: a pit in the input would get less uplift
// than its rim at every step and stay a pit. Blurred over about this many metres (two box passes).
constexpr float kShapeBlurMetres = 120.0f;
// ... and worked out on cells of about this size (see captureShape).
constexpr float kShapeCellMetres = 30.0f;
// A river's power is spread over its bed with about this standard deviation, in metres (see spreadPower).
constexpr double kBedSpreadMetres = 35.0;

// The box passes (1 to 3) and radius whose blur comes closest to a spread of `cells` standard deviation,
// at least one pass of radius 1 (a spread under a cell is the grid's own).
struct BedBlur {
  int radius = 1, passes = 1;
};
BedBlur bedBlur(double cells) {
  const double want = cells * cells;
  BedBlur best;
  double error = std::abs(boxBlurVariance(1, 1) - want);
  for (int passes = 1; passes <= 3; ++passes)
    for (int radius = 1; radius <= 1024; ++radius) {
      const double e = std::abs(boxBlurVariance(radius, passes) - want);
      if (e <= error) best = {radius, passes}, error = e;  // ties to more passes: a smoother kernel
      if (boxBlurVariance(radius, passes) > want) break;
    }
  return best;
}

}  // namespace

RiversModel::RiversModel(const RiversParams& params, float cellSize, int threads)
    : params_(params), cellSize_(cellSize), threads_(threads) {
  validateFields(riversParamFields(), params_);
  checkValue(limits::kCellSize, cellSize);
  const BedBlur bed = bedBlur(kBedSpreadMetres / double(cellSize_));
  bedRadius_ = bed.radius;
  bedPasses_ = bed.passes;
}

void RiversModel::continueFrom(const ErosionModel& previous) {
  if (auto* p = dynamic_cast<const RiversModel*>(&previous)) shape_ = p->shape_;
}

void RiversModel::captureShape(const Heightmap& h) {
  float lo, hi;
  h.minMax(lo, hi);
  const float scale = hi > lo ? 1.0f / (hi - lo) : 0.0f;
  const int w = h.width(), hgt = h.height();
  // Worked out on cells of about kShapeCellMetres (f x f of the map's), then spread back over the map: the
  // shape keeps landforms of kShapeBlurMetres and more only, and at 7.5 m cells the whole-map fill below
  // took seconds. The same grid at every finer resolution also gives the same uplift.
  const int f = std::clamp(int(kShapeCellMetres / cellSize_), 1, 16);
  const int cw = (w + f - 1) / f, ch = (hgt + f - 1) / f;
  MapVector<float> coarse(size_t(cw) * size_t(ch));
  forEachRowBand(ch, size_t(cw) * size_t(f * f), threads_, [&](int y0, int y1) {
    for (int cy = y0; cy < y1; ++cy)
      for (int cx = 0; cx < cw; ++cx) {
        double sum = 0;
        int count = 0;
        for (int y = cy * f; y < std::min((cy + 1) * f, hgt); ++y)
          for (int x = cx * f; x < std::min((cx + 1) * f, w); ++x, ++count) sum += h.at(x, y);
        coarse[size_t(cy) * size_t(cw) + size_t(cx)] = (float(sum / count) - lo) * scale;
      }
  });
  // The input's closed basins filled first: uplift shaped like a basin would lift its rim more than its
  // floor at every step and keep it a lake for ever (flat floors where rivers should run).
  {
    rivers::DrainageGraph filler(cw, ch, threads_, 1.0f);
    filler.resolveLakes(coarse.data(), 1.0f, 1.0f);
  }
  const int r = std::clamp(int(std::lround(kShapeBlurMetres / (cellSize_ * float(f)))), 0, 64);
  MapVector<float> scratch;
  boxBlur(coarse, scratch, cw, ch, r, 2, threads_);
  if (f == 1) {
    shape_ = std::move(coarse);
    return;
  }
  // Bilinear between the coarse cells' centres, clamped at the edges.
  shape_.resize(h.cellCount());
  forEachRowBand(hgt, size_t(w), threads_, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      const float fy = std::clamp((float(y) + 0.5f) / float(f) - 0.5f, 0.0f, float(ch - 1));
      const int y0c = std::min(int(fy), ch - 1), y1c = std::min(y0c + 1, ch - 1);
      const float ty = fy - float(y0c);
      for (int x = 0; x < w; ++x) {
        const float fx = std::clamp((float(x) + 0.5f) / float(f) - 0.5f, 0.0f, float(cw - 1));
        const int x0c = std::min(int(fx), cw - 1), x1c = std::min(x0c + 1, cw - 1);
        const float tx = fx - float(x0c);
        auto at = [&](int cx, int cy) { return coarse[size_t(cy) * size_t(cw) + size_t(cx)]; };
        const float top = at(x0c, y0c) + tx * (at(x1c, y0c) - at(x0c, y0c));
        const float bottom = at(x0c, y1c) + tx * (at(x1c, y1c) - at(x0c, y1c));
        shape_[size_t(y) * size_t(w) + size_t(x)] = top + ty * (bottom - top);
      }
    }
  });
}

// A river whose power sits in one cell cuts a slot one cell wide, and a slot running across the grid is a
// staircase that reads as grid-aligned hatching; step after step, rivers then lock onto the grid's eight
// directions. The power is spread over a bed of kBedSpreadMetres (a few box passes, nearly Gaussian), so a
// river cuts a bed a few cells wide and its banks with it, the same width in metres at any resolution.
// At 30 m cells, a 1-2-1 spread (0.7 cells) left channels' cross-sections lined up with the grid (axis bias
// 1.31 in valleys after 20 steps, growing with every step); 1.15 cells brought it to 1.15.
// Cutting still never opens a pit: each cell's new height stays between its old one and its receivers'.
int RiversModel::bedReachCells(float cellSize) {
  const BedBlur blur = bedBlur(kBedSpreadMetres / double(cellSize));
  return blur.radius * blur.passes;
}

void RiversModel::spreadPower(const MapVector<float>& cells, int w, int hgt) {
  power_.assign(cells.begin(), cells.end());
  // The cutting depths' buffer is free here (worked out from the power next).
  boxBlur(power_, cut_, w, hgt, bedRadius_, bedPasses_, threads_);
}

void RiversModel::step(Terrain& terrain, const RainMap* rain) {
  auto last = std::chrono::steady_clock::now();
  // Each stage done is reported (WorkProgress) as its share of a step, by the time the stages have taken so
  // far (evenly on the first step): one step at 4096² takes a second or two, and a progress bar should move.
  const StageSeconds so = stages_;
  const double stagesSoFar[] = {so.uplift, so.creep,  so.lakes,  so.route,
                                so.area,   so.spread, so.incise, so.closing};
  double total = 0;
  for (double t : stagesSoFar) total += t;
  double reached = 0;
  int stagesDone = 0;
  auto lap = [&](double& stage) {
    const auto now = std::chrono::steady_clock::now();
    stage += std::chrono::duration<double>(now - last).count();
    last = now;
    reached += total > 0 ? stagesSoFar[stagesDone] / total : 1.0 / 8.0;
    ++stagesDone;
    reportWork(uint64_t(std::lround(reached * 1000.0)), 1000);
  };
  const int w = terrain.width(), hgt = terrain.heightCells();
  const size_t n = terrain.height.cellCount();
  float* h = terrain.height.data();
  const float cellArea = cellSize_ * cellSize_;
  const float headCells = params_.channelHead / cellArea;

  // Uplift, off the border (the base level stays).
  const float lift = params_.uplift * 1e-3f * params_.timeStep;
  if (lift > 0.0f) {
    const float uniform = 1.0f - params_.keepShape, shaped = params_.keepShape;
    forEachRowBand(hgt, size_t(w), threads_, [&](int y0, int y1) {
      for (int y = std::max(y0, 1); y < std::min(y1, hgt - 1); ++y)
        for (int x = 1; x < w - 1; ++x) {
          const size_t i = size_t(y) * size_t(w) + size_t(x);
          h[i] += lift * (uniform + shaped * shape_[i]);
        }
    });
  }
  lap(stages_.uplift);

  // Hillslopes creep; the creep fades out where the last step's rivers run (rate x head / (head + water)),
  // so valley floors are not smeared. A hard line between creeping banks and fixed channel beds would be a
  // staircase across the grid: at 15 m cells it drew grid marks of 1.25 where a fade by the spread power
  // gives 1.17. The water is the spread power times the bed's width (sqrt(2 pi) standard deviations: a
  // river's own drainage area again on its centre line, fading smoothly across its banks). The spread
  // power alone, diluted over a bed of 35 m, let creep fill the small channels: dams, 4 times the lakes a
  // step at 4096² for the lakes pass to walk; fading by the drainage area where it is larger drew grid
  // marks of 1.16 at 4096².
  if (params_.diffusion > 0.0f) {
    const float rate = params_.diffusion * params_.timeStep / cellArea;
    const float head = std::max(headCells, 1.0f);
    cut_.resize(n);
    const bool fade = power_.size() == n;
    const float width = float(std::sqrt(2.0 * std::numbers::pi * boxBlurVariance(bedRadius_, bedPasses_)));
    forEachRowBand(hgt, size_t(w), threads_, [&](int y0, int y1) {
      for (size_t i = size_t(y0) * size_t(w); i < size_t(y1) * size_t(w); ++i)
        cut_[i] = fade ? rate * head / (head + width * power_[i]) : rate;
    });
    // The rates borrow the cutting depths' buffer (worked out afresh later in the step); the last step's
    // spread power is spent (its fade is in the rates): its buffer holds the substeps.
    rivers::diffuse(h, cut_.data(), w, hgt, threads_, power_);
  }
  lap(stages_.creep);

  // Routing: lakes resolved, then the drainage area over the painted rain.
  graph_.resize(w, hgt, threads_, std::max(headCells, 1.0f));
  lakes_ = graph_.resolveLakes(h, params_.lakeFill, cellSize_);
  lap(stages_.lakes);
  graph_.route(h);
  lap(stages_.route);
  graph_.accumulate(rain);
  lap(stages_.area);

  // Rivers cut, last: the step ends on a surface that drains everywhere (cutting opens no pit).
  spreadPower(graph_.area(), w, hgt);
  const rivers::StreamPower cutting{params_.erodibility,
                                    params_.concavity,
                                    params_.slopeExponent,
                                    headCells,
                                    params_.timeStep,
                                    cellSize_,
                                    std::tan(params_.maxSlope * 3.14159265f / 180.0f)};
  rivers::cuttingDepths(power_, cut_, cutting, w, hgt, threads_);
  lap(stages_.spread);
  rivers::incise(graph_, cut_, h, cutting);
  lap(stages_.incise);
  // Cutting opens no pit in exact arithmetic; rounding, the slope limit and a lake filled part of the way can
  // leave a few cells a hair below all their neighbours. Lakes passes go on until one finds no pit (at most
  // four), so every step ends on a surface that drains everywhere, and a run comes out the same however it
  // is split into calls (the editor's batches follow the clock).
  for (int pass = 0; pass < 4; ++pass)
    if (graph_.resolveLakes(h, params_.lakeFill, cellSize_).pits == 0) break;
  lap(stages_.closing);
}

void RiversModel::run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
                      ErosionStats& stats) {
  const auto start = std::chrono::steady_clock::now();
  ensureRecord(terrain);
  if (rain) checkRainFits(*rain, terrain.width(), terrain.heightCells());
  if (first == 0 || shape_.size() != terrain.height.cellCount()) captureShape(terrain.height);
  const int w = terrain.width(), hgt = terrain.heightCells();
  const Heightmap startHeights = terrain.height;
  for (uint64_t i = 0; i < count; ++i) {
    WorkProgress unit(double(i) / double(count), double(i + 1) / double(count));
    step(terrain, rain);
  }

  // The record and the volumes: net change per cell (uplift counts against erosion).
  RowChanges rows;
  rows.resize(hgt);
  forEachRowBand(hgt, size_t(w), threads_, [&](int y0, int y1) {
    std::vector<float> change(static_cast<size_t>(w));
    for (int y = y0; y < y1; ++y) {
      const float* now = terrain.height.row(y);
      const float* was = startHeights.row(y);
      float* dep = terrain.deposited.row(y);
      float* ero = terrain.eroded.row(y);
      for (int x = 0; x < w; ++x) {
        change[size_t(x)] = now[x] - was[x];
        recordChange(dep[x], ero[x], change[size_t(x)]);
      }
      rows.record(y, change.data(), w);
    }
  });
  ErosionStats run;
  rows.addTotals(run.eroded, run.deposited);
  run.droplets = count;
  run.steps = count * terrain.height.cellCount();
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  stats.add(run);
}

}  // namespace runnel
