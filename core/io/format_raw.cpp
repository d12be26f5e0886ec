// Headerless raw heightmaps, row 0 first: .r16 and .raw (unsigned 16-bit, what Unity, Unreal and World
// Machine import; little-endian, or big-endian on request: Unity's "Mac" byte order) and .r32 (little-endian
// 32-bit float, exact heights). The size comes from the caller or, when it gives none, from a square file's
// length.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/base/error.h"
#include "core/base/work_progress.h"
#include "formats.h"
#include "input_file.h"

namespace runnel::formats {

namespace {

constexpr bool kLittleEndianHost = std::endian::native == std::endian::little;

// The width and height of a raw file with `bytesPerSample`-byte samples; throws Error naming the file when
// its length fits neither the given size nor a square.
void rawSize(const InputFile& file, int bytesPerSample, int& width, int& height) {
  const std::string kind = bytesPerSample == 2 ? "16-bit raw (2 bytes a sample)" : "r32 (4 bytes a sample)";
  uint64_t length = file.size();
  if (width == 0 && height == 0) {
    uint64_t samples = length / bytesPerSample;
    uint64_t side = uint64_t(std::llround(std::sqrt(double(samples))));
    if (length % bytesPerSample != 0 || side * side != samples || side < uint64_t(kMinSide))
      throw Error(file.path() + ": " + std::to_string(length) + " bytes is not a square " + kind +
                  " heightmap; give its size (--size WxH)");
    checkSize(int64_t(side), int64_t(side), file.path());
    width = height = int(side);
    return;
  }
  if (width <= 0 || height <= 0)
    throw Error(file.path() + ": give both the width and the height of a raw file (--size WxH)");
  checkSize(width, height, file.path());
  uint64_t needed = uint64_t(width) * uint64_t(height) * uint64_t(bytesPerSample);
  if (length != needed)
    throw Error(file.path() + ": " + std::to_string(length) + " bytes, but a " + std::to_string(width) + "x" +
                std::to_string(height) + " " + kind + " heightmap has " + std::to_string(needed));
}

}  // namespace

Decoded readRaw16(const std::string& path, int width, int height, bool bigEndian) {
  InputFile file(path);
  rawSize(file, 2, width, height);
  Decoded d;
  d.samples = Heightmap(width, height);
  d.sampleMax = 65535.0;
  std::vector<unsigned char> row(size_t(width) * 2);
  for (int y = 0; y < height; ++y) {
    file.read(row.data(), row.size());
    float* out = d.samples.row(y);
    const int low = bigEndian ? 1 : 0;  // the byte with the low 8 bits
    for (int x = 0; x < width; ++x)
      out[x] = float(unsigned(row[2 * x + low]) | unsigned(row[2 * x + 1 - low]) << 8);
    reportWork(uint64_t(y) + 1, uint64_t(height));
  }
  return d;
}

Heightmap readRaw32(const std::string& path, int width, int height) {
  InputFile file(path);
  rawSize(file, 4, width, height);
  Heightmap map(width, height);
  for (int y = 0; y < height; ++y) {
    float* out = map.row(y);
    file.read(out, size_t(width) * 4);
    if (!kLittleEndianHost)
      for (int x = 0; x < width; ++x)
        out[x] = std::bit_cast<float>(swapBytes(std::bit_cast<uint32_t>(out[x])));
    reportWork(uint64_t(y) + 1, uint64_t(height));
  }
  return map;
}

void writeRaw16(AtomicFile& out, size_t count, const uint16_t* samples, bool bigEndian) {
  std::vector<unsigned char> bytes;
  const size_t chunk = 1 << 12;  // samples a write (and a progress report)
  const int low = bigEndian ? 1 : 0;
  for (size_t start = 0; start < count; start += chunk) {
    size_t n = std::min(chunk, count - start);
    bytes.resize(2 * n);
    for (size_t i = 0; i < n; ++i) {
      bytes[2 * i + low] = static_cast<unsigned char>(samples[start + i] & 0xff);
      bytes[2 * i + 1 - low] = static_cast<unsigned char>(samples[start + i] >> 8);
    }
    out.write(bytes.data(), bytes.size());
    reportWork(start + n, count);
  }
}

void writeRaw32(AtomicFile& out, const Heightmap& map) {
  std::vector<uint32_t> row(size_t(map.width()));
  for (int y = 0; y < map.height(); ++y) {
    std::memcpy(row.data(), map.row(y), row.size() * 4);
    if (!kLittleEndianHost)
      for (auto& v : row) v = swapBytes(v);
    out.write(row.data(), row.size() * 4);
    reportWork(uint64_t(y) + 1, uint64_t(map.height()));
  }
}

}  // namespace runnel::formats
