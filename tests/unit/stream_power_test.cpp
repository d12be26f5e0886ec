// Stream power: rivers cut where water gathers, and ground cut back stands at the critical slope.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/models/rivers/drainage_graph.h"
#include "core/models/rivers/stream_power.h"
#include "core/terrain/heightmap.h"
#include "model_test_terrains.h"

namespace runnel {
namespace {

// Ground cut back to the steepest slope that stands makes a round cone about a low outlet, not an octagon:
// the limit is measured along the facets between neighbours too (limited along the eight grid directions
// alone, ground 22.5 degrees off the axes stood 8% too high, and the cone's flat faces drew grid marks).
TEST(StreamPower, GroundCutBackToTheSteepestSlopeFormsARoundCone) {
  const int n = 64;
  Heightmap h(n, n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) h.at(x, y) = 1000.0f + 0.001f * std::hypot(float(x - 32), float(y));
  h.at(32, 0) = 0.0f;  // the outlet, on the border
  rivers::DrainageGraph graph(n, n, 1, 1.0f);
  graph.route(h.data());
  graph.accumulate(nullptr);
  const MapVector<float> cut(h.cellCount(), 0.0f);  // nothing cuts: only the slope limit acts
  Heightmap after = h;
  rivers::incise(graph, cut, after.data(), {0.0f, 0.45f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f});
  EXPECT_LT(testing::worstConeError(after, 32, 0, 15, 25), 0.03);
}

// The slope exponent n is the solver's own: with the same cutting depth a slope under 1 (rise per metre) cuts
// less at n = 2 than at n = 1 (S² < S), and a slope over 1 cuts more. (A solver that ignored n gave n = 1's
// bytes for --slope-exponent 2 and no test saw it.)
TEST(StreamPower, TheSlopeExponentCutsGentleSlopesLessAndSteepOnesMore) {
  for (const float rise : {0.2f, 3.0f}) {
    const int n = 24;
    Heightmap h(n, n);
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) h.at(x, y) = rise * float(n - 1 - x);  // falling to the east border
    rivers::DrainageGraph graph(n, n, 1, 1.0f);
    graph.route(h.data());
    graph.accumulate(nullptr);
    const MapVector<float> cut(h.cellCount(), 0.5f);
    Heightmap linear = h, squared = h;
    rivers::incise(graph, cut, linear.data(), {0.0f, 0.5f, 1.0f, 0.0f, 1.0f, 1.0f, 1000.0f});
    rivers::incise(graph, cut, squared.data(), {0.0f, 0.5f, 2.0f, 0.0f, 1.0f, 1.0f, 1000.0f});
    int less = 0, more = 0;
    for (int y = 1; y < n - 1; ++y)
      for (int x = 1; x < n - 1; ++x) {
        ASSERT_TRUE(std::isfinite(squared.at(x, y)));
        ASSERT_LE(squared.at(x, y), h.at(x, y) + 1e-4f);  // cutting never raises
        const float cutLinear = h.at(x, y) - linear.at(x, y), cutSquared = h.at(x, y) - squared.at(x, y);
        less += cutSquared < cutLinear - 1e-4f;
        more += cutSquared > cutLinear + 1e-4f;
      }
    if (rise < 1.0f) {
      EXPECT_GT(less, 100) << "a gentle slope at n = 2";
      EXPECT_EQ(more, 0) << "a gentle slope at n = 2";
    } else {
      EXPECT_GT(more, 100) << "a steep slope at n = 2";
      EXPECT_EQ(less, 0) << "a steep slope at n = 2";
    }
  }
}

// On a finer level of a coarse-to-fine build, a gully new at that level (where the level below drained
// little) cuts as if its drainage were newGullyGain times larger, and a river the level below already had
// cuts as its own area; so the new gullies compete by their areas and the big rivers keep their profile.
// (The smooth boost of every small catchment instead made catchments of 30 to 1,000 cells cut alike.)
TEST(StreamPower, ANewGullyCountsItsDrainageAsTheCoarseLevelsAndAnInheritedRiverAsItsOwn) {
  const int width = 4, height = 2;  // the level below: 2 x 1 cells
  const MapVector<float> power(size_t(width * height), 40.0f);
  const uint8_t riversBelow[2] = {0, 1};  // a hillside there, a river
  rivers::StreamPower p{1e-5f, 0.45f, 1.0f, 2.0f, 1000.0f, 7.5f, 1.0f};
  MapVector<float> plain, levels, asIf;
  rivers::cuttingDepths(power, plain, p, width, height, 1);
  const MapVector<float> bigger(power.size(), 40.0f * 64.0f);
  rivers::cuttingDepths(bigger, asIf, p, width, height, 1);
  p.riversBelow = riversBelow;
  p.belowWidth = 2;
  p.belowHeight = 1;
  p.riverCells = 40.0f;
  p.newGullyGain = 64.0f;
  rivers::cuttingDepths(power, levels, p, width, height, 1);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < 2; ++x) EXPECT_FLOAT_EQ(levels[size_t(y * width + x)], asIf[0]) << x << "," << y;
    for (int x = 2; x < 4; ++x) EXPECT_FLOAT_EQ(levels[size_t(y * width + x)], plain[0]) << x << "," << y;
  }
  EXPECT_GT(asIf[0], 5.0f * plain[0]);  // a gain that matters: 8.6 times as deep here
  // Where the level below had a river, a cell draining less than a river's cells is a gully on its banks.
  p.riverCells = 41.0f;
  rivers::cuttingDepths(power, levels, p, width, height, 1);
  for (size_t i = 0; i < levels.size(); ++i) EXPECT_FLOAT_EQ(levels[i], asIf[0]) << i;
}

TEST(StreamPower, ARiverOfTheLevelBelowReachesItsBanksAndNoFurther) {
  // 5 x 4 cells of the level below: one river cell (x 3, y 1) and one on the border (x 0, y 3).
  const int w = 5, h = 4;
  MapVector<float> area(size_t(w * h), 3.0f);
  area[size_t(1 * w + 3)] = 150.0f;
  area[size_t(3 * w + 0)] = 100.0f;
  const MapVector<uint8_t> near = rivers::riversNear(area, w, h, 100.0f, 2);
  const char* expected[] = {"..###",  //
                            "..###",  //
                            "#####",  //
                            "##..."};
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      EXPECT_EQ(near[size_t(y * w + x)], expected[y][x] == '#' ? 1 : 0) << x << "," << y;
}

}  // namespace
}  // namespace runnel
