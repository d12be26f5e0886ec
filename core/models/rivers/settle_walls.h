// Threshold hillslopes, everywhere at once: every cell lowered until it stands no steeper than its
// critical grade above any neighbour (the highest surface under the map whose slopes all stand).
//
// The incision caps each cell above its receivers as it cuts (stream_power.h), but in a single pass in the
// order water ran before the cut: a cell solved before a neighbour that the cut then drops past it (a new
// gully cut nearly to its outlet's height in one step) is left standing over it as a cliff. At 7.5 m cells
// such one-cell steps stood up to 700 m (the alpine preset at 4096², 0.4% of cells over 83 degrees), and
// capping again in the new order converged about a cell a pass.
#pragma once
#include <cstddef>

namespace runnel::rivers {

// `h` (width x height, metres, cells `cellSize` metres) lowered in place until no interior cell stands
// more than maxGrade x gradeScale[i] (rise per metre; gradeScale null: 1) above any neighbour, measured
// along the eight directions and across the eight facets between them (a wall is a smooth cone, not an
// octagon). Border cells keep their heights. Cells are only lowered, each to just above a lower
// neighbour, so no pit opens. The cells that stand too steep are found on `threads` threads, the slide
// then follows lowest first: the same bytes on any thread count. Returns how many cells were lowered.
size_t settleWalls(float* h, int width, int height, float cellSize, float maxGrade, const float* gradeScale,
                   int threads);

}  // namespace runnel::rivers
