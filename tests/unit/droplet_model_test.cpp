// Behaviour of the droplet model (article 000): channels and pits, the pit rule, conservation, the classic
// drift, determinism, open edges and a real elevation model.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>
#include <vector>

#include "core/base/error.h"
#include "core/generate/generators.h"
#include "core/io/heightmap_io.h"
#include "core/models/droplet/droplet_model.h"
#include "core/rain/rain_map.h"
#include "core/sim/chunked_run.h"

namespace runnel {
namespace {

// An fBm terrain from the generator, `relief` units high, tileable so wrapping maps have no seam.
Heightmap fbm(int w, int h, float relief, uint64_t seed) {
  GeneratorSettings g;
  g.kind = GeneratorKind::Fbm;
  g.width = w, g.height = h;
  g.relief = relief;
  g.seed = seed;
  g.tileable = true;
  return generate(g);
}

DropletSettings settingsFor(DropletMode mode, Edges edges, uint64_t seed = 1) {
  DropletSettings s;
  s.mode = mode;
  s.edges = edges;
  s.seed = seed;
  return s;
}

ErosionStats erode(Terrain& t, const DropletSettings& s, uint64_t count, const RainMap* rain = nullptr) {
  DropletModel model(s);
  ErosionStats stats;
  model.run(t, rain, 0, count, stats);
  return stats;
}

// A map falling towards +x with `drop` units per cell, with rain only from a spring near the top.
struct Slope {
  Terrain terrain;
  RainMap rain;
};
Slope tiltedPlane(int w, int h, float drop, int springX, int springZ) {
  Heightmap m(w, h);
  for (int z = 0; z < h; ++z)
    for (int x = 0; x < w; ++x) m.at(x, z) = drop * float(w - 1 - x);
  RainMap rain(w, h, 0.0f);
  rain.springs().push_back({float(springX), float(springZ), 1.0f, 0.5f});
  return {Terrain(std::move(m)), std::move(rain)};
}

TEST(DropletModel, DropletsOnATiltedPlaneCutAChannelAndFillAPitBelow) {
  // The plane falls east; a bowl 6 cells across and about 3 units deep sits in the droplets' way.
  Slope p = tiltedPlane(96, 48, 0.5f, 8, 24);
  Heightmap& hm = p.terrain.height;
  for (int z = 0; z < 48; ++z)
    for (int x = 0; x < 96; ++x) {
      const float r2 = float((x - 60) * (x - 60) + (z - 24) * (z - 24));
      if (r2 < 9.0f) hm.at(x, z) -= 3.0f * (1.0f - r2 / 9.0f) + 1.5f;
    }
  const Heightmap before = hm;
  const ErosionStats st = erode(p.terrain, settingsFor(DropletMode::Conserving, Edges::Clamp), 200, &p.rain);

  // Upstream, along the droplets' row: a channel, lower than before and lower than its banks.
  double channel = 0, banks = 0;
  for (int x = 15; x < 50; ++x) {
    channel += before.at(x, 24) - hm.at(x, 24);
    banks += before.at(x, 30) - hm.at(x, 30);
    EXPECT_GT(p.terrain.eroded.at(x, 24), 0.0f) << "x=" << x;
  }
  EXPECT_GT(channel, 1.0);
  EXPECT_EQ(banks, 0.0);
  // The bowl collects sediment.
  double pit = 0;
  for (int z = 21; z <= 27; ++z)
    for (int x = 57; x <= 63; ++x) pit += p.terrain.deposited.at(x, z);
  EXPECT_GT(pit, 5.0);
  EXPECT_GT(hm.at(60, 24), before.at(60, 24) + 0.2f);
  EXPECT_GT(st.lost, 0.0);  // and the rest runs off the east edge
}

TEST(DropletModel, PitRuleDropsEverythingBeforeAHighWallAndFillsALowStepAndGoesOn) {
  // Ten cells of slope, then a rise: a wall 20 units high, or a step of 1e-4 units.
  for (float rise : {20.0f, 1e-4f}) {
    Heightmap m(48, 16);
    for (int z = 0; z < 16; ++z)
      for (int x = 0; x < 48; ++x) m.at(x, z) = x <= 12 ? 0.6f * float(12 - x) : rise * float(x - 12) + 0;
    Terrain t(std::move(m));
    RainMap rain(48, 16, 0.0f);
    rain.springs().push_back({2.0f, 8.0f, 1.0f, 0.5f});
    const Heightmap before = t.height;
    const ErosionStats st = erode(t, settingsFor(DropletMode::Conserving, Edges::Clamp), 1, &rain);
    ASSERT_GT(st.eroded, 0.0);
    if (rise > 1) {
      // It stops at the wall with its whole load laid down there, nothing lost.
      EXPECT_LE(st.steps, 14u);  // 10 or 11 cells of slope, a turn back from the wall at most
      EXPECT_NEAR(st.deposited, st.eroded, 1e-6 * st.eroded);
      EXPECT_EQ(st.lost, 0.0);
      double nearWall = 0;
      for (int z = 0; z < 16; ++z)
        for (int x = 9; x <= 13; ++x) nearWall += t.deposited.at(x, z);
      EXPECT_GT(nearWall, 0.5 * st.eroded);
    } else {
      // The step is filled (0.001 above it) and the droplet goes on uphill from rest, further than 12.
      EXPECT_GT(st.steps, 12u);
      EXPECT_GT(t.deposited.at(12, 8) + t.deposited.at(11, 8) + t.deposited.at(12, 7) + t.deposited.at(11, 7),
                0.0f);
    }
  }
}

TEST(DropletModel, ADropletStartingInAPitDoesNothing) {
  Heightmap m(16, 16, 5.0f);
  for (int z = 0; z < 16; ++z)
    for (int x = 0; x < 16; ++x) m.at(x, z) = 0.3f * float((x - 8) * (x - 8) + (z - 8) * (z - 8));
  Terrain t(std::move(m));
  const Heightmap before = t.height;
  RainMap rain(16, 16, 0.0f);
  rain.setDensity(8, 8, 1.0f);
  const ErosionStats st = erode(t, settingsFor(DropletMode::Classic, Edges::Wrap), 5, &rain);
  EXPECT_EQ(st.steps, 0u);
  EXPECT_TRUE(t.height == before);
}

TEST(DropletModel, ConservingModeKeepsSoilToFloatRounding) {
  Terrain t(fbm(256, 256, 64, 1));
  const ErosionStats st = erode(t, settingsFor(DropletMode::Conserving, Edges::Wrap), 100000);
  EXPECT_GT(st.eroded, 100.0);
  EXPECT_EQ(st.lost, 0.0);
  EXPECT_LT(std::abs(st.massError()), 1e-5) << st.summary();
  EXPECT_NEAR(st.deposited, st.eroded, 1e-5 * st.eroded);
  EXPECT_EQ(t.height.firstNonFinite(), -1);
  // The bookkeeping is consistent: height change = deposited - eroded, both >= 0.
  const Terrain base(fbm(256, 256, 64, 1));
  for (int z = 0; z < 256; z += 7)
    for (int x = 0; x < 256; x += 5) {
      ASSERT_GE(t.eroded.at(x, z), 0.0f);
      ASSERT_GE(t.deposited.at(x, z), 0.0f);
      ASSERT_NEAR(t.height.at(x, z) - base.height.at(x, z), t.deposited.at(x, z) - t.eroded.at(x, z), 1e-3);
    }
}

TEST(DropletModel, ClassicModeShowsTheSeedsDrift) {
  Terrain t(fbm(256, 256, 64, 1));
  const ErosionStats st = erode(t, settingsFor(DropletMode::Classic, Edges::Wrap), 20000);
  // The unnormalised brush creates or destroys soil, and path cuts throw sediment away: far beyond
  // rounding, and what the article does.
  EXPECT_GT(std::abs(st.massError()), 1e-4) << st.summary();
  EXPECT_LT(std::abs(st.massError()), 0.05) << st.summary();
  EXPECT_EQ(t.height.firstNonFinite(), -1);
}

// The sequential order; the tiled one in parallel_droplets_test.cpp.
TEST(DropletModel, SameTerrainForAnyBatchSplit) {
  for (DropletMode mode : {DropletMode::Conserving, DropletMode::Classic}) {
    DropletSettings s = settingsFor(mode, Edges::Wrap, 42);
    s.order = DropletOrder::Sequential;
    Terrain one(fbm(96, 80, 24, 5));
    Terrain many = one;
    DropletModel model(s);
    ErosionStats a, b;
    model.run(one, nullptr, 0, 5000, a);
    for (uint64_t first = 0, n = 1; first < 5000; first += n, n = n * 3 % 997 + 1)
      model.run(many, nullptr, first, std::min<uint64_t>(n, 5000 - first), b);
    EXPECT_TRUE(one.height == many.height);
    EXPECT_TRUE(one.eroded == many.eroded);
    EXPECT_TRUE(one.deposited == many.deposited);
    EXPECT_EQ(a.droplets, b.droplets);
    EXPECT_EQ(a.steps, b.steps);
    EXPECT_DOUBLE_EQ(a.soilBefore, b.soilBefore);
    EXPECT_DOUBLE_EQ(a.soilAfter, b.soilAfter);
  }
}

TEST(DropletModel, SameSeedSameTerrainOtherSeedOtherTerrain) {
  Terrain a(fbm(64, 64, 16, 2)), b = a, c = a;
  erode(a, settingsFor(DropletMode::Conserving, Edges::Wrap, 1), 2000);
  erode(b, settingsFor(DropletMode::Conserving, Edges::Wrap, 1), 2000);
  erode(c, settingsFor(DropletMode::Conserving, Edges::Wrap, 2), 2000);
  EXPECT_TRUE(a.height == b.height);
  EXPECT_FALSE(a.height == c.height);
}

TEST(DropletModel, OpenEdgesLetSedimentLeaveAndCountIt) {
  // Everything drains off the east edge.
  Slope p = tiltedPlane(64, 32, 0.5f, 4, 16);
  p.rain.fill(1.0f);
  p.rain.springs().clear();
  const ErosionStats st = erode(p.terrain, settingsFor(DropletMode::Conserving, Edges::Clamp), 3000, &p.rain);
  EXPECT_GT(st.lost, 0.1 * st.eroded) << st.summary();
  EXPECT_NEAR(st.eroded, st.deposited + st.lost, 1e-5 * st.eroded);
  EXPECT_LT(std::abs(st.massError()), 1e-5) << st.summary();
  // On a wrapping map the same rain has nowhere to go.
  Slope q = tiltedPlane(64, 32, 0.5f, 4, 16);
  const ErosionStats wrap = erode(q.terrain, settingsFor(DropletMode::Conserving, Edges::Wrap), 3000);
  EXPECT_EQ(wrap.lost, 0.0);
}

TEST(DropletModel, OpenEdgesCutDownToTheBaseLevelAndNoFurther) {
  // An open edge is eroded but never filled; without a base level each droplet that leaves dug the
  // border deeper and the map fell to -1e19 within 100k droplets. With it no cell goes below the lowest
  // ground, not even a cell beside a drain that the 4 x 4 brush reaches (it used to sink a few units).
  for (DropletMode mode : {DropletMode::Conserving, DropletMode::Classic}) {
    Terrain t(fbm(128, 128, 32, 5));
    float lo, hi;
    t.height.minMax(lo, hi);
    const double before = t.height.sum();
    const ErosionStats st = erode(t, settingsFor(mode, Edges::Clamp), 60000);
    float after_lo, after_hi;
    t.height.minMax(after_lo, after_hi);
    EXPECT_EQ(t.height.firstNonFinite(), -1);
    EXPECT_GE(after_lo, lo) << toString(mode) << ": " << st.summary();
    EXPECT_LE(after_hi, hi + 0.01f);
    EXPECT_LT(t.height.sum(), before) << "sediment leaves through the open edges";
  }
}

TEST(DropletModel, NothingErodesBelowAGivenBaseLevel) {
  Terrain t(fbm(64, 64, 16, 2));
  DropletSettings s = settingsFor(DropletMode::Conserving, Edges::Clamp);
  s.baseLevel = 16.5f;  // above the highest ground: no droplet may take anything
  const Heightmap before = t.height;
  const ErosionStats st = erode(t, s, 2000);
  EXPECT_EQ(st.eroded, 0.0);
  EXPECT_TRUE(t.height == before);
  s.baseLevel = std::numeric_limits<float>::infinity();
  EXPECT_THROW(DropletModel{s}, Error);
}

// Share of cells whose slope (central differences, heights and cells in the same unit) is over `degrees`.
double steeperThan(const Heightmap& h, double degrees) {
  const double limit = std::tan(degrees * M_PI / 180.0);
  int over = 0, cells = 0;
  for (int y = 1; y + 1 < h.height(); ++y)
    for (int x = 1; x + 1 < h.width(); ++x, ++cells) {
      const double gx = 0.5 * (h.at(x + 1, y) - h.at(x - 1, y)), gy = 0.5 * (h.at(x, y + 1) - h.at(x, y - 1));
      over += std::hypot(gx, gy) > limit;
    }
  return double(over) / cells;
}

// Conserving mode: the walls the droplets dig slide back to the rock angle (and what they lay down to the
// sediment angle) as they go; without the angles they dig needles. Classic mode never settles.
TEST(DropletModel, WallsTheDropletsDigStandAtTheirAnglesOfRepose) {
  DropletSettings s = settingsFor(DropletMode::Conserving, Edges::Clamp, 3);
  const Terrain start(fbm(128, 128, 10, 4));
  ASSERT_LT(steeperThan(start.height, 45), 0.01);
  const uint64_t droplets = 2 * 128 * 128;
  Terrain settled = start, needles = start;
  erode(settled, s, droplets);
  s.params.sedimentAngle = s.params.rockAngle = 90.0f;
  EXPECT_EQ(DropletModel(s).settleEvery(128, 128), 0u);
  erode(needles, s, droplets);
  EXPECT_GT(steeperThan(needles.height, 45), 0.10);
  EXPECT_GT(steeperThan(needles.height, 60), 0.01);
  EXPECT_LT(steeperThan(settled.height, 45), 0.03);
  EXPECT_EQ(steeperThan(settled.height, 60), 0.0);
  // The angles are in world units: at 30 m cells (heights in metres, cellRise 30) the same.
  s = settingsFor(DropletMode::Conserving, Edges::Clamp, 3);
  EXPECT_EQ(DropletModel(s).settleEvery(128, 128), 1024u);  // 1/16 of a droplet per cell, whole waves
  s.mode = DropletMode::Classic;
  EXPECT_EQ(DropletModel(s).settleEvery(128, 128), 0u);
}

// The same heights to the bit.
bool sameHeights(const Terrain& a, const Terrain& b) {
  return a.height.cellCount() == b.height.cellCount() &&
         std::memcmp(a.height.data(), b.height.data(), a.height.cellCount() * sizeof(float)) == 0;
}

// A droplet job run on a copy of `start` from its first droplet: the terrain as the droplets left it, and
// the same then finished (ErosionModel::finish).
struct FinishedJob {
  Terrain ran, finished;
};
FinishedJob runThenFinish(const DropletSettings& s, const Terrain& start, uint64_t droplets) {
  FinishedJob job{start, start};
  DropletModel model(s);
  ErosionStats stats;
  model.run(job.ran, nullptr, 0, droplets, stats);
  job.finished = job.ran;
  model.finish(job.finished);
  return job;
}

// A job that ends between two settlings (a preset's 0.1 droplets a cell ended 0.04 of a droplet a cell
// after its one settling) is settled once more by finish(); one that ended on a settling is left alone.
TEST(DropletModel, FinishingAJobSettlesTheWallsDugSinceTheLastSettling) {
  const DropletSettings s = settingsFor(DropletMode::Conserving, Edges::Clamp, 3);
  const Terrain start(fbm(128, 128, 10, 4));
  const uint64_t every = DropletModel(s).settleEvery(128, 128);
  ASSERT_EQ(every, 1024u);
  const uint64_t droplets = 2 * every - 1;  // a settling after `every`, none for the next every - 1
  const FinishedJob job = runThenFinish(s, start, droplets);
  const Terrain& open = job.ran;
  const Terrain& finished = job.finished;
  EXPECT_GT(steeperThan(open.height, 45), 2.0 * steeperThan(finished.height, 45));
  EXPECT_EQ(steeperThan(finished.height, 60), 0.0);
  EXPECT_NEAR(finished.height.sum(), open.height.sum(), 1e-4 * std::abs(open.height.sum()) + 1e-2);
  // The slides are in the eroded and deposited maps, as every settling's are: each cell's change.
  double worst = 0;
  for (size_t i = 0; i < open.height.cellCount(); ++i) {
    const double moved = double(finished.height.data()[i]) - open.height.data()[i];
    const double recorded = (double(finished.deposited.data()[i]) - finished.eroded.data()[i]) -
                            (double(open.deposited.data()[i]) - open.eroded.data()[i]);
    worst = std::max(worst, std::abs(moved - recorded));
  }
  EXPECT_LT(worst, 1e-4);
  // Ended on a settling: nothing left to settle.
  const FinishedJob onTime = runThenFinish(s, start, every);
  EXPECT_TRUE(sameHeights(onTime.finished, onTime.ran));
  // Classic mode never settles, finished or not.
  const FinishedJob classic =
      runThenFinish(settingsFor(DropletMode::Classic, Edges::Clamp, 3), start, droplets);
  EXPECT_TRUE(sameHeights(classic.finished, classic.ran));
}

// `runnel-cli erode` and a preset's stage run their job through runInChunks: a job that runs to its end is
// finished (the same terrain as the units run and then finish()), one stopped part way is not.
TEST(DropletModel, AJobRunInChunksEndsSettledAndAStoppedOneDoesNot) {
  const DropletSettings s = settingsFor(DropletMode::Conserving, Edges::Clamp, 3);
  const Terrain start(fbm(128, 128, 10, 4));
  const uint64_t droplets = 2 * DropletModel(s).settleEvery(128, 128) - 1;  // ends between two settlings
  const FinishedJob byHand = runThenFinish(s, start, droplets);
  ASSERT_FALSE(sameHeights(byHand.finished, byHand.ran));

  Terrain chunked = start;
  DropletModel job(s);
  runInChunks(job, chunked, nullptr, droplets, 512);
  EXPECT_TRUE(sameHeights(chunked, byHand.finished));

  // Stopped after 1536 droplets, half way to the next settling: left as the droplets left it.
  Terrain stopped = start;
  DropletModel cancelled(s);
  runInChunks(cancelled, stopped, nullptr, droplets, 512, [](uint64_t done) { return done < 1536; });
  Terrain part = start;
  ErosionStats stats;
  DropletModel(s).run(part, nullptr, 0, 1536, stats);
  EXPECT_TRUE(sameHeights(stopped, part));
}

TEST(DropletModel, BadParametersAreRefusedByName) {
  auto refuses = [](DropletParams p, const char* name) {
    DropletSettings s;
    s.params = p;
    try {
      DropletModel m(s);
      ADD_FAILURE() << name << " accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
    }
  };
  DropletParams p;
  p.Kq = -1;
  refuses(p, "Kq");
  p = {};
  p.Kd = std::nanf("");
  refuses(p, "Kd");
  p = {};
  p.Kw = 1;
  refuses(p, "Kw");
  p = {};
  p.minSlope = INFINITY;
  refuses(p, "minSlope");
  p = {};
  p.g = -20;
  refuses(p, "g");
  DropletSettings s;
  s.pathLimitFactor = 0;
  EXPECT_THROW(DropletModel{s}, Error);
}

TEST(DropletModel, RainMapOfTheWrongSizeOrWithoutRainIsRefused) {
  Terrain t(Heightmap(32, 32));
  DropletModel model(DropletSettings{});
  ErosionStats st;
  RainMap wrong(16, 32);
  EXPECT_THROW(model.run(t, &wrong, 0, 10, st), Error);
  RainMap dry(32, 32, 0.0f);
  EXPECT_THROW(model.run(t, &dry, 0, 10, st), Error);
}

// Jacksboro fault DEM: 403 x 344 samples about 74.5 m x 92.8 m apart. One world unit is one grid step,
// so metres are divided by 83.6 m (the mean spacing): relief 840 m -> about 10 units (N/40).
TEST(DropletModel, RealElevationModelErodesWithoutNaN) {
  const int W = 403, H = 344;
  // The float DEM is a plain little-endian float32 raster, which Runnel reads as .r32.
  const std::string r32 = ::testing::TempDir() + "/jacksboro_droplet_test.r32";
  std::filesystem::copy_file(std::string(RUNNEL_TEST_DATA) + "/jacksboro_f32.raw", r32,
                             std::filesystem::copy_options::overwrite_existing);
  ReadOptions raw;
  raw.width = W, raw.height = H;
  Heightmap m = readHeightmap(r32, raw);
  std::filesystem::remove(r32);
  for (size_t i = 0; i < m.cellCount(); ++i) m.data()[i] /= 83.6f;
  for (DropletMode mode : {DropletMode::Conserving, DropletMode::Classic}) {
    for (Edges edges : {Edges::Clamp, Edges::Wrap}) {
      Terrain t(m);
      const ErosionStats st = erode(t, settingsFor(mode, edges), 20000);
      EXPECT_EQ(t.height.firstNonFinite(), -1);
      EXPECT_EQ(t.eroded.firstNonFinite(), -1);
      EXPECT_EQ(t.deposited.firstNonFinite(), -1);
      EXPECT_GT(st.eroded, 1.0) << st.summary();
      EXPECT_TRUE(std::isfinite(st.massError()));
      if (mode == DropletMode::Conserving) {
        EXPECT_LT(std::abs(st.massError()), 1e-5) << st.summary();
      }
    }
  }
}

}  // namespace
}  // namespace runnel
