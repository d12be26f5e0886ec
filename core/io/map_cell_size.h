// Which metres per cell a map read from a file is taken at, and where that came from: the user's own value
// (a flag or a field), else what the file records (a GeoTIFF's pixel scale, an EXR's attribute, the
// sidecar), else 1 m, said aloud. Every command and the editor's import choose and say it through here, so a
// cell size is never lost between two commands without a word.
#pragma once
#include <optional>
#include <string>

#include "core/terrain/heightmap.h"

namespace runnel {

struct MapCellSize {
  float metres = 1.0f;
  enum class Source { Given, Recorded, Assumed } source = Source::Assumed;
  std::string where;                  // "--cell-size", "x.r32.json", "x.tif": what it came from, for messages
  std::string assumedBy = "assumed";  // what set an assumed one ("the Cell (m) field")
  // "recorded in x.r32.json", "--cell-size", "assumed: x.r32 records none".
  std::string origin() const;
  // "30 m cells (recorded in x.r32.json)".
  std::string describe() const;
};

// `given`: the user's value (`givenName`: "--cell-size"), which wins; else the file's own; else `assumed`
// metres (`assumedBy`: what set them). Throws Error naming the file when what it records is unusable.
MapCellSize chooseCellSize(const std::string& path, const Heightmap& map, std::optional<float> given,
                           const std::string& givenName, float assumed = 1.0f,
                           const std::string& assumedBy = "assumed");

// The median slope of the map in degrees at `cellSize` metres a cell (up to a million cells sampled).
double medianSlopeDegrees(const Heightmap& map, float cellSize);

// No real terrain has a median slope over this: a map read steeper was read at the wrong cell size.
inline constexpr double kSteepestMedianSlope = 60.0;

// Refuses (Error) an assumed cell size (neither given nor recorded) under which the map's median slope is
// steeper than any real terrain's, naming `howToSet` ("pass --cell-size M", "set the import's Cell (m)
// field") and the median slope the map would have at 10 m and 30 m cells. The slope-dependent commands
// (erode, export-maps, the editor's import) call it before any work.
void refuseImplausibleCellSize(const MapCellSize& cell, const Heightmap& map, const std::string& path,
                               const std::string& howToSet);

}  // namespace runnel
