// Reads the framebuffer back as 8-bit RGB rows, top row first (for screenshots and recorded frames).
#pragma once
#include <vector>

namespace runnel::render {

// The rectangle (x, y from the bottom left) of the back buffer.
std::vector<unsigned char> readFramebufferRgb(int x, int y, int width, int height);

}  // namespace runnel::render
