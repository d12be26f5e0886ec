// runnel-cli tiles: a map cut into a grid of tiles that share their edge rows and columns, named the way
// Unreal's World Partition landscape import expects (NAME_x0_y0.png), so neighbouring tiles meet without a
// seam. Every tile of a 16-bit format uses the whole map's height range: per-tile ranges would step at the
// edges.
#include <cstdio>
#include <filesystem>

#include "args.h"
#include "commands.h"
#include "core/base/error.h"
#include "core/io/atomic_file.h"
#include "core/io/format_table.h"
#include "core/io/heightmap_io.h"
#include "files.h"

namespace runnel::cli {

namespace {

ArgParser tilesParser() {
  ArgParser p("tiles");
  p.add({"--grid", FlagKind::Value, "NxM", "tiles across and down (e.g. 2x2)"})
      .add({"-o", FlagKind::Value, "DIR/NAME", "the tiles' names: DIR/NAME_x0_y0.EXT, ...", "--output"})
      .add({"--format", FlagKind::Value, "EXT", "the tiles' format by extension (default png: 16-bit)"})
      .add({"--size", FlagKind::Value, "WxH", "raw input: its size"})
      .add(smoothStepsFlag())
      .add({"--range", FlagKind::Value, "LO:HI", "integer input: world heights of its samples"})
      .add({"--cell-size", FlagKind::Value, "M", "metres per cell (default: what the input records)"})
      .add(quietFlag())
      .add(outRangeFlag())
      .add(byteOrderFlag());
  return p;
}

// Engine landscape sizes a grid of tiles can make, for the message when the map's size does not divide.
std::string fittingSides(int tiles, int side) {
  std::string list;
  for (int tile : {127, 253, 505, 1009, 2017, 4033}) {
    const int whole = tiles * (tile - 1) + 1;
    if (std::abs(whole - side) < side) list += (list.empty() ? "" : ", ") + std::to_string(whole);
  }
  return list;
}

}  // namespace

int runTiles(const Args& args) {
  ArgParser parser = tilesParser();
  if (wantsHelp(args)) {
    std::printf(
        "usage: runnel-cli tiles IN --grid NxM -o DIR/NAME [--format png|r16|raw|r32|tif|exr|pfm]\n"
        "\n"
        "Cuts IN (a heightmap, or a .runnel project's terrain) into N x M tiles that share their edge rows "
        "and columns (a W-wide map in N tiles: each\n"
        "(W - 1) / N + 1 wide, so W - 1 must divide by N; 2017 in 2 tiles of 1009, Unreal's sizes), written\n"
        "as DIR/NAME_x0_y0.EXT ... (x across, y down, Unreal's World Partition names). 16-bit tiles all use "
        "the\n"
        "whole map's height range (or --out-range), so neighbours match exactly; each tile records the cell\n"
        "size. The tiles appear together or not at all, and are checked against each other once "
        "written.\n\n%s",
        parser.flagHelp().c_str());
    return 0;
  }
  ParsedArgs a = parser.parse(args);
  if (a.positionals().size() != 1) throw UsageError("needs one input IN (a heightmap or a .runnel project)");
  const std::string input = a.positionals()[0];
  const auto grid = a.value("--grid");
  if (!grid) throw UsageError("--grid NxM is required");
  const auto prefix = a.value("-o");
  if (!prefix) throw UsageError("-o DIR/NAME is required");
  int64_t gx, gy;
  parseSize("--grid", *grid, gx, gy);
  if (gx < 1 || gy < 1 || gx > 64 || gy > 64) throw Error("--grid: " + *grid + " is outside 1x1 to 64x64");
  const std::string ext = a.value("--format").value_or("png");
  const FormatEntry* format = formatOfPath("x." + ext);
  if (!format || format->id == FileFormat::Obj)
    throw UsageError("--format: '" + ext + "' is not a heightmap format (" + knownExtensions(true) + ")");

  auto tilePath = [&](int64_t x, int64_t y) {
    return *prefix + "_x" + std::to_string(x) + "_y" + std::to_string(y) + format->extension();
  };
  // A folder in -o that does not exist yet is made once the input has been read (as export-maps does).
  const std::string folder = std::filesystem::path(*prefix).parent_path().string();
  std::error_code ec;
  const bool newFolder = !folder.empty() && !std::filesystem::exists(folder, ec);
  std::vector<std::string> written;
  for (int64_t y = 0; y < gy; ++y)
    for (int64_t x = 0; x < gx; ++x) {
      const FileFormat f = newFolder ? formatFromPath(tilePath(x, y)) : checkHeightmapOutput(tilePath(x, y));
      for (const std::string& p : pathsWritten(tilePath(x, y), f)) written.push_back(p);
    }
  checkDistinct(written);

  MapCellSize cell;
  const Heightmap map = readMapSource(a, input, false, cell).height;
  const int w = map.width(), h = map.height();
  if ((w - 1) % gx != 0 || (h - 1) % gy != 0 || (w - 1) / gx < 1 || (h - 1) / gy < 1)
    throw Error(input + ": " + std::to_string(w) + "x" + std::to_string(h) + " does not cut into " + *grid +
                " tiles sharing their edges (width - 1 must divide by " + std::to_string(gx) +
                ", height - 1 by " + std::to_string(gy) + "; sides that do: " + fittingSides(int(gx), w) +
                ")");
  const int tw = int((w - 1) / gx) + 1, th = int((h - 1) / gy) + 1;

  if (newFolder) makeFolder(folder);
  WriteOptions options = writeOptionsFrom(a);
  // An assumed cell size is not written into the tiles as if it were known.
  if (cell.source != MapCellSize::Source::Assumed) options.cellSize = cell.metres;
  if (!options.range) {  // one range for every tile: a tile's own min..max would step at its edges
    HeightRange whole;
    map.minMax(whole.lo, whole.hi);
    if (!(whole.lo < whole.hi)) whole.hi = whole.lo + 1.0f;
    options.range = whole;
  }
  {
    PublishGroup tiles;
    for (int64_t ty = 0; ty < gy; ++ty)
      for (int64_t tx = 0; tx < gx; ++tx) {
        Heightmap tile(tw, th);
        for (int y = 0; y < th; ++y) {
          const float* from = map.row(int(ty) * (th - 1) + y) + tx * (tw - 1);
          std::copy(from, from + tw, tile.row(y));
        }
        writeHeightmap(tilePath(tx, ty), tile, options);
      }
    tiles.commit();
  }

  // The check an engine would make: every shared edge reads back the same from both tiles.
  ReadOptions back;
  back.width = tw;
  back.height = th;
  back.bigEndian = options.bigEndian;
  std::vector<Heightmap> read;
  for (int64_t ty = 0; ty < gy; ++ty)
    for (int64_t tx = 0; tx < gx; ++tx) read.push_back(readHeightmap(tilePath(tx, ty), back));
  auto at = [&](int64_t x, int64_t y) -> const Heightmap& { return read[size_t(y * gx + x)]; };
  for (int64_t ty = 0; ty < gy; ++ty)
    for (int64_t tx = 0; tx < gx; ++tx) {
      for (int y = 0; tx + 1 < gx && y < th; ++y)
        if (at(tx, ty).at(tw - 1, y) != at(tx + 1, ty).at(0, y))
          throw Error(tilePath(tx, ty) + " and " + tilePath(tx + 1, ty) +
                      " differ on their shared edge (a bug)");
      for (int x = 0; ty + 1 < gy && x < tw; ++x)
        if (at(tx, ty).at(x, th - 1) != at(tx, ty + 1).at(x, 0))
          throw Error(tilePath(tx, ty) + " and " + tilePath(tx, ty + 1) +
                      " differ on their shared edge (a bug)");
    }
  if (!a.has("--quiet"))
    std::printf("wrote %lldx%lld tiles of %dx%d from %s (%dx%d, %s) as %s, edges shared and checked\n",
                (long long)gx, (long long)gy, tw, th, input.c_str(), w, h, cell.describe().c_str(),
                tilePath(0, 0).c_str());
  return 0;
}

}  // namespace runnel::cli
