// The total soil of a map for the stats' soilBefore/soilAfter, summed on the whole-grid models' threads:
// on a 1024^2 map four serial sums per run cost about as much as a grid iteration.
#pragma once
#include "heightmap.h"

namespace runnel {

// Sum of the heights plus, when `extra` is not null, a per-cell amount of the same layout (the grid model's
// suspended sediment). Rows are summed in double on any number of threads and added in row order, so the
// total does not depend on the thread count.
double soilTotal(const Heightmap& heights, const float* extra, int threads);

}  // namespace runnel
