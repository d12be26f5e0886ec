#include "engine_targets.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "atomic_file.h"
#include "core/base/error.h"
#include "core/base/value_limits.h"
#include "core/terrain/resample.h"
#include "format_table.h"

namespace runnel {

namespace {

std::string number(double v, int decimals = 2) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, v);
  return text;
}

// The ground a map covers from its first to its last sample, in metres.
std::string extent(const EngineExport& e) {
  return number(double(e.width - 1) * e.cellSize) + " m x " + number(double(e.height - 1) * e.cellSize) +
         " m";
}

std::string unitySteps(const EngineExport& e) {
  return "Unity: create a Terrain, then Terrain Settings > Texture Resolutions > Import Raw, and choose " +
         e.file + "\n  Depth: Bit 16, Width " + std::to_string(e.width) + ", Height " +
         std::to_string(e.height) + ", Byte Order: Windows (little-endian)\n  Terrain Size: X " +
         number(double(e.width - 1) * e.cellSize) + ", Y " + number(double(e.hi - e.lo)) + ", Z " +
         number(double(e.height - 1) * e.cellSize) +
         " (metres)\n  Terrain position Y: " + number(double(e.lo)) + " (the lowest sample's height)\n";
}

std::string unrealSteps(const EngineExport& e) {
  // Unreal spreads a 16-bit sample over 512 m at Z scale 100 (1/128 cm a step), centred on the actor.
  return "Unreal: Landscape mode > Manage > Import from File, choose " + e.file + " (" +
         std::to_string(e.width) + " x " + std::to_string(e.height) + ")\n  Scale: X " +
         number(double(e.cellSize) * 100.0, 3) + ", Y " + number(double(e.cellSize) * 100.0, 3) + ", Z " +
         number(double(e.hi - e.lo) * 100.0 / 512.0, 4) +
         "\n  Location Z: " + number(double(e.lo + e.hi) * 0.5 * 100.0, 1) +
         " (cm; the mid sample's height, so heights match metres)\n";
}

std::string godotSteps(const EngineExport& e) {
  return "Godot (Terrain3D): Terrain3D > Import, height file " + e.file +
         " (heights in metres), import scale 1, height offset 0\n  Terrain3D vertex_spacing: " +
         number(double(e.cellSize), 3) + " (metres between samples; the map covers " + extent(e) + ")\n";
}

std::string blenderSteps(const EngineExport& e) {
  return "Blender: add a Grid of " + std::to_string(e.width) + " x " + std::to_string(e.height) +
         " vertices, size " + extent(e) + " (scene units metres), with UVs\n  Displace modifier: texture " +
         "Image " + e.file + " (colour space Non-Color, extension Extend), coordinates UV, direction Z,\n" +
         "  midlevel 0, strength 1: the heights (" + number(double(e.lo)) + " to " + number(double(e.hi)) +
         " m) come in as metres\n";
}

std::string gisSteps(const EngineExport& e) {
  return "GIS: " + e.file + " is a float GeoTIFF, heights in metres, pixel scale " +
         number(double(e.cellSize), 3) + " m (no CRS: assign your project's projected CRS in metres)\n";
}

}  // namespace

const std::vector<EngineTarget>& engineTargets() {
  static const std::vector<EngineTarget> targets = {
      {"unity",
       "Unity terrain",
       FileFormat::Raw,
       false,
       {33, 65, 129, 257, 513, 1025, 2049, 4097},
       true,
       unitySteps},
      {"unreal",
       "Unreal landscape",
       FileFormat::Png,
       false,
       {127, 253, 505, 1009, 2017, 4033, 8129},
       false,
       unrealSteps},
      {"godot", "Godot Terrain3D", FileFormat::Exr, false, {}, false, godotSteps},
      {"blender", "Blender displacement", FileFormat::Exr, false, {}, false, blenderSteps},
      {"gis", "GIS (GeoTIFF)", FileFormat::Tiff, false, {}, false, gisSteps},
  };
  return targets;
}

const EngineTarget* engineTarget(const std::string& name) {
  for (const EngineTarget& t : engineTargets())
    if (name == t.name) return &t;
  return nullptr;
}

