// The normal-following drop (article 001).
#include <gtest/gtest.h>

#include <cmath>

#include "core/base/error.h"
#include "core/models/particle/normal_drop_erosion.h"
#include "core/rain/rain_map.h"
#include "model_test_terrains.h"

namespace runnel {
namespace {

using testing::cone;
using testing::tiltedPlane;

TEST(NormalDropErosion, TiltedPlaneMovesMaterialDownhill) {
  const Terrain start = tiltedPlane(64, 0.5f);
  Terrain t = start;
  NormalDropErosion model(NormalDropParams{}, Edges::Clamp, 3);
  ErosionStats stats;
  model.run(t, nullptr, 0, 5000, stats);
  auto m = testing::massCentres(start.height, t.height);
  EXPECT_GT(m.removed, 1.0);
  EXPECT_GT(m.removedAt, m.depositedAt + 1.0);
  EXPECT_NEAR(t.height.sum() + stats.lost, start.height.sum(), 1e-6 * start.height.sum());
  EXPECT_LT(testing::recordMismatch(start.height, t), 1e-3f);
}

TEST(NormalDropErosion, ConeLosesItsTopAndConservesOnAWrappingMap) {
  const Terrain start = cone(64, 32.0f);
  Terrain t = start;
  NormalDropErosion model(NormalDropParams{}, Edges::Wrap, 3);
  ErosionStats stats;
  model.run(t, nullptr, 0, 20000, stats);
  auto m = testing::massCentres(start.height, t.height);
  EXPECT_GT(m.removedAt, m.depositedAt);
  EXPECT_LT(testing::topHeight(t.height), testing::topHeight(start.height) - 0.1);
  ASSERT_GT(stats.eroded, 10.0);
  EXPECT_EQ(stats.lost, 0.0);
  EXPECT_LT(std::abs(stats.massError()), 1e-5);
}

// The article's note: erode where the drop was one step earlier, not where it is (that digs holes).
TEST(NormalDropErosion, ErodesThePreviousPositionNotTheCurrentOne) {
  Terrain t = tiltedPlane(32, 3.0f, 0.0f);
  const Terrain start = t;
  RainMap rain(32, 32, 0.0f);
  rain.setDensity(8, 16, 1.0f);
  NormalDropParams p;
  p.maxSteps = 2;        // step 0 moves (no erosion yet), step 1 erodes the start cell and moves on
  p.iterationScale = 1;  // full erosion from step 1
  p.depositionRate = 0;
  p.speed = 2;  // moves about two cells a step
  NormalDropErosion model(p, Edges::Clamp, 1);
  ErosionStats stats;
  model.run(t, &rain, 0, 1, stats);
  ASSERT_GT(stats.eroded, 0.0);
  EXPECT_NEAR(t.height.at(8, 16), start.height.at(8, 16) - stats.eroded, 1e-5);
  // Nothing else was lowered: not the cell the drop stood on when it eroded.
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 32; ++x)
      if (x != 8 || y != 16) {
        EXPECT_GE(t.height.at(x, y), start.height.at(x, y)) << x << "," << y;
      }
  // Its load settles around where it stopped, two moves (more than two cells) downhill.
  float raisedAtX = -1;
  for (int x = 0; x < 32; ++x)
    if (t.height.at(x, 16) > start.height.at(x, 16) + 1e-4f) raisedAtX = std::max(raisedAtX, float(x));
  EXPECT_GE(raisedAtX, 11.0f);
}

TEST(NormalDropErosion, StopsOnFlatGround) {
  Terrain t(Heightmap(16, 16, 2.0f));
  NormalDropErosion model(NormalDropParams{}, Edges::Wrap, 1);
  ErosionStats stats;
  model.run(t, nullptr, 0, 100, stats);
  EXPECT_EQ(stats.steps, 0u);
  EXPECT_TRUE(t.height == Heightmap(16, 16, 2.0f));
}

TEST(NormalDropErosion, SameTerrainForAnyBatchSplit) {
  NormalDropErosion model(NormalDropParams{}, Edges::Wrap, 9);
  EXPECT_TRUE(testing::sameForBatchSplits(model, cone(48, 20.0f), 3000));
  NormalDropErosion open(NormalDropParams{}, Edges::Clamp, 9);
  EXPECT_TRUE(testing::sameForBatchSplits(open, tiltedPlane(48, 0.4f), 3000));
}

TEST(NormalDropErosion, ExtremeParametersStayFinite) {
  for (const NormalDropParams& p : testing::extremeParams(normalDropParamFields()))
    for (Edges e : {Edges::Wrap, Edges::Clamp}) {
      Terrain t = cone(32, 16.0f);
      NormalDropErosion model(p, e, 5);
      ErosionStats stats;
      model.run(t, nullptr, 0, 1000, stats);
      ASSERT_EQ(t.height.firstNonFinite(), -1);
      float lo, hi;
      t.height.minMax(lo, hi);
      EXPECT_GE(lo, -1e-3f);
      EXPECT_LT(hi, 16.0f * 40);
    }
  NormalDropParams bad;
  bad.maxSteps = 0;
  EXPECT_THROW(NormalDropErosion{bad}, Error);
}

}  // namespace
}  // namespace runnel
