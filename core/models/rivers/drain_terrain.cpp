#include "drain_terrain.h"

#include "core/terrain/soil_record.h"

namespace runnel::rivers {

LakeReport drainTerrain(Terrain& terrain, float cellSize, int threads) {
  const int w = terrain.width(), h = terrain.heightCells();
  if (w < 3 || h < 3) return {};
  ensureRecord(terrain);
  const Heightmap before = terrain.height;
  DrainageGraph graph(w, h, threads);
  const LakeReport first = graph.resolveAllLakes(terrain.height.data(), 0.0f, cellSize);
  recordSince(terrain, before, threads);
  return first;
}

}  // namespace runnel::rivers