std::string engineNames() {
  std::string names;
  for (const EngineTarget& t : engineTargets()) names += (names.empty() ? "" : ", ") + std::string(t.name);
  return names;
}

int nearestEngineSide(const EngineTarget& target, int side) {
  if (target.sides.empty()) return side;
  int best = target.sides.front();
  for (int s : target.sides)  // smallest first: a later one as near is the larger
    if (std::abs(s - side) <= std::abs(best - side)) best = s;
  return best;
}

bool takesSide(const EngineTarget& target, int side) {
  return target.sides.empty() ||
         std::find(target.sides.begin(), target.sides.end(), side) != target.sides.end();
}

std::string engineSides(const EngineTarget& target) {
  if (target.sides.empty()) return "any";
  std::string list;
  for (int s : target.sides) list += (list.empty() ? "" : ", ") + std::to_string(s);
  return list;
}

void engineSizeFor(const EngineTarget& target, int width, int height, int across, int& outWidth,
                   int& outHeight) {
  outWidth = across > 0 ? across : nearestEngineSide(target, width);
  const double down =
      width > 1 ? double(height - 1) * double(outWidth - 1) / double(width - 1) + 1.0 : height;
  outHeight = target.square ? outWidth : nearestEngineSide(target, int(std::lround(down)));
}

void checkEngineOutput(const EngineTarget& target, const std::string& path) {
  const FormatEntry& format = formatEntry(target.format);
  const FormatEntry* given = formatOfPath(path);
  if (!given || given->id != target.format)
    throw Error(path + " is " +
                (given ? std::string("a ") + given->name + " name" : std::string("no heightmap name")) +
                ", and " + target.title + " takes " + format.name + " (" + format.extension() + ")");
}

void checkEngineSize(const EngineTarget& target, int64_t width, int64_t height, const std::string& what) {
  const auto fits = [&](int64_t side) { return side <= kMaxSide && takesSide(target, int(side)); };
  if (!fits(width) || !fits(height))
    throw Error(what + ": " + target.title + " takes sides " + engineSides(target) + " (got " +
                std::to_string(width) + "x" + std::to_string(height) + ")");
  if (target.square && width != height) throw Error(what + ": " + std::string(target.title) + "s are square");
  checkSize(width, height, what);
}

std::string importStepsPath(const std::string& path) {
  const std::filesystem::path p(path);
  return (p.parent_path() / (p.stem().string() + ".import.txt")).string();
}

EngineWritten writeForEngine(const Heightmap& map, float cellSize, const EngineTarget& target, int width,
                             int height, const std::string& path, const std::string& mapName, int threads) {
  checkEngineOutput(target, path);
  if (target.square && map.width() != map.height())
    throw Error(std::string(target.title) + "s are square and " + mapName + " is " +
                std::to_string(map.width()) + "x" + std::to_string(map.height()) +
                " (cut it square with runnel-cli tiles, or export for unreal, whose landscapes need not be)");
  checkEngineSize(target, width, height, "the size");
  checkValue(limits::kCellSize, cellSize);
  EngineWritten out;
  out.resampled = width != map.width() || height != map.height();
  const Heightmap result = resample(map, width, height, threads);
  EngineExport& e = out.file;
  e.file = std::filesystem::path(path).filename().string();
  e.width = width;
  e.height = height;
  // Square cells stay square: the spacing follows the width (the height's differs by under a sample).
  e.cellSize = resampledCellSize(cellSize, map.width(), width);
  result.minMax(e.lo, e.hi);
  if (!(e.lo < e.hi)) e.hi = e.lo + 1.0f;
  WriteOptions options;
  options.cellSize = e.cellSize;
  options.bigEndian = target.bigEndian;
  options.range = HeightRange{e.lo, e.hi};
  out.steps = target.importSteps(e);
  PublishGroup outputs;
  writeHeightmap(path, result, options);
  writeFileAtomically(importStepsPath(path), out.steps);
  outputs.commit();
  return out;
}

}  // namespace runnel
