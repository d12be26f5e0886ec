// Every format's round trip: float formats exactly, 16-bit formats within one quantum with the sidecar
// restoring world heights.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/base/error.h"
#include "core/io/format_table.h"
#include "core/io/height_sidecar.h"
#include "core/io/heightmap_io.h"
#include "io_test_util.h"

namespace runnel {
namespace {

using testing::maxAbsDiff;
using testing::ScratchDir;
using testing::testMap;

class FloatRoundTrip : public ::testing::TestWithParam<const char*> {};

TEST_P(FloatRoundTrip, IsExact) {
  ScratchDir dir;
  const std::string path = dir.file(std::string("map.") + GetParam());
  Heightmap map = testMap();
  writeHeightmap(path, map);
  ReadOptions options;
  options.width = map.width();  // raw r32 is not square
  options.height = map.height();
  Heightmap back = readHeightmap(path, options);
  ASSERT_EQ(back.width(), map.width());
  ASSERT_EQ(back.height(), map.height());
  EXPECT_TRUE(back == map) << "largest difference " << maxAbsDiff(back, map);
  // No temporary file; a sidecar where the format cannot hold the cell size.
  std::set<std::string> expected{std::string("map.") + GetParam()};
  if (formatEntry(formatFromPath(path)).writesSidecar())
    expected.insert(std::string("map.") + GetParam() + ".json");
  EXPECT_EQ(dir.names(), expected);
}

INSTANTIATE_TEST_SUITE_P(Formats, FloatRoundTrip, ::testing::Values("r32", "pfm", "tif", "tiff", "exr"));

// The cell size travels with the heights: as a GeoTIFF's pixel scale, an EXR attribute, a sidecar.
TEST(CellSize, EveryFormatRecordsItAndAMapWrittenWithoutOneReadsBackWithout) {
  ScratchDir dir;
  const Heightmap map = testMap();
  WriteOptions metres;
  metres.cellSize = 7.5f;
  for (const char* ext : {"tif", "exr", "png", "r16", "raw", "r32", "pfm"}) {
    const std::string path = dir.file(std::string("cells.") + ext);
    writeHeightmap(path, map, metres);
    const std::optional<float> recorded = readRecordedCellSize(path, map.width(), map.height());
    ASSERT_TRUE(recorded.has_value()) << ext;
    EXPECT_EQ(*recorded, 7.5f) << ext;
    const std::string plain = dir.file(std::string("plain.") + ext);
    writeHeightmap(plain, map);
    EXPECT_FALSE(readRecordedCellSize(plain, map.width(), map.height()).has_value()) << ext;
    // Heights are read alike with or without it.
    EXPECT_TRUE(readHeightmap(path) == readHeightmap(plain)) << ext;
  }
}

// A float file written over one that recorded a cell size does not inherit it: its sidecar is replaced.
TEST(CellSize, ARewrittenFloatFileLeavesNoStaleCellSize) {
  ScratchDir dir;
  const Heightmap map = testMap();
  const std::string path = dir.file("map.r32");
  WriteOptions metres;
  metres.cellSize = 30.0f;
  writeHeightmap(path, map, metres);
  writeHeightmap(path, map);
  EXPECT_FALSE(readRecordedCellSize(path, map.width(), map.height()).has_value());
}

// An oversized sidecar is refused from its first 64 KiB, not read whole first.
TEST(CellSize, AnOversizedSidecarIsRefusedNamingIt) {
  ScratchDir dir;
  const Heightmap map = testMap();
  const std::string path = dir.file("map.r32");
  writeHeightmap(path, map);
  {
    std::ofstream side(sidecarPath(path), std::ios::binary | std::ios::trunc);
    side << "{\"width\": " << std::string(70000, ' ') << "1}";
  }
  try {
    readRecordedCellSize(path, map.width(), map.height());
    FAIL() << "an oversized sidecar was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("map.r32.json: malformed height sidecar (over 64 KiB)"),
              std::string::npos)
        << e.what();
  }
}

class SixteenBitRoundTrip : public ::testing::TestWithParam<const char*> {};

TEST_P(SixteenBitRoundTrip, IsWithinOneQuantumAndTheSidecarRestoresHeights) {
  ScratchDir dir;
  const std::string name = std::string("map.") + GetParam();
  const std::string path = dir.file(name);
  Heightmap map = testMap();
  float lo, hi;
  map.minMax(lo, hi);
  writeHeightmap(path, map);
  EXPECT_EQ(dir.names(), (std::set<std::string>{name, name + ".json"}));

  ReadOptions options;
  options.width = map.width();
  options.height = map.height();
  Heightmap back = readHeightmap(path, options);
  ASSERT_EQ(back.width(), map.width());
  ASSERT_EQ(back.height(), map.height());
  const float quantum = (hi - lo) / 65535.0f;
  EXPECT_LE(maxAbsDiff(back, map), 0.5f * quantum + 1e-5f);  // rounded to the nearest sample
  float blo, bhi;
  back.minMax(blo, bhi);
  EXPECT_FLOAT_EQ(blo, lo);  // min and max are samples 0 and 65535 exactly
  EXPECT_FLOAT_EQ(bhi, hi);

  // Without the sidecar the samples fall back to 0..N/4 (N = 37): the sidecar is what restored the heights.
  std::filesystem::remove(sidecarPath(path));
  Heightmap plain = readHeightmap(path, options);
  plain.minMax(blo, bhi);
  EXPECT_FLOAT_EQ(blo, 0.0f);
  EXPECT_FLOAT_EQ(bhi, 37.0f / 4.0f);

  // A range given by the reader wins.
  options.range = HeightRange{-1000.0f, 1000.0f};
  Heightmap ranged = readHeightmap(path, options);
  ranged.minMax(blo, bhi);
  EXPECT_FLOAT_EQ(blo, -1000.0f);
  EXPECT_FLOAT_EQ(bhi, 1000.0f);
}

TEST_P(SixteenBitRoundTrip, AGivenRangeIsRecordedAndClampsHeightsOutsideIt) {
  ScratchDir dir;
  const std::string path = dir.file(std::string("map.") + GetParam());
  Heightmap map = testMap();
  WriteOptions options;
  options.range = HeightRange{-10.0f, 50.0f};
  writeHeightmap(path, map, options);
  EXPECT_NE(testing::readBytes(sidecarPath(path)).find("\"world_height_at_0\": -10,"), std::string::npos);
  ReadOptions read;
  read.width = map.width();
  read.height = map.height();
  Heightmap back = readHeightmap(path, read);
  const float quantum = 60.0f / 65535.0f;
  for (size_t i = 0; i < map.cellCount(); ++i)
    ASSERT_NEAR(back.data()[i], std::clamp(map.data()[i], -10.0f, 50.0f), quantum) << "sample " << i;
}

TEST_P(SixteenBitRoundTrip, AFlatMapSurvives) {
  ScratchDir dir;
  const std::string path = dir.file(std::string("flat.") + GetParam());
  Heightmap flat(8, 8, 12.5f);
  writeHeightmap(path, flat);
  EXPECT_TRUE(readHeightmap(path) == flat);
}

INSTANTIATE_TEST_SUITE_P(Formats, SixteenBitRoundTrip, ::testing::Values("png", "r16"));

TEST(RawSize, SquareFilesNeedNoSize) {
  ScratchDir dir;
  Heightmap map = testMap(16, 16);
  writeHeightmap(dir.file("sq.r32"), map);
  EXPECT_TRUE(readHeightmap(dir.file("sq.r32")) == map);
}

TEST(RawSize, R16IsLittleEndianUnsigned) {
  ScratchDir dir;
  // 2x2 samples 0x0102, 0xfffe, 0, 1, row 0 first.
  testing::writeBytes(dir.file("le.r16"), std::string("\x02\x01\xfe\xff\x00\x00\x01\x00", 8));
  ReadOptions o;
  o.range = HeightRange{0.0f, 65535.0f};  // samples as they are
  Heightmap m = readHeightmap(dir.file("le.r16"), o);
  EXPECT_EQ(m.at(0, 0), 258.0f);
  EXPECT_EQ(m.at(1, 0), 65534.0f);
  EXPECT_EQ(m.at(0, 1), 0.0f);
  EXPECT_EQ(m.at(1, 1), 1.0f);
}

// A PFM written by hand: rows run bottom (south) to top, and the scale's sign gives the byte order.
std::string pfmBytes(bool littleEndian, const char* magic, const std::vector<float>& fileOrder, int w,
                     int h) {
  std::string s = std::string(magic) + "\n" + std::to_string(w) + " " + std::to_string(h) + "\n" +
                  (littleEndian ? "-1.0" : "1.0") + "\n";
  for (float f : fileOrder) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    for (int k = 0; k < 4; ++k) s += char(littleEndian ? (u >> (8 * k)) & 0xff : (u >> (8 * (3 - k))) & 0xff);
  }
  return s;
}

