#include "render/null_terrain_view.h"

#include "core/terrain/heightmap.h"

namespace runnel::render {

void NullTerrainView::upload(const Terrain& terrain) {
  if (!terrain.height.empty()) noteTerrain(terrain.height);
}

int NullTerrainView::maxMapSide() const {
  return kMaxSide;
}

}  // namespace runnel::render
