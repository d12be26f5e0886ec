// runnel-cli info: what a heightmap file holds, for people and for scripts (one "key: value" a line).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "args.h"
#include "commands.h"
#include "core/base/error.h"
#include "core/generate/generators.h"
#include "core/io/height_sidecar.h"
#include "core/io/heightmap_io.h"
#include "file_details.h"
#include "files.h"

namespace runnel::cli {

static ArgParser infoParser() {
  ArgParser p("info");
  p.add({"--size", FlagKind::Value, "WxH",
         "raw input (" + headerlessExtensions() + "): its size (default: square by the file's length)"})
      .add({"--range", FlagKind::Value, "LO:HI",
            "integer input: world heights of sample 0 and the top sample"})
      .add(byteOrderFlag())
      .add({"--cell-size", FlagKind::Value, "M",
            "metres per cell, for the extent and slopes (default: what FILE records, else 1)"});
  return p;
}

// The height range a 16-bit file's sidecar records, or why it cannot be used.
static std::string sidecarLine(const std::string& path, const Heightmap& map) {
  try {
    std::optional<HeightRange> r = readHeightSidecar(path, map.width(), map.height());
    if (!r) return "none";
    char line[256];
    std::snprintf(line, sizeof line, "%s: samples 0 and 65535 are heights %.9g and %.9g",
                  sidecarPath(path).c_str(), r->lo, r->hi);
    return line;
  } catch (const Error& e) {
    return std::string("unusable: ") + e.what();
  }
}

int runInfo(const Args& args) {
  ArgParser parser = infoParser();
  if (wantsHelp(args)) {
    std::printf(
        "usage: runnel-cli info FILE [--size WxH] [--range LO:HI] [--cell-size M]\n"
        "\n"
        "Prints a heightmap's size, heights (min, max, mean in world units), non-finite samples, the file's\n"
        "format details, its sidecar's height range, its cell size and where it was recorded, its extent "
        "and\n"
        "its median slope, one 'key: value' a line.\n\n%s",
        parser.flagHelp().c_str());
    return 0;
  }
  ParsedArgs a = parser.parse(args);
  if (a.positionals().empty()) throw UsageError("FILE is required");
  if (a.positionals().size() > 1) throw UsageError("unexpected argument '" + a.positionals()[1] + "'");
  const std::string path = a.positionals()[0];
  ReadOptions options = readOptionsFrom(a, path);
  options.allowNonFinite = true;  // counted below, not refused
  Heightmap map = readHeightmap(path, options);

  // NaN and infinities are counted, not folded into the statistics.
  uint64_t nonFinite = 0, finite = 0;
  double sum = 0, lo = INFINITY, hi = -INFINITY;
  const float* p = map.data();
  for (size_t i = 0; i < map.cellCount(); ++i) {
    float v = p[i];
    if (!std::isfinite(v)) {
      ++nonFinite;
      continue;
    }
    ++finite;
    sum += v;
    lo = std::min(lo, double(v));
    hi = std::max(hi, double(v));
  }
  std::printf("file: %s\n", path.c_str());
  std::printf("format: %s\n", describeFile(path).c_str());
  std::printf("size: %dx%d\n", map.width(), map.height());
  std::printf("cells: %zu\n", map.cellCount());
  if (finite) {
    std::printf("min: %.9g\nmax: %.9g\nmean: %.9g\n", lo, hi, sum / double(finite));
  } else {
    std::printf("min: none\nmax: none\nmean: none\n");
  }
  std::printf("non-finite: %llu\n", static_cast<unsigned long long>(nonFinite));
  std::printf("sidecar: %s\n", sidecarLine(path, map).c_str());
  // Where the cell size comes from, the extent it gives, and the slopes it makes: a map read at the wrong
  // cell size shows here as an impossible median slope.
  try {
    const MapCellSize cell = cellSizeFrom(a, path, map, false);
    if (cell.source == MapCellSize::Source::Assumed)
      std::printf("cell size: none recorded (commands assume %g m; --cell-size sets it)\n",
                  double(cell.metres));
    else
      std::printf("cell size: %g m (%s %s)\n", double(cell.metres),
                  cell.source == MapCellSize::Source::Given ? "given by" : "recorded in", cell.where.c_str());
    std::printf("extent: %s\n", describeExtent(map.width(), map.height(), cell.metres).c_str());
    if (nonFinite == 0) std::printf("median slope: %.1f degrees\n", medianSlopeDegrees(map, cell.metres));
  } catch (const Error& e) {
    std::printf("cell size: unusable: %s\n", e.what());
  }
  return 0;
}

}  // namespace runnel::cli
