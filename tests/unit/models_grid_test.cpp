// Grid hydraulic erosion (article 002, first part).
#include <gtest/gtest.h>

#include <cmath>

#include "core/base/error.h"
#include "core/models/grid/grid_erosion.h"
#include "core/rain/rain_map.h"
#include "model_test_terrains.h"

namespace runnel {
namespace {

using testing::cone;
using testing::tiltedPlane;

Terrain runGrid(Terrain t, const GridParams& p, Edges edges, uint64_t iterations, int threads = 0,
                ErosionStats* statsOut = nullptr) {
  GridErosion model(p, edges);
  model.setThreads(threads);
  ErosionStats stats;
  model.run(t, nullptr, 0, iterations, stats);
  if (statsOut) *statsOut = stats;
  return t;
}

TEST(GridErosion, TiltedPlaneMovesMaterialDownhill) {
  Terrain start = tiltedPlane(64, 0.5f);
  ErosionStats stats;
  Terrain end = runGrid(start, GridParams{}, Edges::Clamp, 300, 0, &stats);
  auto m = testing::massCentres(start.height, end.height);
  EXPECT_GT(m.removed, 1.0);
  EXPECT_GT(m.removedAt, m.depositedAt + 1.0);
  EXPECT_GT(stats.eroded, 0.0);
  EXPECT_LT(testing::recordMismatch(start.height, end), 1e-3f);
}

TEST(GridErosion, ConeLosesItsTopAndGainsAtItsFoot) {
  Terrain start = cone(64, 32.0f);
  Terrain end = runGrid(start, GridParams{}, Edges::Wrap, 300);
  auto m = testing::massCentres(start.height, end.height);
  EXPECT_GT(m.removedAt, m.depositedAt);
  float lo0, hi0, lo1, hi1;
  start.height.minMax(lo0, hi0);
  end.height.minMax(lo1, hi1);
  EXPECT_LT(hi1, hi0);
}

// The article's two-pass form: cells never see each other's updates within a pass, so running on a mirrored
// or transposed map and mirroring back gives exactly the same heights.
TEST(GridErosion, TwoPassResultDoesNotDependOnCellOrder) {
  Terrain start = cone(48, 20.0f);
  for (int y = 0; y < 48; ++y) start.height.at(5, y) += 3.0f;  // break the cone's symmetry
  const Terrain direct = runGrid(start, GridParams{}, Edges::Clamp, 60);
  const Terrain viaTranspose =
      runGrid(Terrain(testing::transposed(start.height)), GridParams{}, Edges::Clamp, 60);
  const Terrain viaFlip = runGrid(Terrain(testing::flippedX(start.height)), GridParams{}, Edges::Clamp, 60);
  EXPECT_TRUE(testing::transposed(viaTranspose.height) == direct.height);
  EXPECT_TRUE(testing::flippedX(viaFlip.height) == direct.height);
}

TEST(GridErosion, ConservesSoilAndSuspendedSedimentOnAWrappingMap) {
  Terrain t = cone(64, 32.0f);
  const double before = t.height.sum();
  GridErosion model(GridParams{}, Edges::Wrap);
  ErosionStats stats;
  model.run(t, nullptr, 0, 500, stats);
  const double after = t.height.sum() + model.suspendedSediment();
  ASSERT_GT(stats.eroded, 10.0);
  EXPECT_LT(std::abs(after - before) / stats.eroded, 1e-5);
  EXPECT_LT(std::abs(stats.massError()), 1e-5);
  EXPECT_EQ(stats.lost, 0.0);
}

TEST(GridErosion, OpenEdgesAccountForWhatFlowsOff) {
  Terrain t = tiltedPlane(64, 0.5f);
  const double before = t.height.sum();
  GridErosion model(GridParams{}, Edges::Clamp);
  ErosionStats stats;
  model.run(t, nullptr, 0, 400, stats);
  const double after = t.height.sum() + model.suspendedSediment();
  EXPECT_GT(stats.lost, 0.0);
  EXPECT_NEAR(after + stats.lost, before, 1e-5 * stats.eroded + 1e-6 * before);
}

TEST(GridErosion, SameTerrainForAnyBatchSplit) {
  const Terrain start = cone(40, 16.0f);
  const Terrain whole = runGrid(start, GridParams{}, Edges::Wrap, 50);
  Terrain parts = start;
  GridErosion model(GridParams{}, Edges::Wrap);
  ErosionStats stats;
  model.run(parts, nullptr, 0, 7, stats);
  model.run(parts, nullptr, 7, 30, stats);
  model.run(parts, nullptr, 37, 13, stats);
  EXPECT_TRUE(parts.height == whole.height);
  EXPECT_TRUE(parts.eroded == whole.eroded);
  EXPECT_EQ(stats.droplets, 50u);
}

// A slider change replaces the model mid-run: the new one takes over the water and suspended sediment.
TEST(GridErosion, AReplacementModelContinuesWithTheWaterAndSediment) {
  const Terrain start = cone(40, 16.0f);
  const Terrain whole = runGrid(start, GridParams{}, Edges::Wrap, 40);
  Terrain swapped = start;
  GridErosion first(GridParams{}, Edges::Wrap), second(GridParams{}, Edges::Wrap);
  ErosionStats stats;
  first.run(swapped, nullptr, 0, 20, stats);
  second.continueFrom(first);
  EXPECT_EQ(second.water(), first.water());
  second.run(swapped, nullptr, 20, 20, stats);
  EXPECT_TRUE(swapped.height == whole.height);
  // A fresh model without it would start dry: a different terrain.
  Terrain dry = start;
  GridErosion third(GridParams{}, Edges::Wrap);
  first.run(dry, nullptr, 0, 20, stats);
  third.run(dry, nullptr, 20, 20, stats);
  EXPECT_FALSE(dry.height == whole.height);
}

// Big enough (over 64k cells) that passes really run on several threads.
TEST(GridErosionThreaded, SameTerrainForAnyThreadCount) {
  Terrain start = cone(300, 60.0f);
  const Terrain one = runGrid(start, GridParams{}, Edges::Clamp, 12, 1);
  const Terrain two = runGrid(start, GridParams{}, Edges::Clamp, 12, 2);
  const Terrain five = runGrid(start, GridParams{}, Edges::Clamp, 12, 5);
  EXPECT_TRUE(one.height == two.height);
  EXPECT_TRUE(one.height == five.height);
  EXPECT_TRUE(one.deposited == five.deposited);
}

TEST(GridErosion, RainFallsOnlyWhereTheRainMapSays) {
  Terrain t(Heightmap(32, 32, 5.0f));
  RainMap rain(32, 32, 1.0f);
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 16; ++x) rain.setDensity(x, y, 0.0f);
  GridParams p;
  p.evaporation = 0;
  GridErosion model(p, Edges::Wrap);
  ErosionStats stats;
  model.run(t, &rain, 0, 1, stats);
  EXPECT_EQ(model.water()[10 * 32 + 3], 0.0f);
  EXPECT_FLOAT_EQ(model.water()[10 * 32 + 20], p.rainAmount);
}

TEST(GridErosion, ARainMapOfAnotherSizeIsReadAtTheSamePlace) {
  Terrain t(Heightmap(32, 32, 5.0f));
  RainMap rain(16, 16, 1.0f);
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 8; ++x) rain.setDensity(x, y, 0.0f);
  GridParams p;
  p.evaporation = 0;
  GridErosion model(p, Edges::Wrap);
  ErosionStats stats;
  model.run(t, &rain, 0, 1, stats);
  for (int y = 0; y < 32; ++y) {
    EXPECT_EQ(model.water()[size_t(y) * 32 + 13], 0.0f);  // away from the wet edge, where water flows
    EXPECT_FLOAT_EQ(model.water()[size_t(y) * 32 + 18], p.rainAmount);
  }
}

