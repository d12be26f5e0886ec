// What the Export panel writes: which map of the terrain, in which format (core/io/terrain_maps.h and
// core/io/format_table.h give both), to which path.
#pragma once
#include <string>

#include "core/io/heightmap_io.h"
#include "core/io/terrain_maps.h"

namespace runnel::editor {

struct ExportSettings {
  TerrainMap map = TerrainMap::Height;
  FileFormat format = FileFormat::Png;
  std::string path = "terrain.png";
  int objStep = 1;                  // OBJ: every n-th sample
  std::string mapsFolder = "maps";  // Export all maps: the folder (the Format menu gives the format)
  // For an engine (core/io/engine_targets.h): its name ("" none: the Format menu decides), the samples across
  // (0: the nearest it takes to the map's), and the import steps of the last export for it.
  std::string engine;
  int engineSide = 0;
  std::string engineSteps;
};

// `path` with its extension replaced (or added).
std::string withExtension(const std::string& path, const std::string& extension);
// Throws Error naming both when the path's extension is not the chosen format's (a typed path that
// disagrees with the menu: nothing is written rather than the wrong thing).
void checkPathMatchesFormat(const ExportSettings& settings);

}  // namespace runnel::editor
