// PFM, the Portable Float Map: a text header "Pf" (grey) or "PF" (RGB), width, height and a scale whose sign
// gives the byte order (negative: little-endian), then 32-bit floats with the rows from the bottom (south)
// up. We read both kinds (RGB as luminance) and write grey, little-endian.
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/base/error.h"
#include "core/base/work_progress.h"
#include "formats.h"
#include "input_file.h"

namespace runnel::formats {

namespace {

constexpr bool kLittleEndianHost = std::endian::native == std::endian::little;

// One whitespace-separated header word (at most 32 characters); `ended`, if given, gets the character that
// ended it.
std::string headerWord(InputFile& file, int* ended = nullptr) {
  int c = file.get();
  while (c != EOF && std::isspace(c)) c = file.get();
  std::string word;
  while (c != EOF && !std::isspace(c) && word.size() < 32) {
    word += char(c);
    c = file.get();
  }
  if (word.empty() || word.size() >= 32 || c == EOF)
    throw Error(file.path() + ": corrupt or truncated PFM header");
  if (ended) *ended = c;
  // The single whitespace character after the last word has been consumed; the samples start here.
  return word;
}

long headerInt(InputFile& file, const char* what) {
  std::string word = headerWord(file);
  char* end = nullptr;
  long v = std::strtol(word.c_str(), &end, 10);
  if (*end != '\0') throw Error(file.path() + ": corrupt PFM header (" + what + " '" + word + "')");
  return v;
}

}  // namespace

Heightmap readPfm(const std::string& path) {
  InputFile file(path);
  std::string magic = file.size() >= 2 ? headerWord(file) : "";
  if (magic != "Pf" && magic != "PF") throw Error(path + ": not a PFM file (expected 'Pf' or 'PF')");
  const int channels = magic == "PF" ? 3 : 1;
  long width = headerInt(file, "width"), height = headerInt(file, "height");
  int afterScale = 0;
  std::string scaleWord = headerWord(file, &afterScale);
  char* end = nullptr;
  double scale = std::strtod(scaleWord.c_str(), &end);
  if (*end != '\0' || !std::isfinite(scale) || scale == 0)
    throw Error(path + ": corrupt PFM header (scale '" + scaleWord + "')");
  checkSize(width, height, path);
  uint64_t needed = uint64_t(width) * uint64_t(height) * channels * 4;
  uint64_t available = file.size() - file.position();
  // A header written with Windows line ends: "\r\n" after the scale, where the format has one character.
  if (afterScale == '\r' && available == needed + 1) {
    if (file.get() != '\n')
      throw Error(path + ": corrupt PFM (a carriage return after the scale is not followed by a line feed)");
    --available;
  }
  if (available < needed)
    throw Error(path + ": truncated PFM (" + std::to_string(available) + " bytes of samples, " +
                std::to_string(needed) + " needed)");
  if (available > needed)
    throw Error(path + ": corrupt PFM (" + std::to_string(available - needed) + " bytes after the samples)");

  const bool swap = (scale < 0) != kLittleEndianHost;
  Heightmap map{int(width), int(height)};
  std::vector<uint32_t> row(size_t(width) * channels);
  for (long fileRow = 0; fileRow < height; ++fileRow) {
    file.read(row.data(), row.size() * 4);
    if (swap)
      for (auto& v : row) v = swapBytes(v);
    float* out = map.row(int(height - 1 - fileRow));  // the file starts at the bottom (south) row
    for (long x = 0; x < width; ++x) {
      if (channels == 1) {
        out[x] = std::bit_cast<float>(row[x]);
      } else {
        float r = std::bit_cast<float>(row[3 * x]), g = std::bit_cast<float>(row[3 * x + 1]),
              b = std::bit_cast<float>(row[3 * x + 2]);
        out[x] = luminance(r, g, b);
      }
    }
    reportWork(uint64_t(fileRow) + 1, uint64_t(height));
  }
  return map;
}

void writePfm(AtomicFile& out, const Heightmap& map) {
  char header[64];
  int n = std::snprintf(header, sizeof header, "Pf\n%d %d\n%s\n", map.width(), map.height(),
                        kLittleEndianHost ? "-1.0" : "1.0");
  out.write(header, size_t(n));
  for (int y = map.height() - 1; y >= 0; --y) {
    out.write(map.row(y), size_t(map.width()) * 4);
    reportWork(uint64_t(map.height() - y), uint64_t(map.height()));
  }
}

}  // namespace runnel::formats
