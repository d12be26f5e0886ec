#include "render/picture_texture.h"

#include <cstdint>
#include <vector>

#include "core/io/heightmap_io.h"

namespace runnel::render {

PictureTexture::PictureTexture(const std::string& path) {
  const Heightmap image = readHeightmap(path);
  float lo, hi;
  image.minMax(lo, hi);
  const float scale = hi > lo ? 255.0f / (hi - lo) : 0.0f;
  width_ = image.width();
  height_ = image.height();
  std::vector<uint8_t> grey(image.cellCount());
  for (size_t i = 0; i < grey.size(); ++i) grey[i] = uint8_t((image.data()[i] - lo) * scale + 0.5f);
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  // One grey channel shown as grey, not red.
  const GLint grey3[4] = {GL_RED, GL_RED, GL_RED, GL_ONE};
  glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, grey3);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, width_, height_, 0, GL_RED, GL_UNSIGNED_BYTE, grey.data());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

PictureTexture::~PictureTexture() {
  glDeleteTextures(1, &texture_);
}

}  // namespace runnel::render
