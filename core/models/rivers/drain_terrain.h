// A finished terrain made to drain: every closed basin left on it cut through its sill down to the border,
// as the rivers model's lakes are (lakeFill 0), what was cut recorded as eroded.
#pragma once
#include "core/terrain/terrain.h"
#include "drainage_graph.h"

namespace runnel::rivers {

// Cuts the basins of `terrain` (cells of `cellSize` metres) until none is left, as a rivers step ends
// (DrainageGraph::resolveAllLakes). Returns the first pass's report: how many pits and lakes there were.
LakeReport drainTerrain(Terrain& terrain, float cellSize, int threads);

}  // namespace runnel::rivers
