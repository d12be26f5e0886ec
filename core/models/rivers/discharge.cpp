#include "discharge.h"

#include <algorithm>
#include <cmath>

#include "core/base/error.h"
#include "core/base/value_limits.h"
#include "core/rain/rain_map.h"
#include "drainage_graph.h"
#include "rivers_params.h"

namespace runnel {

Heightmap dischargeLog10(const Heightmap& heights, const RainMap* rain, float cellSize, int threads) {
  checkValue(limits::kCellSize, cellSize);
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

Heightmap wetnessIndex(const Heightmap& heights, const RainMap* rain, float cellSize, int threads) {
  Heightmap wet = dischargeLog10(heights, rain, cellSize, threads);
  constexpr float kFlattest = 0.001f;
  const float perMetre = std::log(cellSize), ln10 = std::log(10.0f);
  for (int y = 0; y < wet.height(); ++y) {
    float* row = wet.row(y);
    for (int x = 0; x < wet.width(); ++x) {
      float gx, gy;
      gradientAt(heights, x, y, cellSize, gx, gy);
      const float tanSlope = std::max(std::sqrt(gx * gx + gy * gy), kFlattest);
      row[x] = row[x] * ln10 - perMetre - std::log(tanSlope);
    }
  }
  return wet;
}

}  // namespace runnel
