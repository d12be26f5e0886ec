// Reading and writing heightmaps. The format comes from the file's extension (any case); each format's
// entry in format_table.h says what it holds.
//
// read:  .png (1-16-bit grey, grey+alpha, RGB(A), palette; colour as Rec. 709 luminance, alpha ignored),
//        .r16, .raw (16-bit, either byte order), .r32, .pfm (Pf grey or PF colour), .tif/.tiff (one channel
//        of float32/64, uint8/16, int16, strips or tiles), .exr (channel Y, else R, else the first)
// write: .png (16-bit grey), .r16, .raw, .r32, .pfm, .tif/.tiff (32-bit float, the cell size as the GeoTIFF
//        pixel scale), .exr (32-bit float Y, the cell size as the attribute cellSizeMetres), .obj
// Row 0 is north and comes first in every format (PFM stores it last; the reader and writer turn it).
// The outputs that cannot hold the cell size (.png, .r16, .raw, .r32, .pfm) get a JSON sidecar FILE.json
// with the map's size and cell size and, 16-bit ones, the world heights of samples 0 and 65535 (format in
// height_sidecar.h); a headerless input without --size takes its size from it. Integer inputs map to world
// heights linearly, sample 0 to LO and the type's largest sample (255, 65535, int16: 32767) to HI, with LO:HI
// from ReadOptions::range, else (16-bit only) the sidecar, else 0..N/4 (N = the larger side, the generators'
// default relief). Every write goes to a temporary file in the same folder that is renamed over the target
// when complete. Every failure throws Error naming the file; nothing is written. NaN or infinite heights are
// refused in both directions, naming the first bad cell.
#pragma once
#include <optional>
#include <string>

#include "core/terrain/heightmap.h"

namespace runnel {

// Each with its entry in format_table.h (extensions, what it holds, reader and writer).
enum class FileFormat { Png, R16, Raw, R32, Pfm, Tiff, Exr, Obj };
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
  bool bigEndian = false;            // 16-bit raw files: byte order
  bool smoothSteps =
      false;  // a map of 256 levels or fewer (8-bit): terraces made ramps (terrace_smoothing.h)
};
Heightmap readHeightmap(const std::string& path, const ReadOptions& options = {});
// The metres per cell a file records: a GeoTIFF's pixel scale (not when it is in degrees), an EXR's
// cellSizeMetres attribute, the others' sidecar. nullopt when it records none; throws Error naming the file
// when what it records is unusable.
std::optional<float> readRecordedCellSize(const std::string& path, int width, int height);

struct WriteOptions {
  // 16-bit outputs: heights of samples 0 and 65535 (heights outside are clamped); default: the map's
  // min..max (a flat map: min..min+1).
  std::optional<HeightRange> range;
  int objStep = 1;  // OBJ: every objStep-th sample in x and z, plus the last row and column (decimation)
  uint64_t objTriangles = 0;  // OBJ: at most this many triangles (the step chosen to fit; 0: objStep's)
  float cellSize =
      0.0f;  // metres per cell: TIFF's pixel scale, EXR's attribute, the others' sidecar; 0: none
  bool bigEndian = false;  // 16-bit raw files: byte order
};
void writeHeightmap(const std::string& path, const Heightmap& map, const WriteOptions& options = {});

// 8-bit grey previews for people, written as PNG.
//  Hillshade: light from the north-west (azimuth 315 degrees), 45 degrees up; Slope: 0..90 degrees as
//  black..white; Eroded, Deposited: 0 black to the largest amount white, on a square-root scale.
enum class PreviewKind { Hillshade, Slope, Eroded, Deposited };
// `values` is the heightmap for Hillshade and Slope (cells `cellSize` metres apart, heights in metres), the
// bookkeeping map for Eroded and Deposited.
void writePreviewPng(const std::string& path, const Heightmap& values, PreviewKind kind,
                     float cellSize = 1.0f);
// Low-level helpers shared by the formats and by the editor's frame recorder.
void writeGrey8Png(const std::string& path, int width, int height, const unsigned char* pixels);
void writeRgb8Png(const std::string& path, int width, int height, const unsigned char* pixels);

// Writes `bytes` to path atomically (temporary file + rename). Throws Error naming path.
void writeFileAtomically(const std::string& path, const std::string& bytes);

}  // namespace runnel
