// An 8-bit import's terraces smoothed: a staircase becomes a ramp, every cell still rounds to its level in
// the file, a float map has no levels to smooth, and threads do not change the result.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "core/terrain/terrace_smoothing.h"

using namespace runnel;

namespace {

// A smooth bowl quantised to 2 m levels: terraces on every slope.
Heightmap steppedBowl(int n) {
  Heightmap m(n, n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const float d = std::hypot(float(x - n / 2), float(y - n / 2));
      m.at(x, y) = 2.0f * std::round(0.02f * d * d / 2.0f);
    }
  return m;
}

}  // namespace

TEST(TerraceSmoothing, FindsTheLevelsOfAnIntegerMapOnly) {
  const Heightmap stepped = steppedBowl(64);
  ASSERT_TRUE(levelSpacing(stepped).has_value());
  EXPECT_FLOAT_EQ(*levelSpacing(stepped), 2.0f);
  Heightmap smooth(64, 64);
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x) smooth.at(x, y) = 0.013f * float(x * x + y * 3);
  EXPECT_FALSE(levelSpacing(smooth).has_value());
  EXPECT_FALSE(levelSpacing(Heightmap(8, 8, 1.0f)).has_value());  // one level: nothing to smooth
}

TEST(TerraceSmoothing, StepsBecomeRampsThatStillRoundToTheFile) {
  const Heightmap stepped = steppedBowl(96);
  const Heightmap smooth = smoothTerraces(stepped, 2.0f);
  size_t flatBefore = 0, flatAfter = 0;
  for (int y = 1; y < 95; ++y)
    for (int x = 20; x < 76; ++x) {
      // Within half a level of the file everywhere.
      ASSERT_LE(std::fabs(smooth.at(x, y) - stepped.at(x, y)), 1.0f + 1e-4f);
      flatBefore += stepped.at(x, y) == stepped.at(x + 1, y);
      flatAfter += std::fabs(smooth.at(x, y) - smooth.at(x + 1, y)) < 1e-3f;
    }
  // On the bowl's slopes the terraces' flat treads are mostly gone.
  EXPECT_GT(flatBefore, 3000u);
  EXPECT_LT(flatAfter, flatBefore / 4);
  const Heightmap two = smoothTerraces(stepped, 2.0f, 64, 2);
  EXPECT_EQ(0, std::memcmp(smooth.data(), two.data(), smooth.cellCount() * sizeof(float)));
}
