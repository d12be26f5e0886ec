// Hillslope creep, dh/dt = kappa laplacian(h), in as many explicit substeps as the rate needs to stay stable,
// with an isotropic stencil so no grid direction shows. The border keeps its heights (the base level).
#pragma once

namespace runnel::rivers {

// `rate`: kappa * dt / cellSize² per cell (dimensionless). A cell with a negative rate is a channel: it keeps
// its height, like the border, and its banks creep down into it (the river carries that away), so creep
// widens valleys without filling their floors.
void diffuse(float* h, const float* rate, int width, int height, int threads);

}  // namespace runnel::rivers
