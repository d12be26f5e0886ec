// The rain map on the GPU and the brush cursor: what the terrain shader needs to tint the terrain by rain
// density (the overlay) and to draw the brush's circle draped over the ground where it will land.
#pragma once
#include <glm/glm.hpp>

#include "core/rain/rain_map.h"
#include "render/gl.h"

namespace runnel::render {

class RainLayer {
 public:
  RainLayer();  // needs a current GL context
  ~RainLayer();
  RainLayer(const RainLayer&) = delete;
  RainLayer& operator=(const RainLayer&) = delete;

  // The whole map (a new size, a whole-map operation), or only rows [y0, y1) after a stroke.
  void upload(const RainMap& rain);
  void uploadRows(const RainMap& rain, int y0, int y1);
  bool empty() const { return width_ == 0; }
  GLuint texture() const { return texture_; }

  // Set by the editor each frame.
  bool showOverlay = false;
  bool showBrush = false;
  glm::vec2 brushCentre{0.0f};  // rain map coordinates: cell (i, j) spans [i, i + 1) x [j, j + 1)
  float brushRadius = 0.0f;     // cells
  float brushInner = 0.0f;      // where the falloff begins, cells
  bool brushErasing = false;

 private:
  GLuint texture_ = 0;
  int width_ = 0, height_ = 0;
};

}  // namespace runnel::render