TEST(Pfm, RowsRunBottomUpInEitherByteOrder) {
  ScratchDir dir;
  // File order: the south row (1, 2, 3) first, then the north row (4, 5, 6).
  for (bool le : {true, false}) {
    const std::string path = dir.file(le ? "le.pfm" : "be.pfm");
    testing::writeBytes(path, pfmBytes(le, "Pf", {1, 2, 3, 4, 5, 6}, 3, 2));
    Heightmap m = readHeightmap(path);
    ASSERT_EQ(m.width(), 3);
    ASSERT_EQ(m.height(), 2);
    EXPECT_EQ(m.at(0, 0), 4.0f) << path;  // row 0 = north
    EXPECT_EQ(m.at(2, 0), 6.0f) << path;
    EXPECT_EQ(m.at(0, 1), 1.0f) << path;
  }
  // Our own PFM writes the south row first too.
  Heightmap m(2, 2);
  m.at(0, 0) = 7;  // north-west
  writeHeightmap(dir.file("ours.pfm"), m);
  std::string bytes = testing::readBytes(dir.file("ours.pfm"));
  float firstInFile, lastInFile;
  std::memcpy(&firstInFile, bytes.data() + bytes.size() - 16, 4);
  std::memcpy(&lastInFile, bytes.data() + bytes.size() - 8, 4);
  EXPECT_EQ(firstInFile, 0.0f);
  EXPECT_EQ(lastInFile, 7.0f);
}

