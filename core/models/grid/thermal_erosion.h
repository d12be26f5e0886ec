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
  float talusAngle = 45.0f;  // steepest slope loose material rests on, in degrees (world units)
  float rate = 0.5f;         // share of the unstable material moved per iteration
};

const std::array<ParamField<ThermalParams>, 2>& thermalParamFields();
std::vector<ParamInfo> thermalParamInfo();

class ThermalErosion : public CopyableModel<ThermalErosion> {
 public:
  // `cellRise`: the model's heights per cell for a slope of 1 (a metre a metre): 1 when its heights and
  // cells are metres; the cell size over the height scale inside inCellUnits (cell_units.h). Validates.
  explicit ThermalErosion(const ThermalParams& params, Edges edges = Edges::Wrap, float cellRise = 1.0f);
  void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
           ErosionStats& stats) override;
  const char* name() const override { return "thermal"; }
  const ThermalParams& params() const { return params_; }
  void setThreads(int threads) { threads_ = threads; }
  // `iterations` iterations with each cell's own talus, the model's rise per cell at which what lies on it
  // rests (talusRise(i) for cell i in row order; the angle of the material there), instead of the
  // parameters' angle: what slides is decided by the cell it slides from. Records the changes in the
  // terrain's eroded and deposited maps, but counts nothing: its one caller (the droplet model's angles of
  // repose) reports what the water moved, and skipping the per-row sums saves a fifth of the pass.
  template <class TalusRise>
  void settle(Terrain& terrain, int iterations, TalusRise talusRise) {
    prepare(terrain);
    const int w = terrain.width(), h = terrain.heightCells();
    for (int y = 0; y < h; ++y) {
      float* row = talus_.row(y);
      for (int x = 0; x < w; ++x) row[x] = talusRise(size_t(y) * size_t(w) + size_t(x));
    }
    talusFilled_ = false;
    for (int i = 0; i < iterations; ++i) iterate(terrain, nullptr);
  }

 private:
  void prepare(Terrain& terrain);                       // sizes the buffers to the terrain
  void iterate(Terrain& terrain, ErosionStats* stats);  // null: count nothing

  ThermalParams params_;
  Edges edges_;
  float talusRise_;  // the talus angle as the model's rise per cell
  int threads_ = 0;
  PaddedGrid heights_, flow_;
  PaddedGrid talus_;          // each cell's talus rise (ghosts as the edges ask)
  bool talusFilled_ = false;  // talus_ holds talusRise_ everywhere
  std::vector<float> outflow_;
  RowChanges rowChanges_;
};

}  // namespace runnel
