// Where a terrain goes next: the engines and tools an artist hands a heightmap to, each with the file it
// takes, the sizes it takes, and the numbers to type into its importer so the heights come back in metres
// over the same ground. One table: runnel-cli export, the editor's Export panel and their help text all come
// from it.
#pragma once
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

}  // namespace runnel
