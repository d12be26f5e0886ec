// Walls that stand too steep slide down to the critical slope: a slot becomes a valley with walls at the
// angle, a wall retreats as a round cone, nothing is raised, no pit opens, the same bytes on any thread
// count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/base/random.h"
#include "core/models/rivers/outflow.h"
#include "core/models/rivers/settle_walls.h"
#include "core/terrain/heightmap.h"
#include "model_test_terrains.h"

namespace runnel {
namespace {

using rivers::kDx;  // the eight neighbours, as the model walks them
using rivers::kDy;

bool interior(const Heightmap& h, int x, int y) {
  return x > 0 && y > 0 && x < h.width() - 1 && y < h.height() - 1;
}

// The most any interior cell stands above a neighbour beyond `reach(x, y)` metres a cell (the diagonal
// sqrt 2 times that): 0 when every wall stands.
double worstExcess(const Heightmap& h, const std::vector<float>& reach) {
  double worst = 0;
  for (int y = 1; y < h.height() - 1; ++y)
    for (int x = 1; x < h.width() - 1; ++x)
      for (int k = 0; k < 8; ++k) {
        const double d = (k & 1) ? std::sqrt(2.0) : 1.0;
        const double r = reach[size_t(y) * size_t(h.width()) + size_t(x)] * d;
        worst = std::max(worst, double(h.at(x, y)) - double(h.at(x + kDx[k], y + kDy[k])) - r);
      }
  return worst;
}

// A slot 100 m deep and a cell wide through a plateau (10 m cells) opens into a valley whose walls stand at
// their critical slope: 45 degrees on the west side, twice as steep (gradeScale 2) on the east. The floor
// stays where it was and nothing is raised.
TEST(SettleWalls, ASlotOpensIntoAValleyWithWallsAtTheirCriticalSlope) {
  const int n = 48;
  Heightmap h(n, n, 100.0f);
  for (int y = 0; y < n; ++y) h.at(24, y) = 0.1f * float(y);  // the floor, falling to the south border
  std::vector<float> scale(h.cellCount(), 1.0f), reach(h.cellCount(), 10.0f);
  for (int y = 0; y < n; ++y)
    for (int x = 25; x < n; ++x)
      scale[size_t(y) * n + size_t(x)] = 2.0f, reach[size_t(y) * n + size_t(x)] = 20.0f;
  const Heightmap before = h;

  const size_t lowered = rivers::settleWalls(h.data(), n, n, 10.0f, 1.0f, scale.data(), 2);

  EXPECT_GT(lowered, 0u);
  EXPECT_LT(worstExcess(h, reach), 1e-3);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      EXPECT_LE(h.at(x, y), before.at(x, y));
      if (!interior(h, x, y) || x == 24) {
        EXPECT_EQ(h.at(x, y), before.at(x, y)) << x << "," << y;
      }
    }
  // Away from the border's fixed rim, the walls rise from the floor at their own angles.
  const float floor = h.at(24, 20);
  EXPECT_NEAR(h.at(20, 20) - floor, 40.0f, 0.5f);  // 4 cells west, 10 m a cell
  EXPECT_NEAR(h.at(28, 20) - floor, 80.0f, 0.5f);  // 4 cells east, 20 m a cell
  EXPECT_EQ(h.at(4, 20), 100.0f);                  // the plateau beyond the wall's reach stands
}

// A wall retreats from a low outlet as a round cone, not an octagon: the limit is measured across the
// facets between neighbours too (along the eight directions alone, ground 22.5 degrees off the axes would
// stand 8% too high).
TEST(SettleWalls, AWallRetreatsFromAnOutletAsARoundCone) {
  const int n = 64;
  Heightmap h(n, n, 1000.0f);
  h.at(32, 0) = 0.0f;  // the outlet, on the border
  rivers::settleWalls(h.data(), n, n, 1.0f, 1.0f, nullptr, 1);
  EXPECT_LT(testing::worstConeError(h, 32, 0, 15, 25), 0.03);
}

// Rough ground, steep everywhere: every wall stands afterwards, no cell is raised, a cell that drained
// still drains (each slides to just above a lower neighbour), and the bytes are the same on 1, 2 and 3
// threads (the slides go lowest first, whoever found them).
TEST(SettleWalls, RoughGroundSettlesTheSameOnAnyThreadCountAndStillDrains) {
  const int w = 131, hgt = 97;
  Heightmap rough(w, hgt);
  for (int y = 0; y < hgt; ++y)
    for (int x = 0; x < w; ++x)
      rough.at(x, y) =
          float(splitmix64(uint64_t(y) * 1000003u + uint64_t(x)) >> 40) * (300.0f / 16777216.0f) +
          2.0f * float(x);
  std::vector<float> scale(rough.cellCount()), reach(rough.cellCount());
  for (size_t i = 0; i < scale.size(); ++i) {
    scale[i] = 0.5f + float(splitmix64(i ^ 0xABCDu) >> 40) / 16777216.0f;
    reach[i] = 7.5f * 1.2f * scale[i];
  }
  auto drains = [&](const Heightmap& h, int x, int y) {
    for (int k = 0; k < 8; ++k)
      if (h.at(x + kDx[k], y + kDy[k]) < h.at(x, y)) return true;
    return false;
  };

  Heightmap one = rough, two = rough, three = rough;
  rivers::settleWalls(one.data(), w, hgt, 7.5f, 1.2f, scale.data(), 1);
  rivers::settleWalls(two.data(), w, hgt, 7.5f, 1.2f, scale.data(), 2);
  rivers::settleWalls(three.data(), w, hgt, 7.5f, 1.2f, scale.data(), 3);

  EXPECT_TRUE(std::equal(one.data(), one.data() + one.cellCount(), two.data()));
  EXPECT_TRUE(std::equal(one.data(), one.data() + one.cellCount(), three.data()));
  EXPECT_LT(worstExcess(one, reach), 1e-3);
  size_t moved = 0;
  for (int y = 1; y < hgt - 1; ++y)
    for (int x = 1; x < w - 1; ++x) {
      EXPECT_LE(one.at(x, y), rough.at(x, y));
      moved += one.at(x, y) < rough.at(x, y);
      if (drains(rough, x, y)) {
        EXPECT_TRUE(drains(one, x, y)) << x << "," << y;
      }
    }
  EXPECT_GT(moved, size_t(w * hgt) / 4);  // the ground was steep: a real test of the slides
}

}  // namespace
}  // namespace runnel
