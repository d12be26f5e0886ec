// The rivers model: landscape evolution by the stream power law with uplift and hillslope creep,
// dh/dt = U - K A^m S^n + div(kappa grad h), one implicit step per unit (Braun & Willett 2013). It carves
// drainage networks at any map size in a few steps, in world units: the cell size (metres) and heights in
// metres. Lakes are cut through their sill or filled (see drainage_graph.h); the painted rain and the
// springs weight the drainage area, so painting rain makes rivers.
//
// The map's border is the base level: water leaves there, and border cells keep their heights (the model
// always drains to the border, whatever the edges setting). Deterministic, the same on any thread count.
//
// Coarse to fine (after Schott et al. 2024): a map finer than about kCoarseCellMetres is built in levels.
// The input is halved until its cells are that coarse; the big valleys form there over the model's age (in
// steps of timeStep), then the result is doubled level by level up to the map's size, each finer level
// getting the input's own detail at its scale back and detailSteps steps to cut its own generation of
// valleys. A finer level counts its drainage more than once, so its few steps cut its new valleys as the
// coarsest level's many would: small catchments boosted on the first finer level, and from the second on
// the gullies new at the level counted as the coarsest level's cells (so they compete and join as the
// coarse valleys do) while the rivers the level below had keep their own area. A finer level keeps the
// landforms of the level below: what its steps change at the level below's scale is taken back, as rock
// rising or sinking, so a small build (the artist's preview) is the big one averaged down. The units of a run
// are the steps of this schedule (plannedUnits()); past it, steps go on at the map's own size.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "core/models/erosion_model.h"
#include "drainage_graph.h"
#include "rivers_params.h"

namespace runnel {

class RiversModel : public CopyableModel<RiversModel> {
 public:
  RiversModel(const RiversParams& params, float cellSize, int threads = 0, uint64_t seed = 1);  // validates
  void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
           ErosionStats& stats) override;
  const char* name() const override { return "rivers"; }
  // The uplift pattern (the heights the run started from) carries over, so a slider change mid-run keeps
  // "keep my shape" anchored to the artist's terrain.
  void continueFrom(const ErosionModel& previous) override;

  const RiversParams& params() const { return params_; }

  // One level of the build: its size and cell size (metres).
  struct Level {
    int width, height;
    float cellSize;
  };
  // The levels a width x height map is built in, coarsest first; the last is the map itself.
  std::vector<Level> levels(int width, int height) const;
  // Steps at the coarsest level (the age in time steps) and the whole schedule's.
  uint64_t coarseSteps() const;
  uint64_t plannedUnits(int width, int height) const override;
  // Steps at `level` of a build: the age at the coarsest, detailSteps at each finer one.
  uint64_t levelSteps(int level) const;
  // The level step `unit` of the schedule runs at (levels(...) index).
  int levelOfUnit(uint64_t unit, int levelCount) const;
  // Drainage area per cell (in cells, rain-weighted) as the last step routed it; empty before any step.
  const MapVector<float>& drainageCells() const { return graph_.area(); }
  // Each cell's share of the uplift (0..1) at the map's own size, as the run captured it from its input
  // (keepShape's blend of uniform and shaped, fading out towards the border). Empty before the first run.
  const MapVector<float>& upliftShare() const;
  // What the last step found: closed basins drained.
  const rivers::LakeReport& lastLakes() const { return lakes_; }

  // Wall seconds spent in each stage of the steps so far (for the benchmarks and docs/performance.md).
  struct StageSeconds {
    double uplift = 0, creep = 0, lakes = 0, route = 0, area = 0, spread = 0, incise = 0, closing = 0;
  };
  const StageSeconds& stageSeconds() const { return stages_; }
  // How many cells either side of a river its power reaches (its bed's spread: 35 m, at most 1.17 cells).
  static int bedReachCells(float cellSize);
  // maxSlope is a wall's angle over 30 m; on cells of `cellSize` metres its grade is tan(maxSlope) times
  // this (above 1 on finer cells: a wall stands steeper over a shorter reach).
  static double criticalGradeScale(float cellSize);

 private:
  // A cell of a finer level's level below that drained this many of its cells was a river there; below,
  // hillside (see rivers_model.cpp, kNewGullyGain).
  static constexpr float kNewGullyCells = 100.0f;
  // One step on the running level's heights `h`.
  void step(Heightmap& h, const RainMap* rain);
  // A finer level keeps the level below's landforms (see kHeldFormRadius).
  void holdLevelBelow(Heightmap& h);
  MapVector<float> captureShape(const Heightmap& h, float lo, float hi) const;  // lo, hi: h.minMax
  void spreadPower(const MapVector<float>& cells, int width, int height);
  // A run from the terrain as it is: the plan, the input at every level, the uplift's shape.
  void start(const Terrain& terrain, const RainMap* rain);
  // Moves the build up to `level`, level by level; the map's own level is worked on in the terrain.
  void enterLevel(int level, Terrain& terrain);
  void setLevelScale(int level);

  RiversParams params_;
  float cellSize_;  // the map's
  int threads_;
  uint64_t seed_;
  // The build in progress.
  std::vector<Level> plan_;
  std::vector<Heightmap> inputs_;                      // the input halved to each level (the last: the map's)
  std::vector<MapVector<float>> shapes_;               // the uplift's share per cell, 0..1, at each level
  std::vector<std::shared_ptr<const RainMap>> rains_;  // the rain at each coarser level (null: uniform)
  int level_ = -1;                                     // running; -1 before the first step
  Heightmap levelHeights_;  // the running level's heights, when coarser than the map
  Heightmap below_;         // on a finer level: the level below's result, whose landforms it keeps
  // ... and where its rivers ran as its last step routed them: 1 on and beside its cells that drained at
  // least kNewGullyCells of its cells (rivers::riversNear), 0 on ground that was hillside there.
  MapVector<uint8_t> riversBelow_;
  // On a finer level: how far keeping them raised the ground since the record was taken, in the level
  // below's cells (the map's doubled up as the heights were).
  Heightmap held_;
  float levelCell_ = 1.0f;             // the running level's cell size
  int bedRadius_ = 1, bedPasses_ = 1;  // the bed spread's box passes (spreadPower), set by the cell size
  MapVector<float> grade_;             // the running level's critical slope, a share of maxSlope's
  MapVector<float> power_;             // the drainage area spread over a river's width, in cells
  MapVector<float> cut_;         // the step's creep rates; then how deep each cell cuts per unit of slope
  rivers::DrainageGraph graph_;  // kept for its buffers
  rivers::LakeReport lakes_;
  StageSeconds stages_;
};

}  // namespace runnel
