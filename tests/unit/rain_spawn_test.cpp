// Droplets fall where the artist paints: start counts over regions of a brush-painted map follow the map
// (chi-square), erased cells get none, springs get their share beside painted rain, and with rain on one
// half only the other half changes only where water flows in from the painted half.
#include <gtest/gtest.h>

#include <cmath>
#include <deque>
#include <vector>

#include "core/models/droplet/droplet_model.h"
#include "core/rain/rain_brush.h"
#include "core/rain/rain_springs.h"
#include "droplet_test_terrain.h"

namespace runnel {
namespace {

// Strokes, a blur, then a hard erased disc: what an artist's map looks like.
RainMap paintedMap(int w, int h) {
  RainMap rain(w, h, 0.1f);
  RainStroke a(RainBrush{14.0f, 0.7f, 0.6f, 1.0f}, false);
  a.moveTo(rain, 10, 10), a.moveTo(rain, 100, 60), a.moveTo(rain, 30, 90);
  RainStroke b(RainBrush{6.0f, 0.9f, 0.3f, 1.0f}, false);
  b.moveTo(rain, 120, 5), b.moveTo(rain, 120, 95);
  blurRain(rain, 2);
  paintDab(rain, 70.0f, 30.0f, RainBrush{10.0f, 1.0f, 0.0f, 0.0f}, true);
  return rain;
}

TEST(RainSpawn, StartsOverRegionsOfAPaintedMapFollowItChiSquare) {
  const int W = 128, H = 96, B = 16;
  const RainMap rain = paintedMap(W, H);
  ASSERT_TRUE(rain.samplerMatchesCells());
  const int nx = W / B, ny = H / B;
  std::vector<double> weight(size_t(nx * ny), 0.0);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) weight[size_t((y / B) * nx + x / B)] += rain.density(x, y);
  const int n = 300000;
  std::vector<int> count(weight.size(), 0);
  for (int i = 0; i < n; ++i) {
    DropletRandom r(11, uint64_t(i));
    const StartCell c = rain.sample(r);
    ++count[size_t((c.y / B) * nx + c.x / B)];
  }
  const double total = rain.totalWeight();
  double chi2 = 0;
  for (size_t k = 0; k < count.size(); ++k) {
    const double expected = n * weight[k] / total;
    chi2 += (count[k] - expected) * (count[k] - expected) / expected;
  }
  // 47 degrees of freedom: the 99.9th percentile is about 82.7. The map is far from uniform, so uniform
  // starts would be far beyond it.
  EXPECT_LT(chi2, 82.7);
  double chi2Uniform = 0;
  for (size_t k = 0; k < count.size(); ++k) {
    const double expected = n * weight[k] / total, uniform = double(n) / double(count.size());
    chi2Uniform += (uniform - expected) * (uniform - expected) / expected;
  }
  EXPECT_GT(chi2Uniform, 1000.0);
}

TEST(RainSpawn, AnErasedRegionGetsNoStarts) {
  const RainMap rain = paintedMap(128, 96);
  for (int y = 25; y < 35; ++y)
    for (int x = 65; x < 75; ++x) ASSERT_EQ(rain.level(x, y), 0) << x << "," << y;
  int nearby = 0;
  for (int i = 0; i < 300000; ++i) {
    DropletRandom r(4, uint64_t(i));
    const StartCell c = rain.sample(r);
    ASSERT_GT(rain.level(c.x, c.y), 0) << "a start in an erased cell " << c.x << "," << c.y;
    if (c.x >= 55 && c.x < 85 && c.y >= 15 && c.y < 45) ++nearby;
  }
  EXPECT_GT(nearby, 1000);  // rain right around the dry disc: the sampler is not just avoiding the area
}

TEST(RainSpawn, SpringsGetTheirShareBesidePaintedRain) {
  RainMap rain = paintedMap(128, 96);
  addSpring(rain, {70.0f, 30.0f, 400.0f, 3.0f});  // in the erased disc, so its starts are easy to tell
  addSpring(rain, {5.0f, 90.0f, 0.0f, 3.0f});     // a paused spring
  const double share = 400.0 / rain.totalWeight();
  const int n = 200000;
  int inDisc = 0;
  for (int i = 0; i < n; ++i) {
    DropletRandom r(8, uint64_t(i));
    const StartCell c = rain.sample(r);
    if (rain.level(c.x, c.y) == 0) {
      ++inDisc;
      ASSERT_LE(std::hypot(float(c.x) + 0.5f - 70.0f, float(c.y) + 0.5f - 30.0f), 3.0f + 1.5f);
    }
  }
  EXPECT_NEAR(inDisc, n * share, 4 * std::sqrt(n * share * (1 - share)));
}

// A 128 x 128 terrain falling 0.25 a cell along x (down towards +x when `towardsDry`), with gentle waves so
// paths meander, `droplets` droplets of rain on the west half only (everywhere when `everywhere`, the
// control), open edges. Returns where the height changed.
std::vector<char> changedByHalfRain(bool towardsDry, uint64_t droplets, double& dryChanges,
                                    double& wetChanges, bool everywhere = false) {
  const int N = 128;
  Heightmap h = testing::smoothTerrain(N, N, 3.0f, 21);
  for (int y = 0; y < N; ++y)
    for (int x = 0; x < N; ++x) h.at(x, y) += 0.25f * float(towardsDry ? N - x : x);
  Terrain terrain(h);
  RainMap rain(N, N, 0.0f);
  for (int y = 0; y < N; ++y) {
    std::vector<uint16_t> wet(N, RainMap::kFullLevel);
    rain.setRowLevels(y, 0, everywhere ? N : N / 2, wet.data());
  }
  DropletSettings s;
  s.edges = Edges::Clamp;
  s.seed = 3;
  DropletModel model(s);
  ErosionStats stats;
  model.run(terrain, &rain, 0, droplets, stats);
  std::vector<char> changed(size_t(N) * N, 0);
  dryChanges = wetChanges = 0;
  for (int y = 0; y < N; ++y)
    for (int x = 0; x < N; ++x)
      if (terrain.height.at(x, y) != h.at(x, y)) {
        changed[size_t(y) * N + size_t(x)] = 1;
        (x < N / 2 ? wetChanges : dryChanges) += 1;
      }
  return changed;
}

// Changed cells of the east half that cannot be reached from the west half through changed cells
// (8-connected): starts, not water flowing in.
int unreachedFromTheWest(const std::vector<char>& changed, int N) {
  std::vector<char> reached(changed.size(), 0);
  std::deque<int> open;
  for (int y = 0; y < N; ++y)
    for (int x = 0; x < N / 2; ++x)
      if (changed[size_t(y) * N + size_t(x)])
        reached[size_t(y) * N + size_t(x)] = 1, open.push_back(y * N + x);
  while (!open.empty()) {
    const int c = open.front();
    open.pop_front();
    const int cx = c % N, cy = c / N;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int x = cx + dx, y = cy + dy;
        if (x < 0 || y < 0 || x >= N || y >= N) continue;
        const size_t k = size_t(y) * N + size_t(x);
        if (changed[k] && !reached[k]) reached[k] = 1, open.push_back(int(k));
      }
  }
  int unreached = 0;
  for (size_t k = 0; k < changed.size(); ++k) unreached += changed[k] && !reached[k];
  return unreached;
}

