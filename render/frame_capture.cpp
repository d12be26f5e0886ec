#include "render/frame_capture.h"

#include <cstring>

#include "render/gl.h"

namespace runnel::render {

std::vector<unsigned char> readFramebufferRgb(int x, int y, int width, int height) {
  std::vector<unsigned char> pixels(size_t(width) * height * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(x, y, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  // GL's first row is the bottom one; images start at the top.
  size_t stride = size_t(width) * 3;
  std::vector<unsigned char> row(stride);
  for (int y = 0; y < height / 2; ++y) {
    unsigned char* a = pixels.data() + size_t(y) * stride;
    unsigned char* b = pixels.data() + size_t(height - 1 - y) * stride;
    std::memcpy(row.data(), a, stride);
    std::memcpy(a, b, stride);
    std::memcpy(b, row.data(), stride);
  }
  return pixels;
}

}  // namespace runnel::render
