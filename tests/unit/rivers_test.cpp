// The rivers model: big rivers flatten their beds, rain decides where they run, uplift keeps the artist's
// shape, a build goes coarse to fine and drains, and the result is the same on any thread count and any
// split into runs. (The drainage graph, stream power, creep and the flow maps have their own tests.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "core/base/error.h"
#include "core/generate/generators.h"
#include "core/models/rivers/rivers_model.h"
#include "core/rain/rain_map.h"
#include "core/terrain/level_resample.h"
#include "model_test_terrains.h"
#include "slope_agreement.h"

namespace runnel {
namespace {

using testing::pits;

Terrain runRivers(Terrain t, const RiversParams& p, uint64_t steps, int threads = 0,
                  const RainMap* rain = nullptr) {
  RiversModel model(p, 30.0f, threads);
  ErosionStats stats;
  model.run(t, rain, 0, steps, stats);
  return t;
}

TEST(RiversModel, BigRiversFlattenTheirBedsIntoAConcaveProfile) {
  // A plane falling 10% towards the east border: the water of every row gathers downhill. Cutting by
  // K A^m S makes the slope fall as the drainage area grows: the profile turns concave.
  Terrain start = testing::tiltedPlane(64, 0.1f * 30.0f, 0.5f);
  RiversParams p;
  p.erodibility = 4e-5f;  // soft rock: a clear profile in 5 steps
  p.uplift = 0.0f;
  p.diffusion = 0.0f;
  p.channelHead = 0.0f;
  const Terrain end = runRivers(start, p, 5);
  double dropUpper = 0, dropLower = 0;  // fall per cell in the upper (west) and lower (east) thirds
  for (int y = 1; y < 63; ++y)
    for (int x = 1; x < 62; ++x) {
      ASSERT_LE(end.height.at(x, y), start.height.at(x, y) + 1e-3f);  // no uplift, no creep: nothing rises
      const double fall = double(end.height.at(x, y)) - double(end.height.at(x + 1, y));
      if (x < 20) dropUpper += fall;
      if (x > 42) dropLower += fall;
    }
  EXPECT_GT(dropLower, 0.0);
  EXPECT_LT(dropLower, 0.7 * dropUpper);
  EXPECT_LT(testing::recordMismatch(start.height, end), 1e-3f);  // the record says what the heights say
}

TEST(RiversModel, TheResultDrainsEverywhere) {
  RiversParams p;
  for (float fill : {0.0f, 1.0f}) {
    p.lakeFill = fill;
    const Terrain end = runRivers(testing::bumpyLandscape(), p, 4);
    EXPECT_EQ(pits(end.height), 0) << "lake fill " << fill;
    EXPECT_LT(end.height.firstNonFinite(), 0);
  }
}

TEST(RiversModel, PaintedRainMakesTheRivers) {
  // Rain on the west half only, against a run with no rain at all (where only the lakes' outlets are
  // cut): the west is cut, and so is every cell its water reaches, but a cell with no rain upstream of it
  // or of the cells around it its bed reaches (rivers cut a bed a few cells wide) is not touched.
  const Terrain start = testing::bumpyLandscape(64, 9);
  RainMap dry(64, 64, 0.0f), west(64, 64, 0.0f);
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 32; ++x) west.setDensity(x, y, 1.0f);
  RiversParams p;
  p.erodibility = 4e-5f;
  p.uplift = 0.0f;
  p.diffusion = 0.0f;
  p.maxSlope = 89.0f;
  Terrain rained = start, none = start;
  RiversModel wet(p, 30.0f), dryModel(p, 30.0f);
  ErosionStats stats;
  wet.run(rained, &west, 0, 1, stats);
  dryModel.run(none, &dry, 0, 1, stats);
  double cutWest = 0;
  int untouched = 0;
  const int reach = RiversModel::bedReachCells(30.0f);
  ASSERT_GE(reach, 1);
  for (int y = 1; y < 63; ++y)
    for (int x = 1; x < 63; ++x) {
      const double cut = double(none.height.at(x, y)) - double(rained.height.at(x, y));
      if (x < 32) cutWest += cut;
      float water = 0.0f;
      for (int dy = -reach; dy <= reach; ++dy)
        for (int dx = -reach; dx <= reach; ++dx) {
          const int wx = std::clamp(x + dx, 0, 63), wy = std::clamp(y + dy, 0, 63);
          water += wet.drainageCells()[size_t(wy) * 64 + size_t(wx)];
        }
      if (water == 0.0f) {
        ASSERT_EQ(cut, 0.0) << x << "," << y;
        ++untouched;
      }
    }
  EXPECT_GT(cutWest, 100.0);
  EXPECT_GT(untouched, 500);  // most of the east half
}

// Nothing but uplift: 1 m a step at the top.
RiversParams upliftOnly() {
  RiversParams p;
  p.erodibility = 0.0f;
  p.diffusion = 0.0f;
  p.maxSlope = 89.0f;
  p.uplift = 1.0f;
  p.keepShape = 1.0f;
  p.timeStep = 1000.0f;
  return p;
}

TEST(RiversModel, UpliftFollowsTheInputWhenKeepingItsShape) {
  Terrain start = testing::cone(64, 1000.0f);
  const Terrain end = runRivers(start, upliftOnly(), 2);
  // The top rises nearly fully (the pattern is blurred over ~120 m so that bumps are not kept as pits), the
  // foot barely, the base level not at all.
  const float top = end.height.at(32, 32) - start.height.at(32, 32);
  EXPECT_GT(top, 1.6f);
  EXPECT_LE(top, 2.0f);
  EXPECT_LT(end.height.at(4, 32) - start.height.at(4, 32), 0.4f);
  EXPECT_EQ(end.height.at(0, 32), start.height.at(0, 32));
}

// At 7.5 m cells the uplift pattern is worked out on 30 m cells and spread back: the same cone over the
// same ground is lifted alike at both resolutions (the top and the foot), and smoothly in between. (A step
// at 7.5 m runs on the build's coarsest level, so the pattern is compared as the model holds it for the
// map's own cells.)
TEST(RiversModel, TheUpliftPatternIsTheSameAtFinerCells) {
  auto share = [&](int n, float cellSize) {
    Terrain t = testing::cone(n, 1000.0f);
    RiversModel model(upliftOnly(), cellSize, 2);
    ErosionStats stats;
    model.run(t, nullptr, 0, 1, stats);
    Heightmap out(n, n);
    std::copy(model.upliftShare().begin(), model.upliftShare().end(), out.data());
    return out;
  };
  const Heightmap coarse = share(64, 30.0f), fine = share(256, 7.5f);
  // Cell (x, y) at 30 m covers cells 4x .. 4x + 3 at 7.5 m; compare the centre of each.
  for (int x : {8, 16, 24, 32})
    EXPECT_NEAR(fine.at(4 * x + 2, 4 * 32 + 2), coarse.at(x, 32), 0.03f) << "at x " << x;
  float steepest = 0.0f;  // spread smoothly: no step between neighbouring fine cells
  for (int x = 9; x < 247; ++x)
    steepest = std::max(steepest, std::abs(fine.at(x + 1, 128) - fine.at(x, 128)));
  EXPECT_LT(steepest, 0.02f);
}

// Tall enough for several bands of the drainage order (128 rows each): water crosses from band to band.
TEST(RiversModelThreaded, SameTerrainForAnyThreadCountAndAnySplit) {
  const Terrain start = testing::bumpyLandscape(300, 4);
  RiversParams p;
  p.lakeFill = 0.3f;
  const Terrain one = runRivers(start, p, 4, 1);
  const Terrain two = runRivers(start, p, 4, 2);
  const Terrain three = runRivers(start, p, 4, 3);
  EXPECT_EQ(one.height, two.height);
  EXPECT_EQ(one.height, three.height);
  Terrain split = start;
  RiversModel model(p, 30.0f, 2);
  ErosionStats stats;
  model.run(split, nullptr, 0, 1, stats);
  model.run(split, nullptr, 1, 3, stats);
  EXPECT_EQ(one.height, split.height);
  EXPECT_EQ(stats.droplets, 4u);
}

TEST(RiversModel, RefusesABadCellSizeAndBadParameters) {
  EXPECT_THROW(RiversModel(RiversParams{}, 0.0f), Error);
  EXPECT_THROW(RiversModel(RiversParams{}, std::nanf("")), Error);
  RiversParams p;
  p.concavity = NAN;
  EXPECT_THROW(RiversModel(p, 30.0f), Error);
  p = RiversParams{};
  p.timeStep = -1.0f;
  EXPECT_THROW(RiversModel(p, 30.0f), Error);
}

// A map of subnormal heights is a flat map, not an error; heights past any land's are refused by name
// before a step (they overflowed the steps' sums: "the model produced a non-finite height").
TEST(RiversModel, TakesSubnormalHeightsAndRefusesAbsurdOnes) {
  Heightmap tiny(64, 64), huge(64, 64);
  for (size_t i = 0; i < tiny.cellCount(); ++i) {
    tiny.data()[i] = float(i % 97) * 2e-44f;
    huge.data()[i] = (i % 2 ? 3.4e38f : -3.4e38f) * float(i % 7) / 6.0f;
  }
  Terrain t(tiny);
  RiversModel model(RiversParams{}, 30.0f, 1);
  ErosionStats stats;
  model.run(t, nullptr, 0, 3, stats);
  EXPECT_EQ(t.height.firstNonFinite(), -1);
  Terrain bad(huge);
  const Heightmap before = bad.height;
  RiversModel other(RiversParams{}, 30.0f, 1);
  try {
    other.run(bad, nullptr, 0, 3, stats);
    ADD_FAILURE() << "absurd heights were taken";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("heights"), std::string::npos) << e.what();
  }
  EXPECT_EQ(bad.height, before);
}

