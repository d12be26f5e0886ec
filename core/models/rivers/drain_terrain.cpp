#include "drain_terrain.h"

#include "core/base/row_bands.h"
#include "core/terrain/soil_record.h"

namespace runnel::rivers {

LakeReport drainTerrain(Terrain& terrain, float cellSize, int threads) {
  const int w = terrain.width(), h = terrain.heightCells();
  if (w < 3 || h < 3) return {};
  ensureRecord(terrain);
  const Heightmap before = terrain.height;
  DrainageGraph graph(w, h, threads);
  const LakeReport first = graph.resolveAllLakes(terrain.height.data(), 0.0f, cellSize);
  forEachRowBand(h, size_t(w), threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      const float* now = terrain.height.row(y);
      const float* was = before.row(y);
      float* dep = terrain.deposited.row(y);
      float* ero = terrain.eroded.row(y);
      for (int x = 0; x < w; ++x) recordChange(dep[x], ero[x], now[x] - was[x]);
    }
  });
  return first;
}

}  // namespace runnel::rivers
