// Hillslope creep, dh/dt = kappa laplacian(h), in as many explicit substeps as the rate needs to stay stable,
// with an isotropic stencil so no grid direction shows. The border keeps its heights (the base level).
#pragma once

namespace runnel::rivers {

// `rate`: kappa * dt / cellSize² per cell (dimensionless); a cell whose rate is 0 or below keeps its height,
// like the border.
void diffuse(float* h, const float* rate, int width, int height, int threads);

}  // namespace runnel::rivers
