// runnel-cli export: a heightmap made ready for one engine or tool (the file it takes, at a size it takes,
// resampled on purpose), with the numbers to type into its importer written beside it.
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "args.h"
#include "commands.h"
#include "core/atomic_file.h"
#include "core/engine_targets.h"
#include "core/error.h"
#include "core/format_table.h"
#include "core/heightmap_io.h"
#include "core/resample.h"
#include "files.h"

namespace runnel::cli {

namespace {

ArgParser exportParser() {
  ArgParser p("export");
  p.add({"--for", FlagKind::Value, "ENGINE", "the engine or tool: " + engineNames()})
      .add({"-o", FlagKind::Value, "OUT", "the file to write (its extension must be the engine's format)",
            "--output"})
      .add({"--resolution", FlagKind::Value, "N|WxH",
            "samples across (and down): one the engine takes (default: the nearest to the input's)"})
      .add({"--cell-size", FlagKind::Value, "M", "metres per cell of IN (default: what IN records)"})
      .add({"--size", FlagKind::Value, "WxH", "raw input: its size"})
      .add({"--range", FlagKind::Value, "LO:HI", "integer input: world heights of its samples"})
      .add({"--quiet", FlagKind::Switch, "", "print nothing on success"})
      .add(byteOrderFlag());
  return p;
}

std::string targetsHelp() {
  std::string text;
  for (const EngineTarget& t : engineTargets()) {
    char line[200];
    std::snprintf(line, sizeof line, "  %-8s %-22s %-28s sides: %s%s\n", t.name, t.title,
                  formatEntry(t.format).name, engineSides(t).c_str(), t.square ? " (square)" : "");
    text += line;
  }
  return text;
}

// OUT's name with the import steps' extension: terrain.raw -> terrain.import.txt.
std::string stepsPath(const std::string& out) {
  std::filesystem::path p(out);
  return (p.parent_path() / (p.stem().string() + ".import.txt")).string();
}

}  // namespace

int runExport(const Args& args) {
  ArgParser parser = exportParser();
  if (wantsHelp(args)) {
    std::printf(
        "usage: runnel-cli export IN --for ENGINE -o OUT [--resolution N|WxH] [--cell-size M]\n"
        "\n"
        "Writes IN as ENGINE takes it: its file format, at a size it takes (resampled on purpose, "
        "Catmull-Rom,\n"
        "the corner samples kept, so the map spans the same ground at a new spacing), and OUT's name with\n"
        ".import.txt beside it: the numbers to type into the importer so the heights come back in metres\n"
        "(also printed). Engines:\n%s\n%s",
        targetsHelp().c_str(), parser.flagHelp().c_str());
    return 0;
  }
  ParsedArgs a = parser.parse(args);
  if (a.positionals().size() != 1) throw UsageError("needs one input heightmap IN");
  const std::string input = a.positionals()[0];
  const auto engineName = a.value("--for");
  if (!engineName) throw UsageError("--for ENGINE is required (" + engineNames() + ")");
  const EngineTarget* target = engineTarget(*engineName);
  if (!target) throw UsageError("--for: '" + *engineName + "' is not one of " + engineNames());
  const auto out = a.value("-o");
  if (!out) throw UsageError("-o OUT is required");
  const FormatEntry& format = formatEntry(target->format);
  const FormatEntry* outFormat = formatOfPath(*out);
  if (!outFormat || outFormat->id != target->format)
    throw UsageError(
        "-o: " + *out + " is " +
        (outFormat ? std::string("a ") + outFormat->name + " name" : std::string("no heightmap name")) +
        "; " + target->title + " takes " + format.name + " (" + format.extension() + ")");
  checkHeightmapOutput(*out);
  std::vector<std::string> written = pathsWritten(*out, target->format);
  written.push_back(stepsPath(*out));
  checkDistinct(written);
  checkWritable(stepsPath(*out));

  const Heightmap map = readHeightmap(input, readOptionsFrom(a, input));
  float cellSize = 0.0f;
  if (auto c = a.value("--cell-size")) {
    cellSize = parseFloat("--cell-size", *c);
    if (!(cellSize > 0.0f) || !std::isfinite(cellSize))
      throw Error("--cell-size: must be a positive number of metres (got " + *c + ")");
  } else if (auto recorded = readRecordedCellSize(input, map.width(), map.height())) {
    cellSize = *recorded;
  } else {
    throw Error(input + " records no cell size: pass --cell-size M (metres per cell), which " +
                target->title + " needs for the terrain's extent");
  }
  if (target->square && map.width() != map.height())
    throw Error(std::string(target->title) + "s are square and " + input + " is " +
                std::to_string(map.width()) + "x" + std::to_string(map.height()) +
                " (cut it square with runnel-cli tiles, or export for unreal, whose landscapes need not be)");

  int width = nearestEngineSide(*target, map.width()), height = nearestEngineSide(*target, map.height());
  if (auto r = a.value("--resolution")) {
    int64_t w, h;
    if (r->find('x') == std::string::npos) {
      w = h = parseInt("--resolution", *r);
    } else {
      parseSize("--resolution", *r, w, h);
    }
    if (!takesSide(*target, int(std::min<int64_t>(w, kMaxSide + 1))) ||
        !takesSide(*target, int(std::min<int64_t>(h, kMaxSide + 1))))
      throw Error("--resolution: " + std::string(target->title) + " takes sides " + engineSides(*target) +
                  " (got " + *r + ")");
    if (target->square && w != h) throw Error("--resolution: " + std::string(target->title) + "s are square");
    checkSize(w, h, "--resolution");
    width = int(w);
    height = int(h);
  }
  if (target->square) height = width;

  const bool resampled = width != map.width() || height != map.height();
  const Heightmap result = resample(map, width, height);
  EngineExport e;
  e.file = std::filesystem::path(*out).filename().string();
  e.width = width;
  e.height = height;
  // Square cells stay square: the spacing follows the width (the height's differs by under a sample).
  e.cellSize = resampledCellSize(cellSize, map.width(), width);
  result.minMax(e.lo, e.hi);
  if (!(e.lo < e.hi)) e.hi = e.lo + 1.0f;
  WriteOptions options;
  options.cellSize = e.cellSize;
  options.bigEndian = target->bigEndian;
  options.range = HeightRange{e.lo, e.hi};
  const std::string steps = target->importSteps(e);
  {
    PublishGroup outputs;
    writeHeightmap(*out, result, options);
    writeFileAtomically(stepsPath(*out), steps);
    outputs.commit();
  }
  if (!a.has("--quiet")) {
    std::printf("wrote %s (%dx%d", out->c_str(), width, height);
    if (resampled)
      std::printf(", resampled from %dx%d: %.3f m cells instead of %.3f", map.width(), map.height(),
                  double(e.cellSize), double(cellSize));
    std::printf(") and %s\n%s", stepsPath(*out).c_str(), steps.c_str());
  }
  return 0;
}

}  // namespace runnel::cli
