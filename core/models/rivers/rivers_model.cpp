#include "rivers_model.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>

#include "core/base/error.h"
#include "core/base/random.h"
#include "core/base/row_bands.h"
#include "core/base/value_limits.h"
#include "core/base/work_progress.h"
#include "core/generate/noise.h"
#include "core/rain/rain_map.h"
#include "core/terrain/box_blur.h"
#include "core/terrain/height_limits.h"
#include "core/terrain/level_resample.h"
#include "core/terrain/soil_record.h"
#include "core/terrain/soil_total.h"
#include "hillslope_diffusion.h"
#include "settle_walls.h"
#include "stream_power.h"

namespace runnel {

namespace {

// The uplift follows the input's landforms, not its every bump: a pit in the input would get less uplift
// than its rim at every step and stay a pit. Blurred over about this many metres (two box passes).
constexpr float kShapeBlurMetres = 120.0f;
// ... and worked out on cells of about this size (see captureShape).
constexpr float kShapeCellMetres = 30.0f;
// A river's power is spread over its bed with about this standard deviation, in metres, and at most this many
// cells (see spreadPower).
constexpr double kBedSpreadMetres = 35.0;
constexpr double kBedSpreadMaxCells = 1.17;
// How a finer level's drainage is counted (stream_power.h), so that its few steps cut its own generation of
// valleys at the slopes the coarsest level's valleys of as many cells stand at. Counted in its own cells, a
// finer level cut too slowly to dissect the slopes (hillslope length 0.83 against 0.67 at 1024², 30 m).
// - On the coarsest level and the first finer one, small catchments count kSmallCatchmentBoost times the
//   coarsest level's cells (r), the weight fading out past kSelfSimilarCells: A (1 + (r - 1) 32 / (A + 32)).
//   Fading past 64 cells, the boost reached into the slope-area fit's range (from 50 cells) and flattened
//   it there (seed 7 at 1024², θ 0.351 against 0.357 at 32).
// - From kFirstNewGullyLevel on (15 m and finer in a 4096² build), a gully new at the level counts
//   kNewGullyGain times the coarsest level's cells: a cell where the level below drained fewer than
//   kNewGullyCells of its cells (on it and beside it), or that drains less than a river of as many cells
//   (a gully on the river's banks); a river the level below already had counts its own area. The smooth boost
//   there made every catchment of 30 to 1,000 cells cut alike (1.4 times as deep, against 4.8 by their
//   areas): no gully outgrew its neighbours, the walls were combed by parallel gullies that never joined
//   (hillslope length 0.81 at 4096²). Every catchment counted as the coarsest level's cells, the trunk rivers
//   were cut as one-cell slots (grid marks 1.44). Counted so on the first finer level too, a 1024² build's
//   slopes came out straighter (the alpine preset's slope-area concavity 0.31-0.35 on three of six seeds). As
//   the coarsest level's cells once, the alpine preset's hollows at 4096² went shallow (curvature-area rho
//   0.570 on seed 11, 0.595 at twice, 0.616 three times over); four times, its valleys lined up with the
//   grid (axis bias 1.153). Three times over cut gorges that stood as grid-aligned cliffs (grid marks 1.21
//   on seed 7) until the walls slid after each incision (rivers::settleWalls; 1.075).
//   See rivers::riversNear, and docs/performance.md, sessions 26 to 29.
constexpr float kSelfSimilarCells = 32.0f;
constexpr float kSmallCatchmentBoost = 4.0f;
constexpr int kFirstNewGullyLevel = 2;
constexpr float kNewGullyGain = 3.0f;
// Creep on the levels that count new gullies runs at this share of its rate: at the full rate it rounded
// the new gullies' hollows away (curvature-area rho 0.590 on seed 21 at 2048², 7.5 m; 0.612 at half).
constexpr float kFineCreepShare = 0.5f;
// The pits a step's cutting and the hold leave are breached where they are within this many times a
// puddle's area: the deep new gullies of a 4096² build left 35,000-49,000 pits a step at 7.5 m, and with a
// puddle's area a few of them outlived the breaching every step and sent the closing pass over the whole
// map's basins (4.4 s of a 19.5 s build; 0.5 s at 4 times; the alpine preset at 8192², 154 -> 120 s).
constexpr float kClosingPuddleScale = 4.0f;
// The finer levels' convergence area (cells): all of a cell's water to its drawn receiver.
constexpr float kFineConverge = 0.01f;
// A river's power is spread over its bed (kBedSpreadMetres) in proportion to how much water the bed
// carries, B / (B + this many cells): spread in full, a gully a few cells apart from the next could not
// cut at all, and slopes stayed long and undissected (hillslope length 0.80 against 0.67 at 1024²). At 100
// cells, small channels cut as single cells and their cross-sections lined up with the grid (axis bias
// 1.14-1.16 at 1024² with the 1,015 m default relief; 30: 1.13-1.14).
constexpr float kBedSpreadCells = 30.0f;
// The uplift fades out towards the border (the base level, where water leaves) over this share of the map's
// smaller extent, smoothly: uplifted up to the border cell beside a fixed one, the land rose in a ramp a few
// cells wide round the map, a frame an artist had to crop (the outer two cells 4.8% of the relief below the
// ring ten cells in at 1024², 30 m). The same ground gets the same fade at every level.
constexpr float kUpliftMarginShare = 0.05f;
// The critical slope: maxSlope give or take this many degrees, varying over about this many metres.
// Give or take 6, every wall of a 4096² build (7.5 m) stood within a few degrees of the same angle, and
// the slopes' spread was too narrow for real ground (p90/median 1.76 and 1.85 on seeds 7 and 21, 1.58 in
// the alpine preset, against 1.83, 1.89 and 1.67 at 12); 1024² builds keep 2.3-2.4.
// Over cells finer than kCriticalSlopeBaseline the spread grows as (baseline /
// cell)^kCriticalSlopeSpreadGrowth (12 at 30 m, 18 at 7.5 m): a fine cell sees a single ledge or chute where
// a coarse one sees their mean. At 12 over every cell a 4096² build's new gullies stood at one angle
// (p90/median 1.75 at 2048², 7.5 m, seed 7); at 18 over every cell the alpine preset's 1024² slope-area law
// flattened (concavity 0.32-0.35).
constexpr double kCriticalSlopeSpread = 12.0;
constexpr double kCriticalSlopeSpreadGrowth = 0.29;
constexpr double kCriticalSlopeWavelength = 435.0;
// maxSlope is a wall's angle over kCriticalSlopeBaseline metres. Over finer cells the same wall stands
// steeper (its ledges and chutes), over coarser ones gentler: the critical grade goes as (baseline /
// cell)^kCriticalSlopeScaling, so 45 degrees over 30 m stands 50 over 7.5 m and 42.5 over 60 m. With one
// angle at every cell size, 50 degrees left the valleys' hollows shallow at 30 m (curvature-area rho 0.596
// on seed 3 at 1024²) and 45 narrowed the slopes' spread at 7.5 m (p90/median 1.73 at 4096²).
constexpr double kCriticalSlopeBaseline = 30.0;
constexpr double kCriticalSlopeScaling = 0.126;

// The box passes (1 to 3) and radius whose blur comes closest to a spread of `cells` standard deviation,
// at least one pass of radius 1 (a spread under a cell is the grid's own).
struct BedBlur {
  int radius = 1, passes = 1;
};
// The bed's spread in cells at a cell size: kBedSpreadMetres, at most kBedSpreadMaxCells. The spread is
// there for the grid (a bed about a cell wide either side keeps channels off its eight directions), not for
// the river: 35 m at 7.5 m cells (4.7 cells) gave every trunk river a level floor 100-200 m wide (flat
// patches 0.042-0.054 of a 4096² map), planed by the cells beside it cutting as the river; at most 1.17 cells
// brought them to 0.013-0.015, and the valleys' walls back into hollows (curvature-area rho 0.56 ->
// 0.61-0.64).
double bedSpreadCells(double cellSize) {
  return std::min(kBedSpreadMetres / cellSize, kBedSpreadMaxCells);
}

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

// Per distance from the border in cells (0: the border), the share of the uplift a cell gets: 0 at the
// border rising smoothly to 1 at `margin` metres.
std::vector<float> marginRamp(int width, int height, float cellSize) {
  const int reach = (std::max(width, height) + 1) / 2;
  const double margin = double(kUpliftMarginShare) * double(std::min(width, height)) * double(cellSize);
  std::vector<float> ramp(size_t(reach) + 1);
  for (int k = 0; k <= reach; ++k) {
    const double t = std::clamp(double(k) * double(cellSize) / std::max(margin, 1e-9), 0.0, 1.0);
    ramp[size_t(k)] = float(t * t * (3.0 - 2.0 * t));
  }
  return ramp;
}

// The border is the base level: water leaves there and nothing raises it. Where the land inside wears
// down below it (slopes sliding and creeping, away from the rivers), a border cell follows its neighbour
// one cell in: kept at the input's heights, the border stood as a rim round the map (the outer two cells
// 2% of the relief above the ring ten cells in at 1024²). Lowering an outlet opens no pit.
void lowerBorder(float* h, int w, int hgt) {
  if (w < 3 || hgt < 3) return;
  auto follow = [&](int x, int y, int inX, int inY) {
    float& edge = h[size_t(y) * size_t(w) + size_t(x)];
    edge = std::min(edge, h[size_t(inY) * size_t(w) + size_t(inX)]);
  };
  for (int x = 1; x < w - 1; ++x) follow(x, 0, x, 1), follow(x, hgt - 1, x, hgt - 2);
  for (int y = 1; y < hgt - 1; ++y) follow(0, y, 1, y), follow(w - 1, y, w - 2, y);
  follow(0, 0, 1, 1), follow(w - 1, 0, w - 2, 1), follow(0, hgt - 1, 1, hgt - 2),
      follow(w - 1, hgt - 1, w - 2, hgt - 2);
}

}  // namespace

double RiversModel::criticalGradeScale(float cellSize) {
  return std::pow(kCriticalSlopeBaseline / double(cellSize), kCriticalSlopeScaling);
}

RiversModel::RiversModel(const RiversParams& params, float cellSize, int threads, uint64_t seed)
    : params_(params), cellSize_(cellSize), threads_(threads), seed_(seed) {
  validateFields(riversParamFields(), params_);
  checkValue(limits::kCellSize, cellSize);
  levelCell_ = cellSize_;
  const BedBlur bed = bedBlur(bedSpreadCells(cellSize_));
  bedRadius_ = bed.radius;
  bedPasses_ = bed.passes;
}

const MapVector<float>& RiversModel::upliftShare() const {
  static const MapVector<float> none;
  return shapes_.empty() ? none : shapes_.back();
}

void RiversModel::continueFrom(const ErosionModel& previous) {
  auto* p = dynamic_cast<const RiversModel*>(&previous);
  if (!p || p->cellSize_ != cellSize_) return;
  plan_ = p->plan_;
  inputs_ = p->inputs_;
  shapes_ = p->shapes_;
  rains_ = p->rains_;
  level_ = p->level_;
  levelHeights_ = p->levelHeights_;
  below_ = p->below_;
  riversBelow_ = p->riversBelow_;
  power_ = p->power_;  // the creep of the next step fades where the last step's rivers ran
  held_ = p->held_;
  if (level_ >= 0) setLevelScale(level_);
}

void RiversModel::start(const Terrain& terrain, const RainMap* rain) {
  const int w = terrain.width(), hgt = terrain.heightCells();
  // Heights in metres within the limit of any land: past it the steps' sums overflow floats, and the run
  // would end in a non-finite height the model seemed to make itself.
  checkHeightsInMetres(terrain.height, "rivers: the input");
  float lo, hi;
  terrain.height.minMax(lo, hi);
  plan_ = levels(w, hgt);
  const size_t count = plan_.size();
  inputs_.assign(count, Heightmap());
  shapes_.assign(count, MapVector<float>());
  rains_.assign(count, nullptr);
  inputs_[count - 1] = terrain.height;
  shapes_[count - 1] = captureShape(terrain.height, lo, hi);
  for (size_t l = count - 1; l-- > 0;) {
    inputs_[l] = halve(inputs_[l + 1], threads_);
    Heightmap fineShape(plan_[l + 1].width, plan_[l + 1].height);
    std::copy(shapes_[l + 1].begin(), shapes_[l + 1].end(), fineShape.data());
    const Heightmap coarseShape = halve(fineShape, threads_);
    shapes_[l].assign(coarseShape.data(), coarseShape.data() + coarseShape.cellCount());
    if (rain) rains_[l] = halveRain(l + 2 < count ? *rains_[l + 1] : *rain);
  }
  // Each level's shape (0..1) made its share of the uplift: keepShape's blend of uniform and shaped, fading
  // out towards the border (kUpliftMarginShare).
  const float uniform = 1.0f - params_.keepShape, shaped = params_.keepShape;
  for (size_t l = 0; l < count; ++l) {
    const Level& at = plan_[l];
    const std::vector<float> ramp = marginRamp(at.width, at.height, at.cellSize);
    float* share = shapes_[l].data();
    forEachRowBand(at.height, size_t(at.width), threads_, [&](int y0, int y1) {
      for (int y = y0; y < y1; ++y) {
        const int fromRow = std::min(y, at.height - 1 - y);
        for (int x = 0; x < at.width; ++x) {
          const size_t i = size_t(y) * size_t(at.width) + size_t(x);
          share[i] = ramp[size_t(std::min({fromRow, x, at.width - 1 - x}))] * (uniform + shaped * share[i]);
        }
      }
    });
  }
  level_ = -1;
  levelHeights_ = below_ = held_ = Heightmap();
  riversBelow_ = MapVector<uint8_t>();
}

void RiversModel::setLevelScale(int level) {
  const Level& l = plan_[size_t(level)];
  levelCell_ = l.cellSize;
  const BedBlur bed = bedBlur(bedSpreadCells(levelCell_));
  bedRadius_ = bed.radius;
  bedPasses_ = bed.passes;
  // The critical slope varies over the land (rock that stands steeper here, slides sooner there), as
  // noise of kCriticalSlopeWavelength in world units: every level sees the same rock.
  grade_.resize(size_t(l.width) * size_t(l.height));
  const double tanMax = std::tan(double(params_.maxSlope) * std::numbers::pi / 180.0);
  const double overCells = criticalGradeScale(levelCell_);
  const double spread =
      kCriticalSlopeSpread *
      std::pow(std::max(1.0, kCriticalSlopeBaseline / double(levelCell_)), kCriticalSlopeSpreadGrowth);
  NoiseOctave rock;
  rock.seed = uint32_t(splitmix64(seed_ ^ 0x726f636bull));
  rock.stepX = rock.stepY = double(levelCell_) / kCriticalSlopeWavelength;
  rock.offsetX = rock.offsetY = 1024.0;  // each cell read at its centre: the same rock at every level
  forEachRowBand(l.height, size_t(l.width), threads_, [&](int y0, int y1) {
    NoiseRowSampler rows(rock, l.width);
    std::vector<float> noise(size_t(l.width));
    for (int y = y0; y < y1; ++y) {
      rows.sampleRow(y, noise.data());
      for (int x = 0; x < l.width; ++x) {
        const double degrees =
            double(params_.maxSlope) + spread * std::clamp(1.5 * double(noise[size_t(x)]), -1.0, 1.0);
        grade_[size_t(y) * size_t(l.width) + size_t(x)] =
            float(overCells * std::tan(std::clamp(degrees, 5.0, 89.0) * std::numbers::pi / 180.0) / tanMax);
      }
    }
  });
}

MapVector<float> RiversModel::captureShape(const Heightmap& h, float lo, float hi) const {
  MapVector<float> shape;
  // In double: the span of a map of subnormal heights (2e-42 m) has no float reciprocal.
  const double scale = hi > lo ? 1.0 / (double(hi) - double(lo)) : 0.0;
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
        coarse[size_t(cy) * size_t(cw) + size_t(cx)] = float((sum / count - double(lo)) * scale);
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
  if (f == 1) return coarse;
  // Bilinear between the coarse cells' centres, clamped at the edges.
  shape.resize(h.cellCount());
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
        shape[size_t(y) * size_t(w) + size_t(x)] = top + ty * (bottom - top);
      }
    }
  });
  return shape;
}

