// The normal-following drop (article 001): a drop follows the surface normal. Where the ground is steep (the
// normal's vertical part nz is small) it erodes Ke (1 - nz); where it is flat it deposits Kd nz of its
// sediment. Erosion ramps up over the first steps (iterationScale per step) and both act on the cell the
// drop was in one step earlier: eroding where it stands would dig holes (the article's note). The velocity
// keeps `friction` of itself and adds `speed` times the normal's horizontal part; the drop stops on ground
// flatter than `flatness`, after maxSteps steps, or off an open edge. The normal is the mean of the unit
// normals of the 8 cells around the drop, as in the article.
//
// Conserves: the total height plus sediment carried off an open (clamp) edge (stats.lost), up to float
// rounding (the article drops the sediment still carried; here it settles where the drop stops). Erosion
// never takes a cell below its lowest neighbour.
//
// One unit = one drop, drawn from the rain map with its own random numbers (seed, index).
#pragma once
#include <array>
#include <vector>

#include "core/models/param_fields.h"
#include "drop_run.h"

namespace runnel {

struct NormalDropParams {
  float erosionRate = 0.5f;     // Ke: erosion per step on vertical ground
  float depositionRate = 0.1f;  // Kd: share of the sediment dropped per step on flat ground
  float iterationScale = 0.1f;  // erosion ramps to full over 1 / iterationScale steps
  float friction = 0.3f;        // share of the previous velocity kept each step
  float speed = 0.991f;         // how strongly the normal pushes the drop
  float maxSteps = 64;          // step limit (a whole number)
  float flatness = 0.995f;      // stop where the normal's vertical part reaches this (1: only dead flat)
};

const std::array<ParamField<NormalDropParams>, 7>& normalDropParamFields();
std::vector<ParamInfo> normalDropParamInfo();

class NormalDropErosion : public DropModel<NormalDropParams, NormalDropErosion, 7> {
 public:
  NormalDropErosion(const NormalDropParams& params, Edges edges = Edges::Wrap,
                    uint64_t seed = 1)  // validates
      : DropModel(params, normalDropParamFields(), edges, seed) {}
  void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
           ErosionStats& stats) override;
  const char* name() const override { return "normal"; }
};

}  // namespace runnel
