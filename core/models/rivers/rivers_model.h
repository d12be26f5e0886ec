// The rivers model: landscape evolution by the stream power law with uplift and hillslope creep,
// dh/dt = U - K A^m S^n + div(kappa grad h), one implicit step per unit (Braun & Willett 2013). It carves
// drainage networks at any map size in a few steps, in world units: the cell size (metres) and heights in
// metres. Lakes are cut through their sill or filled (see drainage_graph.h); the painted rain and the
// springs weight the drainage area, so painting rain makes rivers.
//
// The map's border is the base level: water leaves there, and border cells keep their heights (the model
// always drains to the border, whatever the edges setting). Deterministic, the same on any thread count.
#pragma once
#include <memory>
#include <vector>

#include "core/models/erosion_model.h"
#include "drainage_graph.h"
#include "rivers_params.h"

namespace runnel {

class RiversModel : public CopyableModel<RiversModel> {
 public:
  RiversModel(const RiversParams& params, float cellSize, int threads = 0);  // validates
  void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
           ErosionStats& stats) override;
  const char* name() const override { return "rivers"; }
  // The uplift pattern (the heights the run started from) carries over, so a slider change mid-run keeps
  // "keep my shape" anchored to the artist's terrain.
  void continueFrom(const ErosionModel& previous) override;

  const RiversParams& params() const { return params_; }
  // Drainage area per cell (in cells, rain-weighted) as the last step routed it; empty before any step.
  const MapVector<float>& drainageCells() const { return graph_.area(); }
  // What the last step found: closed basins drained.
  const rivers::LakeReport& lastLakes() const { return lakes_; }

  // Wall seconds spent in each stage of the steps so far (for the benchmarks and docs/performance.md).
  struct StageSeconds {
    double uplift = 0, creep = 0, lakes = 0, route = 0, area = 0, spread = 0, incise = 0, closing = 0;
  };
  const StageSeconds& stageSeconds() const { return stages_; }
  // How many cells either side of a river its power reaches (its bed's spread, kept the same in metres).
  static int bedReachCells(float cellSize);

 private:
  void step(Terrain& terrain, const RainMap* rain);
  void captureShape(const Heightmap& h);
  void spreadPower(const MapVector<float>& cells, int width, int height);

  RiversParams params_;
  float cellSize_;
  int threads_;
  int bedRadius_ = 1, bedPasses_ = 1;  // the bed spread's box passes (spreadPower), set by the cell size
  MapVector<float> shape_;             // uplift share per cell, 0..1
  MapVector<float> power_;             // the drainage area spread over a river's width, in cells
  MapVector<float> cut_;         // the step's creep rates; then how deep each cell cuts per unit of slope
  rivers::DrainageGraph graph_;  // kept for its buffers
  rivers::LakeReport lakes_;
  StageSeconds stages_;
};

}  // namespace runnel
