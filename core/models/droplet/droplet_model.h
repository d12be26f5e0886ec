// The droplet model of article 000 (E-DOG, "Water erosion on heightmap terrain"), in two modes.
//
// run() lets droplets [first, first + count) loose one after another, in index order. Droplet i starts at
// rain->sample() (or a uniform cell when rain is null) drawn from DropletRandom(seed, i), exactly on the
// cell as the article does, and runs the article's loop (core/models/droplet/droplet_kernel.cpp) until it
// stops in a pit, hits the path limit (pathLimitFactor x the larger side) or, on clamped edges, walks off the
// map. Any batch split of the same droplets gives a bit-identical terrain.
//
// Stats: eroded is the soil droplets picked up; deposited what they laid down again (eroded - lost);
// lost is what left with a droplet (off an open edge, or thrown away at a classic path cut);
// soilBefore/soilAfter are the terrain's height sums, so massError() measures soil created or destroyed
// by the arithmetic itself: float rounding in conserving mode, the article's drift in classic.
// Each run() sums the map twice (O(cells)) unless setSoilTotals(false): the simulation worker and
// runnel-cli measure once around their batches instead.
//
// The order (settings.order): tiled by default (core/models/droplet/droplet_tiles.h, on settings.threads
// threads, the same terrain for any thread count and any batch split; a run may end with droplets of its last
// wave in flight, which the next run continues), or sequential (one droplet after another, the article's
// order). A run continues the last one when `first` is where that one ended (and first > 0); any other run
// starts afresh: droplets in flight are dropped and, on open edges, the outlet is the terrain's lowest
// height.
//
// Angles of repose (conserving mode): after every settleEvery() droplets of the sequence (absolute indices,
// whole waves of the tiled order, so any batch split and thread count gives the same terrain), ground
// steeper than its angle slides (ThermalErosion::settle): the sediment angle where the droplets have built
// it up (higher than when the run began; what slides onto untouched ground too), the rock angle where they
// dug it down. Ground they never touched keeps its slopes: a rivers model's walls stand steeper than loose
// ground. Without the slides the droplets dug walls past any angle ground stands at: on the editor's default
// terrain 19% of cells over 45 degrees after its 400k droplets (1% with them). Classic mode is the article's
// arithmetic and never settles.
#pragma once
#include <memory>

#include "core/models/erosion_model.h"
#include "droplet_params.h"

namespace runnel {

class DropletTiles;
class ThermalErosion;

// Droplets per cell of the map between two settlings of the slopes, and the thermal iterations each takes.
constexpr double kSettleDropletsPerCell = 1.0 / 16.0;
constexpr int kSettleIterations = 4;

class DropletModel : public ErosionModel {
 public:
  explicit DropletModel(const DropletSettings& settings);  // validates the parameters
  ~DropletModel() override;
  void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
           ErosionStats& stats) override;
  std::unique_ptr<ErosionModel> clone() const override;
  const char* name() const override { return "droplet"; }
  void continueFrom(const ErosionModel& previous) override;
  bool setSoilTotals(bool measure) override {
    measureSoil_ = measure;
    return true;
  }
  const DropletSettings& settings() const { return settings_; }
  // The droplets between two settlings on a map of this size (a whole number of the tiled order's waves);
  // 0 when the model never settles (classic mode, or both angles 90).
  uint64_t settleEvery(int width, int rows) const;
  // At a job's end (ErosionModel::finish): settles the slopes once more unless the last run ended on a
  // settling, so the droplets after it leave no walls past their angles (a preset's stage of 0.1 droplets
  // a cell ended 0.04 of a droplet a cell after its one settling).
  void finish(Terrain& terrain) override;

 private:
  DropletSettings settings_;
  // settings_.baseLevel, or the terrain's lowest height when a run started afresh on open edges.
  float baseLevel_ = settings_.baseLevel;
  uint64_t next_ = 0;   // where a run that continues the last one starts
  double carried_ = 0;  // sediment held by the droplets in flight after the last run
  bool measureSoil_ = true;
  std::unique_ptr<DropletTiles> tiles_;     // the tiled order's threads and queues, made at the first run
  std::unique_ptr<ThermalErosion> settle_;  // the slides (its buffers), made at the first settling
  Heightmap before_;  // the heights when the run of runs began (what the droplets changed is set against it)

  void settleSlopes(Terrain& terrain);
};

}  // namespace runnel