TEST(Pfm, ColourIsReadAsLuminance) {
  ScratchDir dir;
  testing::writeBytes(dir.file("rgb.pfm"),
                      pfmBytes(true, "PF", {10, 10, 10, 1, 0, 0, 0, 1, 0, 0, 0, 1}, 2, 2));
  Heightmap m = readHeightmap(dir.file("rgb.pfm"));
  EXPECT_NEAR(m.at(0, 1), 10.0f, 1e-5);  // grey stays grey
  EXPECT_NEAR(m.at(1, 1), 0.2126f, 1e-6);
  EXPECT_NEAR(m.at(0, 0), 0.7152f, 1e-6);
  EXPECT_NEAR(m.at(1, 0), 0.0722f, 1e-6);
}

TEST(Png, EightBitGreyAndRgbAreRead) {
  ScratchDir dir;
  const unsigned char grey[6] = {0, 51, 102, 153, 204, 255};
  writeGrey8Png(dir.file("g8.png"), 3, 2, grey);
  ReadOptions o;
  o.range = HeightRange{0.0f, 255.0f};
  Heightmap g = readHeightmap(dir.file("g8.png"), o);
  ASSERT_EQ(g.width(), 3);
  ASSERT_EQ(g.height(), 2);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(g.data()[i], float(grey[i]));

  const unsigned char rgb[12] = {255, 0, 0, 0, 255, 0, 0, 0, 255, 100, 100, 100};
  writeRgb8Png(dir.file("rgb8.png"), 2, 2, rgb);
  Heightmap c = readHeightmap(dir.file("rgb8.png"), o);
  EXPECT_NEAR(c.at(0, 0), 0.2126f * 255, 1e-3);
  EXPECT_NEAR(c.at(1, 0), 0.7152f * 255, 1e-3);
  EXPECT_NEAR(c.at(0, 1), 0.0722f * 255, 1e-3);
  EXPECT_NEAR(c.at(1, 1), 100.0f, 1e-3);

  // Without a range, 8-bit samples span 0..N/4.
  Heightmap d = readHeightmap(dir.file("g8.png"));
  EXPECT_FLOAT_EQ(d.at(2, 1), 3.0f / 4.0f);
}

