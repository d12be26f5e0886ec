// Finds the point of the terrain under the mouse by ray-marching the heightmap on the CPU.
// Used to zoom towards the cursor and, later, to place the rain brush.
#pragma once
#include <glm/glm.hpp>
#include <optional>

#include "core/terrain/heightmap.h"
#include "render/camera.h"

namespace runnel::render {

struct TerrainHit {
  glm::vec3 world;     // in view coordinates (y = height times exaggeration)
  float cellX, cellY;  // map coordinates of the hit (column, row)
};

// The first crossing of `ray` with the surface through the samples of `map`, with heights scaled by
// `exaggeration`, or nothing when the ray misses the map. [lo, hi] bounds the map's heights (the caller
// keeps them, so a pick costs a march, not a pass over the map).
std::optional<TerrainHit> pickTerrain(const Heightmap& map, float lo, float hi, float exaggeration,
                                      const Ray& ray);

// Bilinear height at map coordinates, clamped to the map.
float sampleHeight(const Heightmap& map, float x, float y);

}  // namespace runnel::render
