// The format table: every entry, whatever it is, round-trips through its own writer and reader (so a new
// format is tested by being added), and every extension and message comes from it.
#include "core/io/format_table.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "core/base/error.h"
#include "io_test_util.h"

namespace runnel {
namespace {

using testing::maxAbsDiff;
using testing::ScratchDir;
using testing::testMap;

std::vector<std::string> everyExtension() {
  std::vector<std::string> all;
  for (const FormatEntry& e : formatTable()) all.insert(all.end(), e.extensions.begin(), e.extensions.end());
  return all;
}

class EveryFormat : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryFormat, RoundTripsWithinItsQuantisation) {
  const std::string ext = GetParam();
  ScratchDir dir;
  const std::string path = dir.file("map." + ext);
  const FormatEntry* format = formatOfPath(path);
  ASSERT_NE(format, nullptr);
  const Heightmap map = testMap();
  WriteOptions w;
  w.cellSize = 12.5f;
  writeHeightmap(path, map, w);
  // What the write left: the file, and a sidecar for the formats that cannot hold the cell size; no
  // temporary file.
  std::set<std::string> expected{"map." + ext};
  if (format->writesSidecar()) expected.insert("map." + ext + ".json");
  EXPECT_EQ(dir.names(), expected);
  if (!format->readable()) {
    EXPECT_THROW(readHeightmap(path), Error) << format->name << " is written only";
    return;
  }
  // A headerless file's size (the test map is not square) comes from its sidecar.
  const Heightmap back = readHeightmap(path);
  ASSERT_EQ(back.width(), map.width());
  ASSERT_EQ(back.height(), map.height());
  float lo, hi;
  map.minMax(lo, hi);
  // 16-bit: within half a step of the map's own range (the sidecar restores world heights); float: exact.
  const float tolerance = format->isFloat ? 0.0f : (hi - lo) / 65535.0f * 0.5001f;
  EXPECT_LE(maxAbsDiff(back, map), tolerance) << format->name;
  // Every format Runnel reads back gives the cell size it was written with.
  EXPECT_EQ(readRecordedCellSize(path, map.width(), map.height()), 12.5f) << format->name;
}

INSTANTIATE_TEST_SUITE_P(Table, EveryFormat, ::testing::ValuesIn(everyExtension()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(FormatTable, EachExtensionNamesOneFormatInAnyCase) {
  std::set<std::string> seen;
  for (const FormatEntry& e : formatTable()) {
    EXPECT_EQ(&formatEntry(e.id), &e);
    for (const std::string& ext : e.extensions) {
      EXPECT_TRUE(seen.insert(ext).second) << "." << ext << " belongs to two formats";
      std::string upper = ext;
      for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
      EXPECT_EQ(formatOfPath("dir.x/MAP." + upper), &e);
      EXPECT_EQ(formatFromPath("map." + ext), e.id);
    }
  }
  EXPECT_EQ(formatOfPath("dir.png/map"), nullptr) << "a dot in a folder name is not an extension";
}

TEST(FormatTable, AnUnknownExtensionIsRefusedListingTheTablesExtensions) {
  try {
    formatFromPath("terrain.bmp");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("terrain.bmp"), std::string::npos) << what;
    for (const std::string& ext : everyExtension())
      EXPECT_NE(what.find("." + ext), std::string::npos) << what;
  }
  EXPECT_EQ(knownExtensions(true).find(".obj"), std::string::npos) << "OBJ is not read";
}

// Unity writes RAW in either byte order ("Windows" little-endian, "Mac" big-endian).
TEST(RawFormat, BothByteOrdersRoundTripAndAreEachOthersBytesSwapped) {
  ScratchDir dir;
  Heightmap map(3, 2);
  for (int i = 0; i < 6; ++i) map.data()[i] = float(i) * 100.0f;
  WriteOptions little, big;
  big.bigEndian = true;
  little.range = big.range = HeightRange{0.0f, 65535.0f};  // samples = heights
  writeHeightmap(dir.file("l.raw"), map, little);
  writeHeightmap(dir.file("b.raw"), map, big);
  auto bytes = [&](const std::string& name) {
    std::ifstream in(dir.file(name), std::ios::binary);
    return std::vector<unsigned char>(std::istreambuf_iterator<char>(in), {});
  };
  const std::vector<unsigned char> l = bytes("l.raw"), b = bytes("b.raw");
  ASSERT_EQ(l.size(), 12u);
  ASSERT_EQ(b.size(), 12u);
  EXPECT_EQ(l[2], 100u);  // sample 1 = 100: low byte first
  EXPECT_EQ(l[3], 0u);
  for (size_t i = 0; i < 12; i += 2) {
    EXPECT_EQ(l[i], b[i + 1]);
    EXPECT_EQ(l[i + 1], b[i]);
  }
  ReadOptions r;
  r.width = 3;
  r.height = 2;
  EXPECT_TRUE(readHeightmap(dir.file("l.raw"), r) == map);
  r.bigEndian = true;
  EXPECT_TRUE(readHeightmap(dir.file("b.raw"), r) == map);
}

}  // namespace
}  // namespace runnel
