#include "render/terrain_pick.h"

#include <algorithm>
#include <cmath>

namespace runnel::render {

float sampleHeight(const Heightmap& map, float x, float y) {
  x = std::clamp(x, 0.0f, float(map.width() - 1));
  y = std::clamp(y, 0.0f, float(map.height() - 1));
  int x0 = std::min(int(x), map.width() - 2), y0 = std::min(int(y), map.height() - 2);
  float fx = x - float(x0), fy = y - float(y0);
  float a = map.at(x0, y0) + (map.at(x0 + 1, y0) - map.at(x0, y0)) * fx;
  float b = map.at(x0, y0 + 1) + (map.at(x0 + 1, y0 + 1) - map.at(x0, y0 + 1)) * fx;
  return a + (b - a) * fy;
}

std::optional<TerrainHit> pickTerrain(const Heightmap& map, float lo, float hi, float exaggeration,
                                      const Ray& ray) {
  if (map.empty()) return std::nullopt;
  glm::vec3 boxMin(0.0f, std::min(lo, hi) * exaggeration - 1e-3f, 0.0f);
  glm::vec3 boxMax(float(map.width() - 1), std::max(lo, hi) * exaggeration + 1e-3f, float(map.height() - 1));

  // Slab test: the stretch of the ray inside the terrain's bounding box.
  float t0 = 0.0f, t1 = 1e30f;
  for (int a = 0; a < 3; ++a) {
    if (std::abs(ray.direction[a]) < 1e-12f) {
      if (ray.origin[a] < boxMin[a] || ray.origin[a] > boxMax[a]) return std::nullopt;
      continue;
    }
    float ta = (boxMin[a] - ray.origin[a]) / ray.direction[a];
    float tb = (boxMax[a] - ray.origin[a]) / ray.direction[a];
    if (ta > tb) std::swap(ta, tb);
    t0 = std::max(t0, ta);
    t1 = std::min(t1, tb);
  }
  if (t0 > t1) return std::nullopt;

  auto above = [&](float t) {
    glm::vec3 p = ray.origin + ray.direction * t;
    return p.y - sampleHeight(map, p.x, p.z) * exaggeration;
  };
  // Half a cell per step in the horizontal plane, so no ridge thinner than a cell is skipped.
  float horizontal = std::hypot(ray.direction.x, ray.direction.z);
  float step = horizontal > 1e-6f ? 0.5f / horizontal : (t1 - t0);
  float prevT = t0, prev = above(t0);
  if (prev <= 0.0f) return std::nullopt;  // starts under the ground: the camera is inside the terrain
  for (float t = t0 + step;; t += step) {
    float tt = std::min(t, t1);
    float cur = above(tt);
    if (cur <= 0.0f) {
      // Refine the crossing between prevT and tt by bisection.
      float a = prevT, b = tt;
      for (int i = 0; i < 20; ++i) {
        float m = 0.5f * (a + b);
        (above(m) > 0.0f ? a : b) = m;
      }
      glm::vec3 p = ray.origin + ray.direction * b;
      return TerrainHit{p, p.x, p.z};
    }
    prevT = tt;
    if (tt >= t1) break;
  }
  return std::nullopt;
}

}  // namespace runnel::render
