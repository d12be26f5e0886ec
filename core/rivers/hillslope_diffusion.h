// Hillslope creep, dh/dt = div(kappa grad h), implicit in time (one tridiagonal solve along the rows, then
// one along the columns), so any time step is stable. The border keeps its heights (the base level).
#pragma once

namespace runnel::rivers {

// `rate`: kappa * dt / cellSize² per cell (dimensionless). A cell with a negative rate is a channel: it keeps
// its height, like the border, and its banks creep down into it (the river carries that away), so creep
// widens valleys without filling their floors. A face takes the larger rate of its two cells.
void diffuse(float* h, const float* rate, int width, int height, int threads);

}  // namespace runnel::rivers
