#include "format_table.h"

#include <algorithm>
#include <cctype>

#include "atomic_file.h"
#include "core/base/error.h"
#include "formats.h"

namespace runnel {

namespace {

using formats::Decoded;

Decoded heights(Heightmap map) {
  Decoded d;
  d.samples = std::move(map);
  return d;
}

std::string lowerExtension(const std::string& path) {
  const size_t slash = path.find_last_of('/'), dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string ext = path.substr(dot + 1);
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

// .r16 and .raw: the same samples under two names (engines and tools ask for one or the other).
Decoded readRaw16(const std::string& path, const ReadOptions& o) {
  return formats::readRaw16(path, o.width, o.height, o.bigEndian);
}
void writeRaw16(AtomicFile& out, int w, int h, const uint16_t* samples, const WriteOptions& o) {
  formats::writeRaw16(out, size_t(w) * size_t(h), samples, o.bigEndian);
}

}  // namespace

const std::vector<FormatEntry>& formatTable() {
  static const std::vector<FormatEntry> table = {
      {FileFormat::Png,
       "PNG",
       {"png"},
       "reads 1-16-bit grey, grey+alpha, RGB(A) (Rec. 709 luminance), palette; writes 16-bit grey + sidecar",
       16,
       false,
       false,
       [](const std::string& path, const ReadOptions&) { return formats::readPng(path); },
       [](AtomicFile& out, int w, int h, const uint16_t* s, const WriteOptions&) {
         formats::writePng16(out, w, h, s);
       },
       nullptr},
      {FileFormat::R16,
       "RAW r16",
       {"r16"},
       "16-bit unsigned little-endian, no header (+ sidecar)",
       16,
       false,
       true,
       readRaw16,
       writeRaw16,
       nullptr},
      {FileFormat::Raw,
       "RAW 16-bit",
       {"raw"},
       "16-bit unsigned, little-endian (--byte-order big: Unity's Mac order), no header (+ sidecar): Unity, "
       "World Machine",
       16,
       false,
       true,
       readRaw16,
       writeRaw16,
       nullptr},
      {FileFormat::R32,
       "RAW r32",
       {"r32"},
       "32-bit float little-endian, no header (+ sidecar: its size and cell size): exact heights",
       32,
       true,
       true,
       [](const std::string& path, const ReadOptions& o) {
         return heights(formats::readRaw32(path, o.width, o.height));
       },
       nullptr,
       [](AtomicFile& out, const Heightmap& map, const WriteOptions&) { formats::writeRaw32(out, map); }},
      {FileFormat::Pfm,
       "PFM",
       {"pfm"},
       "portable float map, Pf grey or PF colour, either byte order: exact (+ sidecar: its cell size)",
       32,
       true,
       false,
       [](const std::string& path, const ReadOptions&) { return heights(formats::readPfm(path)); },
       nullptr,
       [](AtomicFile& out, const Heightmap& map, const WriteOptions&) { formats::writePfm(out, map); }},
      {FileFormat::Tiff,
       "TIFF",
       {"tif", "tiff"},
       "reads one channel of float32/64, uint8/16, int16; writes float32 with the cell size as the GeoTIFF "
       "pixel "
       "scale",
       32,
       true,
       false,
       [](const std::string& path, const ReadOptions&) { return formats::readTiff(path); },
       nullptr,
       [](AtomicFile& out, const Heightmap& map, const WriteOptions& o) {
         formats::writeTiff(out, map, o.cellSize);
       },
       formats::readTiffCellSize},
      {FileFormat::Exr,
       "OpenEXR",
       {"exr"},
       "reads channel Y, else R, else the first; writes float Y: exact, with the cell size as the "
       "attribute cellSizeMetres",
       32,
       true,
       false,
       [](const std::string& path, const ReadOptions&) { return heights(formats::readExr(path)); },
       nullptr,
       [](AtomicFile& out, const Heightmap& map, const WriteOptions& o) {
         formats::writeExr(out, map, o.cellSize);
       },
       formats::readExrCellSize},
      {FileFormat::Obj,
       "OBJ mesh",
       {"obj"},
       "written only: a grid mesh with normals and UVs (--obj-step decimates)",
       0,
       true,
       false,
       nullptr,
       nullptr,
       [](AtomicFile& out, const Heightmap& map, const WriteOptions& o) {
         const int step = o.objTriangles > 0
                              ? formats::objStepForTriangles(map.width(), map.height(), o.objTriangles)
                              : o.objStep;
         formats::writeObj(out, map, step, o.cellSize);
       }},
  };
  return table;
}

const FormatEntry& formatEntry(FileFormat format) {
  for (const FormatEntry& e : formatTable())
    if (e.id == format) return e;
  throw Error("format table: a format without an entry (a bug)");
}

const FormatEntry* formatOfPath(const std::string& path) {
  const std::string ext = lowerExtension(path);
  for (const FormatEntry& e : formatTable())
    if (std::find(e.extensions.begin(), e.extensions.end(), ext) != e.extensions.end()) return &e;
  return nullptr;
}

std::string knownExtensions(bool readable) {
  std::string list;
  for (const FormatEntry& e : formatTable())
    if (!readable || e.readable())
      for (const std::string& ext : e.extensions) list += (list.empty() ? "." : " .") + ext;
  return list;
}

FileFormat formatFromPath(const std::string& path) {
  if (const FormatEntry* e = formatOfPath(path)) return e->id;
  const std::string ext = lowerExtension(path);
  throw Error(path + ": unknown heightmap format '" + (ext.empty() ? "(no extension)" : "." + ext) +
              "' (known: " + knownExtensions(false) + ")");
}

}  // namespace runnel
