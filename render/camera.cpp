#include "render/camera.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace runnel::render {

namespace {
constexpr float kMaxPitch = 1.55f;  // just short of straight down, where yaw would be undefined
constexpr float kMinPitch = -0.3f;  // a little below the horizon, to look up at cliffs
}  // namespace

glm::vec3 Camera::eye() const {
  // Straight above, higher than any ground (the target lies inside the terrain's box); how much of the map
  // shows is the distance's business (projection()).
  if (topView) return target + glm::vec3(0.0f, 2.0f * sceneRadius_, 0.0f);
  glm::vec3 back(std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw));
  return target + back * distance;
}

glm::mat4 Camera::view() const {
  // From straight above, "up" on screen is north: towards row 0, -z.
  return glm::lookAt(eye(), target, topView ? glm::vec3(0, 0, -1) : glm::vec3(0, 1, 0));
}

glm::mat4 Camera::projection(float aspect) const {
  // Near plane as far out as possible for depth precision, but never past the terrain's near side.
  float nearPlane = std::max(0.01f, distance * 0.01f);
  float farPlane = distance + sceneRadius_ * 4.0f;
  if (topView) {
    // As much ground as the perspective view shows at the target's depth, so zooming carries over.
    const float halfHeight = distance * std::tan(fovY * 0.5f);
    return glm::ortho(-halfHeight * aspect, halfHeight * aspect, -halfHeight, halfHeight,
                      sceneRadius_ * 0.01f, sceneRadius_ * 4.0f);
  }
  return glm::perspective(fovY, aspect, nearPlane, farPlane);
}

Ray Camera::rayThrough(float px, float py, int w, int h) const {
  float aspect = float(w) / float(std::max(h, 1));
  glm::mat4 inv = glm::inverse(projection(aspect) * view());
  float nx = 2.0f * px / float(w) - 1.0f;
  float ny = 1.0f - 2.0f * py / float(h);
  glm::vec4 a = inv * glm::vec4(nx, ny, -1.0f, 1.0f);
  glm::vec4 b = inv * glm::vec4(nx, ny, 1.0f, 1.0f);
  glm::vec3 pa = glm::vec3(a) / a.w, pb = glm::vec3(b) / b.w;
  return {pa, glm::normalize(pb - pa)};
}

void Camera::orbit(float dx, float dy) {
  if (topView) return;
  yaw -= dx * 0.006f;
  pitch = std::clamp(pitch + dy * 0.006f, kMinPitch, kMaxPitch);
}

void Camera::pan(float dx, float dy, int viewportHeight) {
  // One pixel moves the target by the size of a pixel at the target's depth, so the ground follows the mouse.
  float unitsPerPixel = 2.0f * distance * std::tan(fovY * 0.5f) / float(std::max(viewportHeight, 1));
  glm::vec3 forward = glm::normalize(target - eye());
  glm::vec3 right = topView ? glm::vec3(1, 0, 0) : glm::normalize(glm::cross(forward, glm::vec3(0, 1, 0)));
  glm::vec3 up = topView ? glm::vec3(0, 0, -1) : glm::cross(right, forward);
  target += (-dx * right + dy * up) * unitsPerPixel;
}

void Camera::zoomTowards(const glm::vec3& focus, float factor) {
  // Scaling the eye and the target about `focus` keeps the view direction and the focus's screen position.
  float newDistance = std::clamp(distance * factor, 0.5f, sceneRadius_ * 20.0f);
  factor = newDistance / distance;
  target = focus + (target - focus) * factor;
  distance = newDistance;
}

void Camera::frame(const glm::vec3& boxMin, const glm::vec3& boxMax, float aspect) {
  target = (boxMin + boxMax) * 0.5f;
  float radius = glm::length(boxMax - boxMin) * 0.5f;
  sceneRadius_ = std::max(radius, 1.0f);
  // The bounding sphere fits the narrower of the two fields of view. Seen from above at an angle, a flat map
  // fills less of the height than of the width, so a vertically limited view can come closer.
  if (topView) {
    // The map's extent, with a margin, in the orthographic view's height or width.
    const glm::vec3 size = boxMax - boxMin;
    const float halfHeight = 0.53f * std::max(size.z, size.x / std::max(aspect, 1e-3f));
    distance = halfHeight / std::tan(fovY * 0.5f);
    return;
  }
  float fovX = 2.0f * std::atan(std::tan(fovY * 0.5f) * aspect);
  distance = sceneRadius_ / std::sin(std::min(fovY, fovX) * 0.5f) * (fovX < fovY ? 1.0f : 0.85f);
}

}  // namespace runnel::render
