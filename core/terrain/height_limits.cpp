#include "height_limits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/base/error.h"

namespace runnel {

void checkHeightsInMetres(const Heightmap& map, const std::string& what) {
  float lo, hi;
  map.minMax(lo, hi);
  if (std::max(std::abs(lo), std::abs(hi)) <= kMaxHeightMetres) return;  // NaN fails too
  char text[200];
  std::snprintf(text, sizeof text,
                ": the heights run from %.4g to %.4g m; erosion takes heights within +-%.0f m (is the map in "
                "metres? give it its height range)",
                double(lo), double(hi), double(kMaxHeightMetres));
  throw Error(what + text);
}

}  // namespace runnel
