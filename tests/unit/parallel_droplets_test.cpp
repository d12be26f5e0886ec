// The droplet model's tiled order (core/models/droplet/droplet_tiles.h): the same terrain and stats for any
// thread count and any batch split (droplets in flight carried over), soil kept, open edges, rain map starts,
// and a droplet stopped at tile edges going on exactly as an unbroken one. Suite names contain "Parallel":
// they also run under TSan.
#include <gtest/gtest.h>
#include <algorithm>

#include <atomic>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/base/thread_pool.h"
#include "core/generate/generators.h"
#include "core/models/droplet/droplet_kernel.h"
#include "core/models/droplet/droplet_model.h"
#include "core/models/droplet/droplet_tiles.h"
#include "core/rain/rain_map.h"
#include "droplet_test_terrain.h"

namespace runnel {
namespace {

DropletSettings tiled(int threads, DropletMode mode = DropletMode::Conserving, Edges edges = Edges::Wrap) {
  DropletSettings s;
  s.order = DropletOrder::Tiled;
  s.threads = threads;
  s.mode = mode;
  s.edges = edges;
  s.seed = 9;
  return s;
}

Terrain fbm(int w, int h, uint64_t seed = 3) {
  GeneratorSettings g;
  g.width = w, g.height = h, g.seed = seed;
  g.relief = float(std::max(g.width, g.height)) / 4.0f;  // in cells: the droplet model's classic setting
  return Terrain(generate(g));
}

bool sameTerrain(const Terrain& a, const Terrain& b) {
  return a.height == b.height && a.eroded == b.eroded && a.deposited == b.deposited;
}

void expectSameStats(const ErosionStats& a, const ErosionStats& b) {
  EXPECT_EQ(a.droplets, b.droplets);
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_EQ(a.longPaths, b.longPaths);
  EXPECT_EQ(a.randomDirs, b.randomDirs);
  // Summed per droplet in index order: equal to the last bit, not merely close.
  EXPECT_EQ(a.eroded, b.eroded);
  EXPECT_EQ(a.deposited, b.deposited);
  EXPECT_EQ(a.lost, b.lost);
  EXPECT_EQ(a.soilAfter, b.soilAfter);
}

TEST(ParallelDroplets, SameTerrainAndStatsForAnyThreadCount) {
  // 320 x 192: 4 x 2 tiles (wrap) or 5 x 3 (clamp).
  const Terrain base = fbm(320, 192);
  ASSERT_EQ(DropletTiles::tilesAlong(320, Edges::Wrap), 4);
  ASSERT_EQ(DropletTiles::tilesAlong(320, Edges::Clamp), 5);
  const uint64_t n = 4096 + 2048 + 7;  // the last wave is cut short
  for (DropletMode mode : {DropletMode::Conserving, DropletMode::Classic})
    for (Edges edges : {Edges::Wrap, Edges::Clamp}) {
      Terrain one = base;
      ErosionStats oneStats;
      DropletModel(tiled(1, mode, edges)).run(one, nullptr, 0, n, oneStats);
      EXPECT_FALSE(sameTerrain(one, base));
      for (int threads : {2, 3, 8, 16}) {
        SCOPED_TRACE(std::string(toString(mode)) + " " + toString(edges) + ", " + std::to_string(threads) +
                     " threads");
        Terrain t = base;
        ErosionStats st;
        DropletModel(tiled(threads, mode, edges)).run(t, nullptr, 0, n, st);
        EXPECT_TRUE(sameTerrain(t, one));
        expectSameStats(st, oneStats);
      }
    }
}

TEST(ParallelDroplets, SameTerrainAndStatsForAnyBatchSplit) {
  // 256 x 256: waves of 256 droplets. Cuts inside waves leave droplets in flight for the next run.
  const Terrain base = fbm(256, 256, 4);
  const uint64_t n = 5 * 4096;
  Terrain whole = base;
  ErosionStats wholeStats;
  DropletModel(tiled(2)).run(whole, nullptr, 0, n, wholeStats);
  for (int threads : {1, 3}) {
    Terrain parts = base;
    ErosionStats partStats;
    DropletModel model(tiled(threads));
    model.setSoilTotals(false);  // as the worker and runnel-cli run it
    const uint64_t cuts[] = {0, 1, 777, 4096, 9000, 9001, n};
    for (size_t i = 0; i + 1 < std::size(cuts); ++i)
      model.run(parts, nullptr, cuts[i], cuts[i + 1] - cuts[i], partStats);
    EXPECT_TRUE(sameTerrain(parts, whole)) << threads << " threads";
    EXPECT_EQ(partStats.droplets, n);
    EXPECT_EQ(partStats.steps, wholeStats.steps);
    // Summed per batch: equal but for the rounding of the batches' sums.
    EXPECT_NEAR(partStats.eroded, wholeStats.eroded, 1e-12 * wholeStats.eroded);
    EXPECT_EQ(partStats.soilAfter, 0.0);  // not measured
  }
}

TEST(ParallelDroplets, ARunEndingInsideAWaveCountsTheSoilInFlight) {
  // 777 droplets end inside the fourth wave of 256: the wave's later droplets have started and carry soil.
  // It is neither lost nor counted as error, and a new model given the run goes on with them.
  const Terrain base(testing::smoothTerrain(256, 256, 64, 1));
  Terrain t = base;
  ErosionStats first;
  DropletModel model(tiled(2));
  model.run(t, nullptr, 0, 777, first);
  EXPECT_EQ(first.droplets, 777u);
  EXPECT_GT(first.carried, 0.0);
  EXPECT_EQ(first.lost, 0.0);
  EXPECT_LT(std::abs(first.massError()), 1e-5) << first.summary();

  DropletSettings other = tiled(3);
  other.params.Kq = 20;  // a slider moved between two batches
  DropletModel next(other);
  next.continueFrom(model);
  ErosionStats second = first;
  next.run(t, nullptr, 777, 4096, second);
  EXPECT_LT(std::abs(second.massError()), 1e-5) << second.summary();

  // The same as one model that changed its parameters between the batches in the same way.
  Terrain u = base;
  DropletModel again(tiled(1));
  ErosionStats s;
  again.run(u, nullptr, 0, 777, s);
  DropletModel changed(other);
  changed.continueFrom(again);
  changed.run(u, nullptr, 777, 4096, s);
  EXPECT_TRUE(sameTerrain(t, u));

  // A run that does not start where the last one ended drops the droplets in flight (a reset).
  Terrain fresh = base, reference = base;
  ErosionStats a, b;
  model.run(fresh, nullptr, 0, 300, a);
  DropletModel(tiled(2)).run(reference, nullptr, 0, 300, b);
  EXPECT_TRUE(sameTerrain(fresh, reference));
}

// A slider moved mid-run (a new model continuing the last) settles what the droplets dug before it as the
// one model would: the same terrain as a run that never changed models.
TEST(ParallelDroplets, ANewModelGoingOnSettlesWhatTheLastOneDug) {
  const Terrain base(testing::smoothTerrain(256, 256, 64, 1));
  DropletModel whole(tiled(2));
  const uint64_t every = whole.settleEvery(256, 256);
  ASSERT_GT(every, 0u);
  Terrain one = base, two = base;
  ErosionStats a, b;
  whole.run(one, nullptr, 0, 3 * every, a);
  DropletModel first(tiled(2));
  first.run(two, nullptr, 0, every / 2, b);
  DropletModel next(tiled(2));
  next.continueFrom(first);
  next.run(two, nullptr, every / 2, 3 * every - every / 2, b);
  EXPECT_TRUE(sameTerrain(one, two));
}

TEST(ParallelDroplets, OneTileIsTheSequentialOrder) {
  // Under 128 cells a side the map is one tile: nothing is handed off, droplets run in index order (in
  // waves of 64: compared at the end of one).
  ASSERT_EQ(DropletTiles::tilesAlong(100, Edges::Wrap), 1);
  ASSERT_EQ(DropletTiles::waveSize(100, 90), 64u);
  const Terrain base(testing::smoothTerrain(100, 90, 25, 2));
  Terrain a = base, b = base;
  ErosionStats sa, sb;
  DropletModel(tiled(2)).run(a, nullptr, 0, 64 * 94, sa);
  DropletSettings s = tiled(2);
  s.order = DropletOrder::Sequential;
  DropletModel(s).run(b, nullptr, 0, 64 * 94, sb);
  EXPECT_TRUE(sameTerrain(a, b));
  expectSameStats(sa, sb);
}

TEST(ParallelDroplets, ADropletStoppedAtRegionEdgesGoesOnExactlyAsAnUnbrokenOne) {
  // Droplet after droplet in index order, once unbroken and once stopped whenever it leaves a 6 x 5 box
  // around where it stands (and at the wrapping seam), then refreshed as the tile scheduler does: the
  // saved state must carry everything, and a refresh with no other droplet about must change nothing.
  for (DropletMode mode : {DropletMode::Conserving, DropletMode::Classic}) {
    for (Edges edges : {Edges::Wrap, Edges::Clamp}) {
      Terrain a(testing::smoothTerrain(72, 64, 18, 4)), b = a;
      DropletSettings s = tiled(1, mode, edges);
      const DropletConstants k = dropletConstants(s, 72, 64, 0.0f);  // base level: the lowest height
      const TerrainView va = viewOf(a, edges), vb = viewOf(b, edges);
      DropletTally ta, tb;
      uint64_t stops = 0;
      for (uint64_t i = 0; i < 800; ++i) {
        DropletRandom rng(s.seed, i);
        const StartCell c = dropletStart(nullptr, 72, 64, rng);
        DropletState da = startDroplet(va, c.x, c.y, rng), db = da;
        ASSERT_TRUE(continueDroplet(va, k, DropletRegion{0, 0, 72, 64}, da));
        tallyDroplet(da, ta);
        for (;;) {
          const int x = int(db.x), z = int(db.z);
          if (continueDroplet(vb, k, DropletRegion{x - 2, z - 3, x + 4, z + 2}, db)) break;
          ++stops;
          refreshDroplet(vb, db);  // nothing else changed the ground: it must go on unchanged
        }
        tallyDroplet(db, tb);
      }
      EXPECT_GT(stops, 3000u);
      EXPECT_TRUE(sameTerrain(a, b)) << toString(mode) << " " << toString(edges);
      EXPECT_EQ(ta.steps, tb.steps);
      EXPECT_EQ(ta.eroded, tb.eroded);
      EXPECT_EQ(ta.lost, tb.lost);
      EXPECT_EQ(ta.randomDirs, tb.randomDirs);
      EXPECT_EQ(ta.longPaths, tb.longPaths);
    }
  }
}

TEST(ParallelDroplets, ConservingModeKeepsSoilToFloatRounding) {
  Terrain t(testing::smoothTerrain(256, 256, 64, 1));
  ErosionStats st;
  DropletModel(tiled(2)).run(t, nullptr, 0, 100000, st);
  EXPECT_GT(st.eroded, 100.0);
  EXPECT_EQ(st.lost, 0.0);
  EXPECT_LT(std::abs(st.massError()), 1e-5) << st.summary();
  EXPECT_EQ(t.height.firstNonFinite(), -1);
}

TEST(ParallelDroplets, DropletsLeaveAnOpenEdgeFromTheBorderTiles) {
  // A map falling east: droplets cross tile after tile and run off the east edge with their load.
  Heightmap m(256, 160);
  for (int z = 0; z < 160; ++z)
    for (int x = 0; x < 256; ++x) m.at(x, z) = 0.25f * float(255 - x) + 2.0f * std::sin(0.2f * float(z));
  const Terrain base(std::move(m));
  Terrain one = base, two = base;
  ErosionStats s1, s2;
  DropletModel(tiled(1, DropletMode::Conserving, Edges::Clamp)).run(one, nullptr, 0, 3 * 4096, s1);
  DropletModel(tiled(2, DropletMode::Conserving, Edges::Clamp)).run(two, nullptr, 0, 3 * 4096, s2);
  EXPECT_TRUE(sameTerrain(one, two));
  expectSameStats(s1, s2);
  EXPECT_GT(s1.lost, 0.1 * s1.eroded) << s1.summary();
  EXPECT_NEAR(s1.eroded, s1.deposited + s1.lost, 1e-6 * s1.eroded);
  EXPECT_LT(std::abs(s1.massError()), 1e-5) << s1.summary();
  // Soil was carried east across the tile borders at x = 64, 128, 192 (the east edge's column got some).
  double eastColumn = 0;
  for (int z = 0; z < 160; ++z) eastColumn += one.eroded.at(250, z) + one.deposited.at(250, z);
  EXPECT_GT(eastColumn, 0.0);
}

TEST(ParallelDroplets, DropletsStartOnlyWhereTheRainMapSays) {
  // A plane falling east, rain only on columns 100 to 109 and rows 60 to 99 (in the second column of
  // tiles): droplets run east from there across the tiles and off the edge; nothing west of the rain
  // changes, and little far north or south of it.
  Heightmap m(256, 160);
  for (int z = 0; z < 160; ++z)
    for (int x = 0; x < 256; ++x) m.at(x, z) = 0.1f * float(255 - x);
  const Terrain base(std::move(m));
  RainMap rain(256, 160, 0.0f);
  for (int z = 60; z < 100; ++z)
    for (int x = 100; x < 110; ++x) rain.setDensity(x, z, 1.0f);
  Terrain one = base, two = base;
  ErosionStats s1, s2;
  DropletModel(tiled(1, DropletMode::Conserving, Edges::Clamp)).run(one, &rain, 0, 4096, s1);
  DropletModel(tiled(3, DropletMode::Conserving, Edges::Clamp)).run(two, &rain, 0, 4096, s2);
  EXPECT_TRUE(sameTerrain(one, two));
  expectSameStats(s1, s2);
  EXPECT_GT(s1.lost, 0.0);
  EXPECT_GT(s1.steps, 50 * 4096);  // most ran the 150 cells to the east edge
  for (int z = 0; z < 160; ++z)
    for (int x = 0; x < 256; ++x) {
      if (one.height.at(x, z) == base.height.at(x, z)) continue;
      ASSERT_GE(x, 99) << x << "," << z;  // the brush reaches one cell west of a droplet's cell
      ASSERT_TRUE(z > 40 && z < 120) << x << "," << z;
    }
  for (int x : {105, 150, 200, 250}) {
    double changed = 0;
    for (int z = 60; z < 100; ++z) changed += std::abs(one.height.at(x, z) - base.height.at(x, z));
    EXPECT_GT(changed, 0.0) << "column " << x;
  }
}

TEST(ParallelThreadPool, RunsEveryItemOnceAndRethrows) {
  ThreadPool pool(3);
  ASSERT_EQ(pool.threads(), 3);
  for (size_t count : {size_t(1), size_t(2), size_t(7), size_t(300)}) {
    for (int round = 0; round < 50; ++round) {
      std::vector<std::atomic<int>> seen(count);
      pool.forEach(count, [&](size_t i) { seen[i].fetch_add(1); });
      for (size_t i = 0; i < count; ++i) ASSERT_EQ(seen[i].load(), 1) << i;
    }
  }
  EXPECT_THROW(pool.forEach(10,
                            [](size_t i) {
                              if (i == 7) throw std::runtime_error("item failed");
                            }),
               std::runtime_error);
  std::atomic<int> after{0};
  pool.forEach(5, [&](size_t) { after.fetch_add(1); });
  EXPECT_EQ(after.load(), 5);
}

}  // namespace
}  // namespace runnel
