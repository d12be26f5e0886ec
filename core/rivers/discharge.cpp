#include "discharge.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/rain_map.h"
#include "drainage_graph.h"
#include "rivers_params.h"

namespace runnel {

Heightmap dischargeLog10(const Heightmap& heights, const RainMap* rain, float cellSize, int threads) {
  if (!(cellSize > 0.0f) || !std::isfinite(cellSize))
    throw Error("cell size: must be a positive number of metres (got " + std::to_string(cellSize) + ")");
  if (rain) checkRainFits(*rain, heights.width(), heights.height());
  const float cellArea = cellSize * cellSize;
  // Routing as the rivers model's defaults route it; lakes filled so the map shows where water would pool.
  rivers::DrainageGraph graph(heights.width(), heights.height(), threads,
                              std::max(RiversParams{}.channelHead / cellArea, 1.0f));
  Heightmap filled = heights;
  graph.resolveLakes(filled.data(), 1.0f, cellSize);
  graph.route(filled.data());
  graph.accumulate(rain);
  Heightmap out(heights.width(), heights.height());
  const MapVector<float>& cells = graph.area();
  for (size_t i = 0; i < out.cellCount(); ++i)
    out.data()[i] = cells[i] > 0.0f ? std::log10(cells[i] * cellArea) : 0.0f;
  return out;
}

}  // namespace runnel
