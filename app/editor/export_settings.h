// What the Export panel writes: a heightmap format (from core/heightmap_io.h) or a preview map.
#pragma once
#include <string>

namespace runnel::editor {

// Flow: the flow map (log10 of the discharge in m², as runnel-cli erode --flow writes it).
enum class ExportKind { Heightmap, Hillshade, Slope, Eroded, Deposited, Flow };

struct ExportFormat {
  const char* label;      // shown in the combo
  const char* extension;  // replaces the path's extension when picked
  ExportKind kind;
  const char* tooltip;
};

// Every choice of the format combo, heightmaps first.
const ExportFormat* exportFormats();
int exportFormatCount();

struct ExportSettings {
  int format = 0;  // index into exportFormats()
  std::string path = "terrain.png";
  int objStep = 1;  // OBJ: every n-th sample
};

// `path` with its extension replaced (or added).
std::string withExtension(const std::string& path, const std::string& extension);
// A script's "export PATH [KIND]": the kind's name (heightmap, hillshade, slope, eroded, deposited, flow).
ExportKind exportKindFromString(const std::string& s);  // throws Error naming the value

}  // namespace runnel::editor