// maxSlope is a wall's angle over 30 m: over finer cells the wall stands a little steeper, over coarser
// ones gentler (45 degrees: 50 over 7.5 m, 42.5 over 60 m), never past vertical.
TEST(RiversModel, AWallStandsSteeperOverFinerCells) {
  auto degreesOver = [](float maxSlope, float cellSize) {
    const double rad = std::numbers::pi / 180.0;
    return std::atan(std::tan(maxSlope * rad) * RiversModel::criticalGradeScale(cellSize)) / rad;
  };
  EXPECT_NEAR(degreesOver(45.0f, 30.0f), 45.0, 1e-9);
  EXPECT_NEAR(degreesOver(45.0f, 7.5f), 50.0, 0.5);
  EXPECT_NEAR(degreesOver(45.0f, 60.0f), 42.5, 0.5);
  double last = 0.0;
  for (float cell : {120.0f, 60.0f, 30.0f, 15.0f, 7.5f, 3.75f, 1.0f, 0.1f}) {
    const double d = degreesOver(45.0f, cell);
    EXPECT_GT(d, last) << cell << " m";
    EXPECT_LT(d, 90.0) << cell << " m";
    last = d;
  }
}

// The coarse-to-fine build: halved while cells stay within 60 m and sides at least 64 cells; the coarsest
// level runs the age, each finer one its detail steps.
TEST(RiversModel, ABuildHalvesTheMapDownToCoarseCells) {
  const RiversModel at30(RiversParams{}, 30.0f), at7(RiversParams{}, 7.5f), at60(RiversParams{}, 60.0f);
  const auto l30 = at30.levels(1024, 1024);
  ASSERT_EQ(l30.size(), 2u);
  EXPECT_EQ(l30[0].width, 512);
  EXPECT_FLOAT_EQ(l30[0].cellSize, 60.0f);
  EXPECT_EQ(l30[1].width, 1024);
  EXPECT_EQ(at7.levels(4096, 4096).size(), 4u);
  EXPECT_EQ(at7.levels(4096, 4096).front().width, 512);
  EXPECT_EQ(at60.levels(1024, 1024).size(), 1u);       // already coarse
  EXPECT_EQ(at7.levels(96, 96).size(), 1u);            // too small to halve
  EXPECT_EQ(at7.levels(257, 130).front().width, 129);  // odd sides round up
  const RiversParams p;
  const uint64_t coarse = uint64_t(p.age / p.timeStep), detail = uint64_t(p.detailSteps);
  EXPECT_EQ(at30.plannedUnits(1024, 1024), coarse + detail);
  EXPECT_EQ(at7.plannedUnits(4096, 4096), coarse + 3 * detail);
  EXPECT_EQ(at30.levelOfUnit(coarse - 1, 2), 0);
  EXPECT_EQ(at30.levelOfUnit(coarse, 2), 1);
  EXPECT_EQ(at30.levelOfUnit(coarse + 100, 2), 1);  // past the plan: steps at the map's own size
}

