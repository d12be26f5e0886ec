// A small grey picture on the GPU for the panels to show (ImGui::Image), such as a preset's thumbnail.
#pragma once
#include <string>

#include "render/gl.h"

namespace runnel::render {

class PictureTexture {
 public:
  // Reads the image (any heightmap format Runnel reads; an 8-bit PNG for thumbnails), its values spread
  // over black to white. Needs a current GL context; throws Error naming the file.
  explicit PictureTexture(const std::string& path);
  ~PictureTexture();
  PictureTexture(const PictureTexture&) = delete;
  PictureTexture& operator=(const PictureTexture&) = delete;

  GLuint texture() const { return texture_; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  GLuint texture_ = 0;
  int width_ = 0, height_ = 0;
};

}  // namespace runnel::render
