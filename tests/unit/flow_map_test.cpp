// The flow maps: discharge grows downhill and follows the rain; wetness is high on valley floors.
#include <gtest/gtest.h>

#include <cmath>

#include "core/base/error.h"
#include "core/models/rivers/discharge.h"
#include "core/rain/rain_map.h"
#include "model_test_terrains.h"

namespace runnel {
namespace {

TEST(FlowMap, DischargeGrowsDownhillAndFollowsTheRain) {
  // A plane falling towards the east border: each row's water gathers eastwards.
  const Terrain plane = testing::tiltedPlane(48, 3.0f, 0.5f);
  const Heightmap flow = dischargeLog10(plane.height, nullptr, 30.0f);
  double west = 0, east = 0;
  for (int y = 1; y < 47; ++y) {
    west += flow.at(2, y);
    east += flow.at(45, y);
    for (int x = 0; x < 48; ++x) ASSERT_GE(flow.at(x, y), std::log10(900.0f) - 1e-4f);  // its own rain
  }
  EXPECT_GT(east, west + 46.0);  // ten times the discharge and more, row by row on average
  // No rain anywhere upstream: no discharge.
  RainMap dry(48, 48, 0.0f);
  const Heightmap none = dischargeLog10(plane.height, &dry, 30.0f);
  float lo, hi;
  none.minMax(lo, hi);
  EXPECT_EQ(hi, 0.0f);
  EXPECT_THROW(dischargeLog10(plane.height, nullptr, -1.0f), Error);
  RainMap wrong(10, 10);
  EXPECT_THROW(dischargeLog10(plane.height, &wrong, 30.0f), Error);
}

TEST(FlowMap, WetnessIsHighOnGentleValleyFloorsAndLowOnSteepRidges) {
  // A V valley running south to the border: steep sides, a gentle floor gathering the water of both.
  const int n = 64;
  Heightmap v(n, n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) v.at(x, y) = 20.0f * float(std::abs(x - n / 2)) + 0.5f * float(n - 1 - y);
  const Heightmap wet = wetnessIndex(v, nullptr, 10.0f);
  // Down the floor it grows as the water gathers; on a side, near the ridge, it is far lower.
  EXPECT_GT(wet.at(n / 2, n - 4), wet.at(n / 2, 8));
  EXPECT_GT(wet.at(n / 2, n - 4), wet.at(4, n - 4) + 5.0f);
  // A flat stays finite (its slope counted as 0.1%).
  const Heightmap flat(16, 16, 100.0f);
  const Heightmap flatWet = wetnessIndex(flat, nullptr, 10.0f);
  EXPECT_LT(flatWet.firstNonFinite(), 0);
  EXPECT_THROW(wetnessIndex(v, nullptr, 0.0f), Error);
}

}  // namespace
}  // namespace runnel
