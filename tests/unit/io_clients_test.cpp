// Real clients open our exports with the right size, depth and values: ImageMagick (identify), GDAL
// (gdalinfo, gdallocationinfo, gdal_translate), libtiff's tiffinfo, OpenEXR's exrheader and exrmaketiled,
// and assimp. Each tool is in build.sh's package list; a test skips only when its tool is missing.
// Files the clients write (GDAL's type conversions, ImageMagick's palette and interlaced PNGs, a tiled EXR)
// are read back by our readers too.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "core/base/error.h"
#include "core/io/heightmap_io.h"
#include "io_test_util.h"

namespace runnel {
namespace {

using testing::ScratchDir;

bool haveTool(const std::string& name) {
  return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

#define REQUIRE_TOOL(name) \
  if (!haveTool(name)) GTEST_SKIP() << name << " is not installed (build.sh installs it)"

// Runs a shell command and returns what it printed (stdout and stderr); fails the test on a non-zero exit.
std::string run(const std::string& command) {
  std::string out;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) {
    ADD_FAILURE() << "cannot run " << command;
    return out;
  }
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  int status = ::pclose(pipe);
  EXPECT_EQ(status, 0) << command << " printed:\n" << out;
  return out;
}

std::string quoted(const std::string& path) {
  return "'" + path + "'";
}

// What follows `label` in `text` (after any blanks) up to the first of `stops`, or "" (and a test failure).
std::string after(const std::string& text, const std::string& label, const char* stops = "\n") {
  size_t at = text.find(label);
  if (at == std::string::npos) {
    ADD_FAILURE() << "no '" << label << "' in:\n" << text;
    return "";
  }
  at = text.find_first_not_of(" \t\n", at + label.size());
  return text.substr(at, text.find_first_of(stops, at) - at);
}

double number(const std::string& text) {
  return text.empty() ? NAN : std::stod(text);
}

// A 53x31 map (not square, so a swapped width and height shows) with a recognisable north-west corner.
Heightmap clientMap() {
  return testing::testMap(53, 31);
}

// Pixels worth probing: the corners and an inner point, as (x, y) with y = row from the north.
const int kProbes[][2] = {{0, 0}, {52, 0}, {0, 30}, {52, 30}, {17, 11}};

TEST(Clients, IdentifyReadsThe16BitPngWithOurSamples) {
  REQUIRE_TOOL("identify");
  ScratchDir dir;
  Heightmap map = clientMap();
  const std::string path = dir.file("h.png");
  writeHeightmap(path, map);
  std::string out = run("identify -format '%w %h %z %[colorspace]' " + quoted(path));
  EXPECT_EQ(out, "53 31 16 Gray");
  float lo, hi;
  map.minMax(lo, hi);
  for (auto [x, y] : kProbes) {
    double expected = std::round((double(map.at(x, y)) - lo) / (double(hi) - lo) * 65535.0);
    std::string v = run("identify -format '%[fx:round(p{" + std::to_string(x) + "," + std::to_string(y) +
                        "}*65535)]' " + quoted(path));
    EXPECT_EQ(number(v), expected) << "pixel " << x << "," << y;
  }
  EXPECT_EQ(run("identify -format '%[min] %[max]' " + quoted(path)), "0 65535");
}

TEST(Clients, IdentifyReadsThePreviewsAs8BitGrey) {
  REQUIRE_TOOL("identify");
  ScratchDir dir;
  Heightmap map = clientMap();
  for (auto kind :
       {PreviewKind::Hillshade, PreviewKind::Slope, PreviewKind::Eroded, PreviewKind::Deposited}) {
    const std::string path = dir.file("preview" + std::to_string(int(kind)) + ".png");
    Heightmap values = map;
    if (kind == PreviewKind::Eroded || kind == PreviewKind::Deposited)
      for (size_t i = 0; i < values.cellCount(); ++i) values.data()[i] = float(i % 7);  // amounts 0..6
    writePreviewPng(path, values, kind);
    EXPECT_EQ(run("identify -format '%w %h %z %[colorspace]' " + quoted(path)), "53 31 8 Gray") << path;
    if (kind == PreviewKind::Eroded || kind == PreviewKind::Deposited) {
      // Amount 0 is black and the largest white.
      EXPECT_EQ(run("identify -format '%[min] %[max]' " + quoted(path)), "0 65535") << path;
      EXPECT_EQ(run("identify -format '%[fx:round(p{0,0}*255)] %[fx:round(p{6,0}*255)]' " + quoted(path)),
                "0 255");
    }
  }
}

TEST(Clients, IdentifyReadsThePfmRowsNorthFirst) {
  REQUIRE_TOOL("identify");
  ScratchDir dir;
  // ImageMagick's Q16 build clamps float samples to 0..1, so probe a map inside that range.
  Heightmap map = clientMap();
  float lo, hi;
  map.minMax(lo, hi);
  for (size_t i = 0; i < map.cellCount(); ++i) map.data()[i] = (map.data()[i] - lo) / (hi - lo);
  const std::string path = dir.file("h.pfm");
  writeHeightmap(path, map);
  EXPECT_EQ(run("identify -format '%w %h' " + quoted(path)), "53 31");
  for (auto [x, y] : kProbes) {
    std::string v = run("identify -format '%[fx:p{" + std::to_string(x) + "," + std::to_string(y) + "}]' " +
                        quoted(path));
    EXPECT_NEAR(number(v), map.at(x, y), 2e-5) << "pixel " << x << "," << y;
  }
}

// gdalinfo -stats: size, type and the exact minimum and maximum; gdallocationinfo: single heights.
void expectGdalSees(const std::string& path, const Heightmap& map) {
  std::string info = run("gdalinfo -stats " + quoted(path));
  EXPECT_EQ(after(info, "Size is "), "53, 31");
  EXPECT_EQ(after(info, "Type=", ","), "Float32");
  float lo, hi;
  map.minMax(lo, hi);
  EXPECT_FLOAT_EQ(float(number(after(info, "STATISTICS_MINIMUM="))), lo);
  EXPECT_FLOAT_EQ(float(number(after(info, "STATISTICS_MAXIMUM="))), hi);
  for (auto [x, y] : kProbes) {
    std::string v =
        run("gdallocationinfo -valonly " + quoted(path) + " " + std::to_string(x) + " " + std::to_string(y));
    EXPECT_FLOAT_EQ(float(number(v)), map.at(x, y)) << path << " pixel " << x << "," << y;
  }
}

TEST(Clients, GdalReadsTheFloatTiff) {
  REQUIRE_TOOL("gdalinfo");
  REQUIRE_TOOL("gdallocationinfo");
  ScratchDir dir;
  Heightmap map = clientMap();
  writeHeightmap(dir.file("h.tif"), map);
  expectGdalSees(dir.file("h.tif"), map);
}

TEST(Clients, GdalReadsTheR32ThroughAnEnviHeader) {
  REQUIRE_TOOL("gdalinfo");
  REQUIRE_TOOL("gdallocationinfo");
  ScratchDir dir;
  Heightmap map = clientMap();
  writeHeightmap(dir.file("h.r32"), map);
  // GDAL has no driver for headerless rasters; the ENVI header describes our layout, nothing more.
  testing::writeBytes(
      dir.file("h.hdr"),
      "ENVI\nsamples = 53\nlines = 31\nbands = 1\nheader offset = 0\nfile type = ENVI Standard\n"
      "data type = 4\ninterleave = bsq\nbyte order = 0\n");
  expectGdalSees(dir.file("h.r32"), map);
}

TEST(Clients, TiffinfoSeesOneFloatChannel) {
  REQUIRE_TOOL("tiffinfo");
  ScratchDir dir;
  writeHeightmap(dir.file("h.tif"), clientMap());
  std::string info = run("tiffinfo " + quoted(dir.file("h.tif")));
  EXPECT_EQ(after(info, "Image Width:"), "53 Image Length: 31");
  EXPECT_EQ(after(info, "Bits/Sample:"), "32");
  EXPECT_EQ(after(info, "Sample Format:"), "IEEE floating point");
  EXPECT_EQ(after(info, "Samples/Pixel:"), "1");
  EXPECT_EQ(after(info, "Orientation:"), "row 0 top, col 0 lhs");
}

TEST(Clients, ExrheaderSeesOneFloatChannelAndExrmaketiledKeepsTheValues) {
  REQUIRE_TOOL("exrheader");
  ScratchDir dir;
  Heightmap map = clientMap();
  writeHeightmap(dir.file("h.exr"), map);
  std::string info = run("exrheader " + quoted(dir.file("h.exr")));
  EXPECT_EQ(after(info, "dataWindow (type box2i):"), "(0 0) - (52 30)");
  EXPECT_EQ(after(info, "channels (type chlist):"), "Y, 32-bit floating-point, sampling 1 1");
  // OpenEXR's own tool decodes our pixels and re-encodes them as tiles; our reader must get them back.
  REQUIRE_TOOL("exrmaketiled");
  run("exrmaketiled -t 16 16 " + quoted(dir.file("h.exr")) + " " + quoted(dir.file("tiled.exr")));
  EXPECT_NE(run("exrheader " + quoted(dir.file("tiled.exr"))).find("tiledesc"), std::string::npos);
  EXPECT_TRUE(readHeightmap(dir.file("tiled.exr")) == map);
}

TEST(Clients, AssimpCountsTheMeshAndItsBounds) {
  REQUIRE_TOOL("assimp");
  ScratchDir dir;
  Heightmap map = clientMap();
  float lo, hi;
  map.minMax(lo, hi);
  for (int step : {1, 4}) {
    const std::string path = dir.file("m" + std::to_string(step) + ".obj");
    WriteOptions o;
    o.objStep = step;
    writeHeightmap(path, map, o);
    // -jiv: join identical vertices and nothing else (the default post-processing adds tangents, which
    // splits vertices shared by faces of different slopes).
    std::string info = run("assimp info " + quoted(path) + " -jiv");
    // 53x31 samples; every 4th plus the border: columns 0,4..52 (14) and rows 0,4..28,30 (9).
    const int nx = step == 1 ? 53 : 14, nz = step == 1 ? 31 : 9;
    EXPECT_EQ(number(after(info, "Vertices:")), nx * nz) << path;
    EXPECT_EQ(number(after(info, "Faces:")), 2 * (nx - 1) * (nz - 1)) << path;
    EXPECT_EQ(after(info, "Primitive Types:"), "triangles");
    std::string minPoint = after(info, "Minimum point", ")");
    std::string maxPoint = after(info, "Maximum point", ")");
    float x0, y0, z0, x1, y1, z1;
    ASSERT_EQ(std::sscanf(minPoint.c_str(), "(%f %f %f", &x0, &y0, &z0), 3) << minPoint;
    ASSERT_EQ(std::sscanf(maxPoint.c_str(), "(%f %f %f", &x1, &y1, &z1), 3) << maxPoint;
    EXPECT_EQ(x0, 0.0f);
    EXPECT_EQ(z0, 0.0f);
    EXPECT_EQ(x1, 52.0f);
    EXPECT_EQ(z1, 30.0f);
    if (step ==
        1) {  // the full mesh holds every sample, so its height bounds are the map's (printed to 1e-6)
      EXPECT_NEAR(y0, lo, 1e-5);
      EXPECT_NEAR(y1, hi, 1e-5);
    }
  }
}

// GeoTIFF DEMs come as integers or doubles, in strips or tiles: GDAL converts ours and we read them back.
TEST(Clients, WeReadTheTiffsGdalWrites) {
  REQUIRE_TOOL("gdal_translate");
  ScratchDir dir;
  Heightmap map = clientMap();
  writeHeightmap(dir.file("h.tif"), map);
  const std::string src = quoted(dir.file("h.tif"));
  run("gdal_translate -q -ot Float64 -co TILED=YES -co BLOCKXSIZE=16 -co BLOCKYSIZE=16 " + src + " " +
      quoted(dir.file("f64.tif")));
  EXPECT_TRUE(readHeightmap(dir.file("f64.tif")) == map);

  // Integers: GDAL's -scale maps heights to samples; our range maps them back.
  float lo, hi;
  map.minMax(lo, hi);
  const std::string scale = " -scale " + std::to_string(lo) + " " + std::to_string(hi);
  struct Case {
    const char* type;
    int top;
    const char* options;
  };
  for (Case c : {Case{"UInt16", 65535, "-co TILED=YES"}, Case{"Byte", 255, "-co COMPRESS=LZW"},
                 Case{"Int16", 32767, "-co COMPRESS=DEFLATE -co PREDICTOR=2"}}) {
    const std::string out = dir.file(std::string(c.type) + ".tif");
    run("gdal_translate -q -ot " + std::string(c.type) + scale + " 0 " + std::to_string(c.top) + " " +
        c.options + " " + src + " " + quoted(out));
    ReadOptions o;
    o.range = HeightRange{lo, hi};
    Heightmap back = readHeightmap(out, o);
    ASSERT_EQ(back.width(), 53);
    ASSERT_EQ(back.height(), 31);
    // std::to_string rounds lo/hi to 6 decimals; allow that beside one quantum.
    EXPECT_LE(testing::maxAbsDiff(back, map), (hi - lo) / float(c.top) + 1e-5f) << c.type;
  }
}

// A DEM whose holes GDAL marks with a no-data value is refused, naming the first hole; without holes the
// tag does no harm.
TEST(Clients, TiffNoDataHolesAreRefused) {
  REQUIRE_TOOL("gdal_translate");
  ScratchDir dir;
  Heightmap map = clientMap();
  map.at(9, 4) = -9999.0f;
  map.at(30, 20) = -9999.0f;
  writeHeightmap(dir.file("holes.tif"), map);
  run("gdal_translate -q -a_nodata -9999 " + quoted(dir.file("holes.tif")) + " " +
      quoted(dir.file("marked.tif")));
  try {
    readHeightmap(dir.file("marked.tif"));
    ADD_FAILURE() << "holes accepted";
  } catch (const Error& e) {
    std::string m = e.what();
    EXPECT_NE(m.find(dir.file("marked.tif")), std::string::npos) << m;
    EXPECT_NE(m.find("x=9, y=4"), std::string::npos) << m;
    EXPECT_NE(m.find("-9999"), std::string::npos) << m;
  }
  EXPECT_TRUE(readHeightmap(dir.file("holes.tif")) == map);  // no tag: -9999 is a height like any other
  run("gdal_translate -q -a_nodata -12345 " + quoted(dir.file("holes.tif")) + " " +
      quoted(dir.file("other.tif")));
  EXPECT_TRUE(readHeightmap(dir.file("other.tif")) == map);
}

// ImageMagick writes PNG layouts we never write: palette, grey+alpha, interlaced 16-bit, RGB 16-bit.
TEST(Clients, WeReadThePngsImageMagickWrites) {
  REQUIRE_TOOL("convert");
  ScratchDir dir;
  Heightmap map = clientMap();
  const std::string src = quoted(dir.file("h.png"));
  writeHeightmap(dir.file("h.png"), map);
  ReadOptions raw16;
  raw16.range = HeightRange{0, 65535};
  Heightmap samples = readHeightmap(dir.file("h.png"), raw16);

  run("convert " + src + " -interlace PNG " + quoted(dir.file("interlaced.png")));
  EXPECT_TRUE(readHeightmap(dir.file("interlaced.png"), raw16) == samples);

  run("convert " + src +
      " -alpha on -channel A -evaluate set 50% +channel -depth 8 -define png:color-type=4 " +
      quoted(dir.file("ga.png")));
  EXPECT_NE(run("identify -verbose " + quoted(dir.file("ga.png"))).find("color_type: 4"), std::string::npos);
  run("convert " + src + " -define png:color-type=6 -depth 16 " + quoted(dir.file("rgba16.png")));
  EXPECT_TRUE(readHeightmap(dir.file("rgba16.png"), raw16) == samples);  // grey RGB: luminance = the grey

  ReadOptions raw8;
  raw8.range = HeightRange{0, 255};
  run("convert " + src + " -depth 8 " + quoted("PNG8:" + dir.file("palette.png")));
  EXPECT_NE(run("identify -verbose " + quoted(dir.file("palette.png"))).find("PseudoClass"),
            std::string::npos);
  Heightmap palette = readHeightmap(dir.file("palette.png"), raw8);
  Heightmap rgba8 = readHeightmap(dir.file("ga.png"), raw8);
  // ImageMagick's own reading of the same files is the reference (its 16-to-8-bit reduction is its own).
  for (auto [x, y] : kProbes) {
    const std::string probe = "'%[fx:round(p{" + std::to_string(x) + "," + std::to_string(y) + "}*255)]' ";
    EXPECT_EQ(palette.at(x, y), number(run("identify -format " + probe + quoted(dir.file("palette.png")))));
    EXPECT_EQ(rgba8.at(x, y), number(run("identify -format " + probe + quoted(dir.file("ga.png")))));
    EXPECT_NEAR(rgba8.at(x, y), samples.at(x, y) / 257.0f, 1.0f);
  }
}

}  // namespace
}  // namespace runnel
