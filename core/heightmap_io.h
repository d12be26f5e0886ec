// Reading and writing heightmaps. The format comes from the file's extension.
//
// read:  .png (8/16-bit grey; RGB as luminance), .r16, .r32, .pfm, .tif/.tiff (float or integer), .exr
// write: .png (16-bit grey), .r16, .r32, .pfm, .tif/.tiff (32-bit float), .exr (32-bit float), .obj
// 16-bit outputs (.png, .r16) get a JSON sidecar FILE.json with the world heights of samples 0 and 65535;
// an integer input takes its range from ReadOptions, else from such a sidecar, else maps its samples to
// 0..N/4 world units (N = the larger side, the generators' default relief). Every write goes to a temporary file in the same folder that
// is renamed over the target when complete. Every failure throws Error naming the file; nothing is written.
#pragma once
#include <optional>
#include <string>

#include "heightmap.h"

namespace runnel {

enum class FileFormat { Png, R16, R32, Pfm, Tiff, Exr, Obj };
// Throws Error naming the path when the extension is unknown (or, for reading, write-only).
FileFormat formatFromPath(const std::string& path);

struct HeightRange {
  float lo = 0, hi = 1;  // world heights of the lowest and highest sample value
};
HeightRange parseRange(const std::string& text);  // "LO:HI"; throws Error naming the text

struct ReadOptions {
  int width = 0, height = 0;         // raw files: size; 0 means square by the file's length
  std::optional<HeightRange> range;  // integer samples: world heights of 0 and the maximum sample
  bool allowNonFinite = false;       // keep NaN and infinite samples (runnel-cli info counts them)
};
Heightmap readHeightmap(const std::string& path, const ReadOptions& options = {});

struct WriteOptions {
  std::optional<HeightRange> range;  // 16-bit outputs: heights of 0 and 65535; default: the map's min..max
  int objStep = 1;                   // OBJ: take every objStep-th sample (decimation)
};
void writeHeightmap(const std::string& path, const Heightmap& map, const WriteOptions& options = {});

// 8-bit grey previews for people, written as PNG.
enum class PreviewKind { Hillshade, Slope, Eroded, Deposited };
// `values` is the heightmap for Hillshade and Slope, the bookkeeping map for Eroded and Deposited.
void writePreviewPng(const std::string& path, const Heightmap& values, PreviewKind kind);
// Low-level helpers shared by the formats and by the editor's frame recorder.
void writeGrey8Png(const std::string& path, int width, int height, const unsigned char* pixels);
void writeRgb8Png(const std::string& path, int width, int height, const unsigned char* pixels);

// Writes `bytes` to path atomically (temporary file + rename). Throws Error naming path.
void writeFileAtomically(const std::string& path, const std::string& bytes);

}  // namespace runnel
