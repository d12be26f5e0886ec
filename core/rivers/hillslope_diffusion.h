// Hillslope creep, dh/dt = div(kappa grad h), implicit in time (one tridiagonal solve along the rows, then
// one along the columns), so any time step is stable. The border keeps its heights (the base level).
#pragma once

namespace runnel::rivers {

// `rate`: kappa * dt / cellSize² per cell (dimensionless); a face takes the lower of its two cells' rates, so
// a channel (rate near 0) is not filled from its banks.
void diffuse(float* h, const float* rate, int width, int height, int threads);

}  // namespace runnel::rivers
