// The maps a terrain gives an artist, each written to any format that can hold it: the heights, the flow
// map, the slope, the eroded and deposited amounts and a hillshade. The editor's Export panel, its script
// and runnel-cli share these names and this one writer.
#pragma once
#include <string>
#include <vector>

#include "heightmap_io.h"

namespace runnel {

enum class TerrainMap { Height, Flow, Wetness, Slope, Normal, Eroded, Deposited, Hillshade };

struct TerrainMapInfo {
  TerrainMap id;
  const char* name;     // as scripts and the CLI name it: "height", "flow", ...
  const char* label;    // as menus show it
  const char* values;   // what a float or 16-bit file of it holds, with units
  const char* tooltip;  // what an artist uses it for
};
const std::vector<TerrainMapInfo>& terrainMaps();
const TerrainMapInfo& terrainMapInfo(TerrainMap map);
// "height" (or "heightmap"), "flow", ...; throws Error naming the value and listing the names.
TerrainMap terrainMapFromString(const std::string& name);

// Why the format `path` names cannot hold `map` ("" when it can): OBJ holds heights only, a hillshade is an
// 8-bit PNG image. An unknown extension throws Error naming the path.
std::string whyFormatCannotHold(const std::string& path, TerrainMap map);

// Writes `map` to `path`, its format from the extension. `values`: the heights for Height, Slope and
// Hillshade; the amounts in metres for Eroded and Deposited; log10 of the discharge for Flow; the wetness
// index for Wetness. As PNG the
// slope, eroded, deposited and hillshade maps are 8-bit previews for people; every other format (and PNG for
// heights and flow) holds the values: heights in metres, slope in degrees, amounts in metres. Slopes and
// shading use options.cellSize (metres a cell; 0 or 1: heights per cell). Throws Error naming the path, the
// map and the format when the format cannot hold the map; nothing is written then.
void writeTerrainMap(const std::string& path, TerrainMap map, const Heightmap& values,
                     const WriteOptions& options);

// Writes the surface normals of `heights` (cells `cellSize` metres apart) in tangent space, OpenGL's
// convention (red east, green north, blue up): as a 16-bit RGB PNG (each component c stored as (c + 1) / 2)
// or, to a .exr path, as float R, G, B (the components as they are).
void writeNormalMap(const std::string& path, const Heightmap& heights, float cellSize);

// The steepest slope of each cell in degrees (central differences, one-sided at the border).
Heightmap slopeDegrees(const Heightmap& heights, float cellSize);

}  // namespace runnel
