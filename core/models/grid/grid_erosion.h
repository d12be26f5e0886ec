// Grid hydraulic erosion (article 002, first part): every vertex holds altitude a, water w and suspended
// sediment s. Water moves to lower neighbours (all 8; diagonals weighted 1/sqrt 2) in proportion to how much
// lower their water surface a + w is; moving water carries sediment up to Kc times the water moved, eroding
// Ks of a shortfall and dropping Kd of an excess. Rain falls every `rainEvery` iterations, scaled per cell by
// the rain map's density; evaporation takes a share of w each iteration.
//
// Two passes per iteration (the article's form): the first decides every cell's outflow from the old state,
// the second gathers inflows. No cell reads a value another cell of the same pass writes, so neither the
// order of cells nor the split of rows over threads changes the result (bit for bit).
//
// Conserves: a + s (terrain plus suspended sediment) exactly up to float rounding on a wrapping map. With
// clamp edges the border is open: water and its sediment flow out over the edge (counted as lost). Water is
// not conserved (rain adds, evaporation removes). Stats: soilBefore/After count a + s.
//
// One unit = one iteration. Water and sediment live in the model and start at zero when a run starts at
// unit 0 or the terrain's size changes; a replacement model (new parameters) takes them over through
// continueFrom.
#pragma once
#include <array>
#include <vector>

#include "core/models/erosion_model.h"
#include "core/models/param_fields.h"
#include "core/terrain/padded_grid.h"

namespace runnel {

struct GridParams {
  float rainAmount = 0.02f;   // water added per cell on a rain iteration (world units)
  float rainEvery = 10;       // rainfall frequency: rain on every N-th iteration (a whole number)
  float evaporation = 0.01f;  // share of the water that evaporates each iteration
  float Kc = 2.0f;            // sediment carrying capacity per unit of water moved
  float Kd = 0.1f;            // deposition rate of sediment beyond capacity
  float Ks = 0.4f;            // soil softness: share of the capacity shortfall eroded
};

const std::array<ParamField<GridParams>, 6>& gridParamFields();
std::vector<ParamInfo> gridParamInfo();

class GridErosion : public CopyableModel<GridErosion> {
 public:
  explicit GridErosion(const GridParams& params, Edges edges = Edges::Wrap);  // validates
  void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
           ErosionStats& stats) override;
  const char* name() const override { return "grid"; }
  void continueFrom(const ErosionModel& previous) override;
  const GridParams& params() const { return params_; }

  // Threads for the whole-grid passes (<= 0: the machine's cores). The result does not depend on it.
  void setThreads(int threads) { threads_ = threads; }
  // Per-cell water and suspended sediment, row-major (empty before the first run).
  const std::vector<float>& water() const { return water_; }
  const std::vector<float>& sediment() const { return sediment_; }
  double suspendedSediment() const;

 private:
  void resetState(int width, int height);
  void iterate(Terrain& terrain, const RainMap* rain, bool raining, ErosionStats& stats);

  GridParams params_;
  Edges edges_;
  int threads_ = 0;
  int width_ = 0, height_ = 0;
  std::vector<float> water_, sediment_;
  PaddedGrid surface_, flowWater_, flowSediment_;
  std::vector<double> rowEroded_, rowDeposited_;
};

}  // namespace runnel