// A river whose power sits in one cell cuts a slot one cell wide, and a slot running across the grid is a
// staircase that reads as grid-aligned hatching; step after step, rivers then lock onto the grid's eight
// directions. The power is spread over a bed of kBedSpreadMetres, at most kBedSpreadMaxCells (a few box
// passes, nearly Gaussian), so a river cuts a bed a few cells wide and its banks with it.
// At 30 m cells, a 1-2-1 spread (0.7 cells) left channels' cross-sections lined up with the grid (axis bias
// 1.31 in valleys after 20 steps, growing with every step); 1.15 cells brought it to 1.15.
// Cutting still never opens a pit: each cell's new height stays between its old one and its receivers'.
int RiversModel::bedReachCells(float cellSize) {
  const BedBlur blur = bedBlur(bedSpreadCells(cellSize));
  return blur.radius * blur.passes;
}

void RiversModel::spreadPower(const MapVector<float>& cells, int w, int hgt) {
  power_.assign(cells.begin(), cells.end());
  // The cutting depths' buffer is free here (worked out from the power next).
  boxBlur(power_, cut_, w, hgt, bedRadius_, bedPasses_, threads_);
  const float* raw = cells.data();
  forEachRowBand(hgt, size_t(w), threads_, [&](int y0, int y1) {
    for (size_t i = size_t(y0) * size_t(w); i < size_t(y1) * size_t(w); ++i) {
      const float spread = power_[i], share = spread / (spread + kBedSpreadCells);
      power_[i] = raw[i] + share * (spread - raw[i]);
    }
  });
}