TEST(GridErosion, ExtremeParametersStayFinite) {
  const auto infos = gridParamInfo();
  std::vector<GridParams> cases;
  GridParams lo, hi;
  for (size_t i = 0; i < infos.size(); ++i) {
    lo.*(gridParamFields()[i].field) = infos[i].lo;
    hi.*(gridParamFields()[i].field) = infos[i].hi;
    GridParams one;
    one.*(gridParamFields()[i].field) = infos[i].lo;
    cases.push_back(one);
    one.*(gridParamFields()[i].field) = infos[i].hi;
    cases.push_back(one);
  }
  cases.push_back(lo);
  cases.push_back(hi);
  for (const GridParams& p : cases) {
    for (Edges e : {Edges::Wrap, Edges::Clamp}) {
      Terrain t = cone(32, 16.0f);
      GridErosion model(p, e);
      ErosionStats stats;
      model.run(t, nullptr, 0, 400, stats);
      ASSERT_EQ(t.height.firstNonFinite(), -1);
      float lo0, hi0;
      t.height.minMax(lo0, hi0);
      EXPECT_GT(lo0, -16.0f);
      EXPECT_LT(hi0, 32.0f);
      for (float w : model.water()) ASSERT_TRUE(std::isfinite(w));
    }
  }
}

TEST(GridErosion, RefusesBadParametersNamingThem) {
  GridParams p;
  p.Kd = 2.0f;
  try {
    GridErosion model(p);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Kd"), std::string::npos);
  }
  p = GridParams{};
  p.rainAmount = NAN;
  EXPECT_THROW(GridErosion{p}, Error);
}

}  // namespace
}  // namespace runnel
