// What a file's length can deliver (core/io/file_holds.h), and the readers that check their headers against
// it before allocating (issue 33 item 1). tests/cli/hostile_maps.sh measures their peak memory.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "core/base/error.h"
#include "core/io/file_holds.h"
#include "core/io/heightmap_io.h"
#include "io_test_util.h"

namespace runnel {
namespace {

using testing::errorOf;
using testing::ScratchDir;
using testing::writeBytes;

TEST(FileHolds, StoredDataHoldsItsOwnLength) {
  EXPECT_NO_THROW(requireFileHolds("x.tif", "strips", 134, 134, ratio::kStored, "uncompressed"));
  const std::string m = errorOf(
      [] { requireFileHolds("x.tif", "strips", uint64_t(1) << 30, 134, ratio::kStored, "uncompressed"); });
  EXPECT_EQ(
      m, "x.tif: its strips need 1.0 GiB of pixel data but the file holds 134 bytes: truncated or corrupt");
}

TEST(FileHolds, CompressedDataHoldsItsLengthTimesTheCodecsBestRatio) {
  EXPECT_NO_THROW(requireFileHolds("x.png", "rows", 274 * 1032, 274, ratio::kDeflate, "deflate"));
  const std::string m =
      errorOf([] { requireFileHolds("x.png", "rows", 274 * 1032 + 1, 274, ratio::kDeflate, "deflate"); });
  EXPECT_EQ(m,
            "x.png: its rows need 276.1 KiB of pixel data but its 274 bytes of deflate data hold at most "
            "276.1 KiB: truncated or corrupt");
  // No bound: the first pass decides.
  EXPECT_NO_THROW(requireFileHolds("x.exr", "chunks", UINT64_MAX, 1, ratio::kUnbounded, "DWA"));
  // No overflow at the extremes.
  EXPECT_NO_THROW(requireFileHolds("x.exr", "chunks", UINT64_MAX, UINT64_MAX / 2, ratio::kDeflate, "ZIP"));
}

TEST(FileHolds, TheCodecsRatiosAreTheirBestCases) {
  EXPECT_EQ(ratio::kDeflate, 1032u);  // 258 bytes from a 1-bit literal/length code and a 1-bit distance
  EXPECT_EQ(ratio::kRunLength, 64u);  // 128 bytes from 2
  EXPECT_EQ(ratio::kLzw, 3641u);      // 4096 bytes from 9 bits, rounded up
  EXPECT_GT(ratio::kPxr24, ratio::kDeflate);
}

TEST(FileHolds, RangesMustLieInsideTheFile) {
  EXPECT_NO_THROW(requireInsideFile("x.tif", "strip 0", 8, 126, 134));
  EXPECT_NO_THROW(requireInsideFile("x.tif", "strip 0", 134, 0, 134));
  std::string m = errorOf([] { requireInsideFile("x.tif", "strip 3", 8, 127, 134); });
  EXPECT_EQ(m, "x.tif: strip 3 runs past the end of the file (bytes 8 to 135 of 134): truncated or corrupt");
  m = errorOf([] { requireInsideFile("x.tif", "tile 1", UINT64_MAX - 1, 4, 134); });
  EXPECT_MENTIONS(m, "x.tif: tile 1 runs past the end of the file");
  m = errorOf([] { requireInsideFile("x.exr", "chunk 0", 200, 0, 134); });
  EXPECT_MENTIONS(m, "x.exr: chunk 0 runs past the end of the file");
}

TEST(FileHolds, AFileMayAskForSixteenTimesItsLengthOrSixteenMiB) {
  EXPECT_TRUE(allocatableOnItsWord(kOnItsWordFloor, 0));
  EXPECT_FALSE(allocatableOnItsWord(kOnItsWordFloor + 1, 1 << 20));
  EXPECT_TRUE(allocatableOnItsWord(uint64_t(1) << 30, uint64_t(64) << 20));
  EXPECT_FALSE(allocatableOnItsWord(uint64_t(1) << 30, (uint64_t(64) << 20) - 1));
  EXPECT_TRUE(allocatableOnItsWord(UINT64_MAX, UINT64_MAX / 16 + 1));
}

std::string little16(uint16_t v) {
  return {char(v), char(v >> 8)};
}
std::string little32(uint32_t v) {
  return {char(v), char(v >> 8), char(v >> 16), char(v >> 24)};
}

// A classic little-endian TIFF of 16384x16384 float32 samples in one uncompressed strip that runs past the
// end of its 134 bytes: it needs 1 GiB, and the strip's offset and length say the file cannot hold it.
std::string stripPastTheEnd() {
  const uint16_t kShort = 3, kLong = 4;
  struct Entry {
    uint16_t tag, type;
    uint32_t value;
  };
  const std::vector<Entry> entries = {{256, kLong, 16384}, {257, kLong, 16384}, {258, kShort, 32},
                                      {259, kShort, 1},    {262, kShort, 1},    {273, kLong, 134},
                                      {277, kShort, 1},    {278, kLong, 16384}, {279, kLong, 1u << 30},
                                      {339, kShort, 3}};
  std::string bytes = "II" + little16(42) + little32(8) + little16(uint16_t(entries.size()));
  for (const Entry& e : entries)
    bytes += little16(e.tag) + little16(e.type) + little32(1) +
             (e.type == kShort ? little16(uint16_t(e.value)) + little16(0) : little32(e.value));
  return bytes + little32(0);
}

TEST(FileHolds, ATiffStripPastTheEndIsRefusedFromItsHeader) {
  ScratchDir dir;
  const std::string path = dir.file("strip.tif");
  const std::string bytes = stripPastTheEnd();
  ASSERT_EQ(bytes.size(), 134u);
  writeBytes(path, bytes);
  const std::string m = errorOf([&] { readHeightmap(path); });
  EXPECT_EQ(
      m, path + ": its strips need 1.0 GiB of pixel data but the file holds 134 bytes: truncated or corrupt");
}

// An uncompressed scan-line EXR of width x height float samples (channel Y) whose every row holds `rowBytes`
// bytes of data: OpenEXR's C++ reader took rows shorter than their pixels as whole (reading past them).
std::string exrWithRowsOf(int width, int height, uint32_t rowBytes) {
  auto attribute = [](const std::string& name, const std::string& type, const std::string& value) {
    return name + '\0' + type + '\0' + little32(uint32_t(value.size())) + value;
  };
  const std::string box =
      little32(0) + little32(0) + little32(uint32_t(width - 1)) + little32(uint32_t(height - 1));
  std::string header = std::string("\x76\x2f\x31\x01", 4) + little32(2);
  header += attribute("channels", "chlist",
                      std::string("Y\0", 2) + little32(2) + std::string(4, '\0') + little32(1) + little32(1) +
                          std::string(1, '\0'));
  header += attribute("compression", "compression", std::string(1, '\0'));
  header += attribute("dataWindow", "box2i", box) + attribute("displayWindow", "box2i", box);
  header += attribute("lineOrder", "lineOrder", std::string(1, '\0'));
  header += attribute("pixelAspectRatio", "float", little32(0x3f800000));
  header += attribute("screenWindowCenter", "v2f", std::string(8, '\0'));
  header += attribute("screenWindowWidth", "float", little32(0x3f800000));
  header += '\0';
  std::string table, rows;
  const uint64_t rowsAt = header.size() + 8 * uint64_t(height);
  for (int y = 0; y < height; ++y) {
    const uint64_t at = rowsAt + rows.size();
    table += little32(uint32_t(at)) + little32(uint32_t(at >> 32));
    rows += little32(uint32_t(y)) + little32(rowBytes) + std::string(rowBytes, '\x3f');
  }
  return header + table + rows;
}

TEST(FileHolds, AnUncompressedExrWhoseRowsAreShortIsRefused) {
  ScratchDir dir;
  const std::string path = dir.file("short.exr");
  writeBytes(path, exrWithRowsOf(64, 64, 64 * 4));
  EXPECT_EQ(readHeightmap(path).width(), 64);  // whole rows read

  writeBytes(path, exrWithRowsOf(64, 64, 4));
  const std::string m = errorOf([&] { readHeightmap(path); });
  EXPECT_EQ(
      m,
      path + ": its chunks need 16.0 KiB of pixel data but the file holds 256 bytes: truncated or corrupt");
}

}  // namespace
}  // namespace runnel

namespace runnel {
namespace {

// A map that compresses to almost nothing asks for far more than 16 times its file: it is decoded once into
// nothing, then read. Both passes must read the same rows (libtiff seeks back to strip 0, libpng and
// OpenEXR start again).
TEST(FileHolds, AHighlyCompressedMapReadsThroughItsFirstPass) {
  ScratchDir dir;
  Heightmap map(4096, 2048);
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) map.at(x, y) = float((y % 7) * 8 + (x / 512));
  for (const char* ext : {"png", "tif", "exr"}) {
    const std::string path = dir.file(std::string("flat.") + ext);
    writeHeightmap(path, map);
    ASSERT_FALSE(allocatableOnItsWord(map.cellCount() * sizeof(float), fileLength(path))) << path;
    const Heightmap back = readHeightmap(path);
    ASSERT_EQ(back.width(), map.width()) << path;
    EXPECT_LT(testing::maxAbsDiff(back, map), 1e-3f) << path;
  }
}

}  // namespace
}  // namespace runnel
