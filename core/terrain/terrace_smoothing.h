// An 8-bit heightmap's 256 levels make every slope a staircase of flat terraces once shaded. The steps are
// smoothed away without leaving what the file says: repeated 1-2-1 blurs, each followed by keeping every
// cell within half a level of its height in the file, so the result still rounds back to the same levels
// (slopes become ramps; a plateau the file says is flat stays flat).
#pragma once
#include <optional>

#include "heightmap.h"

namespace runnel {

// The spacing of the map's levels when it has at most `maxLevels` distinct heights (an integer file), else
// nullopt (a float or 16-bit map has no steps worth smoothing).
std::optional<float> levelSpacing(const Heightmap& map, size_t maxLevels = 256);

// The map with its steps of `spacing` smoothed (`passes` blurs; 64 ramps terraces up to about 16 cells wide).
// The same result on any thread count.
Heightmap smoothTerraces(const Heightmap& map, float spacing, int passes = 64, int threads = 0);

}  // namespace runnel