// A whole build over three levels: every cell drains, it comes out the same on any thread count and however
// it is split into calls, and it cut valleys at the map's own scale (the finest level changed the doubled
// coarse map, which a plain doubling would have left smooth between coarse cells).
TEST(RiversModel, ABuildDrainsAndIsTheSameHoweverItIsRun) {
  RiversParams p;
  p.age = 100000.0f;  // 5 coarse steps: a short build
  p.detailSteps = 2.0f;
  const Terrain start = testing::bumpyLandscape(256, 5);
  RiversModel one(p, 15.0f, 1);
  ASSERT_EQ(one.levels(256, 256).size(), 3u);
  const uint64_t units = one.plannedUnits(256, 256);
  Terrain whole = start;
  ErosionStats stats;
  one.run(whole, nullptr, 0, units, stats);
  EXPECT_EQ(pits(whole.height), 0);
  EXPECT_EQ(whole.height.firstNonFinite(), -1);
  RiversModel two(p, 15.0f, 2);
  Terrain split = start;
  for (uint64_t u = 0; u < units; u += 3) two.run(split, nullptr, u, std::min<uint64_t>(3, units - u), stats);
  EXPECT_EQ(split.height, whole.height);

  // Stopped before the finest level, the map shows the level below doubled up; the finest level's steps
  // then cut its own valleys into it.
  RiversModel part(p, 15.0f, 1);
  Terrain coarse = start;
  part.run(coarse, nullptr, 0, units - 2, stats);
  double moved = 0;
  for (size_t i = 0; i < coarse.height.cellCount(); ++i)
    moved += std::abs(double(whole.height.data()[i]) - double(coarse.height.data()[i]));
  EXPECT_GT(moved / double(coarse.height.cellCount()), 0.5);  // metres on average
}

