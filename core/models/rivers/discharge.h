// The flow map: where water runs on a terrain, as the discharge of every cell (the rained area upstream of
// it, in m²), routed the rivers model's way (lakes filled so every cell drains, multiple flow directions
// converging in channels). It follows from the heights alone, so it exists for the result of any model.
#pragma once
#include "core/terrain/heightmap.h"

namespace runnel {

class RainMap;

// log10 of the discharge in m² per cell (at least log10 of one cell's rained area; 0 where no rain falls
// upstream). `rain` may be null (uniform rain). The same map for any thread count.
Heightmap dischargeLog10(const Heightmap& heights, const RainMap* rain, float cellSize, int threads = 0);

// The topographic wetness index ln(a / tan b) (Beven and Kirkby 1979): a the discharge above over the width
// of the cell (m² per metre of contour), b the steepest slope, at least 0.1% so flats stay finite. High in
// valley floors and hollows where water gathers on gentle ground, low on ridges and steep walls.
Heightmap wetnessIndex(const Heightmap& heights, const RainMap* rain, float cellSize, int threads = 0);

}  // namespace runnel
