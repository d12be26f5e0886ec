// Thermal erosion and the smoothing filter.
#include <gtest/gtest.h>

#include <cmath>

#include "core/base/error.h"
#include "core/models/grid/smooth_filter.h"
#include "core/models/grid/thermal_erosion.h"
#include "core/models/model_catalog.h"
#include "core/rain/rain_map.h"
#include "model_test_terrains.h"

namespace runnel {
namespace {

using testing::cone;
using testing::tiltedPlane;

// The steepest slope between any two neighbouring cells, per unit of distance, minus the talus.
float worstExcess(const Heightmap& h, float talus, Edges edges) {
  float worst = -INFINITY;
  for (int y = 0; y < h.height(); ++y)
    for (int x = 0; x < h.width(); ++x)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          if (!dx && !dy) continue;
          int nx = x + dx, ny = y + dy;
          if (edges == Edges::Clamp && (nx < 0 || ny < 0 || nx >= h.width() || ny >= h.height())) continue;
          nx = (nx + h.width()) % h.width();
          ny = (ny + h.height()) % h.height();
          const float dist = (dx && dy) ? std::sqrt(2.0f) : 1.0f;
          worst = std::max(worst, (h.at(x, y) - h.at(nx, ny)) / dist - talus);
        }
  return worst;
}

Terrain runThermal(Terrain t, const ThermalParams& p, Edges e, uint64_t n, int threads = 0) {
  ThermalErosion model(p, e);
  model.setThreads(threads);
  ErosionStats stats;
  model.run(t, nullptr, 0, n, stats);
  return t;
}

TEST(ThermalErosion, SteepConeSettlesAtTheTalusSlope) {
  const Terrain start = cone(64, 48.0f);  // slope 1.5
  ThermalParams p;
  p.talusAngle = 30.96376f;  // a rise of 0.6 a cell
  for (Edges e : {Edges::Wrap, Edges::Clamp}) {
    const Terrain end = runThermal(start, p, e, 3000);
    EXPECT_LT(worstExcess(end.height, 0.6f, e), 0.01f);
    float lo0, hi0, lo1, hi1;
    start.height.minMax(lo0, hi0);
    end.height.minMax(lo1, hi1);
    EXPECT_LT(hi1, hi0 - 5.0f);
    auto m = testing::massCentres(start.height, end.height);
    EXPECT_GT(m.removedAt, m.depositedAt + 10.0);
    EXPECT_LT(testing::recordMismatch(start.height, end), 1e-4f * 48.0f);  // float rounding over 3000 passes
  }
}

// The talus is an angle in world units: a cone of 70-degree walls settles at 35 degrees whatever the cell
// size, through the catalog's model (which works in cell units inside, heights scaled by a power of two).
TEST(ThermalErosion, TheTalusAngleIsTheSameAtAnyCellSize) {
  for (const float cell : {1.0f, 10.0f, 30.0f}) {
    const int n = 48;
    Terrain t(Heightmap(n, n));
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const float r = std::hypot(float(x - n / 2), float(y - n / 2)) * cell;  // metres from the centre
        t.height.at(x, y) = std::max(0.0f, (18.0f * cell - r) * 2.747f);        // tan 70 degrees
      }
    ModelCommon common;
    common.cellSize = cell;
    common.edges = Edges::Clamp;
    std::vector<float> values = defaultValues(findModel("thermal"));
    values[0] = 35.0f;
    auto model = findModel("thermal").create(values, common);
    ErosionStats stats;
    model->run(t, nullptr, 0, 4000, stats);
    double steepest = 0;  // between 4-neighbours, in degrees
    for (int y = 1; y < n - 1; ++y)
      for (int x = 1; x < n - 1; ++x) {
        const double rise = std::max(std::abs(t.height.at(x + 1, y) - t.height.at(x, y)),
                                     std::abs(t.height.at(x, y + 1) - t.height.at(x, y)));
        steepest = std::max(steepest, std::atan(rise / cell) * 180.0 / M_PI);
      }
    EXPECT_LT(steepest, 36.0) << cell << " m cells";
    EXPECT_GT(steepest, 33.0) << cell << " m cells: it should stand at the angle, not flatten";
  }
}

