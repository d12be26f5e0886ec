// An orbit camera around a target point: orbit, pan, zoom towards a point, frame a box.
// World axes: x = map column (east), z = map row (south), y = up (height times the vertical exaggeration).
#pragma once
#include <glm/glm.hpp>

namespace runnel::render {

struct Ray {
  glm::vec3 origin, direction;  // direction normalised
};

class Camera {
 public:
  glm::vec3 target{0.0f};
  float yaw = 0.6f;    // radians around the vertical axis
  float pitch = 0.6f;  // radians above the horizon, looking down at the target
  float distance = 100.0f;
  float fovY = glm::radians(40.0f);
  // Straight down with north up and no perspective: a 2D map of the terrain (and its overlay). Orbiting
  // does nothing then; panning and zooming work as ever.
  bool topView = false;

  glm::vec3 eye() const;
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;
  // The ray through a pixel; (px, py) in window pixels from the top left, viewport w x h.
  Ray rayThrough(float px, float py, int w, int h) const;

  // Mouse drags in pixels.
  void orbit(float dxPixels, float dyPixels);
  void pan(float dxPixels, float dyPixels, int viewportHeight);
  // Scales the distance by `factor` (< 1 zooms in) keeping `focus` at the same place on screen.
  void zoomTowards(const glm::vec3& focus, float factor);
  // Looks at the box from the current direction so that all of it is in a view of this aspect (w / h).
  void frame(const glm::vec3& boxMin, const glm::vec3& boxMax, float aspect);
  // Keeps near/far planes sensible for a scene of this radius.
  void setSceneRadius(float r) { sceneRadius_ = r; }

 private:
  float sceneRadius_ = 100.0f;
};

}  // namespace runnel::render
