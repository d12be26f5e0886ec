// The real elevation models (made in the build tree by tests/data/make_dems.py): their 16-bit PNGs, read with
// the documented range, match the float32 rasters of the same data within one 16-bit quantum.
#include <gtest/gtest.h>

#include "core/io/heightmap_io.h"
#include "io_test_util.h"

namespace runnel {
namespace {

struct Dem {
  const char* name;
  int width, height;
  const char* range;
};

class RealDem : public ::testing::TestWithParam<Dem> {};

TEST_P(RealDem, SixteenBitPngMatchesTheFloatRaster) {
  const Dem dem = GetParam();
  const std::string base = std::string(RUNNEL_TEST_DATA) + "/" + dem.name;
  ReadOptions png;
  png.range = parseRange(dem.range);
  Heightmap fromPng = readHeightmap(base + "_u16.png", png);
  ReadOptions raw;
  raw.width = dem.width;
  raw.height = dem.height;
  // The raster is headerless little-endian float32, our .r32; a link gives it the extension.
  testing::ScratchDir dir;
  std::filesystem::create_symlink(base + "_f32.raw", dir.file("dem.r32"));
  Heightmap fromRaw = readHeightmap(dir.file("dem.r32"), raw);
  ASSERT_EQ(fromPng.width(), dem.width);
  ASSERT_EQ(fromPng.height(), dem.height);
  const float quantum = (png.range->hi - png.range->lo) / 65535.0f;
  // The PNG was rounded from the raster: half a quantum, plus float rounding at heights near 1000.
  EXPECT_LE(testing::maxAbsDiff(fromPng, fromRaw), 0.5f * quantum + 1e-4f);
  float lo, hi;
  fromPng.minMax(lo, hi);
  EXPECT_NEAR(lo, png.range->lo, quantum);
  EXPECT_NEAR(hi, png.range->hi, quantum);
}

INSTANTIATE_TEST_SUITE_P(Data, RealDem,
                         ::testing::Values(Dem{"jacksboro", 403, 344, "236:1076"},
                                           Dem{"volcano", 61, 87, "94:195"}),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace runnel
