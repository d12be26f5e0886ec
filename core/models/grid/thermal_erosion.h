// Thermal erosion: where the ground between a cell and a neighbour is steeper than the talus slope,
// material slides down to the lower neighbours, in proportion to how far each exceeds the talus (all 8
// neighbours; a diagonal is sqrt 2 away). Each iteration moves `rate` times half the largest excess, which
// never overshoots, so slopes settle at the talus.
//
// Two passes per iteration (decide every outflow from the old heights, then gather), rows in parallel: the
// result does not depend on the order of cells or the number of threads.
//
// Conserves: the total height exactly up to float rounding, with either edges (clamp edges are closed:
// nothing slides off the map). One unit = one iteration.
#pragma once
#include <array>
#include <vector>

#include "core/models/erosion_model.h"
#include "core/models/param_fields.h"
#include "core/terrain/padded_grid.h"
#include "core/terrain/soil_total.h"

namespace runnel {

struct ThermalParams {
  float talus = 1.0f;  // steepest stable slope, rise per unit of distance (1: 45 degrees)
  float rate = 0.5f;   // share of the unstable material moved per iteration
};

const std::array<ParamField<ThermalParams>, 2>& thermalParamFields();
std::vector<ParamInfo> thermalParamInfo();

class ThermalErosion : public CopyableModel<ThermalErosion> {
 public:
  explicit ThermalErosion(const ThermalParams& params, Edges edges = Edges::Wrap);  // validates
  void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
           ErosionStats& stats) override;
  const char* name() const override { return "thermal"; }
  const ThermalParams& params() const { return params_; }
  void setThreads(int threads) { threads_ = threads; }

 private:
  void iterate(Terrain& terrain, ErosionStats& stats);

  ThermalParams params_;
  Edges edges_;
  int threads_ = 0;
  PaddedGrid heights_, flow_;
  std::vector<float> outflow_;
  RowChanges rowChanges_;
};

}  // namespace runnel
