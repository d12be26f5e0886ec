#include "droplet_model.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <string>

#include "core/base/error.h"
#include "core/base/value_limits.h"
#include "core/models/grid/thermal_erosion.h"
#include "core/rain/rain_map.h"
#include "droplet_kernel.h"
#include "droplet_tiles.h"

namespace runnel {

DropletModel::DropletModel(const DropletSettings& settings) : settings_(settings) {
  validate(settings_.params);
  if (std::isinf(settings_.baseLevel))
    throw Error("base level: " + std::to_string(settings_.baseLevel) + " is not a finite height");
  if (settings_.pathLimitFactor < 1 || settings_.pathLimitFactor > 64)
    throw Error("path limit factor: " + std::to_string(settings_.pathLimitFactor) + " is outside [1, 64]");
  if (settings_.threads != 0) checkValue(limits::kThreads, settings_.threads);  // 0: every core
}

DropletModel::~DropletModel() = default;

namespace {
// The reference order: droplet after droplet, in index order; `ended` after each droplet (with the index
// past it) where given.
void runSequential(const TerrainView& view, const DropletConstants& k, const RainMap* rain, uint64_t seed,
                   uint64_t first, uint64_t count, DropletTally& tally,
                   const std::function<void(uint64_t)>& ended) {
  for (uint64_t i = first; i < first + count; ++i) {
    DropletRandom rng(seed, i);
    const StartCell c = dropletStart(rain, view.width, view.rows, rng);
    runDroplet(view, k, c.x, c.y, rng, tally);
    if (ended) ended(i + 1);
  }
}

bool settles(float angle) {
  return angle < 90.0f;
}
}  // namespace

uint64_t DropletModel::settleEvery(int width, int rows) const {
  const DropletParams& p = settings_.params;
  if (settings_.mode == DropletMode::Classic || (!settles(p.sedimentAngle) && !settles(p.rockAngle)))
    return 0;
  const uint64_t wave = DropletTiles::waveSize(width, rows);
  const double droplets = kSettleDropletsPerCell * double(width) * double(rows);
  return std::max<uint64_t>(1, uint64_t(std::ceil(droplets / double(wave)))) * wave;
}

void DropletModel::settleSlopes(Terrain& terrain) {
  if (!settle_) {
    ThermalParams slide;
    slide.rate = 1.0f;  // each iteration levels the steepest pair to its angle
    settle_ = std::make_unique<ThermalErosion>(slide, settings_.edges);
    settle_->setThreads(settings_.threads);
  }
  auto rise = [&](float angle) {
    return settles(angle)
               ? float(std::tan(double(angle) * std::numbers::pi / 180.0) * double(settings_.cellRise))
               : std::numeric_limits<float>::max();
  };
  const float sediment = rise(settings_.params.sedimentAngle), rock = rise(settings_.params.rockAngle);
  const float untouched = std::numeric_limits<float>::max();
  const float* now = terrain.height.data();
  const float* was = before_.data();
  auto talus = [&](size_t i) { return now[i] > was[i] ? sediment : now[i] < was[i] ? rock : untouched; };
  settle_->settle(terrain, kSettleIterations, talus);  // (counts nothing: the stats say what the water moved)
}

void DropletModel::finish(Terrain& terrain) {
  const uint64_t every = settleEvery(terrain.width(), terrain.heightCells());
  if (every == 0 || next_ % every == 0 || before_.width() != terrain.width() ||
      before_.height() != terrain.heightCells())
    return;
  settleSlopes(terrain);
}

std::unique_ptr<ErosionModel> DropletModel::clone() const {
  auto copy = std::make_unique<DropletModel>(settings_);
  copy->baseLevel_ = baseLevel_;
  return copy;
}

void DropletModel::continueFrom(const ErosionModel& previous) {
  const auto* p = dynamic_cast<const DropletModel*>(&previous);
  if (!p) return;
  next_ = p->next_;
  carried_ = p->carried_;
  before_ = p->before_;  // what the droplets changed before a slider moved still settles after it
  if (std::isnan(settings_.baseLevel)) baseLevel_ = p->baseLevel_;  // the outlet stays where it was
  // The droplets in flight go on under the new parameters (a sequential model drops them).
  if (p->tiles_ && settings_.order == DropletOrder::Tiled) {
    if (!tiles_) tiles_ = std::make_unique<DropletTiles>(settings_.threads);
    tiles_->continueFrom(*p->tiles_);
  }
}

void DropletModel::run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
                       ErosionStats& stats) {
  const int W = terrain.width(), H = terrain.heightCells();
  if (terrain.eroded.width() != W || terrain.eroded.height() != H || terrain.deposited.width() != W ||
      terrain.deposited.height() != H)
    throw Error("droplet model: the terrain's bookkeeping maps do not match its size");
  if (rain) {
    checkRainFits(*rain, W, H);
    if (!(rain->totalWeight() > 0)) throw Error("rain map: no cell has rain and there are no springs");
  }

  const auto t0 = std::chrono::steady_clock::now();
  ErosionStats run;

  const TerrainView view = viewOf(terrain, settings_.edges);
  // A run that does not go on from the last one starts on a new terrain (or the base again): its lowest
  // height is the outlet.
  const bool continuing = first != 0 && first == next_;
  if (!continuing) {  // (the tiles drop their droplets in flight themselves: `first` is not where they ended)
    baseLevel_ = settings_.baseLevel;
    carried_ = 0;
  }
  // The soil: the heights and the sediment droplets in flight carry.
  if (measureSoil_) run.soilBefore = terrain.height.sum() + carried_;
  if (settings_.edges == Edges::Clamp && std::isnan(baseLevel_)) {
    float hi;
    terrain.height.minMax(baseLevel_, hi);
  }
  const DropletConstants k = dropletConstants(settings_, W, H, baseLevel_);
  DropletTally tally;
  const uint64_t every = settleEvery(W, H);
  if (every > 0 && (!continuing || before_.width() != W || before_.height() != H)) before_ = terrain.height;
  std::function<void(uint64_t)> settle;
  if (every > 0)
    settle = [&](uint64_t end) {
      if (end % every == 0) settleSlopes(terrain);
    };
  if (settings_.order == DropletOrder::Tiled) {
    if (!tiles_) tiles_ = std::make_unique<DropletTiles>(settings_.threads);
    carried_ = tiles_->run(view, k, rain, settings_.seed, first, count, tally, settle);
  } else {
    runSequential(view, k, rain, settings_.seed, first, count, tally, settle);
  }
  next_ = first + count;
  run.carried = carried_;

  if (measureSoil_) run.soilAfter = terrain.height.sum();
  run.droplets = count;
  run.steps = tally.steps;
  run.longPaths = tally.longPaths;
  run.randomDirs = tally.randomDirs;
  run.eroded = tally.eroded;
  run.deposited = tally.deposited;
  run.lost = tally.lost;
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  stats.add(run);
}

}  // namespace runnel