TEST(ThermalErosion, GentleSlopesDoNotMove) {
  const Terrain start = tiltedPlane(32, 0.3f, 0.0f);
  ThermalParams p;
  p.talusAngle = 26.56505f;  // a rise of 0.5 a cell
  const Terrain end = runThermal(start, p, Edges::Clamp, 50);
  EXPECT_TRUE(end.height == start.height);
}

TEST(ThermalErosion, TiltedPlaneSteeperThanTalusMovesDownhillAndConserves) {
  const Terrain start = tiltedPlane(48, 1.5f);
  ThermalParams p;
  const Terrain end = runThermal(start, p, Edges::Clamp, 400);
  auto m = testing::massCentres(start.height, end.height);
  EXPECT_GT(m.removed, 10.0);
  EXPECT_GT(m.removedAt, m.depositedAt);
  EXPECT_NEAR(end.height.sum(), start.height.sum(), 1e-6 * start.height.sum());
}

TEST(ThermalErosion, ConservesTotalHeightOnBothEdges) {
  for (Edges e : {Edges::Wrap, Edges::Clamp}) {
    Terrain t = cone(64, 60.0f);
    const double before = t.height.sum();
    ThermalErosion model(ThermalParams{}, e);
    ErosionStats stats;
    model.run(t, nullptr, 0, 500, stats);
    ASSERT_GT(stats.eroded, 100.0);
    EXPECT_LT(std::abs(t.height.sum() - before) / stats.eroded, 1e-5);
  }
}

TEST(ThermalErosion, OrderAndBatchesDoNotMatter) {
  Terrain start = cone(40, 50.0f);
  for (int y = 0; y < 40; ++y) start.height.at(7, y) += 9.0f;
  const Terrain direct = runThermal(start, ThermalParams{}, Edges::Clamp, 30);
  const Terrain viaTranspose =
      runThermal(Terrain(testing::transposed(start.height)), ThermalParams{}, Edges::Clamp, 30);
  EXPECT_TRUE(testing::transposed(viaTranspose.height) == direct.height);
  Terrain parts = start;
  ThermalErosion model(ThermalParams{}, Edges::Clamp);
  ErosionStats stats;
  model.run(parts, nullptr, 0, 11, stats);
  model.run(parts, nullptr, 11, 19, stats);
  EXPECT_TRUE(parts.height == direct.height);
}

TEST(ThermalErosionThreaded, SameTerrainForAnyThreadCount) {
  const Terrain start = cone(320, 300.0f);
  const Terrain one = runThermal(start, ThermalParams{}, Edges::Wrap, 8, 1);
  const Terrain three = runThermal(start, ThermalParams{}, Edges::Wrap, 8, 3);
  EXPECT_TRUE(one.height == three.height);
}

TEST(ThermalErosion, ExtremeParametersStayFinite) {
  const auto infos = thermalParamInfo();
  for (size_t i = 0; i < infos.size(); ++i)
    for (float v : {infos[i].lo, infos[i].hi}) {
      ThermalParams p;
      p.*(thermalParamFields()[i].field) = v;
      Terrain t = cone(32, 64.0f);
      ThermalErosion model(p, Edges::Wrap);
      ErosionStats stats;
      model.run(t, nullptr, 0, 1000, stats);
      ASSERT_EQ(t.height.firstNonFinite(), -1);
      float lo, hi;
      t.height.minMax(lo, hi);
      EXPECT_GE(lo, -1e-3f);
      EXPECT_LE(hi, 64.0f);
    }
  ThermalParams bad;
  bad.talusAngle = -1;
  EXPECT_THROW(ThermalErosion{bad}, Error);
}

