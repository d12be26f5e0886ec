// Hillslope creep, dh/dt = kappa laplacian(h), in as many explicit substeps as the rate needs to stay stable,
// with an isotropic stencil so no grid direction shows. The border keeps its heights (the base level).
#pragma once
#include <vector>

#include "core/base/huge_pages.h"

namespace runnel::rivers {

// `rate`: kappa * dt / cellSize² per cell (dimensionless); a cell whose rate is 0 or below keeps its height,
// like the border. `scratch` is resized to the map and holds the other half of each substep (a buffer kept
// from step to step: at 4096² a fresh one cost tens of milliseconds in page faults).
void diffuse(float* h, const float* rate, int width, int height, int threads, MapVector<float>& scratch);

}  // namespace runnel::rivers
