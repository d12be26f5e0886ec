// Where droplets start: counts follow the density, dry cells get none, springs get their share, and
// painting a cell at a time gives the same sampler as a map built whole.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "core/base/error.h"
#include "core/rain/rain_map.h"

namespace runnel {
namespace {

TEST(RainMap, StartCountsFollowTheDensityChiSquare) {
  const int W = 64, H = 48;
  RainMap rain(W, H, 0.0f);
  // Blocks of 8 x 8 with densities 0, 0.1 .. 1; a few dry blocks.
  std::vector<double> blockWeight(8 * 6, 0.0);
  for (int z = 0; z < H; ++z)
    for (int x = 0; x < W; ++x) {
      const int b = (z / 8) * 8 + x / 8;
      const float d = (b % 7 == 3) ? 0.0f : float((b * 5) % 11) / 10.0f + 0.05f * float(x % 3);
      rain.setDensity(x, z, d);
      blockWeight[size_t(b)] += rain.density(x, z);
    }
  double total = 0;
  for (double w : blockWeight) total += w;
  EXPECT_NEAR(rain.totalWeight(), total, 1e-6 * total);

  const int n = 200000;
  std::vector<int> count(blockWeight.size(), 0);
  for (int i = 0; i < n; ++i) {
    DropletRandom r(9, uint64_t(i));
    const StartCell c = rain.sample(r);
    ASSERT_TRUE(c.x >= 0 && c.x < W && c.y >= 0 && c.y < H);
    ASSERT_GT(rain.density(c.x, c.y), 0.0f) << "a dry cell got a droplet";
    ++count[size_t((c.y / 8) * 8 + c.x / 8)];
  }
  double chi2 = 0;
  int dof = -1;
  for (size_t b = 0; b < count.size(); ++b) {
    if (blockWeight[b] == 0) {
      EXPECT_EQ(count[b], 0);
      continue;
    }
    const double expected = n * blockWeight[b] / total;
    chi2 += (count[b] - expected) * (count[b] - expected) / expected;
    ++dof;
  }
  // 99.9th percentile of chi-square with ~40 degrees of freedom is about 73.4.
  ASSERT_GE(dof, 35);
  EXPECT_LT(chi2, 75.0) << "dof " << dof;
}

// The row trees sum blocks of cells; a draw must still land on the cell a running sum over every cell
// picks, whatever the blocks: a width that is no multiple of a block, dry cells, and rows painted in spans
// that start and end inside blocks.
TEST(RainMap, ADrawLandsWhereARunningSumOverTheCellsSays) {
  const int W = 53, H = 7;
  RainMap rain(W, H, 0.5f);
  std::vector<uint16_t> span(W);
  for (int y = 0; y < H; ++y) {
    const int x0 = (y * 5) % 11, count = W - x0 - y;
    for (int i = 0; i < count; ++i)
      span[size_t(i)] = uint16_t((i * 7919 + y * 104729) % 3 == 0 ? 0 : (i * 4099 + y) % 65536);
    rain.setRowLevels(y, x0, count, span.data());
  }
  rain.setDensity(17, 3, 0.0f);
  ASSERT_TRUE(rain.samplerMatchesCells());
  uint64_t total = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) total += rain.level(x, y);
  for (uint64_t i = 0; i < 20000; ++i) {
    DropletRandom r(3, i), copy(3, i);
    uint64_t u = uint64_t((unsigned __int128)copy.next() * total >> 64);
    int x = 0, y = 0;
    while (u >= rain.level(x, y)) {
      u -= rain.level(x, y);
      if (++x == W) x = 0, ++y;
    }
    const StartCell c = rain.sample(r);
    ASSERT_EQ(c.x, x) << "draw " << i;
    ASSERT_EQ(c.y, y) << "draw " << i;
  }
}

TEST(RainMap, SpringsGetTheirShareWithinTheirRadius) {
  const int W = 64, H = 64;
  RainMap rain(W, H, 1.0f);
  for (int z = 20; z < 44; ++z)
    for (int x = 20; x < 44; ++x) rain.setDensity(x, z, 0.0f);  // a dry square around the spring
  rain.springs().push_back({32.0f, 32.0f, 600.0f, 3.0f});
  const double share = 600.0 / rain.totalWeight();
  const int n = 100000;
  int inDisc = 0;
  for (int i = 0; i < n; ++i) {
    DropletRandom r(3, uint64_t(i));
    const StartCell c = rain.sample(r);
    if (c.x >= 20 && c.x < 44 && c.y >= 20 && c.y < 44) {
      ++inDisc;
      const float dx = float(c.x) + 0.5f - 32.0f, dy = float(c.y) + 0.5f - 32.0f;
      ASSERT_LE(std::sqrt(dx * dx + dy * dy), 3.0f + 1.5f);
    }
  }
  const double sigma = std::sqrt(n * share * (1 - share));
  EXPECT_NEAR(inDisc, n * share, 4 * sigma);
  EXPECT_FALSE(rain.uniform());
}

TEST(RainMap, PaintingCellByCellGivesTheSameSamplerAsAFill) {
  RainMap painted(37, 23, 0.25f), filled(37, 23, 1.0f);
  EXPECT_TRUE(painted.uniform());
  for (int z = 0; z < 23; ++z)
    for (int x = 0; x < 37; ++x) painted.setDensity(x, z, 0.7f), painted.setDensity(x, z, 1.0f);
  // Up and down again on a few cells, and out of range values clamp.
  painted.setDensity(3, 4, 0.0f);
  painted.setDensity(3, 4, 5.0f);
  painted.setDensity(30, 20, std::nanf(""));
  painted.setDensity(30, 20, 1.0f);
  EXPECT_EQ(painted.density(3, 4), 1.0f);
  EXPECT_TRUE(painted.uniform());
  EXPECT_DOUBLE_EQ(painted.totalWeight(), 37.0 * 23.0);
  for (int i = 0; i < 2000; ++i) {
    DropletRandom a(1, uint64_t(i)), b(1, uint64_t(i));
    const StartCell p = painted.sample(a), f = filled.sample(b);
    ASSERT_EQ(p.x, f.x);
    ASSERT_EQ(p.y, f.y);
  }
}

// The rain of a coarser level of a build (halveRain): the same water over the same ground. Each coarse
// cell holds the mean of the four it covers, and a spring stays where it was with its rate in the coarse
// level's cells (a quarter: a coarse cell is four fine ones), so the whole map's weight is a quarter.
TEST(RainMap, HalvedRainIsTheSameWaterOverTheSameGround) {
  RainMap fine(64, 48);
  for (int y = 0; y < 48; ++y)
    for (int x = 0; x < 64; ++x) fine.setDensity(x, y, x < 32 ? 1.0f : 0.25f);
  fine.springs().push_back(Spring{20.0f, 10.0f, 400.0f, 4.0f});
  const std::shared_ptr<const RainMap> half = halveRain(fine);
  ASSERT_EQ(half->width(), 32);
  ASSERT_EQ(half->height(), 24);
  EXPECT_NEAR(half->density(3, 5), 1.0f, 1e-4f);
  EXPECT_NEAR(half->density(20, 5), 0.25f, 1e-4f);
  ASSERT_EQ(half->springs().size(), 1u);
  EXPECT_EQ(half->springs()[0].x, 10.0f);
  EXPECT_EQ(half->springs()[0].y, 5.0f);
  EXPECT_EQ(half->springs()[0].radius, 2.0f);
  EXPECT_NEAR(half->totalWeight(), fine.totalWeight() / 4.0, 1e-3 * fine.totalWeight());
}

TEST(RainMap, NegativeDensityIsDryAndSizesAreChecked) {
  RainMap rain(8, 8, 1.0f);
  rain.setDensity(2, 2, -1.0f);
  EXPECT_EQ(rain.density(2, 2), 0.0f);
  EXPECT_THROW(RainMap(1, 8), Error);
  EXPECT_THROW(RainMap(8, 20000), Error);
}

}  // namespace
}  // namespace runnel