TEST(SmoothFilter, SoftensAPeakAndConservesOnAWrappingMap) {
  Terrain t(Heightmap(16, 16, 1.0f));
  t.height.at(8, 8) = 17.0f;
  const Heightmap before = t.height;
  SmoothModel model(SmoothParams{1.0f}, Edges::Wrap);
  ErosionStats stats;
  model.run(t, nullptr, 0, 1, stats);
  EXPECT_FLOAT_EQ(t.height.at(8, 8), 1.0f + 16.0f * 4.0f / 16.0f);
  EXPECT_FLOAT_EQ(t.height.at(9, 8), 1.0f + 16.0f * 2.0f / 16.0f);
  EXPECT_FLOAT_EQ(t.height.at(9, 9), 1.0f + 16.0f * 1.0f / 16.0f);
  EXPECT_FLOAT_EQ(t.height.at(10, 8), 1.0f);
  EXPECT_NEAR(t.height.sum(), before.sum(), 1e-4);
  EXPECT_LT(testing::recordMismatch(before, t), 1e-5f);
  EXPECT_NEAR(stats.eroded, 12.0, 1e-4);
  EXPECT_NEAR(stats.deposited, 12.0, 1e-4);
}

TEST(SmoothFilterThreaded, SameResultForAnyThreadCount) {
  const Terrain start = cone(300, 80.0f);
  Terrain one = start, three = start;
  PaddedGrid scratch;
  double lo = 0, hi = 0;
  for (Edges e : {Edges::Wrap, Edges::Clamp}) {
    smoothTerrain(one, 0.7f, e, 1, scratch, lo, hi);
    smoothTerrain(three, 0.7f, e, 3, scratch, lo, hi);
  }
  EXPECT_TRUE(one.height == three.height);
  EXPECT_TRUE(one.eroded == three.eroded);
}

TEST(SmoothFilter, ClampEdgesReplicateTheBorder) {
  Terrain t = tiltedPlane(16, 1.0f, 0.0f);
  SmoothModel model(SmoothParams{1.0f}, Edges::Clamp);
  ErosionStats stats;
  model.run(t, nullptr, 0, 1, stats);
  // A plane stays a plane inside; at the border the copied edge flattens it.
  EXPECT_NEAR(t.height.at(5, 5), 10.0f, 1e-5f);
  EXPECT_NEAR(t.height.at(0, 5), 15.0f - 4.0f / 16.0f, 1e-5f);
}

TEST(SmoothFilter, APaintedRainMapIsItsBrush) {
  // Peaks on a flat map; rain painted fully over the west third, at half density over the middle third,
  // none over the east third: the west peak gets the full blur, the middle one half of it, the east one none.
  Terrain t(Heightmap(48, 16, 1.0f));
  for (int x : {8, 24, 40}) t.height.at(x, 8) = 17.0f;
  RainMap mask(48, 16, 0.0f);
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 32; ++x) mask.setDensity(x, y, x < 16 ? 1.0f : 0.5f);
  const Terrain before = t;
  SmoothModel model(SmoothParams{1.0f}, Edges::Wrap);
  ErosionStats stats;
  model.run(t, &mask, 0, 1, stats);
  EXPECT_FLOAT_EQ(t.height.at(8, 8), 1.0f + 16.0f * 4.0f / 16.0f);
  EXPECT_NEAR(t.height.at(24, 8), 17.0f - 0.5f * 12.0f, 1e-3f);  // half density: 65535 / 2 rounded
  for (int y = 0; y < 16; ++y)
    for (int x = 32; x < 48; ++x) ASSERT_EQ(t.height.at(x, y), before.height.at(x, y)) << x << "," << y;
  EXPECT_LT(testing::recordMismatch(before.height, t), 1e-5f);

  // A mask of another size is refused before anything changes.
  RainMap wrong(16, 16, 1.0f);
  const Terrain after = t;
  EXPECT_THROW(model.run(t, &wrong, 1, 1, stats), Error);
  EXPECT_TRUE(t.height == after.height);
}

}  // namespace
}  // namespace runnel
