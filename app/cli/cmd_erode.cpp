// runnel-cli erode: reads a heightmap, runs an erosion model over it and writes the result, the
// bookkeeping maps and the stats. Everything that can be checked is checked before the run, so a mistake
// costs no waiting and writes nothing.
#include <algorithm>
#include <cstdio>
#include <optional>

#include "args.h"
#include "chunked_run.h"
#include "commands.h"
#include "core/base/error.h"
#include "core/io/atomic_file.h"
#include "core/io/heightmap_io.h"
#include "core/io/terrain_maps.h"
#include "core/models/model_catalog.h"
#include "core/models/rivers/discharge.h"
#include "core/terrain/height_limits.h"
#include "core/terrain/seamless_edges.h"
#include "files.h"
#include "model_flags.h"
#include "progress.h"
#include "rain_input.h"

namespace runnel::cli {

static ArgParser erodeParser() {
  ArgParser p("erode");
  p.add({"-o", FlagKind::Value, "OUT", "the eroded heightmap (format from the extension)", "--output"});
  addModelFlags(p);
  addRainFlags(p);
  p.add({"--size", FlagKind::Value, "WxH",
         "raw input (" + headerlessExtensions() + "): its size (default: square by the file's length)"})
      .add(smoothStepsFlag())
      .add({"--range", FlagKind::Value, "LO:HI",
            "integer input: world heights of sample 0 and the top sample"})
      .add({"--eroded", FlagKind::Value, "OUT",
            "rock removed per cell: .png an 8-bit preview, other formats the values in world units"})
      .add({"--deposited", FlagKind::Value, "OUT", "sediment lying per cell, as --eroded"})
      .add({"--flow", FlagKind::Value, "OUT",
            "the flow map of the result: log10 of each cell's discharge (rained area upstream) in m², "
            "routed as the rivers model routes water; 16-bit formats record the range in their sidecar"})
      .add({"--stats", FlagKind::Value, "OUT.json", "the run's stats as JSON"})
      .add(hillshadeFlag())
      .add(outRangeFlag())
      .add(objStepFlag())
      .add(objTrianglesFlag())
      .add(byteOrderFlag())
      .add({"--chunk", FlagKind::Value, "N", "units per chunk between progress updates (default about 1%)"})
      .add({"--progress", FlagKind::Switch, "", "progress bar on stderr from the start, even into a file"})
      .add({"--no-progress", FlagKind::Switch, "", "no progress bar"})
      .add(quietFlag());
  return p;
}

static void printHelp(const ArgParser& p) {
  std::printf(
      "usage: runnel-cli erode IN -o OUT --droplets N [--seed S] [--mode conserving|classic] [--edges "
      "wrap|clamp]\n"
      "           [--Kq X] [--Kw X] [--Kr X] [--Kd X] [--Ki X] [--min-slope X] [--g X] [--rain MAP]\n"
      "           [--size WxH] [--range LO:HI] [--eroded OUT] [--deposited OUT] [--stats OUT.json] "
      "[--progress]\n"
      "       runnel-cli erode IN -o OUT --model grid|thermal --iterations N [parameters...]\n"
      "       runnel-cli erode IN -o OUT --model rivers [--steps N] [--cell-size M] [parameters...]\n"
      "           (without --steps: the rivers model's whole build, coarse to fine over its --age)\n"
      "\n"
      "Erodes the heightmap IN and writes OUT. The same seed and inputs give the same bytes.\n"
      "\n%s"
      "\nmodels and their parameters (default, [range]):\n%s"
      "\nexamples:\n"
      "  runnel-cli erode t.png -o e.exr --droplets 500000 --edges clamp --stats run.json\n"
      "  runnel-cli erode dem.png --range 236:1076 -o e.png --droplets 100000 --Kr 0.5 --min-slope 0.01\n"
      "  runnel-cli erode t.r32 --size 1024x512 -o e.tif --droplets 1000000 --rain rain.png --spring "
      "10,20,500\n",
      p.flagHelp().c_str(), modelHelp().c_str());
}

// A bookkeeping map's output: 8-bit preview for .png, values for the float and 16-bit formats.
struct MapOutput {
  std::string path;
  bool preview = false;
};

static std::optional<MapOutput> mapOutput(const ParsedArgs& a, const std::string& flag,
                                          std::vector<std::string>& written) {
  auto path = a.value(flag);
  if (!path) return std::nullopt;
  FileFormat f = checkHeightmapOutput(*path);
  MapOutput out{*path, f == FileFormat::Png};
  for (const std::string& p : out.preview ? std::vector<std::string>{*path} : pathsWritten(*path, f))
    written.push_back(p);
  return out;
}

int runErode(const Args& args) {
  ArgParser parser = erodeParser();
  if (wantsHelp(args)) {
    printHelp(parser);
    return 0;
  }
  ParsedArgs a = parser.parse(args);
  if (a.positionals().empty()) throw UsageError("the input heightmap IN is required");
  if (a.positionals().size() > 1) throw UsageError("unexpected argument '" + a.positionals()[1] + "'");
  const std::string input = a.positionals()[0];
  auto out = a.value("-o");
  if (!out) throw UsageError("-o OUT is required");

  // The model and its parameters.
  const ModelInfo& info = modelFrom(a);
  std::vector<float> values = modelValuesFrom(info, a);
  ModelCommon common = modelCommonFrom(info, a);
  // Without an amount, a model with a build of its own (the rivers model's levels) runs the whole of it.
  uint64_t amount = amountFrom(info, a, 0);
  const bool planned = !a.has(amountFlag(info.amount));
  std::optional<uint64_t> chunkOption = chunkFlag(a, info.amount);
  ReadOptions readOptions = readOptionsFrom(a, input);
  WriteOptions writeOptions = writeOptionsFrom(a);

  // Every output, before any work.
  std::vector<std::string> written = pathsWritten(*out, checkHeightmapOutput(*out));
  std::optional<MapOutput> erodedOut = mapOutput(a, "--eroded", written);
  std::optional<MapOutput> depositedOut = mapOutput(a, "--deposited", written);
  auto flowPath = a.value("--flow");
  if (flowPath) {
    for (const std::string& p : pathsWritten(*flowPath, checkHeightmapOutput(*flowPath)))
      written.push_back(p);
  }
  auto hillshade = a.value("--hillshade");
  if (hillshade) {
    checkPreviewOutput(*hillshade);
    written.push_back(*hillshade);
  }
  auto statsPath = a.value("--stats");
  if (statsPath) {
    checkWritable(*statsPath);
    written.push_back(*statsPath);
  }
  checkDistinct(written);

  // Every input, before any work.
  Terrain terrain(readHeightmap(input, readOptions));  // refuses NaN and infinities, naming the cell
  checkHeightsInMetres(terrain.height, input);  // +-3.4e38 would overflow into a "model's" non-finite height
  // The cell size: --cell-size, else what the input records (runnel-cli writes it in every format), else 1 m
  // said aloud; a map far too steep for it is refused.
  const MapCellSize cell = cellSizeFrom(a, input, terrain.height, true);
  common.cellSize = cell.metres;
  // The edges: --edges, else wrap for a tileable map and open for any other, as the editor does.
  const bool edgesGiven = a.has("--edges");
  if (!edgesGiven) common.edges = wrapsSeamlessly(terrain.height) ? Edges::Wrap : Edges::Clamp;
  // An assumed cell size is not written into the outputs as if it were known.
  if (cell.source != MapCellSize::Source::Assumed) writeOptions.cellSize = common.cellSize;
  std::unique_ptr<RainMap> rain = rainFrom(a, terrain.width(), terrain.heightCells());
  std::unique_ptr<ErosionModel> model = info.create(values, common);
  if (planned) {
    amount = model->plannedUnits(terrain.width(), terrain.heightCells());
    if (amount == 0) throw UsageError(amountFlag(info.amount) + " N is required");
  }
  // A build's coarse steps take milliseconds; each call shows the map at full size: twenty chunks a build.
  uint64_t chunk = chunkOption.value_or(planned ? std::max<uint64_t>(1, amount / 20)
                                                : chunkSize(amount, info.amount, terrain.height.cellCount()));

  ProgressBar progress("erode", amountUnit(info.amount), amount,
                       progressMode(a.has("--progress"), a.has("--no-progress")));
  ErosionStats stats = runInChunks(*model, terrain, rain.get(), amount, chunk, &progress);

  // A model that blew up must not leave a file that looks like a result.
  int64_t bad = terrain.height.firstNonFinite();
  if (bad >= 0)
    throw Error(std::string("the ") + info.name + " model produced a non-finite height at cell " +
                std::to_string(bad) + "; nothing was written");

  // The outputs appear together or not at all: a failure at the last one leaves the first as they were.
  PublishGroup outputs;
  writeHeightmap(*out, terrain.height, writeOptions);
  WriteOptions mapOptions;  // the masks' own ranges, the terrain's cell size (the slopes' and shading's)
  mapOptions.cellSize = common.cellSize;
  mapOptions.bigEndian = writeOptions.bigEndian;
  if (erodedOut) writeTerrainMap(erodedOut->path, TerrainMap::Eroded, terrain.eroded, mapOptions);
  if (depositedOut) writeTerrainMap(depositedOut->path, TerrainMap::Deposited, terrain.deposited, mapOptions);
  if (flowPath)
    writeTerrainMap(*flowPath, TerrainMap::Flow,
                    dischargeLog10(terrain.height, rain.get(), common.cellSize, common.threads), mapOptions);
  if (hillshade) writeTerrainMap(*hillshade, TerrainMap::Hillshade, terrain.height, mapOptions);
  if (statsPath)
    writeFileAtomically(*statsPath, stats.toJson(amountUnit(info.amount), cell.metres, cell.where) + "\n");
  outputs.commit();
  if (!a.has("--quiet")) {
    std::string summary = stats.summary();
    if (info.amount != AmountKind::Droplets) {
      // The droplet lines (paths, directions, droplets/s) mean nothing for grid iterations or rivers steps.
      std::string unit = amountUnit(info.amount);
      if (stats.droplets == 1) unit.pop_back();  // "1 step"
      char buf[256];
      std::snprintf(buf, sizeof buf,
                    "computed %llu %s of %s in %.1f s (%.0f ms each)\n"
                    "  eroded %.6g, deposited %.6g, lost %.6g, relative mass error %.3g",
                    static_cast<unsigned long long>(stats.droplets), unit.c_str(), info.name, stats.seconds,
                    stats.droplets ? stats.seconds * 1000.0 / double(stats.droplets) : 0.0, stats.eroded,
                    stats.deposited, stats.lost, stats.massError());
      summary = buf;
    }
    while (!summary.empty() && summary.back() == '\n') summary.pop_back();
    const char* edges = common.edges == Edges::Wrap ? "wrapping edges" : "open edges";
    const char* why = edgesGiven                    ? "--edges"
                      : common.edges == Edges::Wrap ? "the map is tileable; --edges clamp opens them"
                                                    : "the map is not tileable; --edges wrap wraps them";
    std::printf("%s\n  at %s, %s (%s)\nwrote %s\n", summary.c_str(), cell.describe().c_str(), edges, why,
                out->c_str());
  }
  return 0;
}

}  // namespace runnel::cli
