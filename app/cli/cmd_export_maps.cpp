// runnel-cli export-maps: every map of a terrain into one folder, in one format, with a JSON sidecar that
// says what each file holds (the texturing masks Gaea and World Machine hand over in one go).
#include <cmath>
#include <cstdio>

#include "args.h"
#include "commands.h"
#include "core/base/error.h"
#include "core/base/value_limits.h"
#include "core/io/format_table.h"
#include "core/io/heightmap_io.h"
#include "core/io/map_folder.h"
#include "core/io/project_file.h"
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
      .add(smoothStepsFlag())
      .add({"--range", FlagKind::Value, "LO:HI", "integer heightmap input: world heights of its samples"})
      .add({"--threads", FlagKind::Value, "N", "threads for the flow map (default: all cores)"})
      .add(quietFlag())
      .add(byteOrderFlag());
  return p;
}

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
        "height, flow, wetness, slope, eroded, deposited and rain maps and a hillshade) or a heightmap (the\n"
        "maps that follow from heights alone: height, flow, wetness, slope, hillshade). Values: heights in\n"
        "metres, slope in degrees, eroded and deposited in metres, flow as log10 of the discharge in m²,\n"
        "wetness as ln(a / tan slope) (a: m² of discharge per metre), rain as density 0..1;\n"
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

  MapCellSize cell;
  MapSource maps = readMapSource(a, input, true, cell);
  // The folder is made only once the input has been read: a bad input leaves nothing behind.
  const size_t written = writeMapFolder(maps, dir, *format, writeOptionsFrom(a), threads);
  if (!a.has("--quiet"))
    std::printf("wrote %zu maps of %s (%dx%d, %s) to %s/ as %s, listed in maps.json\n", written,
                input.c_str(), maps.height.width(), maps.height.height(), cell.describe().c_str(),
                dir.c_str(), format->name);
  return 0;
}

}  // namespace runnel::cli
