// The lowest-neighbour raindrop (article 003): a drop falls on a cell and repeatedly moves to the lowest of
// its 8 neighbours. Each move takes slope * erosionRate from the cell it leaves (slope = rise / run, run 1
// or sqrt 2) and drops soilamount * depositRate / slope of what it carries on the cell it reaches (as the
// article's code). Where no neighbour is lower, it deposits `pitDeposit` of its soil and stops: 1 is the
// article's first rule (deposit all, which piles spikes), smaller values its later one (a fixed share; the
// rest leaves the system). Every `blurEvery` drops the whole map is blurred (the 3x3 smoothing filter at
// `blurStrength`), standing in for wind; the blur runs after drop i when (i + 1) % blurEvery == 0, so it
// falls at the same drops however a run is split into batches.
// Unlike the article, a drop never deposits more than it carries, never digs a cell below half way down to
// its lowest neighbour, and heights are not clamped at 0. With clamp edges a drop on the border with no
// lower neighbour flows off the map with its soil.
//
// Conserves: with pitDeposit = 1, the total height plus soil carried off an open edge (stats.lost), up to
// float rounding and the blur's border effect with clamp edges (see smooth_filter.h). With pitDeposit < 1
// the rest of the soil at a pit is lost (counted in stats.lost).
//
// One unit = one drop, drawn from the rain map with its own random numbers (seed, index).
#pragma once
#include <array>
#include <vector>

#include "core/models/param_fields.h"
#include "core/terrain/padded_grid.h"
#include "drop_run.h"

namespace runnel {

struct RaindropParams {
  float erosionRate = 0.05f;  // soil picked up per unit of slope on every move
  float depositRate = 0.5f;   // deposit per move: soilamount * depositRate / slope
  float pitDeposit = 1.0f;    // share of the carried soil deposited in a pit (the rest is lost)
  float blurEvery = 5000;     // drops between blurs (a whole number; 0: never)
  float blurStrength = 0.1f;  // how far each blur moves the map towards its 3x3 blur
};

const std::array<ParamField<RaindropParams>, 5>& raindropParamFields();
std::vector<ParamInfo> raindropParamInfo();

class RaindropErosion : public DropModel<RaindropParams, RaindropErosion, 5> {
 public:
  RaindropErosion(const RaindropParams& params, Edges edges = Edges::Wrap, uint64_t seed = 1)  // validates
      : DropModel(params, raindropParamFields(), edges, seed) {}
  void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
           ErosionStats& stats) override;
  const char* name() const override { return "raindrop"; }
  void setThreads(int threads) { threads_ = threads; }  // for the blur

 private:
  int threads_ = 0;
  PaddedGrid blurScratch_;
};

}  // namespace runnel
