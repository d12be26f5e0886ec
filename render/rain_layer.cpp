#include "render/rain_layer.h"

#include <algorithm>

namespace runnel::render {

RainLayer::RainLayer() {
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

RainLayer::~RainLayer() {
  glDeleteTextures(1, &texture_);
}

void RainLayer::upload(const RainMap& rain) {
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
  if (rain.width() != width_ || rain.height() != height_) {
    width_ = rain.width();
    height_ = rain.height();
    // 16-bit normalised: the shader reads the density in [0, 1] straight from the stored levels.
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R16, width_, height_, 0, GL_RED, GL_UNSIGNED_SHORT, rain.levels());
  } else {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RED, GL_UNSIGNED_SHORT, rain.levels());
  }
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

void RainLayer::uploadRows(const RainMap& rain, int y0, int y1) {
  if (rain.width() != width_ || rain.height() != height_) return upload(rain);
  y0 = std::max(y0, 0);
  y1 = std::min(y1, height_);
  if (y0 >= y1) return;
  glBindTexture(GL_TEXTURE_2D, texture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, y0, width_, y1 - y0, GL_RED, GL_UNSIGNED_SHORT,
                  rain.levels() + size_t(y0) * size_t(width_));
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

}  // namespace runnel::render
