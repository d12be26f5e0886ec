// A small file must not make Runnel allocate gigabytes: what a header declares (pixels, tiles, chunk
// tables) is checked against the file's size and the memory limit before anything is allocated for it.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "core/base/error.h"
#include "core/base/memory_budget.h"
#include "core/io/heightmap_io.h"
#include "io_test_util.h"

namespace runnel {
namespace {

using testing::errorOf;
using testing::pngClaiming;
using testing::readBytes;
using testing::ScratchDir;
using testing::testMap;
using testing::writeBytes;

// Sets the memory limit for one test and puts the default back.
struct LimitFor {
  explicit LimitFor(uint64_t bytes) { setMemoryLimit(bytes); }
  ~LimitFor() { setMemoryLimit(kDefaultMemoryLimit); }
};

std::string little16(uint16_t v) {
  return {char(v), char(v >> 8)};
}
std::string little32(uint32_t v) {
  return {char(v), char(v >> 8), char(v >> 16), char(v >> 24)};
}

// A classic little-endian TIFF of one float32 sample a pixel, width x height, in tiles of tileW x tileH,
// with one tile of `data` (the offsets and counts of any further tiles point at it too).
std::string tiledTiff(uint32_t width, uint32_t height, uint32_t tileW, uint32_t tileH,
                      const std::string& data) {
  struct Entry {
    uint16_t tag, type;
    uint32_t value;
  };
  const uint16_t kShort = 3, kLong = 4;
  const std::vector<Entry> entries = {{256, kLong, width}, {257, kLong, height},
                                      {258, kShort, 32},   {259, kShort, 1},
                                      {262, kShort, 1},    {277, kShort, 1},
                                      {322, kLong, tileW}, {323, kLong, tileH},
                                      {324, kLong, 0},     {325, kLong, uint32_t(data.size())},
                                      {339, kShort, 3}};
  const uint32_t ifd = 8, dataAt = ifd + 2 + 12 * uint32_t(entries.size()) + 4;
  std::string bytes = "II" + little16(42) + little32(ifd) + little16(uint16_t(entries.size()));
  for (const Entry& e : entries) {
    const uint32_t value = e.tag == 324 ? dataAt : e.value;
    bytes += little16(e.tag) + little16(e.type) + little32(1) +
             (e.type == kShort ? little16(uint16_t(value)) + little16(0) : little32(value));
  }
  return bytes + little32(0) + data;
}

TEST(MemoryBudget, ATiffDeclaringHugeTilesIsRefusedBeforeAllocating) {
  ScratchDir dir;
  const std::string path = dir.file("tiles.tif");
  // 1.2 KB declaring 65536x65536 tiles (16 GiB a tile) for a 16x16 image.
  writeBytes(path, tiledTiff(16, 16, 65536, 65536, std::string(1024, '\0')));
  std::string m = errorOf([&] { readHeightmap(path); });
  EXPECT_MENTIONS(m, path);
  EXPECT_MENTIONS(m, "65536x65536 tiles for a 16x16 image");

  // A real tile size reads.
  writeBytes(path, tiledTiff(16, 16, 16, 16, std::string(16 * 16 * 4, '\0')));
  EXPECT_EQ(readHeightmap(path).width(), 16);

  // Tiles of 4096 a side are allowed, and weighed against the limit with the image.
  writeBytes(path, tiledTiff(16, 16, 4096, 4096, std::string(1024, '\0')));
  LimitFor limit(32 << 20);
  m = errorOf([&] { readHeightmap(path); });
  EXPECT_MENTIONS(m, path);
  EXPECT_MENTIONS(m, "4096x4096 tiles needs 64.0 MiB: over the 32.0 MiB limit (--max-memory raises it)");
}

// 65 bytes of interlaced PNG declaring 16384x16384 16-bit grey pixels: deflate expands at most 1032 times.
TEST(MemoryBudget, APngDeclaringMorePixelsThanItsFileCanHoldIsRefused) {
  ScratchDir dir;
  const std::string path = dir.file("tiny.png");
  const std::string bytes = pngClaiming(16384, 16384, true);
  ASSERT_EQ(bytes.size(), 65u);
  writeBytes(path, bytes);
  const std::string m = errorOf([&] { readHeightmap(path); });
  EXPECT_MENTIONS(m, path);
  EXPECT_MENTIONS(m,
                  "its 16384x16384 pixels need 512.0 MiB of pixel data but its 65 bytes of deflate data hold "
                  "at most 65.5 KiB: truncated or corrupt");
}

TEST(MemoryBudget, AnExrDeclaringMoreChunksThanItsFileHoldsIsRefused) {
  ScratchDir dir;
  const std::string path = dir.file("tall.exr");
  writeHeightmap(path, testMap(4, 4));
  std::string bytes = readBytes(path);
  const std::string field("dataWindow\0box2i\0", 17);
  const size_t at = bytes.find(field);
  ASSERT_NE(at, std::string::npos);
  const int32_t box[4] = {0, 0, 15999, 15999};  // xMin yMin xMax yMax
  std::memcpy(&bytes[at + field.size() + 4], box, 16);
  writeBytes(path, bytes);
  const std::string m = errorOf([&] { readHeightmap(path); });
  EXPECT_MENTIONS(m, path);
  EXPECT_MENTIONS(m, "chunks of pixels");
  EXPECT_MENTIONS(m, "truncated or corrupt");
}

// Found by fuzz_heightmap (tests/fuzz/corpus/fuzz_heightmap/regress-exr-*): OpenEXR allocated a header
// attribute of a type it does not know at its declared size, 1.8 GB in a 4 KB file.
TEST(MemoryBudget, AnExrHeaderAttributeLargerThanItsFileIsRefusedBeforeOpenExrReadsIt) {
  ScratchDir dir;
  const std::string path = dir.file("attribute.exr");
  writeHeightmap(path, testMap(4, 4));
  std::string bytes = readBytes(path);
  const std::string field("channels\0chlist\0", 16);
  const size_t at = bytes.find(field);
  ASSERT_NE(at, std::string::npos);
  const std::string odd("\x07\0mystery\0\x00\x00\x6a\x6e", 14);  // 1852440576 bytes of an unknown type
  bytes.insert(at, odd);
  writeBytes(path, bytes);
  const std::string m = errorOf([&] { readHeightmap(path); });
  EXPECT_MENTIONS(m, path);
  EXPECT_MENTIONS(m, "needs 1852440576 bytes");
  EXPECT_MENTIONS(m, "\\x07");
}

TEST(MemoryBudget, EveryFormatWeighsAnImageAgainstTheLimit) {
  ScratchDir dir;
  for (const char* ext : {"png", "tif", "exr"}) {
    const std::string path = dir.file(std::string("map.") + ext);
    writeHeightmap(path, testMap(64, 64));
    {
      LimitFor limit(8 << 10);  // 64 x 64 heights alone are 16 KiB
      const std::string m = errorOf([&] { readHeightmap(path); });
      EXPECT_MENTIONS(m, path);
      EXPECT_MENTIONS(m, "a 64x64");
      EXPECT_MENTIONS(m, "over the 8.0 KiB limit (--max-memory raises it)");
    }
    EXPECT_EQ(readHeightmap(path).width(), 64) << path;
  }
}

// A scoped limit holds on its thread while it lives, the tightest of nested ones in its own words, and ends
// with its scope: the next file on the thread (a terrain after its rain map) gets the whole budget again.
TEST(MemoryBudget, AScopedLimitEndsWithItsScope) {
  auto refusal = [](uint64_t bytes) {
    try {
      checkMemory("m.png", "its pixels", bytes);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  {
    ScopedMemoryLimit rain(64ull << 20, "a rain map for a 64x64 terrain");
    EXPECT_EQ(refusal(65ull << 20),
              "m.png: its pixels needs 65.0 MiB: more than a rain map for a 64x64 terrain takes (64.0 MiB)");
    {
      ScopedMemoryLimit inner(1ull << 20, "a thumbnail");
      EXPECT_NE(refusal(2ull << 20).find("more than a thumbnail takes"), std::string::npos);
    }
    EXPECT_EQ(refusal(2ull << 20), "");
  }
  EXPECT_EQ(refusal(65ull << 20), "");
  EXPECT_EQ(refusal(1ull << 30), "");
}

TEST(MemoryBudget, SizesReadAsAnArtistWritesThem) {
  EXPECT_EQ(parseMemorySize("4096"), 4096u);
  EXPECT_EQ(parseMemorySize("512M"), uint64_t(512) << 20);
  EXPECT_EQ(parseMemorySize("8G"), uint64_t(8) << 30);
  EXPECT_EQ(parseMemorySize("8gb"), uint64_t(8) << 30);
  EXPECT_EQ(parseMemorySize("16GiB"), uint64_t(16) << 30);
  EXPECT_EQ(parseMemorySize("1T"), uint64_t(1) << 40);
  for (const char* bad : {"", "0", "G", "-1", "1.5G", "8 G", "8X", "99999999999999999999", "5000000000T"})
    EXPECT_FALSE(parseMemorySize(bad).has_value()) << bad;
  EXPECT_EQ(describeBytes(69), "69 bytes");
  EXPECT_EQ(describeBytes(uint64_t(16) << 30), "16.0 GiB");
}

}  // namespace
}  // namespace runnel
