// What the three drop models (particle, normal, raindrop) share around their loops: a run measures the soil
// before and after, times itself, reads the map through the edges' rule, draws each drop's start from the
// rain, and adds its figures to the caller's once, at the end. DropModel<Params, Model> holds the settings
// they share (parameters checked against their table, edges, random seed) and copies itself.
#pragma once
#include <chrono>
#include <cstdint>
#include <memory>

#include "core/models/erosion_model.h"
#include "core/models/param_fields.h"
#include "core/rain/rain_density.h"
#include "core/terrain/cell_access.h"
#include "core/terrain/soil_record.h"

namespace runnel {

class DropRun {
 public:
  DropRun(Terrain& terrain, const RainMap* rain, Edges edges)
      : terrain_(terrain),
        cells(terrain.height, edges),
        starts(rain, cells.width(), cells.height()),
        start_(std::chrono::steady_clock::now()) {
    ensureRecord(terrain);
    stats.soilBefore = terrain.height.sum();
  }
  // A drop that ended carrying `sediment`: lost off an open edge, or settled around where it stopped.
  void endDrop(bool onMap, int x, int y, float sediment) {
    if (!onMap) {
      stats.lost += sediment;
    } else if (sediment > 0) {
      settleAround(terrain_, cells, x, y, sediment);
      stats.deposited += sediment;
    }
  }
  // `count` drops done: the run's figures into `total`.
  void finish(uint64_t count, ErosionStats& total) {
    stats.droplets = count;
    stats.soilAfter = terrain_.height.sum();
    stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    total.add(stats);
  }

 private:
  Terrain& terrain_;

 public:
  CellAccess cells;
  const DropStarts starts;
  ErosionStats stats;  // this run's

 private:
  std::chrono::steady_clock::time_point start_;
};

template <class Params, class Model, size_t kFieldCount>
class DropModel : public CopyableModel<Model> {
 public:
  DropModel(const Params& params, const std::array<ParamField<Params>, kFieldCount>& fields, Edges edges,
            uint64_t seed)
      : params_(params), edges_(edges), seed_(seed) {
    validateFields(fields, params_);
  }
  const Params& params() const { return params_; }

 protected:
  Params params_;
  Edges edges_;
  uint64_t seed_;
};

}  // namespace runnel
