// runnel-cli's file handling shared by the commands: reading with --size/--range, writing with
// --out-range/--obj-step, and the checks made before any long work starts, so a run that would fail at the
// end fails at once and writes nothing (output formats from their extensions, folders that exist and take
// files, no two outputs or sidecars at one path).
#pragma once
#include <string>
#include <vector>

#include "args.h"
#include "core/io/heightmap_io.h"
#include "core/io/map_cell_size.h"
#include "core/io/map_folder.h"

namespace runnel::cli {

// Throws runnel::Error naming `path` unless its folder exists and is writable and path is not a folder.
void checkWritable(const std::string& path);
// The format of a heightmap output (from its extension) after checkWritable. Throws Error naming path.
FileFormat checkHeightmapOutput(const std::string& path);
// An 8-bit preview output (--hillshade): a .png, checked like any output. Throws Error naming path.
void checkPreviewOutput(const std::string& path);
// The paths a heightmap write creates: the file and, for formats that cannot hold the cell size, its JSON
// sidecar.
std::vector<std::string> pathsWritten(const std::string& path, FileFormat format);
// Throws Error naming a path that two outputs would both write.
void checkDistinct(const std::vector<std::string>& paths);

// ReadOptions for `input` from --size WxH, --range LO:HI, --smooth-steps and --byte-order (usage errors name
// the flag; limits are Errors). --size for an input that records its size is a usage error: it would be
// ignored.
ReadOptions readOptionsFrom(const ParsedArgs& args, const std::string& input);

// The cell size `input` (read as `map`) is taken at: --cell-size (limits are usage errors), else what the
// file records, else 1 m assumed; MapCellSize::describe() says which. `slopesMatter`: a command whose
// result depends on slopes (erode, export-maps) also refuses an assumed cell size that makes the map steeper
// than any real terrain, asking for --cell-size.
MapCellSize cellSizeFrom(const ParsedArgs& args, const std::string& input, const Heightmap& map,
                         bool slopesMatter);

// The map IN holds: a .runnel project's terrain (and its bookkeeping, rain and recipe) at its cell size, or a
// heightmap file's read with --size, --range, --smooth-steps and --byte-order; --cell-size replaces either's
// cell size. `cell` says which cell size and where it came from (`slopesMatter` as cellSizeFrom).
MapSource readMapSource(const ParsedArgs& args, const std::string& input, bool slopesMatter,
                        MapCellSize& cell);

// WriteOptions from --out-range LO:HI, --obj-step N or --obj-triangles N, and --byte-order.
WriteOptions writeOptionsFrom(const ParsedArgs& args);
// The flags above as FlagSpecs, so each command lists them the same way.
FlagSpec outRangeFlag();
FlagSpec objStepFlag();
FlagSpec objTrianglesFlag();
FlagSpec smoothStepsFlag();
// --quiet (-q): print nothing on success; every command that prints takes it.
FlagSpec quietFlag();
FlagSpec hillshadeFlag();
FlagSpec byteOrderFlag();
// ".r16, .raw, .r32": the formats whose files record no size (--size gives it).
std::string headerlessExtensions();

}  // namespace runnel::cli
