#include "render/null_terrain_view.h"

#include <algorithm>

#include "core/terrain/cell_rect.h"
#include "core/terrain/heightmap.h"

namespace runnel::render {

void NullTerrainView::upload(const Terrain& terrain) {
  if (!terrain.height.empty()) noteTerrain(terrain.height);
}

void NullTerrainView::uploadRegion(const Terrain& terrain, const CellRect& changed) {
  const Heightmap& h = terrain.height;
  if (h.width() != width_ || h.height() != height_) return upload(terrain);
  noteRegion(h, std::max(changed.x0, 0), std::max(changed.y0, 0), std::min(changed.x1, width_),
             std::min(changed.y1, height_));
}

int NullTerrainView::maxMapSide() const {
  return kMaxSide;
}

}  // namespace runnel::render