void RiversModel::step(Heightmap& heights, const RainMap* rain) {
  float* h = heights.data();
  const int w = heights.width(), hgt = heights.height();
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
  const size_t n = size_t(w) * size_t(hgt);
  const float cellArea = levelCell_ * levelCell_;
  const float coarseArea = plan_.front().cellSize * plan_.front().cellSize;
  const float headCells = params_.channelHead / cellArea;
  const MapVector<float>& shape = shapes_[size_t(level_)];

  // Uplift, each cell its share (none on the border: the base level stays).
  const float lift = params_.uplift * 1e-3f * params_.timeStep;
  if (lift > 0.0f) {
    forEachRowBand(hgt, size_t(w), threads_, [&](int y0, int y1) {
      for (size_t i = size_t(y0) * size_t(w); i < size_t(y1) * size_t(w); ++i) h[i] += lift * shape[i];
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
    // In the level's own cells: creep is D in m² a year at every level. (In the coarsest level's cells, the
    // finest level of a 4096² build crept 64 times slower than the coarse one, and its slopes stood steep:
    // median 36 degrees at 7.5 m against 29 at 30 m.) It fades out past the channel head in the coarsest
    // level's cells (5.6 by default), where each finer level's gullies begin: faded only past the level's
    // own head (356 cells at 7.5 m), creep filled the small gullies (hillslope length 0.81).
    const float rate = params_.diffusion * params_.timeStep / cellArea *
                       (level_ >= kFirstNewGullyLevel ? kFineCreepShare : 1.0f);
    const float head = std::max(params_.channelHead / coarseArea, 1.0f);
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
  // On the coarsest level water spreads over the slopes below the channel head (in the coarsest level's
  // cells); on the finer ones each cell sends it to one lower neighbour drawn by slope (chooseReceivers).
  graph_.resize(w, hgt, threads_,
                level_ == 0 ? std::max(params_.channelHead / coarseArea, 1.0f) : kFineConverge);
  lakes_ = graph_.resolveLakes(h, params_.lakeFill, levelCell_);
  lap(stages_.lakes);
  graph_.route(h);
  // Doubled slopes are smooth facets; water following their own direction runs in parallel paths, and
  // the gullies it cut stood side by side like a comb, lined up with the grid (grid marks 1.33, axis bias
  // 1.26 at 2048²). Drawn receivers meet where the draws meet: branching gullies (1.08, 1.05).
  if (level_ > 0) graph_.chooseReceivers(splitmix64(seed_ * 0x9E3779B97F4A7C15ull + uint64_t(level_)));
  lap(stages_.route);
  graph_.accumulate(rain);
  lap(stages_.area);

  // Rivers cut, last: the step ends on a surface that drains everywhere (cutting opens no pit).
  spreadPower(graph_.area(), w, hgt);
  rivers::StreamPower cutting{params_.erodibility,
                              params_.concavity,
                              params_.slopeExponent,
                              headCells,
                              params_.timeStep,
                              levelCell_,
                              std::tan(params_.maxSlope * 3.14159265f / 180.0f)};
  cutting.gradeScale = grade_.data();
  if (level_ >= kFirstNewGullyLevel && !riversBelow_.empty()) {
    cutting.riversBelow = riversBelow_.data();
    cutting.riverCells = kNewGullyCells * 4.0f;  // the level below's cells, 2 x 2 of these each
    cutting.belowWidth = below_.width();
    cutting.belowHeight = below_.height();
    cutting.newGullyGain = coarseArea / cellArea * kNewGullyGain;
  } else {
    cutting.selfSimilarCells = kSelfSimilarCells;
    cutting.coarseAreaRatio = coarseArea / cellArea * kSmallCatchmentBoost;
  }
  rivers::cuttingDepths(power_, cut_, cutting, w, hgt, threads_);
  lap(stages_.spread);
  rivers::incise(graph_, cut_, h, cutting);
  // A gully cut deep in one step, nearly to its outlet's height, drops past the cells beside it that the
  // incision solved before it (lower then): they stand over it as cliffs, up to 500 m high over 7.5 m cells
  // (0.4% of an alpine 4096² map steeper than 83 degrees). They slide now, down to the critical slope.
  rivers::settleWalls(h, w, hgt, levelCell_, cutting.maxGrade, grade_.data(), threads_);
  if (level_ > 0) holdLevelBelow(heights);
  lap(stages_.incise);
  // Cutting opens no pit in exact arithmetic; rounding, the slope limit, a lake filled part of the way and
  // the hold (rock raised along a gully) leave cells below all their neighbours. Lakes passes go on until one
  // finds no pit, so every step ends on a surface that drains everywhere, and a run comes out the same
  // however it is split into calls (the editor's batches follow the clock).
  graph_.resolveAllLakes(h, params_.lakeFill, levelCell_, kClosingPuddleScale);
  lowerBorder(h, w, hgt);
  lap(stages_.closing);
}

void RiversModel::run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
                      ErosionStats& stats) {
  const auto began = std::chrono::steady_clock::now();
  ensureRecord(terrain);
  if (rain) checkRainFits(*rain, terrain.width(), terrain.heightCells());
  if (count == 0) return;  // nothing to run: the map stays as it is (no level to show yet)
  const int w = terrain.width(), hgt = terrain.heightCells();
  const bool sameMap = !plan_.empty() && plan_.back().width == w && plan_.back().height == hgt;
  if (first == 0 || !sameMap) start(terrain, rain);
  const int last = int(plan_.size()) - 1;
  // While the build is on a coarser level, the map only shows it (doubled up each call, for the editor's
  // view); the record of what the water moved waits for the map's own level, and is then taken against the
  // build's input in one go. Recording the full map at every coarse step (a copy of the map and a pass
  // over it, each call) cost 8 of the 10 s the coarse level took at 4096².
  const bool fromInput = level_ < last;
  const Heightmap startHeights = fromInput ? Heightmap() : terrain.height;
  // Uplift added per cell since the record was last taken (neither erosion nor deposit), in full lifts.
  double lifts = fromInput ? double(first) : 0.0;
  for (uint64_t i = 0; i < count; ++i) {
    WorkProgress unit(double(i) / double(count), double(i + 1) / double(count));
    const int level = levelOfUnit(first + i, last + 1);
    if (level != level_) enterLevel(level, terrain);
    if (level_ == last)
      step(terrain.height, rain);
    else
      step(levelHeights_, rains_[size_t(level_)].get());
    lifts += 1;
  }
  // A coarser level shows on the map as it stands, doubled up to the map's size.
  if (level_ < last) {
    doubleUpInto(levelHeights_, terrain.height, 0.0f, 0, threads_);
    ErosionStats run;
    run.droplets = count;
    run.steps = count * terrain.height.cellCount();
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    stats.add(run);
    return;
  }

  // The record and the volumes: what the water moved, the net change per cell less the uplift.
  const float lift = float(lifts) * params_.uplift * 1e-3f * params_.timeStep;
  // Rock raised: the uplift, and on a finer level what keeping the level below's landforms raised (kept at
  // the level below's cells, doubled as the heights were).
  const MapVector<float>& share = shapes_.back();
  std::optional<RowDoubler> held;
  if (!held_.empty()) held.emplace(held_, w, hgt);
  RowChanges rows;
  recordSince(terrain, fromInput ? inputs_.back() : startHeights, threads_, &rows, [&](int y, float* raised) {
    const float* s = share.data() + size_t(y) * size_t(w);
    if (held)
      held->row(y, raised);
    else
      std::fill(raised, raised + w, 0.0f);
    for (int x = 0; x < w; ++x) raised[x] += lift * s[x];
  });
  if (!held_.empty()) std::fill(held_.data(), held_.data() + held_.cellCount(), 0.0f);
  // The input is spent once recorded against (the coarser levels' maps went on entering the map's level).
  if (fromInput) inputs_.back() = Heightmap();
  ErosionStats run;
  rows.addTotals(run.eroded, run.deposited);
  run.droplets = count;
  run.steps = count * terrain.height.cellCount();
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  stats.add(run);
}

}  // namespace runnel
