#include "core/terrain/level_resample.h"

#include <gtest/gtest.h>

namespace runnel {
namespace {

Heightmap ramp(int w, int h) {
  Heightmap m(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) m.at(x, y) = 3.0f * float(x) - 2.0f * float(y) + 100.0f;
  return m;
}

TEST(LevelResample, HalvingAveragesTheCellsEachCoarseCellCovers) {
  Heightmap fine(5, 3);
  for (size_t i = 0; i < fine.cellCount(); ++i) fine.data()[i] = float(i);
  const Heightmap coarse = halve(fine);
  ASSERT_EQ(coarse.width(), 3);
  ASSERT_EQ(coarse.height(), 2);
  EXPECT_FLOAT_EQ(coarse.at(0, 0), (0 + 1 + 5 + 6) / 4.0f);
  EXPECT_FLOAT_EQ(coarse.at(2, 0), (4 + 4 + 9 + 9) / 4.0f);      // the odd last column covers one
  EXPECT_FLOAT_EQ(coarse.at(0, 1), (10 + 11 + 10 + 11) / 4.0f);  // and the odd last row
}

// Doubling a halved ramp gives the ramp back inside (bilinear is exact on a plane), with or without jitter:
// a jittered sample is the plane at another point, never a bump.
TEST(LevelResample, DoublingAHalvedPlaneGivesThePlaneBack) {
  const Heightmap fine = ramp(64, 48);
  const Heightmap back = doubleUp(halve(fine), 64, 48);
  for (int y = 1; y < 47; ++y)
    for (int x = 1; x < 63; ++x) EXPECT_NEAR(back.at(x, y), fine.at(x, y), 1e-3f) << x << "," << y;
  const Heightmap jittered = doubleUp(halve(fine), 64, 48, 0.25f, 7);
  double off = 0;
  for (int y = 2; y < 46; ++y)
    for (int x = 2; x < 62; ++x) {
      const float d = jittered.at(x, y) - fine.at(x, y);
      EXPECT_LE(std::abs(d), 0.25f * 2.0f * (3.0f + 2.0f) + 1e-3f);  // a quarter of a coarse cell each way
      off += std::abs(d);
    }
  EXPECT_GT(off, 0.0);                                           // the jitter moved the samples
  EXPECT_EQ(jittered, doubleUp(halve(fine), 64, 48, 0.25f, 7));  // by the seed alone
  EXPECT_NE(jittered, doubleUp(halve(fine), 64, 48, 0.25f, 8));
}

// A tileable map's first and last columns are neighbours: doubled with Edges::Wrap, a ridge along the first
// coarse column reaches across the seam into the last fine one as it reaches into the second, and the map's
// volume is kept exactly (four fine cells a coarse one); clamped, the seam side gets none of it.
TEST(LevelResample, DoublingAWrappingMapReachesAcrossItsSeam) {
  Heightmap coarse(8, 6);
  for (int y = 0; y < 6; ++y) coarse.at(0, y) = 1.0f;
  const Heightmap wrapped = doubleUp(coarse, 16, 12, 0.0f, 0, 1, Edges::Wrap);
  const Heightmap clamped = doubleUp(coarse, 16, 12);
  for (int y = 0; y < 12; ++y) {
    EXPECT_FLOAT_EQ(wrapped.at(0, y), 0.75f);
    EXPECT_FLOAT_EQ(wrapped.at(1, y), 0.75f);
    EXPECT_FLOAT_EQ(wrapped.at(2, y), 0.25f);
    EXPECT_FLOAT_EQ(wrapped.at(15, y), 0.25f);  // across the seam
    EXPECT_FLOAT_EQ(clamped.at(15, y), 0.0f);
  }
  double sum = 0;
  for (size_t i = 0; i < wrapped.cellCount(); ++i) sum += wrapped.data()[i];
  EXPECT_DOUBLE_EQ(sum, 4.0 * 6.0);
  EXPECT_EQ(wrapped, doubleUp(coarse, 16, 12, 0.0f, 0, 3, Edges::Wrap));
}

TEST(LevelResample, TheSameBytesOnAnyThreadCount) {
  const Heightmap fine = ramp(300, 257);
  EXPECT_EQ(halve(fine, 1), halve(fine, 3));
  EXPECT_EQ(doubleUp(halve(fine), 300, 257, 0.25f, 3, 1), doubleUp(halve(fine), 300, 257, 0.25f, 3, 3));
}

}  // namespace
}  // namespace runnel
