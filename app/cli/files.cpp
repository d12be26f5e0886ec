#include "files.h"

#include <unistd.h>

#include <filesystem>
#include <set>

#include "core/base/error.h"
#include "core/base/value_limits.h"
#include "core/io/format_table.h"
#include "core/io/project_file.h"

namespace runnel::cli {

namespace fs = std::filesystem;

namespace {

// --byte-order little|big: 16-bit raw files (.raw, .r16); little-endian unless asked.
bool bigEndianFrom(const ParsedArgs& args) {
  const auto order = args.value("--byte-order");
  if (!order || *order == "little") return false;
  if (*order == "big") return true;
  throw UsageError("--byte-order: '" + *order + "' is not little or big");
}

}  // namespace

std::string headerlessExtensions() {
  std::string list;
  for (const FormatEntry& e : formatTable())
    if (e.headerless)
      for (const std::string& ext : e.extensions) list += (list.empty() ? "." : ", .") + ext;
  return list;
}

void checkWritable(const std::string& path) {
  if (path.empty()) throw Error("output path is empty");
  fs::path p(path);
  std::error_code ec;
  if (fs::is_directory(p, ec)) throw Error(path + ": is a folder, not a file");
  // A pipe, device or socket is never replaced by a file (core's writers refuse it too, after the work).
  if (fs::exists(p, ec) && !fs::is_regular_file(p, ec))
    throw Error(path + ": is not a regular file (a pipe, device or socket); write to a file");
  fs::path folder = p.parent_path();
  if (folder.empty()) folder = ".";
  if (!fs::is_directory(folder, ec))
    throw Error(path + ": " + folder.string() +
                (fs::exists(folder, ec) ? " is a file, not a folder" : ": no such folder"));
  if (access(folder.c_str(), W_OK | X_OK) != 0)
    throw Error(path + ": folder " + folder.string() + " is not writable");
}

FileFormat checkHeightmapOutput(const std::string& path) {
  FileFormat f = formatFromPath(path);
  checkWritable(path);
  return f;
}

void checkPreviewOutput(const std::string& path) {
  if (formatFromPath(path) != FileFormat::Png) throw Error(path + ": a preview is written as .png");
  checkWritable(path);
}

std::vector<std::string> pathsWritten(const std::string& path, FileFormat format) {
  if (formatEntry(format).writesSidecar()) return {path, path + ".json"};
  return {path};
}

void checkDistinct(const std::vector<std::string>& paths) {
  std::set<std::string> seen;
  for (const std::string& p : paths) {
    std::error_code ec;
    std::string key = fs::weakly_canonical(fs::path(p), ec).string();
    if (ec) key = p;
    if (!seen.insert(key).second) throw Error(p + ": two outputs would be written to this path");
  }
}

ReadOptions readOptionsFrom(const ParsedArgs& args, const std::string& input) {
  ReadOptions o;
  if (auto size = args.value("--size")) {
    if (!formatEntry(formatFromPath(input)).headerless)
      throw UsageError("--size is for raw inputs (" + headerlessExtensions() + "); " + input +
                       " records its own size");
    int64_t w, h;
    parseSize("--size", *size, w, h);
    checkSize(w, h, "--size");
    o.width = int(w);
    o.height = int(h);
  }
  o.bigEndian = bigEndianFrom(args);
  if (auto range = args.value("--range")) {
    try {
      o.range = parseRange(*range);
    } catch (const Error& e) {
      throwUsage("--range", e);
    }
  }
  o.smoothSteps = args.has("--smooth-steps");
  return o;
}

namespace {
std::optional<float> givenCellSize(const ParsedArgs& args) {
  if (auto c = args.value("--cell-size")) return float(limitedFloat("--cell-size", limits::kCellSize, *c));
  return std::nullopt;
}
}  // namespace

MapCellSize cellSizeFrom(const ParsedArgs& args, const std::string& input, const Heightmap& map,
                         bool slopesMatter) {
  const MapCellSize cell = chooseCellSize(input, map, givenCellSize(args), "--cell-size");
  if (slopesMatter) refuseImplausibleCellSize(cell, map, input, "pass --cell-size M, its metres per cell");
  return cell;
}

MapSource readMapSource(const ParsedArgs& args, const std::string& input, bool slopesMatter,
                        MapCellSize& cell) {
  if (input.size() > 7 && input.ends_with(".runnel")) {
    MapSource maps = mapSourceOf(readProject(input), input);
    if (const std::optional<float> given = givenCellSize(args))  // the project's own, replaced
      cell = {*given, MapCellSize::Source::Given, "--cell-size"};
    else
      cell = {maps.cellSize, MapCellSize::Source::Recorded, input};
    maps.cellSize = cell.metres;
    return maps;
  }
  MapSource maps;
  maps.height = readHeightmap(input, readOptionsFrom(args, input));
  cell = cellSizeFrom(args, input, maps.height, slopesMatter);
  maps.cellSize = cell.metres;
  maps.source = maps.description = input;
  return maps;
}

WriteOptions writeOptionsFrom(const ParsedArgs& args) {
  WriteOptions o;
  o.bigEndian = bigEndianFrom(args);
  if (auto range = args.value("--out-range")) {
    try {
      o.range = parseRange(*range);
    } catch (const Error& e) {
      throwUsage("--out-range", e);
    }
  }
  if (auto step = args.value("--obj-step")) {
    int64_t n = parseInt("--obj-step", *step);
    if (n < 1 || n > kMaxSide) throw Error("obj-step: " + *step + " is outside [1, 16384]");
    o.objStep = int(n);
  }
  if (auto triangles = args.value("--obj-triangles")) {
    if (args.has("--obj-step")) throw UsageError("--obj-triangles and --obj-step: give one or the other");
    const int64_t n = parseInt("--obj-triangles", *triangles);
    if (n < 2) throw Error("--obj-triangles: " + *triangles + " is fewer than the 2 of the smallest mesh");
    o.objTriangles = uint64_t(n);
  }
  return o;
}

FlagSpec outRangeFlag() {
  return {"--out-range", FlagKind::Value, "LO:HI",
          "16-bit outputs: world heights of samples 0 and 65535 (default: min:max)"};
}
FlagSpec objStepFlag() {
  return {"--obj-step", FlagKind::Value, "N", "OBJ output: a vertex every N samples (default 1)"};
}
FlagSpec quietFlag() {
  return {"--quiet", FlagKind::Switch, "", "print nothing on success", "-q"};
}

FlagSpec smoothStepsFlag() {
  return {"--smooth-steps", FlagKind::Switch, "",
          "an 8-bit input (256 levels or fewer): its terraces made ramps, each cell within half a level"};
}
FlagSpec objTrianglesFlag() {
  return {
      "--obj-triangles", FlagKind::Value, "N",
      "OBJ output: at most N triangles (a vertex every so many samples, the border kept; e.g. 2000000 opens "
      "a 4096² map in Blender)"};
}
FlagSpec byteOrderFlag() {
  return {"--byte-order", FlagKind::Value, "little|big",
          "16-bit raw files (.raw, .r16) read or written: byte order (default little; big is Unity's Mac)"};
}
FlagSpec hillshadeFlag() {
  return {"--hillshade", FlagKind::Value, "OUT.png", "also write an 8-bit hillshade preview of the result"};
}

}  // namespace runnel::cli
