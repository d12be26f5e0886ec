// Heights a terrain can have: no land is higher or deeper than 100 km. Heights beyond are not metres (a
// sidecar range of +-3.4e38, a map in micrometres), and eroding them overflows the models' float sums into a
// non-finite height that looked like the model's own fault. The commands and the import refuse such a map
// before any work, naming it.
#pragma once
#include <string>

#include "heightmap.h"

namespace runnel {

inline constexpr float kMaxHeightMetres = 100000.0f;

// Throws Error "WHAT: the heights run from LO to HI m; erosion takes heights within +-100000 m (is the map
// in metres? give it its height range)" when a height is beyond +-kMaxHeightMetres (or not finite).
void checkHeightsInMetres(const Heightmap& map, const std::string& what);

}  // namespace runnel
