// A 3x3 smoothing filter (the [1 2 1] x [1 2 1] / 16 blur of articles 001 and 003), usable as a model of its
// own ("smooth": one unit = one pass) and as the raindrop model's periodic blur that stands in for wind.
//
// Conserves: the total height on a wrapping map, up to float rounding (the kernel's weights sum to 1). With
// clamp edges the border is padded with copies of the edge cells (the article's np.pad 'edge'), which changes
// the total slightly along the border. As a model it takes the painted rain map as a mask (a smoothing
// brush: paint where, then run it): each cell moves by its density times the strength, so an unpainted
// cell never changes; a partial mask does not conserve the total.
#pragma once
#include <array>
#include <vector>

#include "core/models/erosion_model.h"
#include "core/models/param_fields.h"
#include "core/terrain/padded_grid.h"

namespace runnel {

// Blends every cell towards its blurred value by `strength` (0: unchanged, 1: the full blur), times the
// cell's density in `mask` when there is one (same size as the terrain), updating the terrain's
// eroded/deposited record. Adds the volume lowered and raised to `lowered`/`raised`. `scratch` is reused
// between calls to avoid allocating per pass.
void smoothTerrain(Terrain& terrain, float strength, Edges edges, int threads, PaddedGrid& scratch,
                   double& lowered, double& raised, const RainMap* mask = nullptr);

struct SmoothParams {
  float strength = 0.5f;  // share of the blur applied per pass
};

const std::array<ParamField<SmoothParams>, 1>& smoothParamFields();
std::vector<ParamInfo> smoothParamInfo();

class SmoothModel : public CopyableModel<SmoothModel> {
 public:
  explicit SmoothModel(const SmoothParams& params, Edges edges = Edges::Wrap);  // validates
  void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
           ErosionStats& stats) override;
  const char* name() const override { return "smooth"; }
  void setThreads(int threads) { threads_ = threads; }

 private:
  SmoothParams params_;
  Edges edges_;
  int threads_ = 0;
  PaddedGrid scratch_;
};

}  // namespace runnel
