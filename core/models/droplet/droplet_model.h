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
#pragma once
#include <memory>

#include "core/models/erosion_model.h"
#include "droplet_params.h"

namespace runnel {

class DropletTiles;

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

 private:
  DropletSettings settings_;
  // settings_.baseLevel, or the terrain's lowest height when a run started afresh on open edges.
  float baseLevel_ = settings_.baseLevel;
  uint64_t next_ = 0;   // where a run that continues the last one starts
  double carried_ = 0;  // sediment held by the droplets in flight after the last run
  bool measureSoil_ = true;
  std::unique_ptr<DropletTiles> tiles_;  // the tiled order's threads and queues, made at the first run
};

}  // namespace runnel
