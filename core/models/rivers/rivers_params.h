// The rivers model's parameters, in world units (metres, years), with their table for the CLI and sliders.
#pragma once
#include <array>
#include <vector>

#include "core/models/param_fields.h"

namespace runnel {

struct RiversParams {
  float erodibility = 3e-6f;   // K in dh/dt = U - K A^m S^n (A in m², S in m/m), per year
  float concavity = 0.45f;     // m: how much more a big river cuts than a small one
  float slopeExponent = 1.0f;  // n
  float uplift = 0.2f;         // mm per year at the highest point
  // 0: uniform uplift; 1: uplift follows the input heightmap. At 0.8 the lowlands' trunk rivers lift less
  // and run gentler, as a big river's valley does: the slope-area law's concavity comes into range on more
  // seeds (at 0.5, seed 42's fit scattered, R² 0.78; a 4096² build of seed 21 stood at θ 0.33). At 1 the
  // lowland rivers go flat and the law bends (R² 0.67-0.71).
  float keepShape = 0.8f;
  // Hillslope creep, m² per year (fading out in channels). At 0.005 creep rounded the gullies' hollows
  // at 1024² as well as the crests (curvature-area rho 0.585-0.597 on four seeds, 0.596-0.609 at 0.0025).
  float diffusion = 0.0025f;
  float timeStep = 20000.0f;     // years per step
  float channelHead = 20000.0f;  // drainage area (m²) where channels begin; above it rivers cut
  float lakeFill = 0.0f;  // 0: lakes drain through a trench cut in their sill; 1: lakes fill to the brim
  // Degrees over 30 m (steeper over finer cells, RiversModel::criticalGradeScale): steeper ground slides
  // down into the valley. At 50 the valleys' hollows stayed shallow at 1024² (curvature-area rho 0.596 on
  // seed 3; 0.602-0.621 on seven seeds at 45).
  float maxSlope = 45.0f;
  // The coarse-to-fine build (RiversModel): years of erosion at the coarsest level, where the big valleys
  // form, then steps at each finer level, where each cuts its own generation of smaller valleys.
  float age = 800000.0f;
  float detailSteps = 5.0f;
};

const std::array<ParamField<RiversParams>, 12>& riversParamFields();
std::vector<ParamInfo> riversParamInfo();
// Kinds of landscape: mountains (the defaults), hills, badlands, lakes.
std::vector<ModelPreset> riversPresets();

}  // namespace runnel
