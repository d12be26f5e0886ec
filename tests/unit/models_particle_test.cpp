// Particle erosion (article 002, second part).
#include <gtest/gtest.h>

#include <cmath>

#include "core/base/error.h"
#include "core/models/particle/particle_erosion.h"
#include "core/rain/rain_map.h"
#include "model_test_terrains.h"

namespace runnel {
namespace {

using testing::cone;
using testing::tiltedPlane;

TEST(ParticleErosion, TiltedPlaneMovesMaterialDownhillAndOffTheOpenEdge) {
  const Terrain start = tiltedPlane(64, 0.5f);
  Terrain t = start;
  ParticleErosion model(ParticleParams{}, Edges::Clamp, 3);
  ErosionStats stats;
  model.run(t, nullptr, 0, 5000, stats);
  auto m = testing::massCentres(start.height, t.height);
  EXPECT_GT(m.removed, 1.0);
  EXPECT_GT(m.removedAt, m.depositedAt + 1.0);
  EXPECT_GT(stats.lost, 0.0);  // particles run off the low edge with their sediment
  EXPECT_NEAR(t.height.sum() + stats.lost, start.height.sum(), 1e-6 * start.height.sum());
  EXPECT_LT(testing::recordMismatch(start.height, t), 1e-3f);
}

TEST(ParticleErosion, ConeLosesItsTopAndConservesOnAWrappingMap) {
  const Terrain start = cone(64, 32.0f);
  Terrain t = start;
  ParticleErosion model(ParticleParams{}, Edges::Wrap, 3);
  ErosionStats stats;
  model.run(t, nullptr, 0, 20000, stats);
  auto m = testing::massCentres(start.height, t.height);
  EXPECT_GT(m.removedAt, m.depositedAt);
  EXPECT_LT(testing::topHeight(t.height), testing::topHeight(start.height) - 0.1);
  ASSERT_GT(stats.eroded, 10.0);
  EXPECT_EQ(stats.lost, 0.0);
  EXPECT_LT(std::abs(stats.massError()), 1e-5);
}

TEST(ParticleErosion, AParticleStopsWhenDry) {
  // On flat ground a particle never moves and never erodes: it lives initialWater / evaporation steps.
  Terrain t(Heightmap(16, 16, 3.0f));
  ParticleParams p;
  p.initialWater = 1.0f;
  p.evaporation = 0.25f;
  ParticleErosion model(p, Edges::Wrap, 1);
  ErosionStats stats;
  model.run(t, nullptr, 0, 10, stats);
  EXPECT_EQ(stats.steps, 40u);
  EXPECT_EQ(stats.eroded, 0.0);
  EXPECT_TRUE(t.height == Heightmap(16, 16, 3.0f));
}

TEST(ParticleErosion, StartsOnlyWhereItRains) {
  Terrain t = tiltedPlane(32, 0.5f);
  const Terrain start = t;
  RainMap rain(32, 32, 0.0f);
  rain.setDensity(20, 5, 1.0f);
  ParticleParams p;
  p.evaporation = 0.5f;  // two steps: it cannot go far
  ParticleErosion model(p, Edges::Clamp, 1);
  ErosionStats stats;
  model.run(t, &rain, 0, 50, stats);
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 32; ++x)
      if (std::abs(y - 5) > 3 || x < 19) {
        EXPECT_EQ(t.height.at(x, y), start.height.at(x, y)) << x << "," << y;
      }
  EXPECT_GT(stats.eroded, 0.0);
}

TEST(ParticleErosion, SameTerrainForAnyBatchSplit) {
  ParticleErosion model(ParticleParams{}, Edges::Wrap, 9);
  EXPECT_TRUE(testing::sameForBatchSplits(model, cone(48, 20.0f), 3000));
  ParticleErosion open(ParticleParams{}, Edges::Clamp, 9);
  EXPECT_TRUE(testing::sameForBatchSplits(open, tiltedPlane(48, 0.4f), 3000));
}

TEST(ParticleErosion, ExtremeParametersStayFinite) {
  for (const ParticleParams& p : testing::extremeParams(particleParamFields()))
    for (Edges e : {Edges::Wrap, Edges::Clamp}) {
      Terrain t = cone(32, 16.0f);
      ParticleErosion model(p, e, 5);
      ErosionStats stats;
      model.run(t, nullptr, 0, 2000, stats);
      ASSERT_EQ(t.height.firstNonFinite(), -1);
      float lo, hi;
      t.height.minMax(lo, hi);
      EXPECT_GE(lo, -1e-3f);  // erosion never digs below the lowest neighbour
      EXPECT_LT(hi, 16.0f * 40);
      EXPECT_TRUE(std::isfinite(stats.eroded) && std::isfinite(stats.deposited));
    }
}

TEST(ParticleErosion, RefusesBadParametersNamingThem) {
  ParticleParams p;
  p.Kf = -0.5f;
  try {
    ParticleErosion model(p);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Kf"), std::string::npos);
  }
}

}  // namespace
}  // namespace runnel
