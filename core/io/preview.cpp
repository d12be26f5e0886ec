// 8-bit grey previews for people: hillshade and slope of a heightmap, and the eroded and deposited maps of
// the droplets' bookkeeping.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "core/base/error.h"
#include "formats.h"
#include "heightmap_io.h"

namespace runnel {

namespace {

unsigned char toByte(double v) {
  return static_cast<unsigned char>(std::clamp(std::lround(v * 255.0), 0L, 255L));
}

}  // namespace

void writePreviewPng(const std::string& path, const Heightmap& values, PreviewKind kind, float cellSize) {
  const std::string what = "cannot write " + path;
  if (values.empty()) throw Error(what + ": the map is empty");
  formats::checkFinite(values, what);
  std::vector<unsigned char> pixels(values.cellCount());
  const int w = values.width(), h = values.height();

  if (kind == PreviewKind::Hillshade || kind == PreviewKind::Slope) {
    // The cartographers' convention: light from the north-west (azimuth 315 degrees), 45 degrees up.
    const double lx = -std::sqrt(0.25), ly = -std::sqrt(0.25), lz = std::sqrt(0.5);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        float gx, gy;
        gradientAt(values, x, y, cellSize > 0.0f ? cellSize : 1.0f, gx, gy);
        double norm = std::sqrt(double(gx) * gx + double(gy) * gy + 1.0);
        double v = kind == PreviewKind::Hillshade
                       ? std::max(0.0, (-gx * lx - gy * ly + lz) / norm)
                       : std::atan(std::sqrt(double(gx) * gx + double(gy) * gy)) / (std::numbers::pi / 2);
        pixels[size_t(y) * w + x] = toByte(v);
      }
  } else {
    // Amounts of soil: 0 is black, the largest is white, with a square root so thin layers still show.
    float lo, hi;
    values.minMax(lo, hi);
    const double top = std::max(hi, 0.0f);
    const float* v = values.data();
    for (size_t i = 0; i < pixels.size(); ++i)
      pixels[i] = top > 0 ? toByte(std::sqrt(std::max(0.0, double(v[i]) / top))) : 0;
  }
  writeGrey8Png(path, w, h, pixels.data());
}

}  // namespace runnel
