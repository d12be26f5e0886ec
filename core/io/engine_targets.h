// Where a terrain goes next: the engines and tools an artist hands a heightmap to, each with the file it
// takes, the sizes it takes, and the numbers to type into its importer so the heights come back in metres
// over the same ground. One table: runnel-cli export, the editor's Export panel and their help text all come
// from it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "heightmap_io.h"

namespace runnel {

// What an exported file holds, for the import steps.
struct EngineExport {
  std::string file;  // as written
  int width = 0, height = 0;
  float cellSize = 1.0f;       // metres between samples
  float lo = 0.0f, hi = 1.0f;  // world heights of the lowest and highest sample (16-bit: of 0 and 65535)
};

struct EngineTarget {
  const char* name;        // "unity", as --for and scripts take it
  const char* title;       // "Unity terrain", as menus show it
  FileFormat format;       // the file it takes
  bool bigEndian;          // 16-bit raw: byte order
  std::vector<int> sides;  // the sides it takes (smallest first); empty: any
  bool square;             // takes square maps only
  // The import, step by step, for this file (lines ending in '\n').
  std::string (*importSteps)(const EngineExport& e);
};

const std::vector<EngineTarget>& engineTargets();
// Null when no target has that name.
const EngineTarget* engineTarget(const std::string& name);
// "unity, unreal, ...": the names, for messages and help.
std::string engineNames();
// The side the target takes nearest to `side` (the larger of two as near); `side` when it takes any.
int nearestEngineSide(const EngineTarget& target, int side);
bool takesSide(const EngineTarget& target, int side);
// "33, 65, ..., 4097" (or "any").
std::string engineSides(const EngineTarget& target);

// The size to export a width x height map at for `target`, `across` samples across (0: the nearest the target
// takes to the map's width) and as many down as keep the map's shape (the nearest the target takes to that;
// a square target: as many as across).
void engineSizeFor(const EngineTarget& target, int width, int height, int across, int& outWidth,
                   int& outHeight);
// Throws Error naming both when `path`'s extension is not the target's format.
void checkEngineOutput(const EngineTarget& target, const std::string& path);
// Throws Error (naming `what`, e.g. "--resolution") unless the target takes width x height.
void checkEngineSize(const EngineTarget& target, int64_t width, int64_t height, const std::string& what);
// Where the import steps for `path` go: terrain.raw -> terrain.import.txt.
std::string importStepsPath(const std::string& path);

struct EngineWritten {
  EngineExport file;
  std::string steps;  // as written to importStepsPath(path)
  bool resampled = false;
};
// Writes `map` (its samples `cellSize` metres apart) as `target` takes it: at width x height (resampled when
// that differs), to `path`, with the import steps beside it; both files appear together or neither. Throws
// Error naming what is wrong (the path's extension, a size the target does not take, a map not square for
// a target that takes only square ones), having written nothing.
EngineWritten writeForEngine(const Heightmap& map, float cellSize, const EngineTarget& target, int width,
                             int height, const std::string& path, const std::string& mapName = "the map",
                             int threads = 0);

}  // namespace runnel
