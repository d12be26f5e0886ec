// Handing a map to an engine: the resampler keeps the corners, reproduces smooth ground, does not alias fine
// ridges, and is the same on any thread count; each engine's sizes and import numbers.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "core/base/error.h"
#include "core/io/engine_targets.h"
#include "core/terrain/resample.h"

using namespace runnel;

namespace {

Heightmap ramp(int w, int h) {
  Heightmap m(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) m.at(x, y) = 2.0f * float(x) / float(w - 1) + 5.0f * float(y) / float(h - 1);
  return m;
}

}  // namespace

TEST(Resample, TheSameSizeIsTheSameMap) {
  const Heightmap m = ramp(37, 21);
  EXPECT_TRUE(resample(m, 37, 21) == m);
}

TEST(Resample, CornersStayAndSmoothGroundIsReproduced) {
  for (const auto& [to, from] : {std::pair{129, 100}, std::pair{65, 300}, std::pair{257, 256}}) {
    const Heightmap m = ramp(from, from);
    const Heightmap r = resample(m, to, to);
    ASSERT_EQ(r.width(), to);
    EXPECT_FLOAT_EQ(r.at(0, 0), m.at(0, 0));
    EXPECT_NEAR(r.at(to - 1, to - 1), m.at(from - 1, from - 1), 1e-5f);
    EXPECT_NEAR(r.at(to - 1, 0), m.at(from - 1, 0), 1e-5f);
    // A plane is a plane again away from the edges (the cubic reproduces straight lines).
    for (int y = 4; y < to - 4; y += 7)
      for (int x = 4; x < to - 4; x += 5)
        ASSERT_NEAR(r.at(x, y), 2.0f * float(x) / float(to - 1) + 5.0f * float(y) / float(to - 1), 1e-4f)
            << from << " -> " << to << " at " << x << "," << y;
  }
}

TEST(Resample, ShrinkingDoesNotAliasFineRidges) {
  // Ridges two cells apart, shrunk by about 3.9: sampled without the wider kernel they would come back as
  // broad false ridges of their full height.
  Heightmap m(1001, 64);
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 1001; ++x) m.at(x, y) = (x % 2) ? 10.0f : -10.0f;
  const Heightmap r = resample(m, 257, 64);
  for (int x = 8; x < 249; ++x) ASSERT_LT(std::fabs(r.at(x, 30)), 1.0f) << x;
}

// A cliff next to flat ground: the cubic alone rings below the floor and above the top (an engine export
// of a map whose lowest point was 0.88 m went to -26.96 m). Every sample stays within the source's range.
TEST(Resample, NeverBelowTheSourceNorAboveIt) {
  Heightmap m(100, 100);
  for (int y = 0; y < 100; ++y)
    for (int x = 0; x < 100; ++x) m.at(x, y) = (x < 50 ? 1.0f : 500.0f) + (y == 30 ? 200.0f : 0.0f);
  for (int to : {129, 257, 65, 1025}) {
    const Heightmap r = resample(m, to, to);
    float lo, hi;
    r.minMax(lo, hi);
    EXPECT_GE(lo, 1.0f) << to;
    EXPECT_LE(hi, 700.0f) << to;
  }
}

TEST(Resample, SameBytesOnAnyThreadCount) {
  Heightmap m(300, 200);
  for (int y = 0; y < 200; ++y)
    for (int x = 0; x < 300; ++x)
      m.at(x, y) = std::sin(float(x) * 0.37f) * std::cos(float(y) * 0.21f) * 50.0f;
  const Heightmap one = resample(m, 513, 129, 1), two = resample(m, 513, 129, 2);
  EXPECT_EQ(0, std::memcmp(one.data(), two.data(), one.cellCount() * sizeof(float)));
}

TEST(Resample, RefusesAnAbsurdSize) {
  const Heightmap m = ramp(8, 8);
  EXPECT_THROW(resample(m, 1, 8), Error);
  EXPECT_THROW(resample(m, 8, 100000), Error);
}

TEST(EngineTargets, SizesTheEnginesTake) {
  const EngineTarget& unity = *engineTarget("unity");
  EXPECT_EQ(nearestEngineSide(unity, 4096), 4097);
  EXPECT_EQ(nearestEngineSide(unity, 700), 513);
  EXPECT_EQ(nearestEngineSide(unity, 513), 513);
  EXPECT_EQ(nearestEngineSide(unity, 100000), 4097);
  EXPECT_TRUE(unity.square);
  EXPECT_FALSE(takesSide(unity, 4096));
  const EngineTarget& unreal = *engineTarget("unreal");
  EXPECT_EQ(nearestEngineSide(unreal, 4096), 4033);
  EXPECT_EQ(nearestEngineSide(unreal, 8192), 8129);
  EXPECT_EQ(nearestEngineSide(*engineTarget("gis"), 1234), 1234);
  EXPECT_TRUE(takesSide(*engineTarget("blender"), 77));
  EXPECT_EQ(engineTarget("maya"), nullptr);
  for (const EngineTarget& t : engineTargets()) EXPECT_NE(engineNames().find(t.name), std::string::npos);
}

// Unity takes a heightmap resolution of 2^n + 1 from 33 to 4097 and nothing else (1024 is refused by its
// importer); Unreal's recommended landscape sizes are its own list.
TEST(EngineTargets, TheSidesAreExactlyTheEnginesOwn) {
  std::vector<int> unity;
  for (int n = 5; n <= 12; ++n) unity.push_back((1 << n) + 1);
  EXPECT_EQ(engineTarget("unity")->sides, unity);
  EXPECT_EQ(engineTarget("unreal")->sides, (std::vector<int>{127, 253, 505, 1009, 2017, 4033, 8129}));
}

TEST(EngineTargets, AnExportKeepsTheMapsShape) {
  int w, h;
  engineSizeFor(*engineTarget("unreal"), 4096, 2048, 0, w, h);
  EXPECT_EQ(w, 4033);
  EXPECT_EQ(h, 2017);
  engineSizeFor(*engineTarget("unity"), 700, 700, 0, w, h);
  EXPECT_EQ(w, 513);
  EXPECT_EQ(h, 513);
  engineSizeFor(*engineTarget("gis"), 300, 200, 599, w, h);
  EXPECT_EQ(w, 599);
  EXPECT_EQ(h, 399);  // 199 cells down at half the spacing
  engineSizeFor(*engineTarget("blender"), 300, 200, 0, w, h);
  EXPECT_EQ(w, 300);
  EXPECT_EQ(h, 200);
}

TEST(EngineTargets, ImportNumbersGiveMetres) {
  EngineExport e;
  e.file = "land.png";
  e.width = e.height = 1009;
  e.cellSize = 30.0f;
  e.lo = 100.0f;
  e.hi = 612.0f;  // 512 m of relief: Unreal's Z scale 100
  const std::string unreal = engineTarget("unreal")->importSteps(e);
  EXPECT_NE(unreal.find("Z 100.0000"), std::string::npos) << unreal;
  EXPECT_NE(unreal.find("X 3000.000"), std::string::npos) << unreal;           // cm
  EXPECT_NE(unreal.find("Location Z: 35600.0"), std::string::npos) << unreal;  // the mid height, in cm
  e.file = "land.raw";
  const std::string unity = engineTarget("unity")->importSteps(e);
  EXPECT_NE(unity.find("Width 1009"), std::string::npos) << unity;
  EXPECT_NE(unity.find("X 30240.00, Y 512.00, Z 30240.00"), std::string::npos) << unity;
  EXPECT_NE(unity.find("position Y: 100.00"), std::string::npos) << unity;
}