TEST(RainSpawn, RainOnOneHalfChangesTheOtherOnlyWhereWaterFlowsInFromIt) {
  const int N = 128;
  // Few droplets, so paths are sparse lines and a path starting in the dry half would stand apart (two
  // whole waves of the tiled order: a run ending inside one runs all its droplets part of the way).
  for (uint64_t droplets : {128u, 20000u}) {
    double dry = 0, wet = 0;
    const std::vector<char> changed = changedByHalfRain(true, droplets, dry, wet);
    EXPECT_GT(wet, droplets < 1000 ? 500 : 2000);
    EXPECT_GT(dry, droplets < 1000 ? 200 : 2000);  // water runs on down into the dry half
    EXPECT_EQ(unreachedFromTheWest(changed, N), 0) << droplets << " droplets";
  }
  // The control: the same droplets with rain everywhere do start in the east half.
  double dry = 0, wet = 0;
  EXPECT_GT(unreachedFromTheWest(changedByHalfRain(true, 128, dry, wet, true), N), 10);
}

TEST(RainSpawn, RainOnOneHalfLeavesTheOtherAloneWhenTheGroundRisesIntoIt) {
  const int N = 128;
  double dry = 0, wet = 0;
  const std::vector<char> changed = changedByHalfRain(false, 20000, dry, wet);
  EXPECT_GT(wet, 2000);
  // Only the erosion brush of droplets starting by the border reaches over it (the article's brush spans the
  // 4 x 4 cells around a droplet); beyond that the dry half is untouched.
  for (int y = 0; y < N; ++y)
    for (int x = N / 2 + 2; x < N; ++x) ASSERT_FALSE(changed[size_t(y) * N + size_t(x)]) << x << "," << y;
}

}  // namespace
}  // namespace runnel