// A slider change replaces the model mid-build (the editor's Play): the new model takes over the level it
// was on, with what that level keeps of the level below (its heights, and which of its cells were rivers,
// by which the level tells its new gullies) and where the last step's rivers ran (where creep fades), and
// the build comes out as if never replaced.
TEST(RiversModel, AReplacementModelContinuesTheBuildAtItsLevel) {
  RiversParams p;
  p.age = 100000.0f;
  p.detailSteps = 3.0f;
  const Terrain start = testing::bumpyLandscape(256, 5);
  RiversModel first(p, 15.0f, 2);
  ASSERT_EQ(first.levels(256, 256).size(), 3u);
  const uint64_t units = first.plannedUnits(256, 256);
  Terrain whole = start;
  ErosionStats stats;
  first.run(whole, nullptr, 0, units, stats);

  Terrain swapped = start;
  RiversModel before(p, 15.0f, 2), after(p, 15.0f, 2);
  before.run(swapped, nullptr, 0, units - 2, stats);  // one step into the finest level
  after.continueFrom(before);
  after.run(swapped, nullptr, units - 2, 2, stats);
  EXPECT_EQ(swapped.height, whole.height);
}

// The preview an artist tunes predicts the build: a map built in levels keeps the landforms of its coarsest
// level, so the same ground built at 64² (60 m, one level) and at 512² (7.5 m, four levels), the latter
// averaged down to 64², have their slopes in the same places: r 0.85. (Before each finer level kept the
// level below's: 0.58 here; the alpine preset's 512² against its 4096², 0.52.)
TEST(RiversModel, ABuildKeepsTheLandformsOfItsCoarsestLevel) {
  auto build = [](int side, float cellSize) {
    GeneratorSettings g;
    g.width = g.height = side;
    g.cellSize = cellSize;
    Terrain t(generate(g));
    RiversModel model(RiversParams{}, cellSize, 2);
    ErosionStats stats;
    model.run(t, nullptr, 0, model.plannedUnits(side, side), stats);
    return t.height;
  };
  const Heightmap preview = build(64, 60.0f), full = build(512, 7.5f);
  const Heightmap averaged = halve(halve(halve(full)));
  EXPECT_GT(testing::slopeAgreement(preview, averaged), 0.75);
}