// A palette PNG's bytes, by hand: `indices` (width x height, one byte each) into a grey palette of
// `colours` entries (entry i grey 16 i), entry 0 transparent (a tRNS chunk); the image data in a stored
// (uncompressed) deflate block.
std::string paletteWithTransparency(int width, int height, const std::vector<uint8_t>& indices, int colours) {
  auto be32 = [](uint32_t v) {
    return std::string{char(v >> 24), char(v >> 16 & 0xff), char(v >> 8 & 0xff), char(v & 0xff)};
  };
  auto crc = [](const std::string& bytes) {
    uint32_t c = 0xffffffffu;
    for (unsigned char b : bytes) {
      c ^= b;
      for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
    return c ^ 0xffffffffu;
  };
  auto chunk = [&](const std::string& type, const std::string& data) {
    return be32(uint32_t(data.size())) + type + data + be32(crc(type + data));
  };
  std::string raw;
  for (int y = 0; y < height; ++y) {
    raw += '\0';  // filter: none
    for (int x = 0; x < width; ++x) raw += char(indices[size_t(y) * size_t(width) + size_t(x)]);
  }
  uint32_t a = 1, b = 0;  // adler32
  for (unsigned char c : raw) {
    a = (a + c) % 65521;
    b = (b + a) % 65521;
  }
  const uint16_t length = uint16_t(raw.size());
  std::string zlib = std::string{char(0x78), char(0x01), char(0x01)} + char(length & 0xff) +
                     char(length >> 8) + char(~length & 0xff) + char((~length >> 8) & 0xff) + raw +
                     be32(b << 16 | a);
  std::string palette, alpha;
  for (int i = 0; i < colours; ++i) palette += std::string(3, char(16 * i));
  alpha = std::string(1, '\0') + std::string(size_t(colours - 1), char(255));
  const std::string header = be32(uint32_t(width)) + be32(uint32_t(height)) + std::string{8, 3, 0, 0, 0};
  return std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", header) + chunk("PLTE", palette) +
         chunk("tRNS", alpha) + chunk("IDAT", zlib) + chunk("IEND", "");
}

TEST(Png, APaletteWithTransparencyReadsAsItsGreys) {
  // Transparency is not height: the transparent entry reads as its own colour, like an alpha channel's
  // cells (it was refused as "4 channels of 8 bits after conversion").
  ScratchDir dir;
  std::vector<uint8_t> indices(12 * 5);
  for (size_t i = 0; i < indices.size(); ++i) indices[i] = uint8_t(i % 16);
  testing::writeBytes(dir.file("palette.png"), paletteWithTransparency(12, 5, indices, 16));
  ReadOptions o;
  o.range = HeightRange{0.0f, 255.0f};
  const Heightmap m = readHeightmap(dir.file("palette.png"), o);
  ASSERT_EQ(m.width(), 12);
  ASSERT_EQ(m.height(), 5);
  for (size_t i = 0; i < indices.size(); ++i) ASSERT_EQ(m.data()[i], float(16 * indices[i])) << i;
}

// Reads an OBJ's v, vt, vn and f lines back (our own writer's layout: one index for all three).
struct ObjMesh {
  std::vector<std::array<float, 3>> v, vn;
  std::vector<std::array<float, 2>> vt;
  std::vector<std::array<uint64_t, 3>> f;
};

ObjMesh parseObj(const std::string& path) {
  ObjMesh mesh;
  std::istringstream in(testing::readBytes(path));
  std::string tag;
  for (std::string line; std::getline(in, line);) {
    std::istringstream l(line);
    l >> tag;
    if (tag == "v" || tag == "vn") {
      std::array<float, 3> p;
      l >> p[0] >> p[1] >> p[2];
      (tag == "v" ? mesh.v : mesh.vn).push_back(p);
    } else if (tag == "vt") {
      std::array<float, 2> t;
      l >> t[0] >> t[1];
      mesh.vt.push_back(t);
    } else if (tag == "f") {
      std::array<uint64_t, 3> face;
      for (auto& corner : face) {
        std::string c;
        l >> c;
        corner = std::stoull(c.substr(0, c.find('/')));
        EXPECT_EQ(c, std::to_string(corner) + "/" + std::to_string(corner) + "/" + std::to_string(corner));
      }
      mesh.f.push_back(face);
    }
  }
  return mesh;
}

TEST(Obj, IsAGridMeshWithHeightsUpAndRowsAlongZ) {
  ScratchDir dir;
  Heightmap map = testMap(9, 6);
  writeHeightmap(dir.file("m.obj"), map);
  ObjMesh mesh = parseObj(dir.file("m.obj"));
  ASSERT_EQ(mesh.v.size(), 54u);
  ASSERT_EQ(mesh.vt.size(), 54u);
  ASSERT_EQ(mesh.vn.size(), 54u);
  ASSERT_EQ(mesh.f.size(), 2u * 8 * 5);
  for (int z = 0; z < 6; ++z)
    for (int x = 0; x < 9; ++x) {
      const auto& p = mesh.v[size_t(z) * 9 + x];
      EXPECT_EQ(p[0], float(x));
      EXPECT_EQ(p[1], map.at(x, z));  // shortest round-trip text: exact
      EXPECT_EQ(p[2], float(z));
    }
  EXPECT_EQ(mesh.vt.front(), (std::array<float, 2>{0.0f, 1.0f}));  // north-west = top-left of the texture
  EXPECT_EQ(mesh.vt.back(), (std::array<float, 2>{1.0f, 0.0f}));
  for (const auto& face : mesh.f) {
    // Every triangle faces up (counter-clockwise seen from +y), and normals point up.
    const auto &a = mesh.v[face[0] - 1], &b = mesh.v[face[1] - 1], &c = mesh.v[face[2] - 1];
    float ux = b[0] - a[0], uz = b[2] - a[2], wx = c[0] - a[0], wz = c[2] - a[2];
    EXPECT_GT(uz * wx - ux * wz, 0.0f);
  }
  for (const auto& n : mesh.vn) {
    EXPECT_GT(n[1], 0.0f);
    EXPECT_NEAR(n[0] * n[0] + n[1] * n[1] + n[2] * n[2], 1.0f, 1e-5);
  }
}

TEST(Obj, DecimationKeepsTheBorder) {
  ScratchDir dir;
  Heightmap map = testMap(10, 7);
  WriteOptions o;
  o.objStep = 4;  // columns 0 4 8 9, rows 0 4 6
  writeHeightmap(dir.file("d.obj"), map, o);
  ObjMesh mesh = parseObj(dir.file("d.obj"));
  ASSERT_EQ(mesh.v.size(), 12u);
  EXPECT_EQ(mesh.f.size(), 2u * 3 * 2);
  EXPECT_EQ(mesh.v[2][0], 8.0f);
  EXPECT_EQ(mesh.v[3][0], 9.0f);
  EXPECT_EQ(mesh.v[11][2], 6.0f);
  EXPECT_EQ(mesh.v[11][1], map.at(9, 6));
}

TEST(Obj, KeepsWorldUnitsSoSlopesAreTrue) {
  // A ramp rising 3 m a cell eastwards on 30 m cells: a slope of 0.1, not 3.
  ScratchDir dir;
  Heightmap map(5, 4);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 5; ++x) map.at(x, y) = 3.0f * float(x);
  WriteOptions o;
  o.cellSize = 30.0f;
  writeHeightmap(dir.file("w.obj"), map, o);
  ObjMesh mesh = parseObj(dir.file("w.obj"));
  EXPECT_EQ(mesh.v[4][0], 120.0f);  // column 4, 30 m apart
  EXPECT_EQ(mesh.v[19][2], 90.0f);  // row 3
  const auto& n = mesh.vn[7];       // an inner vertex
  EXPECT_NEAR(-n[0] / n[1], 0.1f, 1e-6f);
  EXPECT_NEAR(n[2], 0.0f, 1e-6f);
}

