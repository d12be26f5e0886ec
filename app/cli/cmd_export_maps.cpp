// runnel-cli export-maps: every map of a terrain into one folder, in one format, with a JSON sidecar that
// says what each file holds (the texturing masks Gaea and World Machine hand over in one go).
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "args.h"
#include "commands.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/format_table.h"
#include "core/heightmap_io.h"
#include "core/json_text.h"
#include "core/project_file.h"
#include "core/rain_map.h"
#include "core/rivers/discharge.h"
#include "core/terrain_maps.h"
#include "files.h"

namespace runnel::cli {

namespace {

ArgParser exportMapsParser() {
  ArgParser p("export-maps");
  p.add({"--format", FlagKind::Value, "EXT",
         "the maps' format by extension: png (16-bit), tif, exr, r32, pfm, raw, r16 (default tif)"})
      .add({"--cell-size", FlagKind::Value, "M",
            "metres per cell of a heightmap input (default: what the file records, else 1)"})
      .add({"--size", FlagKind::Value, "WxH", "raw heightmap input: its size"})
      .add({"--range", FlagKind::Value, "LO:HI", "integer heightmap input: world heights of its samples"})
      .add({"--threads", FlagKind::Value, "N", "threads for the flow map (default: all cores)"})
      .add({"--quiet", FlagKind::Switch, "", "print nothing on success"})
      .add(byteOrderFlag());
  return p;
}

struct MapFile {
  TerrainMap map;
  std::string name;  // file stem and the sidecar's name ("rain" is not a TerrainMap: density 0..1)
  Heightmap values;  // what writeTerrainMap takes (heights for slope and hillshade)
};

}  // namespace

int runExportMaps(const Args& args) {
  ArgParser parser = exportMapsParser();
  if (wantsHelp(args)) {
    std::printf(
        "usage: runnel-cli export-maps IN DIR [--format png|tif|exr|r32|pfm|raw|r16] [--cell-size M]\n"
        "\n"
        "Writes every map of IN into the folder DIR (made if missing), all in one format, with "
        "DIR/maps.json\n"
        "listing each file, what it holds and its range. IN is a project saved by the editor (.runnel: the\n"
        "height, flow, slope, eroded, deposited and rain maps and a hillshade) or a heightmap (the maps "
        "that\n"
        "follow from heights alone: height, flow, slope, hillshade). Values: heights in metres, slope in\n"
        "degrees, eroded and deposited in metres, flow as log10 of the discharge in m², rain as density "
        "0..1;\n"
        "16-bit files map their range to 0..65535 (in their own sidecars and in maps.json). The hillshade "
        "is\n"
        "an 8-bit PNG. The files appear together or not at all.\n\n%s",
        parser.flagHelp().c_str());
    return 0;
  }
  ParsedArgs a = parser.parse(args);
  if (a.positionals().size() != 2) throw UsageError("needs IN and DIR");
  const std::string input = a.positionals()[0], dir = a.positionals()[1];
  const std::string ext = a.value("--format").value_or("tif");
  const FormatEntry* format = formatOfPath("x." + ext);
  if (!format || format->id == FileFormat::Obj)
    throw UsageError("--format: '" + ext +
                     "' is not a map format (one of png, tif, exr, r32, pfm, raw, r16)");
  int threads = 0;
  if (auto t = a.value("--threads")) threads = parseInt32("--threads", *t);

  const bool project = input.size() > 7 && input.ends_with(".runnel");
  std::vector<MapFile> maps;
  maps.reserve(7);  // `height` below refers into it while maps are added
  std::string description, recipe;
  float cellSize = 1.0f;
  std::shared_ptr<const RainMap> rain;
  if (project) {
    ProjectData p = readProject(input);
    cellSize = p.common.cellSize;
    description = p.description;
    recipe = "\"model\": " + jsonString(p.model) + ", \"seed\": " + std::to_string(p.common.seed) +
             ", \"params\": {";
    for (size_t i = 0; i < p.params.size(); ++i)
      recipe += (i ? ", " : "") + jsonString(p.params[i].first) + ": " + jsonNumber(p.params[i].second);
    recipe += "}";
    rain = p.rain;
    maps.push_back({TerrainMap::Height, "height", p.current.height});
    maps.push_back({TerrainMap::Eroded, "eroded", p.current.eroded});
    maps.push_back({TerrainMap::Deposited, "deposited", p.current.deposited});
  } else {
    ReadOptions r = readOptionsFrom(a, input);
    Heightmap h = readHeightmap(input, r);
    if (auto recorded = readRecordedCellSize(input, h.width(), h.height())) cellSize = *recorded;
    description = input;
    maps.push_back({TerrainMap::Height, "height", std::move(h)});
  }
  if (auto c = a.value("--cell-size")) {
    cellSize = parseFloat("--cell-size", *c);
    if (!(cellSize > 0.0f) || !std::isfinite(cellSize))
      throw Error("--cell-size: must be a positive number of metres");
  }
  // The folder once the input has been read: a bad input leaves nothing behind.
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    throw Error(dir + ": cannot make the folder (" + (ec ? ec.message() : "a file is in the way") + ")");

  const Heightmap& height = maps.front().values;
  maps.push_back({TerrainMap::Flow, "flow", dischargeLog10(height, rain.get(), cellSize, threads)});
  maps.push_back({TerrainMap::Slope, "slope", height});
  maps.push_back({TerrainMap::Hillshade, "hillshade", height});

  WriteOptions options = writeOptionsFrom(a);  // --byte-order
  options.cellSize = cellSize;
  std::string list;
  {
    PublishGroup outputs;  // every file, or none
    auto add = [&](const std::string& name, const std::string& file, const char* values,
                   const Heightmap& written) {
      float lo, hi;
      written.minMax(lo, hi);
      list += std::string(list.empty() ? "" : ",\n") + "    {\"name\": " + jsonString(name) +
              ", \"file\": " + jsonString(file) + ", \"values\": " + jsonString(values) +
              ", \"min\": " + jsonNumber(lo) + ", \"max\": " + jsonNumber(hi) + "}";
    };
    for (const MapFile& m : maps) {
      const TerrainMapInfo& info = terrainMapInfo(m.map);
      const bool shade = m.map == TerrainMap::Hillshade;
      const std::string file = m.name + (shade ? std::string(".png") : format->extension());
      const std::string path = (std::filesystem::path(dir) / file).string();
      if (m.map == TerrainMap::Slope) {
        const Heightmap slope = slopeDegrees(m.values, cellSize);
        writeHeightmap(path, slope, options);  // values, in every format (PNG too: 16-bit)
        add(m.name, file, info.values, slope);
      } else if (shade) {
        writeTerrainMap(path, m.map, m.values, options);
        list += std::string(",\n") +
                "    {\"name\": \"hillshade\", \"file\": \"hillshade.png\", \"values\": " +
                jsonString("8-bit shaded relief, light from the north-west 45 degrees up") + "}";
      } else {
        writeHeightmap(path, m.values, options);
        add(m.name, file, info.values, m.values);
      }
    }
    if (rain) {
      Heightmap density(rain->width(), rain->height());
      for (size_t i = 0; i < density.cellCount(); ++i)
        density.data()[i] = float(rain->levels()[i]) / float(RainMap::kFullLevel);
      const std::string file = "rain" + format->extension();
      writeHeightmap((std::filesystem::path(dir) / file).string(), density, options);
      add("rain", file, "rain density, 0 (none) to 1 (full)", density);
    }
    const std::string json = "{\n  \"runnel_maps\": 1,\n  \"source\": " + jsonString(input) +
                             ",\n  \"description\": " + jsonString(description) +
                             ",\n  \"width\": " + std::to_string(height.width()) +
                             ",\n  \"height\": " + std::to_string(height.height()) +
                             ",\n  \"cell_size\": " + jsonNumber(cellSize) +
                             ",\n  \"units\": \"metres\",\n  \"format\": " + jsonString(format->name) +
                             (recipe.empty() ? "" : ",\n  " + recipe) + ",\n  \"maps\": [\n" + list +
                             "\n  ]\n}\n";
    writeFileAtomically((std::filesystem::path(dir) / "maps.json").string(), json);
    outputs.commit();
  }
  if (!a.has("--quiet"))
    std::printf("wrote %zu maps of %s (%dx%d, %g m cells) to %s/ as %s, listed in maps.json\n",
                maps.size() + (rain ? 1 : 0), input.c_str(), height.width(), height.height(),
                double(cellSize), dir.c_str(), format->name);
  return 0;
}

}  // namespace runnel::cli
