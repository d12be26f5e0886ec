// An offscreen colour + depth target at a fraction of the view's resolution, blitted up to the window with
// linear filtering: on a software renderer (llvmpipe) the fragment work is what a frame costs, and half the
// resolution is a quarter of it.
#pragma once
#include "render/gl.h"

namespace runnel::render {

class ScaledTarget {
 public:
  ScaledTarget() = default;
  ~ScaledTarget();
  ScaledTarget(const ScaledTarget&) = delete;
  ScaledTarget& operator=(const ScaledTarget&) = delete;

  // Binds a target of w x h pixels (reallocated when the size changes) and sets the viewport to it.
  void begin(int w, int h);
  // Blits the target into the default framebuffer's rectangle (x, y from the bottom left, w x h) and binds
  // the default framebuffer again.
  void blitTo(int x, int y, int w, int h);

 private:
  GLuint fbo_ = 0, colour_ = 0, depth_ = 0;
  int w_ = 0, h_ = 0;
};

}  // namespace runnel::render
