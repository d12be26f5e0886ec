// The per-format readers and writers behind readHeightmap/writeHeightmap (heightmap_io.cpp dispatches).
// Internal to core: callers use heightmap_io.h.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "atomic_file.h"
#include "core/terrain/heightmap.h"
#include "heightmap_io.h"

namespace runnel::formats {

// What a file holds before it becomes world heights. Float formats give heights (sampleMax = 0); integer
// formats give their sample values as floats (RGB already reduced to luminance) and the largest sample
// value of their type (255, 65535, 32767), which heightmap_io maps to world heights.
struct Decoded {
  Heightmap samples;
  double sampleMax = 0;
};

// 16-bit samples, row 0 first, in host order.
using Samples16 = std::vector<uint16_t>;

Decoded readPng(const std::string& path);
void writePng16(AtomicFile& out, int width, int height, const uint16_t* samples);
// Three samples a pixel (red, green, blue), rows first.
void writePng16Rgb(AtomicFile& out, int width, int height, const uint16_t* samples);
void writePng8(AtomicFile& out, int width, int height, int channels, const unsigned char* pixels);

Decoded readRaw16(const std::string& path, int width, int height, bool bigEndian);
Heightmap readRaw32(const std::string& path, int width, int height);
void writeRaw16(AtomicFile& out, size_t count, const uint16_t* samples, bool bigEndian);
void writeRaw32(AtomicFile& out, const Heightmap& map);

Heightmap readPfm(const std::string& path);
void writePfm(AtomicFile& out, const Heightmap& map);

Decoded readTiff(const std::string& path);
// The metres per cell a GeoTIFF's pixel scale records (nullopt: none, or in degrees); throws Error naming
// the file when the scale is not a positive size or the pixels are not square.
std::optional<float> readTiffCellSize(const std::string& path);
// cellSize > 0 is written as the GeoTIFF pixel scale.
void writeTiff(AtomicFile& out, const Heightmap& map, float cellSize);

Heightmap readExr(const std::string& path);
// The metres per cell the EXR's cellSizeMetres attribute records (nullopt: none); throws Error naming the
// file when it is not a positive size.
std::optional<float> readExrCellSize(const std::string& path);
// cellSize > 0 is written as the float attribute cellSizeMetres (exrheader shows it).
void writeExr(AtomicFile& out, const Heightmap& map, float cellSize);
// Three float channels R, G, B from `rgb` (width x height pixels of three floats, row 0 first).
void writeExrRgb(AtomicFile& out, int width, int height, const float* rgb);

// The mesh with a vertex every `step` samples (the border kept), `cellSize` metres apart (0: 1).
void writeObj(AtomicFile& out, const Heightmap& map, int step, float cellSize);
// The smallest step whose mesh has at most `triangles` triangles (1 when the whole map fits).
int objStepForTriangles(int width, int height, uint64_t triangles);

inline uint32_t swapBytes(uint32_t v) {
  return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}

// Rec. 709 luminance of the stored values (no gamma: samples are heights, not light). Grey stays exact.
inline float luminance(float r, float g, float b) {
  return r == g && g == b ? r : 0.2126f * r + 0.7152f * g + 0.0722f * b;
}

// Throws Error naming path and the first NaN or infinite sample (x, y) if there is one.
void checkFinite(const Heightmap& map, const std::string& path);

}  // namespace runnel::formats