TEST(Obj, ATriangleBudgetPicksTheStep) {
  ScratchDir dir;
  Heightmap map = testMap(101, 81);  // 16000 triangles whole
  WriteOptions o;
  o.objTriangles = 2000;
  writeHeightmap(dir.file("t.obj"), map, o);
  ObjMesh mesh = parseObj(dir.file("t.obj"));
  EXPECT_LE(mesh.f.size(), 2000u);
  EXPECT_GT(mesh.f.size(), 1000u);      // the smallest step that fits, not a coarser one
  EXPECT_EQ(mesh.v.back()[0], 100.0f);  // the border kept
  EXPECT_EQ(mesh.v.back()[2], 80.0f);
  o.objTriangles = 1000000;  // more than the map has: every sample
  writeHeightmap(dir.file("all.obj"), map, o);
  EXPECT_EQ(parseObj(dir.file("all.obj")).f.size(), 16000u);
}

TEST(Range, ParsesLoHi) {
  HeightRange r = parseRange("236:1076");
  EXPECT_EQ(r.lo, 236.0f);
  EXPECT_EQ(r.hi, 1076.0f);
  r = parseRange("-12.5:-0.25");
  EXPECT_EQ(r.lo, -12.5f);
  EXPECT_EQ(r.hi, -0.25f);
  for (const char* bad : {"", "5", "1:1", "3:2", "a:b", "1:2:3", "nan:1", "0:inf", "1 :2"})
    EXPECT_THROW(parseRange(bad), Error) << bad;
}

