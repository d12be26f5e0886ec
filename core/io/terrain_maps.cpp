#include "terrain_maps.h"

#include <cmath>
#include <numbers>
#include <vector>

#include "atomic_file.h"
#include "core/base/error.h"
#include "core/base/work_progress.h"
#include "format_table.h"
#include "formats.h"

namespace runnel {

const std::vector<TerrainMapInfo>& terrainMaps() {
  static const std::vector<TerrainMapInfo> maps = {
      {TerrainMap::Height, "height", "Heightmap", "heights in metres", "The terrain itself, for the engine"},
      {TerrainMap::Flow, "flow", "Flow map", "log10 of the discharge (rained area upstream) in m²",
       "Where water gathers: rivers and wet ground, a texture mask"},
      {TerrainMap::Wetness, "wetness", "Wetness",
       "topographic wetness index ln(a / tan slope), a in m² per m",
       "Where ground stays wet: gentle hollows and valley floors (moss, mud, lush grass), a texture mask"},
      {TerrainMap::Slope, "slope", "Slope", "the steepest slope in degrees",
       "Steepness: rock on cliffs, grass on flats, a texture mask"},
      {TerrainMap::Normal, "normal", "Normal map",
       "tangent-space normals, OpenGL convention (red east, green north, blue up): 16-bit RGB PNG (each "
       "component c as (c + 1) / 2) or float RGB EXR (the components, -1 to 1)",
       "Surface detail for a material's normal slot, from the heights in metres"},
      {TerrainMap::Eroded, "eroded", "Eroded", "rock removed by the erosion, metres",
       "Where the erosion cut: gullies and channels, a texture mask"},
      {TerrainMap::Deposited, "deposited", "Deposited", "sediment laid down by the erosion, metres",
       "Where the sediment lies: fans and valley floors, a texture mask"},
      {TerrainMap::Hillshade, "hillshade", "Hillshade", "shaded relief (8-bit PNG only)",
       "Shaded relief lit from the north-west, for people"},
  };
  return maps;
}

const TerrainMapInfo& terrainMapInfo(TerrainMap map) {
  for (const TerrainMapInfo& m : terrainMaps())
    if (m.id == map) return m;
  throw Error("terrain maps: a map without an entry (a bug)");
}

TerrainMap terrainMapFromString(const std::string& name) {
  if (name == "heightmap") return TerrainMap::Height;  // the editor's scripts' older name
  std::string names;
  for (const TerrainMapInfo& m : terrainMaps()) {
    if (name == m.name) return m.id;
    names += (names.empty() ? "" : ", ") + std::string(m.name);
  }
  throw Error("'" + name + "' is not a map: one of " + names);
}

std::string whyFormatCannotHold(const std::string& path, TerrainMap map) {
  const FormatEntry& format = formatEntry(formatFromPath(path));
  if (format.id == FileFormat::Obj && map != TerrainMap::Height)
    return std::string("an OBJ mesh holds heights, not the ") + terrainMapInfo(map).name + " map";
  if (map == TerrainMap::Hillshade && format.id != FileFormat::Png)
    return std::string("a hillshade is an 8-bit image, written as .png, not as ") + format.name;
  if (map == TerrainMap::Normal && format.id != FileFormat::Png && format.id != FileFormat::Exr)
    return std::string("a normal map is an RGB image, written as a 16-bit .png or a float .exr, not as ") +
           format.name;
  return "";
}

void writeNormalMap(const std::string& path, const Heightmap& heights, float cellSize) {
  const int w = heights.width(), h = heights.height();
  const float cell = cellSize > 0.0f ? cellSize : 1.0f;
  const bool exr = formatFromPath(path) == FileFormat::Exr;
  std::vector<float> normals(size_t(w) * size_t(h) * 3);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      float gx, gy;  // metres up per metre east and south
      gradientAt(heights, x, y, cell, gx, gy);
      // Up the texture is north: the normal leans against the rise, west where the ground rises east and
      // north (green up) where it rises south.
      const double nx = -double(gx), ny = double(gy), length = std::sqrt(nx * nx + ny * ny + 1.0);
      float* p = &normals[(size_t(y) * size_t(w) + size_t(x)) * 3];
      p[0] = float(nx / length);
      p[1] = float(ny / length);
      p[2] = float(1.0 / length);
    }
    reportWork(uint64_t(y) + 1, 2 * uint64_t(h));  // the normals are the first half of the work
  }
  WorkProgress writing(0.5, 1.0);
  AtomicFile file(path);
  if (exr) {
    formats::writeExrRgb(file, w, h, normals.data());  // the components as they are, -1 to 1
  } else {
    std::vector<uint16_t> rgb(normals.size());
    for (size_t i = 0; i < normals.size(); ++i)
      rgb[i] = uint16_t(std::lround((double(normals[i]) + 1.0) * 0.5 * 65535.0));
    formats::writePng16Rgb(file, w, h, rgb.data());
  }
  file.commit();
}

Heightmap slopeDegrees(const Heightmap& heights, float cellSize) {
  Heightmap slope(heights.width(), heights.height());
  const float cell = cellSize > 0.0f ? cellSize : 1.0f;
  for (int y = 0; y < heights.height(); ++y) {
    float* out = slope.row(y);
    for (int x = 0; x < heights.width(); ++x) {
      float gx, gy;
      gradientAt(heights, x, y, cell, gx, gy);
      out[x] = float(std::atan(std::sqrt(double(gx) * gx + double(gy) * gy)) * (180.0 / std::numbers::pi));
    }
  }
  return slope;
}

void writeTerrainMap(const std::string& path, TerrainMap map, const Heightmap& values,
                     const WriteOptions& options) {
  if (const std::string why = whyFormatCannotHold(path, map); !why.empty()) throw Error(path + ": " + why);
  const bool png = formatFromPath(path) == FileFormat::Png;
  switch (map) {
    case TerrainMap::Height:
    case TerrainMap::Flow:
    case TerrainMap::Wetness:
      return writeHeightmap(path, values, options);
    case TerrainMap::Hillshade:
      return writePreviewPng(path, values, PreviewKind::Hillshade, options.cellSize);
    case TerrainMap::Normal:
      return writeNormalMap(path, values, options.cellSize);
    case TerrainMap::Slope:
      if (png) return writePreviewPng(path, values, PreviewKind::Slope, options.cellSize);
      return writeHeightmap(path, slopeDegrees(values, options.cellSize), options);
    case TerrainMap::Eroded:
    case TerrainMap::Deposited:
      if (png)
        return writePreviewPng(path, values,
                               map == TerrainMap::Eroded ? PreviewKind::Eroded : PreviewKind::Deposited);
      return writeHeightmap(path, values, options);
  }
}

}  // namespace runnel
