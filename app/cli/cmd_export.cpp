// runnel-cli export: a heightmap made ready for one engine or tool (the file it takes, at a size it takes,
// resampled on purpose), with the numbers to type into its importer written beside it.
#include <cmath>
#include <cstdio>

#include "args.h"
#include "commands.h"
#include "core/base/error.h"
#include "core/base/value_limits.h"
#include "core/io/engine_targets.h"
#include "core/io/format_table.h"
#include "core/io/heightmap_io.h"
#include "files.h"

namespace runnel::cli {

namespace {

ArgParser exportParser() {
  ArgParser p("export");
  p.add({"--for", FlagKind::Value, "ENGINE", "the engine or tool: " + engineNames()})
      .add({"-o", FlagKind::Value, "OUT", "the file to write (its extension must be the engine's format)",
            "--output"})
      .add({"--resolution", FlagKind::Value, "N|WxH",
            "samples across (the height keeps the shape) or WxH, sides the engine takes (default: the "
            "nearest)"})
      .add({"--cell-size", FlagKind::Value, "M", "metres per cell of IN (default: what IN records)"})
      .add({"--size", FlagKind::Value, "WxH", "raw input: its size"})
      .add(smoothStepsFlag())
      .add({"--range", FlagKind::Value, "LO:HI", "integer input: world heights of its samples"})
      .add(quietFlag())
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

}  // namespace

int runExport(const Args& args) {
  ArgParser parser = exportParser();
  if (wantsHelp(args)) {
    std::printf(
        "usage: runnel-cli export IN --for ENGINE -o OUT [--resolution N|WxH] [--cell-size M]\n"
        "\n"
        "Writes IN (a heightmap, or a .runnel project's terrain) as ENGINE takes it: its file format, at a "
        "size it takes (resampled on purpose, "
        "Catmull-Rom,\n"
        "the corner samples kept, so the map spans the same ground at a new spacing), and OUT's name with\n"
        ".import.txt beside it: the numbers to type into the importer so the heights come back in metres\n"
        "(also printed). Engines:\n%s\n%s",
        targetsHelp().c_str(), parser.flagHelp().c_str());
    return 0;
  }
  ParsedArgs a = parser.parse(args);
  if (a.positionals().size() != 1) throw UsageError("needs one input IN (a heightmap or a .runnel project)");
  const std::string input = a.positionals()[0];
  const auto engineName = a.value("--for");
  if (!engineName) throw UsageError("--for ENGINE is required (" + engineNames() + ")");
  const EngineTarget* target = engineTarget(*engineName);
  if (!target) throw UsageError("--for: '" + *engineName + "' is not one of " + engineNames());
  const auto out = a.value("-o");
  if (!out) throw UsageError("-o OUT is required");
  checkEngineOutput(*target, *out);
  checkHeightmapOutput(*out);
  std::vector<std::string> written = pathsWritten(*out, target->format);
  written.push_back(importStepsPath(*out));
  checkDistinct(written);
  checkWritable(importStepsPath(*out));
  int64_t width = 0, height = 0;  // 0: the nearest the engine takes to the input's (height: its shape)
  if (auto r = a.value("--resolution")) {
    if (r->find('x') == std::string::npos) {
      width = parseInt("--resolution", *r);
      checkEngineSize(*target, width, width, "--resolution");  // the height follows the map's shape
    } else {
      parseSize("--resolution", *r, width, height);
      checkEngineSize(*target, width, height, "--resolution");
    }
  }

  MapCellSize cell;
  const Heightmap map = readMapSource(a, input, false, cell).height;
  if (cell.source == MapCellSize::Source::Assumed)
    throw Error(input + " records no cell size: pass --cell-size M (metres per cell), which " +
                target->title + " needs for the terrain's extent");
  const float cellSize = cell.metres;
  if (height == 0) {
    int w, h;
    engineSizeFor(*target, map.width(), map.height(), int(width), w, h);
    width = w;
    height = h;
  }
  const EngineWritten done = writeForEngine(map, cellSize, *target, int(width), int(height), *out, input);
  if (!a.has("--quiet")) {
    std::printf("wrote %s (%dx%d", out->c_str(), done.file.width, done.file.height);
    if (done.resampled)
      std::printf(", resampled from %dx%d: %.3f m cells instead of %.3f", map.width(), map.height(),
                  double(done.file.cellSize), double(cellSize));
    std::printf(") and %s\n%s", importStepsPath(*out).c_str(), done.steps.c_str());
  }
  return 0;
}

}  // namespace runnel::cli
