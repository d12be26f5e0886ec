#include "render/terrain_view.h"

#include <algorithm>

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

void TerrainView::noteRegion(const Heightmap& height, int x0, int y0, int x1, int y1) {
  for (int y = y0; y < y1; ++y) {
    const float* row = height.row(y);
    for (int x = x0; x < x1; ++x) {
      lo_ = std::min(lo_, row[x]);
      hi_ = std::max(hi_, row[x]);
    }
  }
}

}  // namespace runnel::render
