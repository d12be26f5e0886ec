#include "render/terrain_view.h"

#include <algorithm>

#include "core/terrain/cell_rect.h"

namespace runnel::render {

void TerrainView::bounds(float exaggeration, glm::vec3& boxMin, glm::vec3& boxMax) const {
  boxMin = glm::vec3(0.0f, std::min(lo_ * exaggeration, hi_ * exaggeration), 0.0f);
  boxMax = glm::vec3(float(width_ - 1), std::max(lo_ * exaggeration, hi_ * exaggeration), float(height_ - 1));
}

void TerrainView::noteTerrain(const Heightmap& height) {
  width_ = height.width();
  height_ = height.height();
  height.minMax(lo_, hi_);
}

void TerrainView::uploadRegion(const Terrain& terrain, const CellRect& changed) {
  const Heightmap& h = terrain.height;
  if (h.width() != width_ || h.height() != height_) return upload(terrain);
  const int x0 = std::max(changed.x0, 0), y0 = std::max(changed.y0, 0);
  const int x1 = std::min(changed.x1, width_), y1 = std::min(changed.y1, height_);
  if (x0 >= x1 || y0 >= y1) return;
  // The height range only widens here; a full upload recomputes it. Enough for the colour ramp and picking.
  for (int y = y0; y < y1; ++y) {
    const float* row = h.row(y);
    for (int x = x0; x < x1; ++x) {
      lo_ = std::min(lo_, row[x]);
      hi_ = std::max(hi_, row[x]);
    }
  }
  uploadCells(terrain, x0, y0, x1, y1);
}

}  // namespace runnel::render