TEST(FormatFromPath, KnowsTheExtensionsInAnyCase) {
  EXPECT_EQ(formatFromPath("a/b.PNG"), FileFormat::Png);
  EXPECT_EQ(formatFromPath("x.r16"), FileFormat::R16);
  EXPECT_EQ(formatFromPath("x.r32"), FileFormat::R32);
  EXPECT_EQ(formatFromPath("x.pfm"), FileFormat::Pfm);
  EXPECT_EQ(formatFromPath("x.tif"), FileFormat::Tiff);
  EXPECT_EQ(formatFromPath("x.tiff"), FileFormat::Tiff);
  EXPECT_EQ(formatFromPath("x.exr"), FileFormat::Exr);
  EXPECT_EQ(formatFromPath("x.obj"), FileFormat::Obj);
  try {
    formatFromPath("dir.v2/terrain");
    FAIL() << "no extension accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("dir.v2/terrain"), std::string::npos);
  }
}

}  // namespace
}  // namespace runnel

namespace runnel {
namespace {

// The previews mean what they say: light from the north-west, slope in degrees, amounts from black to white.
TEST(Preview, HillshadeSlopeAndAmounts) {
  testing::ScratchDir dir;
  ReadOptions bytes;
  bytes.range = HeightRange{0, 255};
  // A roof: the west half rises to the east (faces west, lit), the east half falls (faces east, in shade).
  Heightmap roof(16, 8);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 16; ++x) roof.at(x, y) = float(x < 8 ? x : 15 - x);
  writePreviewPng(dir.file("shade.png"), roof, PreviewKind::Hillshade);
  Heightmap shade = readHeightmap(dir.file("shade.png"), bytes);
  // Normal (-1,0,1)/sqrt2 and (1,0,1)/sqrt2 against the light (-0.5,-0.5,0.707): 0.854 and 0.146.
  EXPECT_NEAR(shade.at(3, 4), 0.854f * 255, 1.0f);
  EXPECT_NEAR(shade.at(12, 4), 0.146f * 255, 1.0f);

  writePreviewPng(dir.file("slope.png"), roof, PreviewKind::Slope);
  Heightmap slope = readHeightmap(dir.file("slope.png"), bytes);
  EXPECT_NEAR(slope.at(3, 4), 127.5f, 1.0f);  // 45 of 90 degrees
  Heightmap flat(8, 8, 3.0f);
  writePreviewPng(dir.file("flat.png"), flat, PreviewKind::Slope);
  Heightmap flatSlope = readHeightmap(dir.file("flat.png"), bytes);
  EXPECT_EQ(flatSlope.at(4, 4), 0.0f);

  Heightmap amounts(4, 2);
  for (int i = 0; i < 8; ++i) amounts.data()[i] = float(i);  // 0..7, the largest white
  writePreviewPng(dir.file("eroded.png"), amounts, PreviewKind::Eroded);
  Heightmap eroded = readHeightmap(dir.file("eroded.png"), bytes);
  EXPECT_EQ(eroded.data()[0], 0.0f);
  EXPECT_EQ(eroded.data()[7], 255.0f);
  EXPECT_NEAR(eroded.data()[1], std::round(255 * std::sqrt(1.0f / 7)), 0.5f);  // thin layers still show
  writePreviewPng(dir.file("none.png"), Heightmap(4, 4), PreviewKind::Deposited);
  Heightmap none = readHeightmap(dir.file("none.png"), bytes);
  float lo, hi;
  none.minMax(lo, hi);
  EXPECT_EQ(hi, 0.0f);
}

}  // namespace
}  // namespace runnel
