#include "file_details.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

#include "core/io/format_table.h"
#include "core/io/heightmap_io.h"

namespace runnel::cli {

namespace {

std::vector<unsigned char> head(const std::string& path, size_t n) {
  std::ifstream f(path, std::ios::binary);
  std::vector<unsigned char> b(n);
  f.read(reinterpret_cast<char*>(b.data()), std::streamsize(n));
  b.resize(size_t(std::max<std::streamsize>(0, f.gcount())));
  return b;
}

uint32_t be32(const unsigned char* p) {
  return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3];
}

std::string describePng(const std::string& path) {
  auto b = head(path, 33);
  static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (b.size() < 29 || !std::equal(sig, sig + 8, b.begin()) ||
      std::string(b.begin() + 12, b.begin() + 16) != "IHDR")
    return "PNG (header unreadable)";
  const char* colour = "unknown colour type";
  switch (b[25]) {
    case 0:
      colour = "grey";
      break;
    case 2:
      colour = "RGB (read as luminance)";
      break;
    case 3:
      colour = "palette";
      break;
    case 4:
      colour = "grey+alpha";
      break;
    case 6:
      colour = "RGBA (read as luminance)";
      break;
  }
  char out[160];
  std::snprintf(out, sizeof out, "PNG, %d-bit %s, %ux%u%s", int(b[24]), colour, be32(&b[16]), be32(&b[20]),
                b[28] ? ", interlaced" : "");
  return out;
}

std::string describePfm(const std::string& path) {
  auto b = head(path, 64);
  std::string text(b.begin(), b.end());
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  char kind[3] = {};
  int w = 0, h = 0;
  double scale = 0;
  if (std::sscanf(text.c_str(), "%2s %d %d %lf", kind, &w, &h, &scale) != 4) return "PFM (header unreadable)";
  char out[160];
  std::snprintf(out, sizeof out, "PFM, %s, 32-bit float %s-endian, %dx%d",
                std::string(kind) == "PF" ? "RGB" : "grey", scale < 0 ? "little" : "big", w, h);
  return out;
}

std::string describeTiff(const std::string& path) {
  auto b = head(path, 1 << 16);
  if (b.size() < 8 || !((b[0] == 'I' && b[1] == 'I') || (b[0] == 'M' && b[1] == 'M')))
    return "TIFF (header unreadable)";
  bool le = b[0] == 'I';
  auto u16 = [&](size_t o) { return le ? uint32_t(b[o] | b[o + 1] << 8) : uint32_t(b[o] << 8 | b[o + 1]); };
  auto u32 = [&](size_t o) {
    return le ? uint32_t(b[o]) | uint32_t(b[o + 1]) << 8 | uint32_t(b[o + 2]) << 16 | uint32_t(b[o + 3]) << 24
              : be32(&b[o]);
  };
  if (u16(2) != 42) return "TIFF (BigTIFF or unreadable header)";
  size_t ifd = u32(4);
  if (ifd + 2 > b.size()) return std::string("TIFF, ") + (le ? "little" : "big") + "-endian";
  uint32_t width = 0, height = 0, bits = 0, format = 1, compression = 1, spp = 1;
  uint32_t n = u16(ifd);
  for (uint32_t i = 0; i < n && ifd + 2 + 12 * (i + 1) <= b.size(); ++i) {
    size_t e = ifd + 2 + 12 * i;
    uint32_t tag = u16(e), type = u16(e + 2);
    uint32_t v = type == 3 ? u16(e + 8) : u32(e + 8);  // SHORT values sit left-aligned
    if (tag == 256) width = v;
    if (tag == 257) height = v;
    if (tag == 258) bits = v;
    if (tag == 259) compression = v;
    if (tag == 277) spp = v;
    if (tag == 339) format = v;
  }
  const char* sample = format == 3 ? "float" : format == 2 ? "signed integer" : "unsigned integer";
  const char* comp = compression == 1                           ? "uncompressed"
                     : compression == 5                         ? "LZW"
                     : compression == 8 || compression == 32946 ? "deflate"
                                                                : "compressed";
  char out[200];
  std::snprintf(out, sizeof out, "TIFF, %u-bit %s, %u sample%s per pixel, %s, %ux%u", bits, sample, spp,
                spp == 1 ? "" : "s", comp, width, height);
  return out;
}

std::string describeExr(const std::string& path) {
  auto b = head(path, 1 << 16);
  if (b.size() < 8 || !(b[0] == 0x76 && b[1] == 0x2f && b[2] == 0x31 && b[3] == 0x01))
    return "OpenEXR (header unreadable)";
  auto i32 = [&](size_t o) {
    return int32_t(uint32_t(b[o]) | uint32_t(b[o + 1]) << 8 | uint32_t(b[o + 2]) << 16 |
                   uint32_t(b[o + 3]) << 24);
  };
  std::string channels, compression = "?";
  int w = 0, h = 0;
  size_t p = 8;
  auto cstr = [&](size_t& o) {
    std::string s;
    while (o < b.size() && b[o]) s += char(b[o++]);
    ++o;
    return s;
  };
  static const char* kComp[] = {"none", "RLE", "ZIPS", "ZIP", "PIZ", "PXR24", "B44", "B44A", "DWAA", "DWAB"};
  static const char* kType[] = {"uint", "half", "float"};
  while (p < b.size() && b[p]) {
    std::string name = cstr(p), type = cstr(p);
    if (p + 4 > b.size()) break;
    size_t size = size_t(i32(p)), v = p + 4;
    p = v + size;
    if (p > b.size()) break;
    if (name == "channels") {
      size_t c = v;
      while (c < p && b[c]) {
        std::string ch = cstr(c);
        int t = c + 4 <= p ? i32(c) : -1;
        c += 16;
        channels += (channels.empty() ? "" : ",") + ch + ":" + (t >= 0 && t < 3 ? kType[t] : "?");
      }
    } else if (name == "compression" && size >= 1) {
      compression = b[v] < 10 ? kComp[b[v]] : "?";
    } else if (name == "dataWindow" && size >= 16) {
      w = i32(v + 8) - i32(v) + 1;
      h = i32(v + 12) - i32(v + 4) + 1;
    }
  }
  char out[256];
  std::snprintf(out, sizeof out, "OpenEXR, channels %s, %s compression, %dx%d", channels.c_str(),
                compression.c_str(), w, h);
  return out;
}

}  // namespace

std::string describeFile(const std::string& path) {
  std::error_code ec;
  uintmax_t bytes = std::filesystem::file_size(path, ec);
  std::string size = ec ? "" : ", " + std::to_string(bytes) + " bytes";
  try {
    switch (formatFromPath(path)) {
      case FileFormat::Png:
        return describePng(path) + size;
      case FileFormat::R16:
      case FileFormat::Raw:
      case FileFormat::R32:
        return formatEntry(formatFromPath(path)).name + std::string(" (") +
               formatEntry(formatFromPath(path)).holds + ")" + size;
      case FileFormat::Pfm:
        return describePfm(path) + size;
      case FileFormat::Tiff:
        return describeTiff(path) + size;
      case FileFormat::Exr:
        return describeExr(path) + size;
      case FileFormat::Obj:
        return "OBJ mesh" + size;
    }
  } catch (...) {
  }
  return "unknown format" + size;
}

}  // namespace runnel::cli
