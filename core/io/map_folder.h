// Every map of a terrain written into one folder, in one format, with a JSON sidecar (maps.json) that says
// what each file holds and its range: the texturing masks Gaea and World Machine hand over in one go.
// runnel-cli export-maps and the editor's "Export all maps" both write through here.
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "core/rain/rain_map.h"
#include "core/terrain/heightmap.h"
#include "format_table.h"
#include "heightmap_io.h"
#include "project_file.h"

namespace runnel {

struct MapSource {
  std::string source;       // where it came from (a file, or the editor's project path)
  std::string description;  // how the terrain came about
  std::string recipe;       // the model, seed and parameters as JSON members ("" for a bare heightmap)
  float cellSize = 1.0f;
  Heightmap height;
  std::optional<Heightmap> eroded, deposited;  // a project's bookkeeping
  std::shared_ptr<const RainMap> rain;
};

// A project's maps: the current terrain, its bookkeeping and rain, its model as the recipe.
MapSource mapSourceOf(const ProjectData& project, const std::string& source);

// Writes height, eroded, deposited (when there), flow, wetness, slope, rain (when painted) in `format`, a
// hillshade PNG and maps.json into `folder` (made if missing): all the files or none. `options` gives the
// byte order; its cell size is the source's. Returns how many maps were written. Throws Error naming the
// file.
size_t writeMapFolder(const MapSource& maps, const std::string& folder, const FormatEntry& format,
                      WriteOptions options, int threads);

}  // namespace runnel
