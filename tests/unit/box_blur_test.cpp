// The whole-map box blur the rivers model spreads a river's power with: it keeps what is level level,
// spreads a point as wide as it says, loses nothing away from the edges, and gives the same bytes on any
// thread count.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "core/terrain/box_blur.h"

namespace {

using namespace runnel;

TEST(BoxBlur, LevelGroundStaysLevel) {
  MapVector<float> map(size_t(40) * 30, 7.25f), scratch;
  boxBlur(map, scratch, 40, 30, 3, 3, 1);
  for (float v : map) ASSERT_FLOAT_EQ(v, 7.25f);
}

TEST(BoxBlur, SpreadsAPointAsWideAsItSaysAndKeepsItsSum) {
  const int w = 61, h = 61;
  for (int passes = 1; passes <= 3; ++passes)
    for (int radius = 1; radius <= 3; ++radius) {
      MapVector<float> map(size_t(w) * h, 0.0f), scratch;
      map[size_t(30) * w + 30] = 1000.0f;
      boxBlur(map, scratch, w, h, radius, passes, 1);
      double sum = 0, across = 0, down = 0;
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          const double v = map[size_t(y) * w + size_t(x)];
          sum += v;
          across += v * (x - 30) * (x - 30);
          down += v * (y - 30) * (y - 30);
        }
      EXPECT_NEAR(sum, 1000.0, 1e-3) << radius << " x " << passes;
      EXPECT_NEAR(across / sum, boxBlurVariance(radius, passes), 1e-3) << radius << " x " << passes;
      EXPECT_NEAR(down / sum, boxBlurVariance(radius, passes), 1e-3) << radius << " x " << passes;
      // Nothing beyond radius x passes cells.
      EXPECT_EQ(map[size_t(30) * w + size_t(30 + radius * passes + 1)], 0.0f);
      EXPECT_GT(map[size_t(30) * w + size_t(30 + radius * passes)], 0.0f);
    }
}

TEST(BoxBlur, SameBytesOnAnyThreadCount) {
  const int w = 257, h = 131;
  MapVector<float> one(size_t(w) * h), two, scratch;
  for (size_t i = 0; i < one.size(); ++i) one[i] = float(std::sin(double(i) * 0.37) * 100.0 + double(i % 17));
  two = one;
  boxBlur(one, scratch, w, h, 4, 3, 1);
  boxBlur(two, scratch, w, h, 4, 3, 2);
  ASSERT_EQ(std::memcmp(one.data(), two.data(), one.size() * sizeof(float)), 0);
}

TEST(BoxBlur, RadiusZeroOrAnEmptyMapChangesNothing) {
  MapVector<float> map{1.0f, 5.0f, 2.0f, 8.0f}, scratch;
  boxBlur(map, scratch, 2, 2, 0, 3, 1);
  EXPECT_EQ(map[1], 5.0f);
  MapVector<float> empty;
  boxBlur(empty, scratch, 0, 0, 2, 2, 1);
  EXPECT_TRUE(empty.empty());
}

}  // namespace
