// Painting the rain map: dabs have the brush's shape, strokes keep the sampler exact (the incremental
// Fenwick updates equal a rebuild), a stroke can be undone, and the whole-map operations do what they say.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/base/error.h"
#include "core/base/random.h"
#include "core/rain/rain_brush.h"

namespace runnel {
namespace {

std::vector<uint16_t> levelsOf(const RainMap& rain) {
  return {rain.levels(), rain.levels() + size_t(rain.width()) * size_t(rain.height())};
}

double levelSum(const RainMap& rain) {
  double s = 0;
  for (uint16_t l : levelsOf(rain)) s += l;
  return s / 65535.0;
}

TEST(RainBrush, WeightIsFullInsideThenFadesSmoothlyToZeroAtTheRadius) {
  RainBrush b{10.0f, 0.8f, 0.5f, 1.0f};
  EXPECT_FLOAT_EQ(brushWeight(b, 0.0f), 0.8f);
  EXPECT_FLOAT_EQ(brushWeight(b, 5.0f), 0.8f);
  EXPECT_FLOAT_EQ(brushWeight(b, 7.5f), 0.4f);  // smoothstep's midpoint
  EXPECT_EQ(brushWeight(b, 10.0f), 0.0f);
  EXPECT_EQ(brushWeight(b, 50.0f), 0.0f);
  float last = 1;
  for (float d = 0; d < 10; d += 0.1f) {
    EXPECT_LE(brushWeight(b, d), last);
    last = brushWeight(b, d);
  }
  b.falloff = 0;  // a hard edge
  EXPECT_FLOAT_EQ(brushWeight(b, 9.99f), 0.8f);
  EXPECT_EQ(brushWeight(b, 10.0f), 0.0f);
}

TEST(RainBrush, DabMovesCellsWithinTheRadiusTowardsTheTargetAndReportsWhatChanged) {
  RainMap rain(64, 64, 0.0f);
  const RainBrush b{6.0f, 0.5f, 0.0f, 1.0f};
  const CellRect r = paintDab(rain, 20.0f, 30.0f, b, false);
  EXPECT_EQ(r.x0, 14);
  EXPECT_EQ(r.x1, 26);
  EXPECT_EQ(r.y0, 24);
  EXPECT_EQ(r.y1, 36);
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x) {
      const float d = std::hypot(float(x) + 0.5f - 20.0f, float(y) + 0.5f - 30.0f);
      EXPECT_NEAR(rain.density(x, y), d < 6.0f ? 0.5f : 0.0f, 1e-4f) << x << "," << y;
      if (rain.density(x, y) > 0) {
        EXPECT_TRUE(x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1);
      }
    }
  // Again: half the remaining way; then erasing halves it.
  paintDab(rain, 20.0f, 30.0f, b, false);
  EXPECT_NEAR(rain.density(20, 30), 0.75f, 1e-4f);
  paintDab(rain, 20.0f, 30.0f, b, true);
  EXPECT_NEAR(rain.density(20, 30), 0.375f, 1e-4f);
  // A brush density below the cell's lowers it.
  paintDab(rain, 20.0f, 30.0f, RainBrush{6.0f, 1.0f, 0.0f, 0.1f}, false);
  EXPECT_NEAR(rain.density(20, 30), 0.1f, 1e-4f);
  EXPECT_TRUE(rain.samplerMatchesCells());
}

TEST(RainBrush, DabsOffTheMapAreClippedAndADabThatChangesNothingReportsNothing) {
  RainMap rain(32, 16, 1.0f);
  const RainBrush b{8.0f, 1.0f, 0.3f, 1.0f};
  EXPECT_TRUE(paintDab(rain, 5.0f, 5.0f, b, false).empty());  // already full
  const CellRect r = paintDab(rain, -3.0f, 15.0f, b, true);
  EXPECT_EQ(r.x0, 0);
  EXPECT_EQ(r.y1, 16);
  EXPECT_TRUE(paintDab(rain, -100.0f, 5.0f, b, true).empty());
  // Past a corner: rows where the circle lies wholly off the map must not be touched.
  paintDab(rain, 36.5f, 19.7f, b, true);
  EXPECT_LT(rain.density(31, 15), 1.0f);
  EXPECT_EQ(rain.density(20, 15), 1.0f);
  EXPECT_TRUE(rain.samplerMatchesCells());
}

TEST(RainBrush, RandomStrokesKeepTheSamplerEqualToARebuild) {
  RainMap rain(300, 200, 1.0f);
  DropletRandom r(5, 0);
  for (int s = 0; s < 60; ++s) {
    const RainBrush b{1.0f + r.uniform() * 40.0f, r.uniform(), r.uniform(), r.uniform()};
    RainStroke stroke(b, r.below(3) == 0);
    float x = r.uniform() * 340.0f - 20.0f, y = r.uniform() * 240.0f - 20.0f;
    for (int k = 0; k < 10; ++k) {
      stroke.moveTo(rain, x, y);
      x += r.uniform() * 40.0f - 20.0f, y += r.uniform() * 40.0f - 20.0f;
    }
    ASSERT_TRUE(rain.samplerMatchesCells()) << "after stroke " << s;
  }
  EXPECT_NEAR(rain.totalWeight(), levelSum(rain), 1e-9 * levelSum(rain));
  // The painted map samples exactly like one built whole from its cells.
  RainMap rebuilt(300, 200, 0.0f);
  rebuilt.assignLevels(rain.levels());
  for (int i = 0; i < 5000; ++i) {
    DropletRandom a(2, uint64_t(i)), c(2, uint64_t(i));
    const StartCell p = rain.sample(a), q = rebuilt.sample(c);
    ASSERT_EQ(p.x, q.x);
    ASSERT_EQ(p.y, q.y);
  }
}

TEST(RainBrush, StrokeReportsEveryChangedCellAndItsBeforePatchUndoesIt) {
  RainMap rain(128, 96, 0.3f);
  paintDab(rain, 60.0f, 40.0f, RainBrush{20.0f, 0.7f, 1.0f, 1.0f}, false);  // not uniform before the stroke
  const std::vector<uint16_t> start = levelsOf(rain);
  RainStroke stroke(RainBrush{9.0f, 0.6f, 0.5f, 1.0f}, true);
  CellRect reported;
  const float path[][2] = {{10, 10}, {40, 20}, {80, 30}, {120, 90}, {100, 95}};
  for (const auto& p : path) reported.include(stroke.moveTo(rain, p[0], p[1]));
  EXPECT_GT(stroke.dabCount(), 10);
  const CellRect& kept = stroke.before().rect;
  for (int y = 0; y < 96; ++y)
    for (int x = 0; x < 128; ++x) {
      if (rain.level(x, y) == start[size_t(y) * 128 + size_t(x)]) continue;
      ASSERT_TRUE(x >= reported.x0 && x < reported.x1 && y >= reported.y0 && y < reported.y1);
      ASSERT_TRUE(x >= kept.x0 && x < kept.x1 && y >= kept.y0 && y < kept.y1);
    }
  const RainPatch after = capturePatch(rain, kept);
  applyPatch(rain, stroke.before());
  EXPECT_EQ(levelsOf(rain), start);
  EXPECT_TRUE(rain.samplerMatchesCells());
  applyPatch(rain, after);  // redo
  EXPECT_NE(levelsOf(rain), start);
  EXPECT_TRUE(rain.samplerMatchesCells());
}

TEST(RainBrush, DabsAreEvenlySpacedHoweverTheDragIsSplit) {
  RainMap whole(100, 40, 0.0f), split(100, 40, 0.0f);
  const RainBrush b{8.0f, 0.3f, 0.5f, 1.0f};
  RainStroke a(b, false), c(b, false);
  a.moveTo(whole, 10.0f, 20.0f);
  a.moveTo(whole, 90.0f, 20.0f);
  c.moveTo(split, 10.0f, 20.0f);
  for (float x = 10.5f; x <= 90.0f; x += 0.5f) c.moveTo(split, x, 20.0f);
  EXPECT_EQ(a.dabCount(), 1 + 40);  // 80 cells at 2 cells a dab
  EXPECT_EQ(c.dabCount(), a.dabCount());
  for (int x = 0; x < 100; ++x) EXPECT_NEAR(whole.density(x, 20), split.density(x, 20), 2e-4f) << x;
}

TEST(RainBrush, BadBrushSettingsAreRefusedByName) {
  auto refused = [](RainBrush b, const char* name) {
    try {
      RainStroke s(b, false);
    } catch (const Error& e) {
      return std::string(e.what()).find(name) != std::string::npos;
    }
    return false;
  };
  EXPECT_TRUE(refused({0.0f, 0.5f, 0.5f, 1.0f}, "radius"));
  EXPECT_TRUE(refused({std::nanf(""), 0.5f, 0.5f, 1.0f}, "radius"));
  EXPECT_TRUE(refused({5.0f, 1.5f, 0.5f, 1.0f}, "strength"));
  EXPECT_TRUE(refused({5.0f, 0.5f, -0.1f, 1.0f}, "falloff"));
  EXPECT_TRUE(refused({5.0f, 0.5f, 0.5f, 2.0f}, "density"));
}

TEST(RainMapOperations, FillInvertAndBlur) {
  RainMap rain(50, 40, 0.25f);
  rain.springs().push_back({5, 5, 3, 1});
  invertRain(rain);
  EXPECT_NEAR(rain.density(7, 7), 0.75f, 1e-4f);
  EXPECT_EQ(rain.springs().size(), 1u);
  paintDab(rain, 25.0f, 20.0f, RainBrush{5.0f, 1.0f, 0.0f, 0.0f}, false);  // a dry disc
  const std::vector<uint16_t> painted = levelsOf(rain);
  invertRain(rain);
  invertRain(rain);
  EXPECT_EQ(levelsOf(rain), painted);
  EXPECT_TRUE(rain.samplerMatchesCells());

  blurRain(rain, 0);
  EXPECT_EQ(levelsOf(rain), painted);
  blurRain(rain, 3);
  EXPECT_TRUE(rain.samplerMatchesCells());
  // The dry disc's centre gets some rain, its surroundings lose some, far cells keep theirs.
  EXPECT_GT(rain.density(25, 20), 0.02f);
  EXPECT_LT(rain.density(25, 20), 0.5f);
  EXPECT_LT(rain.density(31, 20), 0.75f - 0.01f);
  EXPECT_NEAR(rain.density(2, 2), 0.75f, 1e-4f);
  EXPECT_NEAR(rain.density(46, 37), 0.75f, 1e-4f);
  // Symmetric about the disc's centre (25, 20) is between cells 24 and 25.
  EXPECT_NEAR(rain.density(22, 20), rain.density(27, 20), 1e-3f);
  EXPECT_NEAR(rain.density(25, 16), rain.density(24, 23), 1e-3f);
  // Interior mass is kept (the edges extend, so only cells near the border could drift).
  double before = 0, after = 0;
  for (int y = 0; y < 40; ++y)
    for (int x = 0; x < 50; ++x) before += painted[size_t(y) * 50 + size_t(x)], after += rain.level(x, y);
  EXPECT_NEAR(after, before, 1e-4 * before);

  fillRain(rain, 0.0f);
  EXPECT_EQ(rain.density(25, 20), 0.0f);
  EXPECT_DOUBLE_EQ(rain.totalWeight(), 3.0);  // the spring is all that is left
  EXPECT_THROW(blurRain(rain, -1), Error);
}

}  // namespace
}  // namespace runnel
