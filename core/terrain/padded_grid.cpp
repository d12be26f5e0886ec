#include "padded_grid.h"

#include <algorithm>

namespace runnel {

void PaddedGrid::resize(int width, int height) {
  width_ = width;
  height_ = height;
  data_.assign((size_t(width) + 2) * (size_t(height) + 2), 0.0f);
}

void PaddedGrid::wrapGhosts() {
  const int w = width_, h = height_;
  for (int y = 0; y < h; ++y) {
    float* r = row(y);
    r[-1] = r[w - 1];
    r[w] = r[0];
  }
  // Whole padded rows, corners included (they now hold the wrapped columns).
  std::copy(row(h - 1) - 1, row(h - 1) + w + 1, row(-1) - 1);
  std::copy(row(0) - 1, row(0) + w + 1, row(h) - 1);
}

void PaddedGrid::clampGhostsFrom(const Heightmap& source) {
  const int w = width_, h = height_;
  for (int y = -1; y <= h; ++y) {
    const float* s = source.row(std::clamp(y, 0, h - 1));
    float* r = row(y);
    r[-1] = s[0];
    r[w] = s[w - 1];
    if (y == -1 || y == h) std::copy(s, s + w, r);
  }
}

void PaddedGrid::fillGhosts(float value) {
  const int w = width_, h = height_;
  std::fill(row(-1) - 1, row(-1) + w + 1, value);
  std::fill(row(h) - 1, row(h) + w + 1, value);
  for (int y = 0; y < h; ++y) {
    row(y)[-1] = value;
    row(y)[w] = value;
  }
}

void PaddedGrid::edgeGhosts(Edges edges) {
  if (edges == Edges::Wrap) {
    wrapGhosts();
    return;
  }
  const int w = width_, h = height_;
  for (int y = 0; y < h; ++y) {
    float* r = row(y);
    r[-1] = r[0];
    r[w] = r[w - 1];
  }
  std::copy(row(0) - 1, row(0) + w + 1, row(-1) - 1);
  std::copy(row(h - 1) - 1, row(h - 1) + w + 1, row(h) - 1);
}

}  // namespace runnel
