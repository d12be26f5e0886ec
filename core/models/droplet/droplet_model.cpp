#include "droplet_model.h"

#include <chrono>
#include <cmath>
#include <string>

#include "core/base/error.h"
#include "core/base/value_limits.h"
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
// The reference order: droplet after droplet, in index order.
void runSequential(const TerrainView& view, const DropletConstants& k, const RainMap* rain, uint64_t seed,
                   uint64_t first, uint64_t count, DropletTally& tally) {
  for (uint64_t i = first; i < first + count; ++i) {
    DropletRandom rng(seed, i);
    const StartCell c = dropletStart(rain, view.width, view.rows, rng);
    runDroplet(view, k, c.x, c.y, rng, tally);
  }
}
}  // namespace

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
  if (settings_.order == DropletOrder::Tiled) {
    if (!tiles_) tiles_ = std::make_unique<DropletTiles>(settings_.threads);
    carried_ = tiles_->run(view, k, rain, settings_.seed, first, count, tally);
  } else {
    runSequential(view, k, rain, settings_.seed, first, count, tally);
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