// Keeping the level below's landforms raises or lowers rock, as uplift does: a build over three levels that
// only lifts records no net erosion or deposit (the doubling's jitter moves single cells either way).
TEST(RiversModel, LandformsKeptAreNeitherErosionNorDeposit) {
  Heightmap dome(256, 256);  // smooth at every level: doubling it adds no detail of its own
  for (int y = 0; y < 256; ++y)
    for (int x = 0; x < 256; ++x)
      dome.at(x, y) = 1000.0f * std::exp(-float((x - 128) * (x - 128) + (y - 128) * (y - 128)) / 5000.0f);
  Terrain t(dome);
  RiversParams p = upliftOnly();
  p.age = 5000.0f;
  RiversModel model(p, 15.0f, 2);
  ASSERT_EQ(model.levels(256, 256).size(), 3u);
  ErosionStats stats;
  model.run(t, nullptr, 0, model.plannedUnits(256, 256), stats);
  double net = 0;  // sediment less rock taken, in metres per cell
  for (size_t i = 0; i < t.height.cellCount(); ++i) net += t.deposited.data()[i] - t.eroded.data()[i];
  net /= double(t.height.cellCount());
  EXPECT_LT(std::abs(net), 0.1);  // 0.03; counted as erosion, the rock held down would be -2.3
}

// A run of no steps on a map built in levels leaves the map as it is (there is no level to show yet).
TEST(RiversModel, NoStepsChangeNothing) {
  Terrain t = testing::bumpyLandscape(256, 5);
  const Heightmap before = t.height;
  RiversModel model(RiversParams{}, 15.0f, 1);
  ErosionStats stats;
  model.run(t, nullptr, 0, 0, stats);
  EXPECT_EQ(t.height, before);
}

// Uplift is rock rising, not sediment: a run that only lifts leaves the eroded and deposited maps empty.
TEST(RiversModel, UpliftIsNeitherErosionNorDeposit) {
  Terrain t = testing::cone(64, 1000.0f);
  RiversParams p = upliftOnly();
  RiversModel model(p, 30.0f, 1);
  ErosionStats stats;
  model.run(t, nullptr, 0, 3, stats);
  float most = 0.0f;
  for (size_t i = 0; i < t.height.cellCount(); ++i)
    most = std::max({most, t.eroded.data()[i], t.deposited.data()[i]});
  EXPECT_LT(most, 1e-3f);
  EXPECT_LT(stats.deposited, 1.0);
}

// No frame round the map: the uplift fades out towards the base level and the border follows the land
// inside down. On the default range's 30.7 km (one level of 60 m cells), the outer two cells stand within
// 2% of the relief of the ring ten cells in, with no step from the border to the next ring (before: -3.2%,
// the border 52 m below the ring beside it, 4.5% of the relief).
TEST(RiversModel, ABuildLeavesNoFrameAtTheBorder) {
  GeneratorSettings g;
  g.width = g.height = 512;
  g.cellSize = 60.0f;
  g.seed = 7;
  Terrain t(generate(g));
  RiversModel model(RiversParams{}, 60.0f, 2);
  ASSERT_EQ(model.levels(512, 512).size(), 1u);
  ErosionStats stats;
  model.run(t, nullptr, 0, model.plannedUnits(512, 512), stats);
  const Heightmap& h = t.height;
  auto ring = [&](int k) {  // the mean height k cells in from the border
    double sum = 0;
    int count = 0;
    for (int y = k; y < 512 - k; ++y)
      for (int x = k; x < 512 - k; ++x)
        if (std::min({x, y, 511 - x, 511 - y}) == k) sum += h.at(x, y), ++count;
    return sum / count;
  };
  float lo, hi;
  h.minMax(lo, hi);
  EXPECT_LT(std::abs((ring(0) + ring(1)) / 2 - ring(10)), 0.02 * (hi - lo));
  EXPECT_LT(std::abs(ring(0) - ring(1)), 0.01 * (hi - lo));
}
}  // namespace
}  // namespace runnel
