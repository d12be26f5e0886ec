#include "map_folder.h"

#include <filesystem>
#include <functional>
#include <vector>

#include "atomic_file.h"
#include "core/base/error.h"
#include "core/base/json_text.h"
#include "core/base/work_progress.h"
#include "core/models/rivers/discharge.h"
#include "terrain_maps.h"

namespace runnel {

MapSource mapSourceOf(const ProjectData& p, const std::string& source) {
  MapSource m;
  m.source = source;
  m.description = p.description;
  m.cellSize = p.common.cellSize;
  m.recipe = "\"model\": " + jsonString(p.model) + ", \"seed\": " + std::to_string(p.common.seed) +
             ", \"params\": {";
  for (size_t i = 0; i < p.params.size(); ++i)
    m.recipe += (i ? ", " : "") + jsonString(p.params[i].first) + ": " + jsonNumber(p.params[i].second);
  m.recipe += "}";
  m.rain = p.rain;
  m.height = p.current.height;
  m.eroded = p.current.eroded;
  m.deposited = p.current.deposited;
  return m;
}

size_t writeMapFolder(const MapSource& maps, const std::string& folder, const FormatEntry& format,
                      WriteOptions options, int threads) {
  if (format.id == FileFormat::Obj) throw Error(folder + ": an OBJ mesh holds no maps; pick a map format");
  makeFolder(folder);
  options.cellSize = maps.cellSize;
  const Heightmap& height = maps.height;
  size_t written = 0;
  std::string list;
  auto listed = [&](const std::string& name, const std::string& file, const char* values,
                    const Heightmap& map) {
    float lo, hi;
    map.minMax(lo, hi);
    list += std::string(list.empty() ? "" : ",\n") + "    {\"name\": " + jsonString(name) +
            ", \"file\": " + jsonString(file) + ", \"values\": " + jsonString(values) +
            ", \"min\": " + jsonNumber(lo) + ", \"max\": " + jsonNumber(hi) + "}";
    ++written;
  };
  auto path = [&](const std::string& file) { return (std::filesystem::path(folder) / file).string(); };
  PublishGroup outputs;  // every file, or none
  auto write = [&](TerrainMap map, const std::string& name, const Heightmap& values) {
    const std::string file = name + format.extension();
    writeHeightmap(path(file), values, options);  // values in every format (PNG too: 16-bit)
    listed(name, file, terrainMapInfo(map).values, values);
  };
  // Each map its share of the progress, worked out and written (reportWork inside the writers).
  const size_t pieces = 6 + (maps.eroded ? 1 : 0) + (maps.deposited ? 1 : 0) + (maps.rain ? 1 : 0);
  size_t done = 0;
  auto piece = [&](const std::function<void()>& work) {
    WorkProgress share(double(done) / double(pieces), double(done + 1) / double(pieces));
    work();
    ++done;
  };
  piece([&] { write(TerrainMap::Height, "height", height); });
  if (maps.eroded) piece([&] { write(TerrainMap::Eroded, "eroded", *maps.eroded); });
  if (maps.deposited) piece([&] { write(TerrainMap::Deposited, "deposited", *maps.deposited); });
  piece([&] {
    write(TerrainMap::Flow, "flow", dischargeLog10(height, maps.rain.get(), maps.cellSize, threads));
  });
  piece([&] {
    write(TerrainMap::Wetness, "wetness", wetnessIndex(height, maps.rain.get(), maps.cellSize, threads));
  });
  piece([&] { write(TerrainMap::Slope, "slope", slopeDegrees(height, maps.cellSize)); });
  piece([&] { writeTerrainMap(path("hillshade.png"), TerrainMap::Hillshade, height, options); });
  // Normals in float where the format is float and holds colour (EXR), else in a 16-bit PNG.
  const std::string normalFile = format.id == FileFormat::Exr ? "normal.exr" : "normal.png";
  piece([&] { writeNormalMap(path(normalFile), height, maps.cellSize); });
  list += std::string(list.empty() ? "" : ",\n") +
          "    {\"name\": \"normal\", \"file\": " + jsonString(normalFile) +
          ", \"values\": " + jsonString(terrainMapInfo(TerrainMap::Normal).values) + "}";
  ++written;
  list += std::string(",\n") + "    {\"name\": \"hillshade\", \"file\": \"hillshade.png\", \"values\": " +
          jsonString("8-bit shaded relief, light from the north-west 45 degrees up") + "}";
  ++written;
  if (maps.rain)
    piece([&] {
      Heightmap density(maps.rain->width(), maps.rain->height());
      for (size_t i = 0; i < density.cellCount(); ++i)
        density.data()[i] = float(maps.rain->levels()[i]) / float(RainMap::kFullLevel);
      const std::string file = "rain" + format.extension();
      writeHeightmap(path(file), density, options);
      listed("rain", file, "rain density, 0 (none) to 1 (full)", density);
    });
  const std::string json = "{\n  \"runnel_maps\": 1,\n  \"source\": " + jsonString(maps.source) +
                           ",\n  \"description\": " + jsonString(maps.description) +
                           ",\n  \"width\": " + std::to_string(height.width()) +
                           ",\n  \"height\": " + std::to_string(height.height()) +
                           ",\n  \"cell_size\": " + jsonNumber(maps.cellSize) +
                           ",\n  \"units\": \"metres\",\n  \"format\": " + jsonString(format.name) +
                           (maps.recipe.empty() ? "" : ",\n  " + maps.recipe) + ",\n  \"maps\": [\n" + list +
                           "\n  ]\n}\n";
  writeFileAtomically(path("maps.json"), json);
  outputs.commit();
  return written;
}

}  // namespace runnel
