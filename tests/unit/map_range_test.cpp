// The overlays' automatic range (core/terrain/map_range.h): a percentile of the positive cells, so a few
// extreme cells do not wash out the rest.
#include "core/terrain/map_range.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace runnel {
namespace {

TEST(MapRange, APercentileOfThePositiveCells) {
  std::vector<float> v(1000, 0.0f);                                // untouched cells do not count
  for (int i = 0; i < 100; ++i) v[size_t(i) * 10] = float(i + 1);  // 1 .. 100
  EXPECT_NEAR(positivePercentile(v.data(), v.size(), 0.99), 99.0f, 1.0f);
  EXPECT_NEAR(positivePercentile(v.data(), v.size(), 0.5), 50.5f, 1.0f);
  EXPECT_EQ(positivePercentile(v.data(), v.size(), 1.0), 100.0f);
}

TEST(MapRange, AFewExtremeCellsDoNotSetTheRange) {
  std::vector<float> v(100000, 0.02f);                 // centimetre gullies everywhere
  for (size_t i = 0; i < 50; ++i) v[i * 1999] = 3.0f;  // and a few pits metres deep
  EXPECT_FLOAT_EQ(positivePercentile(v.data(), v.size(), 0.99), 0.02f);
}

TEST(MapRange, NothingPositiveOrNothingFiniteGivesZero) {
  std::vector<float> v(64, 0.0f);
  EXPECT_EQ(positivePercentile(v.data(), v.size(), 0.99), 0.0f);
  v[3] = -1.0f;
  v[5] = std::numeric_limits<float>::quiet_NaN();
  v[7] = std::numeric_limits<float>::infinity();
  EXPECT_EQ(positivePercentile(v.data(), v.size(), 0.99), 0.0f);
  EXPECT_EQ(positivePercentile(nullptr, 0, 0.99), 0.0f);
}

TEST(MapRange, SamplesABigMapEvenly) {
  // A 2048² ramp 0..1 along x read from 4096 samples still finds its 90th percentile.
  const size_t w = 2048;
  std::vector<float> v(w * w);
  for (size_t i = 0; i < v.size(); ++i) v[i] = float(i % w + 1) / float(w);
  EXPECT_NEAR(positivePercentile(v.data(), v.size(), 0.9, 4096), 0.9f, 0.02f);
}

TEST(MapRange, ARangeOfAnySignLeavesTheFewExtremeCellsOut) {
  // -50..49 with one cell far out at either end (the wetness index of a pit, of a dry peak) and a NaN.
  std::vector<float> v;
  for (int i = -50; i < 50; ++i) v.push_back(float(i));
  v.push_back(-1e6f);
  v.push_back(1e6f);
  v.push_back(std::numeric_limits<float>::quiet_NaN());
  const ValueRange r = percentileRange(v.data(), v.size(), 0.02, 0.98);
  EXPECT_NEAR(r.lo, -48.0f, 1.0f);
  EXPECT_NEAR(r.hi, 47.0f, 1.0f);
  const ValueRange none = percentileRange(nullptr, 0, 0.02, 0.98);
  EXPECT_EQ(none.lo, 0.0f);
  EXPECT_EQ(none.hi, 0.0f);
}

}  // namespace
}  // namespace runnel
