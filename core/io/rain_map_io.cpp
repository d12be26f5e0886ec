#include "rain_map_io.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/base/error.h"
#include "core/base/memory_budget.h"
#include "formats.h"
#include "heightmap_io.h"

namespace runnel {

RainMap readRainMap(const std::string& path) {
  // Integer images map their samples to densities 0..1, whatever a sidecar says about heights.
  ReadOptions options;
  options.range = HeightRange{0.0f, 1.0f};
  options.allowNonFinite = true;  // checked below, as a density
  const Heightmap density = readHeightmap(path, options);
  const float tolerance = 1e-6f;
  std::vector<uint16_t> levels(density.cellCount());
  for (int y = 0; y < density.height(); ++y)
    for (int x = 0; x < density.width(); ++x) {
      const float d = density.at(x, y);
      if (!(d >= -tolerance && d <= 1.0f + tolerance))
        throw Error(path + ": the rain density at x=" + std::to_string(x) + ", y=" + std::to_string(y) +
                    " is " + (std::isnan(d) ? std::string("NaN") : std::to_string(d)) +
                    " (a rain map holds densities from 0, no rain, to 1, full rain)");
      levels[size_t(y) * size_t(density.width()) + size_t(x)] = RainMap::toLevel(d);
    }
  RainMap rain(density.width(), density.height(), 0.0f);
  rain.assignLevels(levels.data());
  return rain;
}

RainMap readRainMap(const std::string& path, int width, int height) {
  // A rain map is resampled to the terrain: one of more than four times its side (sixteen times its cells,
  // at least 64 MiB of heights) is refused from its header, before it is decoded.
  const uint64_t most = std::max<uint64_t>(uint64_t(64) << 20,
                                           uint64_t(16) * uint64_t(width) * uint64_t(height) * sizeof(float));
  const ScopedMemoryLimit bound(
      most, "a rain map for a " + std::to_string(width) + "x" + std::to_string(height) + " terrain");
  RainMap rain = readRainMap(path);
  if (rain.width() == width && rain.height() == height) return rain;
  return resampleRain(rain, width, height);
}

void writeRainMap(const std::string& path, const RainMap& rain, int bits) {
  if (bits != 8 && bits != 16)
    throw Error("cannot write " + path + ": a rain map is 8- or 16-bit, not " + std::to_string(bits));
  if (formatFromPath(path) != FileFormat::Png)
    throw Error("cannot write " + path + ": a rain map is written as .png");
  const int w = rain.width(), h = rain.height();
  if (w == 0) throw Error("cannot write " + path + ": the rain map is empty");
  AtomicFile file(path);
  if (bits == 16) {
    formats::writePng16(file, w, h, rain.levels());
  } else {
    std::vector<unsigned char> grey(size_t(w) * size_t(h));
    for (size_t k = 0; k < grey.size(); ++k) grey[k] = (unsigned char)((rain.levels()[k] + 128u) / 257u);
    formats::writePng8(file, w, h, 1, grey.data());
  }
  file.commit();
}

RainMap resampleRain(const RainMap& rain, int width, int height) {
  checkSize(width, height, "rain map");
  const int sw = rain.width(), sh = rain.height();
  const float sx = float(sw) / float(width), sy = float(sh) / float(height);
  std::vector<uint16_t> levels(size_t(width) * size_t(height));
  for (int y = 0; y < height; ++y) {
    const float fy = std::clamp((float(y) + 0.5f) * sy - 0.5f, 0.0f, float(sh - 1));
    const int y0 = std::min(int(fy), sh - 2);
    const float ty = fy - float(y0);
    for (int x = 0; x < width; ++x) {
      const float fx = std::clamp((float(x) + 0.5f) * sx - 0.5f, 0.0f, float(sw - 1));
      const int x0 = std::min(int(fx), sw - 2);
      const float tx = fx - float(x0);
      const float top = float(rain.level(x0, y0)) * (1 - tx) + float(rain.level(x0 + 1, y0)) * tx;
      const float bottom = float(rain.level(x0, y0 + 1)) * (1 - tx) + float(rain.level(x0 + 1, y0 + 1)) * tx;
      levels[size_t(y) * size_t(width) + size_t(x)] = uint16_t(std::lround(top * (1 - ty) + bottom * ty));
    }
  }
  RainMap out(width, height, 0.0f);
  out.assignLevels(levels.data());
  for (Spring s : rain.springs()) {
    s.x /= sx, s.y /= sy, s.radius /= std::sqrt(sx * sy);
    out.springs().push_back(s);
  }
  return out;
}

}  // namespace runnel
