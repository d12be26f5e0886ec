#include "app/editor/export_settings.h"

#include <filesystem>

#include "core/error.h"

namespace runnel::editor {

namespace {
const ExportFormat kFormats[] = {
    {"16-bit PNG", ".png", ExportKind::Heightmap,
     "Grey 16-bit PNG, the usual engine input; a .json sidecar keeps the height range"},
    {"RAW r16", ".r16", ExportKind::Heightmap,
     "Little-endian unsigned 16-bit samples (Unity, Unreal); with a .json sidecar"},
    {"RAW r32", ".r32", ExportKind::Heightmap, "Little-endian 32-bit floats: exact heights"},
    {"PFM", ".pfm", ExportKind::Heightmap, "Portable float map: exact heights"},
    {"TIFF (float)", ".tif", ExportKind::Heightmap, "32-bit float TIFF: opens in GDAL and GIS tools"},
    {"OpenEXR (float)", ".exr", ExportKind::Heightmap, "32-bit float EXR: opens in compositors and Blender"},
    {"OBJ mesh", ".obj", ExportKind::Heightmap, "The terrain as a triangle mesh"},
    {"Flow map: 16-bit PNG", ".png", ExportKind::Flow,
     "Where water gathers: log10 of each cell's drainage area in m2 under the painted rain (a texture\n"
     "mask for rivers and wet ground); a .json sidecar keeps the range"},
    {"Flow map: float TIFF", ".tif", ExportKind::Flow, "The flow map's exact values, 32-bit float"},
    {"Preview: hillshade", ".png", ExportKind::Hillshade, "8-bit shaded relief for people"},
    {"Preview: slope", ".png", ExportKind::Slope, "8-bit slope map"},
    {"Preview: eroded", ".png", ExportKind::Eroded, "8-bit map of the rock the erosion removed"},
    {"Preview: deposited", ".png", ExportKind::Deposited, "8-bit map of the sediment the erosion laid down"},
};
}  // namespace

const ExportFormat* exportFormats() {
  return kFormats;
}
int exportFormatCount() {
  return int(std::size(kFormats));
}

std::string withExtension(const std::string& path, const std::string& extension) {
  std::filesystem::path p(path.empty() ? "terrain" : path);
  p.replace_extension(extension);
  return p.string();
}

ExportKind exportKindFromString(const std::string& s) {
  if (s == "heightmap") return ExportKind::Heightmap;
  if (s == "hillshade") return ExportKind::Hillshade;
  if (s == "slope") return ExportKind::Slope;
  if (s == "eroded") return ExportKind::Eroded;
  if (s == "deposited") return ExportKind::Deposited;
  if (s == "flow") return ExportKind::Flow;
  throw Error("export: '" + s + "' is not one of heightmap, hillshade, slope, eroded, deposited, flow");
}

}  // namespace runnel::editor
