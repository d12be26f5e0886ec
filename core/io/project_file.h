// The editor's project file (.runnel): base terrain, current terrain with its bookkeeping, the model, its
// parameters and the shared settings. A short text header (one "key value" a line, ending at "end"), then
// the maps as little-endian 32-bit floats in the order the header's "maps" line lists (the rain map, when
// painted, as 16-bit levels). Written atomically;
// a damaged or foreign file throws Error naming the file and what is wrong.
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/models/model_catalog.h"
#include "core/rain/rain_map.h"
#include "core/terrain/terrain.h"

namespace runnel {

struct ProjectData {
  Terrain base;     // the terrain erosion starts from (Reset returns here); its bookkeeping is not stored
  Terrain current;  // what the view shows, with eroded and deposited amounts
  std::string description;  // how the base came about, e.g. "fbm 512x512, seed 7"
  std::string model = "droplet";
  std::vector<std::pair<std::string, float>> params;  // name, value
  ModelCommon common;
  uint64_t budget = 0;
  // Where rain falls: the painted densities and the springs; null is uniform rain. Stored after the maps as
  // 16-bit levels ("rain.levels" in the maps line), springs as "spring X Y RATE RADIUS" header lines.
  std::shared_ptr<const RainMap> rain;
};

void writeProject(const std::string& path, const ProjectData& project);
ProjectData readProject(const std::string& path);

}  // namespace runnel
