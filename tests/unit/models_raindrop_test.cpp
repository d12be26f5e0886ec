// The lowest-neighbour raindrop (article 003).
#include <gtest/gtest.h>

#include <cmath>

#include "core/base/error.h"
#include "core/models/grid/smooth_filter.h"
#include "core/models/particle/raindrop_erosion.h"
#include "core/rain/rain_map.h"
#include "model_test_terrains.h"

namespace runnel {
namespace {

using testing::cone;
using testing::tiltedPlane;

RaindropParams noBlur() {
  RaindropParams p;
  p.blurEvery = 0;
  return p;
}

TEST(RaindropErosion, TiltedPlaneMovesMaterialDownhill) {
  const Terrain start = tiltedPlane(64, 0.5f);
  Terrain t = start;
  RaindropErosion model(noBlur(), Edges::Clamp, 3);
  ErosionStats stats;
  model.run(t, nullptr, 0, 5000, stats);
  auto m = testing::massCentres(start.height, t.height);
  EXPECT_GT(m.removed, 1.0);
  EXPECT_GT(m.removedAt, m.depositedAt + 1.0);
  EXPECT_GT(stats.lost, 0.0);  // drops reaching the low edge run off it
  EXPECT_NEAR(t.height.sum() + stats.lost, start.height.sum(), 1e-6 * start.height.sum());
  EXPECT_LT(testing::recordMismatch(start.height, t), 1e-3f);
}

TEST(RaindropErosion, ConeLosesItsTopAndConservesWithPitDepositOne) {
  const Terrain start = cone(64, 32.0f);
  Terrain t = start;
  RaindropErosion model(RaindropParams{}, Edges::Wrap, 3);
  ErosionStats stats;
  model.run(t, nullptr, 0, 20000, stats);
  auto m = testing::massCentres(start.height, t.height);
  EXPECT_GT(m.removedAt, m.depositedAt);
  EXPECT_LT(testing::topHeight(t.height), testing::topHeight(start.height) - 0.1);
  EXPECT_EQ(stats.lost, 0.0);
  EXPECT_NEAR(t.height.sum(), start.height.sum(), 1e-6 * start.height.sum());
}

// Steepest of the 8 neighbours, slope = rise / run, the article's erode and deposit, then the pit rule.
TEST(RaindropErosion, StepsToTheLowestNeighbourWithTheSeedsAmounts) {
  Terrain t(Heightmap(8, 8, 10.0f));
  t.height.at(4, 4) = 10.0f;
  t.height.at(5, 4) = 7.0f;  // east: rise 3, run 1, slope 3
  t.height.at(5, 5) = 5.0f;  // south-east: rise 5, run sqrt 2, slope 3.54: lowest, and steepest
  RainMap rain(8, 8, 0.0f);
  rain.setDensity(4, 4, 1.0f);
  RaindropParams p = noBlur();
  p.erosionRate = 0.1f;
  p.depositRate = 2.0f;
  p.pitDeposit = 0.5f;
  RaindropErosion model(p, Edges::Wrap, 1);
  ErosionStats stats;
  model.run(t, &rain, 0, 1, stats);
  const float slope = 5.0f / std::sqrt(2.0f);
  const float soil = slope * 0.1f;
  const float deposit = std::min(soil * 2.0f / slope, soil);  // never more than it carries
  EXPECT_NEAR(t.height.at(4, 4), 10.0f - soil, 1e-5f);
  // (5, 5) is a pit for the drop now: it receives the deposit, then half of the rest (pitDeposit 0.5).
  EXPECT_NEAR(t.height.at(5, 5), 5.0f + deposit + 0.5f * (soil - deposit), 1e-5f);
  EXPECT_EQ(t.height.at(5, 4), 7.0f);
  EXPECT_NEAR(stats.lost, 0.5f * (soil - deposit), 1e-6);
  EXPECT_EQ(stats.steps, 1u);
}

// The wind blur falls after drop i when (i + 1) % blurEvery == 0, however the run is split.
TEST(RaindropErosion, BlursEveryKDropsCountedByDropIndex) {
  Terrain start(Heightmap(16, 16, 1.0f));
  start.height.at(3, 3) = 50.0f;
  RaindropParams p;
  p.erosionRate = 0;  // drops move but change nothing: only the blur shapes the map
  p.depositRate = 0;
  p.blurEvery = 3;
  p.blurStrength = 0.5f;
  // Drops 0..9: blurs after drops 2, 5 and 8.
  Terrain expected = start;
  PaddedGrid scratch;
  double lo = 0, hi = 0;
  for (int i = 0; i < 3; ++i) smoothTerrain(expected, 0.5f, Edges::Wrap, 1, scratch, lo, hi);
  Terrain whole = start, split = start;
  RaindropErosion a(p, Edges::Wrap, 1), b(p, Edges::Wrap, 1);
  ErosionStats s;
  a.run(whole, nullptr, 0, 10, s);
  b.run(split, nullptr, 0, 2, s);
  b.run(split, nullptr, 2, 5, s);
  b.run(split, nullptr, 7, 3, s);
  EXPECT_TRUE(whole.height == expected.height);
  EXPECT_TRUE(split.height == expected.height);
  Terrain two = start;
  RaindropErosion c(p, Edges::Wrap, 1);
  c.run(two, nullptr, 0, 8, s);  // blurs after drops 2 and 5 only
  Terrain expectedTwo = start;
  for (int i = 0; i < 2; ++i) smoothTerrain(expectedTwo, 0.5f, Edges::Wrap, 1, scratch, lo, hi);
  EXPECT_TRUE(two.height == expectedTwo.height);
}

TEST(RaindropErosion, SameTerrainForAnyBatchSplit) {
  RaindropParams p;
  p.blurEvery = 700;
  RaindropErosion model(p, Edges::Wrap, 9);
  EXPECT_TRUE(testing::sameForBatchSplits(model, cone(48, 20.0f), 3000));
  RaindropErosion open(p, Edges::Clamp, 9);
  EXPECT_TRUE(testing::sameForBatchSplits(open, tiltedPlane(48, 0.4f), 3000));
}

TEST(RaindropErosion, ExtremeParametersStayFinite) {
  for (RaindropParams p : testing::extremeParams(raindropParamFields()))
    for (Edges e : {Edges::Wrap, Edges::Clamp}) {
      if (p.blurEvery > 0 && p.blurEvery < 10) p.blurEvery = 10;  // keep the test quick
      Terrain t = cone(32, 16.0f);
      RaindropErosion model(p, e, 5);
      ErosionStats stats;
      model.run(t, nullptr, 0, 1000, stats);
      ASSERT_EQ(t.height.firstNonFinite(), -1);
      float lo, hi;
      t.height.minMax(lo, hi);
      EXPECT_GE(lo, -1e-3f);
      EXPECT_LT(hi, 16.0f * 40);
    }
  RaindropParams bad;
  bad.pitDeposit = 1.5f;
  EXPECT_THROW(RaindropErosion{bad}, Error);
}

}  // namespace
}  // namespace runnel
