// The simulation worker with small fake models (fast, slow, failing) whose every unit leaves a trace, so a
// skipped, repeated or reordered unit changes the terrain. Suite names contain "Worker": they run under TSan.
#include "core/sim/simulation_worker.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <set>
#include <thread>

#include "core/base/error.h"
#include "core/base/random.h"
#include "core/base/thread_priority.h"
#include "core/base/work_progress.h"
#include "core/generate/generators.h"
#include "core/models/droplet/droplet_model.h"

using namespace runnel;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

// What each run() call did, shared by a model and its clones.
struct RunLog {
  struct Entry {
    int model;
    uint64_t first, count;
  };
  std::mutex mutex;
  std::vector<Entry> entries;
  std::atomic<int> inside{0};  // run() calls in progress
  std::atomic<int> calls{0};
  std::atomic<int> finishes{0};  // finish() calls
  std::vector<Entry> copy() {
    std::lock_guard<std::mutex> lock(mutex);
    return entries;
  }
};

// Unit i changes a 4x4 patch (like a droplet's brush) at a position drawn from i, by an amount that depends
// on i, `k` and the height already there; eroded(0, 0) counts the units run.
class FakeModel : public ErosionModel {
 public:
  float k = 1.0f;
  CellRect region;                     // where patches land; empty = anywhere
  std::chrono::microseconds sleep{0};  // per run() call
  std::chrono::microseconds perUnit{0};
  bool fail = false;
  int id = 0;
  std::shared_ptr<RunLog> log = std::make_shared<RunLog>();

  void run(Terrain& t, const RainMap*, uint64_t first, uint64_t count, ErosionStats& stats) override {
    if (fail) throw Error("fake model: refuses to run");
    log->inside++;
    log->calls++;
    CellRect r = region.empty() ? CellRect{0, 0, t.width(), t.heightCells()} : region;
    for (uint64_t i = first; i < first + count; ++i) {
      uint64_t h = splitmix64(i);
      int x = r.x0 + int(h % uint64_t(r.x1 - r.x0 - 3)),
          y = r.y0 + int((h >> 24) % uint64_t(r.y1 - r.y0 - 3));
      for (int dy = 0; dy < 4; ++dy)
        for (int dx = 0; dx < 4; ++dx) {
          float& c = t.height.at(x + dx, y + dy);
          c = c * 0.75f + k * float(i % 97) * 0.01f + 0.1f;
          t.deposited.at(x + dx, y + dy) += 0.5f;
        }
      t.eroded.at(0, 0) += 1.0f;
    }
    stats.droplets += count;
    stats.steps += count * 16;
    auto wait = sleep + perUnit * int64_t(count);
    if (wait.count() > 0) std::this_thread::sleep_for(wait);
    {
      std::lock_guard<std::mutex> lock(log->mutex);
      log->entries.push_back({id, first, count});
    }
    log->inside--;
  }
  // A job's end leaves its own mark (deposited(1, 0) + 1000), so a finish that is missing or doubled shows.
  void finish(Terrain& t) override {
    log->finishes++;
    t.deposited.at(1, 0) += 1000.0f;
  }
  std::unique_ptr<ErosionModel> clone() const override { return std::make_unique<FakeModel>(*this); }
  const char* name() const override { return "fake"; }
};

std::unique_ptr<FakeModel> fake(float k = 1.0f, int id = 0) {
  auto m = std::make_unique<FakeModel>();
  m->k = k;
  m->id = id;
  return m;
}

Terrain baseTerrain(int w = 96, int h = 80) {
  Heightmap m(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) m.at(x, y) = float((x * 7 + y * 13) % 31);
  return Terrain(std::move(m));
}

// The model run directly on a copy of `t`, units [first, first + count) in one call; `finished`: then
// finished, as a whole job.
Terrain direct(const FakeModel& model, Terrain t, uint64_t first, uint64_t count, bool finished = false) {
  FakeModel m = model;
  m.log = std::make_shared<RunLog>();
  m.sleep = m.perUnit = {};
  ErosionStats stats;
  m.run(t, nullptr, first, count, stats);
  if (finished) m.finish(t);
  return t;
}

bool same(const Terrain& a, const Terrain& b) {
  return a.height == b.height && a.eroded == b.eroded && a.deposited == b.deposited;
}

template <class Pred>
bool waitFor(Pred pred, std::chrono::milliseconds timeout = 10s) {
  auto end = Clock::now() + timeout;
  while (!pred()) {
    if (Clock::now() > end) return false;
    std::this_thread::sleep_for(200us);
  }
  return true;
}

}  // namespace

TEST(SimulationWorker, PublishesAtConstruction) {
  SimulationWorker w(baseTerrain(), fake());
  auto s = w.latestSnapshot();
  ASSERT_TRUE(s && s->terrain);
  EXPECT_TRUE(same(*s->terrain, baseTerrain()));
  EXPECT_EQ(s->dropletsDone, 0u);
  EXPECT_FALSE(s->playing);
}

TEST(SimulationWorker, StepRunsExactlyNUnitsInAlignedBatches) {
  auto model = fake();
  model->perUnit = 20us;  // about 50 units a millisecond: many batches
  FakeModel reference = *model;
  auto log = model->log;
  SimulationWorker w(baseTerrain(), std::move(model));
  w.setBatchMilliseconds(1);
  w.step(1000);
  w.waitIdle();
  auto s = w.latestSnapshot();
  EXPECT_EQ(s->dropletsDone, 1000u);
  EXPECT_EQ(s->stats.droplets, 1000u);
  EXPECT_FALSE(s->playing);
  EXPECT_TRUE(same(*s->terrain, direct(reference, baseTerrain(), 0, 1000)));

  // Batches cover the units in order, without gaps, ending at multiples of 64 (or, for batches under 64
  // units, of a power of two at least half the batch) except where the step ends.
  auto entries = log->copy();
  ASSERT_GE(entries.size(), 4u);
  uint64_t next = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    EXPECT_EQ(entries[i].first, next);
    next = entries[i].first + entries[i].count;
    if (i + 1 < entries.size()) {
      EXPECT_EQ(next % std::bit_floor(std::min<uint64_t>(entries[i].count, 64)), 0u) << next;
    }
  }
  EXPECT_EQ(next, 1000u);

  // An unaligned step continues exactly where the last one stopped.
  w.step(37);
  w.waitIdle();
  w.step(100);
  w.waitIdle();
  EXPECT_EQ(w.latestSnapshot()->dropletsDone, 1137u);
  EXPECT_TRUE(same(w.copyTerrain(), direct(reference, baseTerrain(), 0, 1137)));
}

TEST(SimulationWorker, PlayRunsUntilPaused) {
  auto model = fake();
  model->perUnit = 5us;
  FakeModel reference = *model;
  SimulationWorker w(baseTerrain(), std::move(model));
  w.play();
  EXPECT_TRUE(w.playing());
  ASSERT_TRUE(waitFor([&] { return w.latestSnapshot()->dropletsDone > 0; }));
  EXPECT_TRUE(w.latestSnapshot()->playing);
  w.pause();
  w.waitIdle();
  EXPECT_FALSE(w.playing());
  auto s = w.latestSnapshot();
  EXPECT_FALSE(s->playing);
  const uint64_t done = s->dropletsDone;
  std::this_thread::sleep_for(30ms);
  EXPECT_EQ(w.latestSnapshot()->dropletsDone, done);
  EXPECT_TRUE(same(*s->terrain, direct(reference, baseTerrain(), 0, done)));
  EXPECT_TRUE(same(w.copyTerrain(), *s->terrain));
}

TEST(SimulationWorker, ResetRestoresTheBaseExactly) {
  SimulationWorker w(baseTerrain(), fake());
  w.step(500);
  w.waitIdle();
  ASSERT_FALSE(same(*w.latestSnapshot()->terrain, baseTerrain()));
  w.reset();
  w.waitIdle();
  auto s = w.latestSnapshot();
  EXPECT_TRUE(same(*s->terrain, baseTerrain()));
  EXPECT_TRUE(same(w.copyTerrain(), baseTerrain()));
  EXPECT_EQ(s->dropletsDone, 0u);
  EXPECT_EQ(s->stats.droplets, 0u);
  CellRect whole{0, 0, 96, 80};
  EXPECT_EQ(s->changed.x1 - s->changed.x0, whole.x1);
  EXPECT_EQ(s->changed.y1 - s->changed.y0, whole.y1);

  // A new base replaces the old one, at another size too.
  w.setBase(baseTerrain(40, 30));
  w.step(10);
  w.waitIdle();
  EXPECT_EQ(w.copyBase().width(), 40);
  EXPECT_EQ(w.latestSnapshot()->terrain->width(), 40);
  EXPECT_EQ(w.latestSnapshot()->dropletsDone, 10u);
  EXPECT_TRUE(same(w.copyTerrain(), direct(*fake(), baseTerrain(40, 30), 0, 10)));
}

TEST(SimulationWorker, ModelChangeAppliesAtTheNextBatch) {
  auto a = fake(1.0f, 1);
  a->sleep = 20ms;
  auto log = a->log;
  auto b = fake(3.0f, 2);
  b->log = log;
  FakeModel refA = *a, refB = *b;
  SimulationWorker w(baseTerrain(), std::move(a));
  w.play();
  ASSERT_TRUE(waitFor([&] { return log->inside > 0; }));
  w.setModel(std::move(b));
  ASSERT_TRUE(waitFor([&] {
    auto e = log->copy();
    return !e.empty() && e.back().model == 2;
  }));
  w.pause();
  w.waitIdle();

  // Model 1 finished the batch it was in; model 2 took over at the very next unit.
  auto entries = log->copy();
  uint64_t next = 0, switchAt = 0;
  bool switched = false;
  for (auto& e : entries) {
    EXPECT_EQ(e.first, next);
    next = e.first + e.count;
    if (e.model == 2 && !switched) switched = true, switchAt = e.first;
    if (switched) {
      EXPECT_EQ(e.model, 2);
    }
  }
  ASSERT_TRUE(switched);
  ASSERT_GT(switchAt, 0u);
  Terrain expected = direct(refA, baseTerrain(), 0, switchAt);
  expected = direct(refB, expected, switchAt, next - switchAt);
  EXPECT_TRUE(same(w.copyTerrain(), expected));
}

TEST(SimulationWorker, LatestSnapshotNeverWaitsForABatch) {
  auto model = fake();
  model->sleep = 300ms;
  auto log = model->log;
  SimulationWorker w(baseTerrain(), std::move(model));
  w.play();
  ASSERT_TRUE(waitFor([&] { return log->inside > 0; }));
  std::vector<double> ms;
  for (int i = 0; i < 200 && log->inside > 0; ++i) {
    auto t0 = Clock::now();
    auto s = w.latestSnapshot();
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    ASSERT_TRUE(s);
  }
  ASSERT_GE(ms.size(), 20u);
  std::sort(ms.begin(), ms.end());
  EXPECT_LT(ms[ms.size() / 2], 1.0);  // typically microseconds
  EXPECT_LT(ms.back(), 50.0);         // waiting for the batch would take up to 300 ms
  w.pause();
}

TEST(SimulationWorker, VersionsIncreaseAndChangedRegionsKeepAMirrorExact) {
  // A consumer that, like the editor, only ever looks at the newest snapshot and copies just the region
  // changedSince() reports into its own mirror: the mirror must always equal the snapshot's terrain.
  auto model = fake();
  model->perUnit = 2us;
  model->region = {10, 20, 60, 50};
  SimulationWorker w(baseTerrain(), std::move(model));
  w.setBatchMilliseconds(1);
  std::atomic<bool> done{false};
  std::atomic<int> checked{0}, mismatches{0}, backwards{0};
  std::set<const Terrain*> buffers;
  std::thread consumer([&] {
    Heightmap mirror;
    uint64_t version = 0;
    while (!done) {
      auto s = w.latestSnapshot();
      if (s->version < version) backwards++;
      if (s->version == version) {
        std::this_thread::sleep_for(100us);
        continue;
      }
      const Heightmap& h = s->terrain->height;
      CellRect r = s->changedSince(version);
      if (mirror.width() != h.width() || mirror.height() != h.height()) {
        mirror = Heightmap(h.width(), h.height());
        r = {0, 0, h.width(), h.height()};
      }
      for (int y = r.y0; y < r.y1; ++y)
        for (int x = r.x0; x < r.x1; ++x) mirror.at(x, y) = h.at(x, y);
      mismatches += !(mirror == h);
      buffers.insert(s->terrain.get());
      version = s->version;
      checked++;
      std::this_thread::sleep_for(std::chrono::microseconds(500 * (checked % 5)));  // skips some versions
    }
  });
  w.play();
  ASSERT_TRUE(waitFor([&] { return checked > 20; }));
  w.reset();
  ASSERT_TRUE(waitFor([&] { return checked > 30; }));
  w.setSnapshotBookkeeping(false);
  ASSERT_TRUE(waitFor([&] { return checked > 40; }));
  w.setSnapshotBookkeeping(true);
  w.setBase(baseTerrain(70, 64));
  ASSERT_TRUE(waitFor([&] { return checked > 60; }));
  w.pause();
  w.waitIdle();
  std::this_thread::sleep_for(20ms);
  done = true;
  consumer.join();
  EXPECT_EQ(mismatches, 0);
  EXPECT_EQ(backwards, 0);
  // Released buffers are reused rather than allocated for every snapshot.
  EXPECT_LE(buffers.size(), 8u) << "of " << checked << " snapshots";
}

TEST(SimulationWorker, SnapshotsCanLeaveOutTheBookkeeping) {
  SimulationWorker w(baseTerrain(), fake());
  w.setSnapshotBookkeeping(false);
  w.step(100);
  w.waitIdle();
  auto s = w.latestSnapshot();
  Terrain full = w.copyTerrain();
  EXPECT_TRUE(s->terrain->eroded.empty());
  EXPECT_TRUE(s->terrain->deposited.empty());
  EXPECT_EQ(s->terrain->height, full.height);
  EXPECT_FALSE(full.eroded.empty());
  w.setSnapshotBookkeeping(true);  // published at once, in full, while paused
  w.waitIdle();
  s = w.latestSnapshot();
  EXPECT_TRUE(same(*s->terrain, full));
  EXPECT_EQ(s->changed.x1 - s->changed.x0, 96);
}

TEST(SimulationWorker, ChangedRegionIsWhereTheUnitsWent) {
  auto model = fake();
  model->region = {30, 10, 50, 40};
  SimulationWorker w(baseTerrain(), std::move(model));
  w.step(64);  // settle the eroded(0, 0) counter's change into an earlier version
  w.waitIdle();
  const uint64_t before = w.latestSnapshot()->version;
  w.step(300);
  w.waitIdle();
  auto s = w.latestSnapshot();
  CellRect r = s->changedSince(before);
  // Patches of 4x4 land with their corner in [30, 47) x [10, 37): with 300 of them, the box is whole.
  EXPECT_EQ(r.x0, 0);  // the unit counter at (0, 0)
  EXPECT_EQ(r.y0, 0);
  EXPECT_EQ(r.x1, 50);
  EXPECT_EQ(r.y1, 40);
  EXPECT_EQ(s->recentChanges.front().x1, s->changed.x1);
}

TEST(SimulationWorker, BudgetStopsTheRun) {
  auto model = fake();
  FakeModel reference = *model;
  std::shared_ptr<RunLog> log = model->log;
  SimulationWorker w(baseTerrain(), std::move(model));
  w.setBudget(1000);
  w.play();
  w.waitIdle();  // returns because the budget pauses the run
  auto s = w.latestSnapshot();
  EXPECT_EQ(s->dropletsDone, 1000u);
  EXPECT_FALSE(s->playing);
  EXPECT_FALSE(w.playing());
  // The spent budget is a whole job: finished once, as `erode` finishes one (runInChunks).
  EXPECT_EQ(log->finishes.load(), 1);
  EXPECT_TRUE(same(*s->terrain, direct(reference, baseTerrain(), 0, 1000, true)));
  w.play();  // spent: nothing more runs, nothing is finished again
  w.waitIdle();
  EXPECT_EQ(w.latestSnapshot()->dropletsDone, 1000u);
  EXPECT_EQ(log->finishes.load(), 1);
  w.setBudget(1500);
  w.step(10000);  // a step stops at the budget too, and is finished there once
  w.waitIdle();
  EXPECT_EQ(w.latestSnapshot()->dropletsDone, 1500u);
  EXPECT_EQ(log->finishes.load(), 2);
  Terrain expected = direct(reference, baseTerrain(), 0, 1000, true);
  expected = direct(reference, expected, 1000, 500, true);
  EXPECT_TRUE(same(w.copyTerrain(), expected));
}

// A pause or a Step is a look part way, not a job's end: nothing is finished. (The budget's end is: see
// BudgetStopsTheRun.)
TEST(SimulationWorker, PausesAndStepsDoNotFinishTheJob) {
  auto model = fake();
  model->perUnit = 20us;
  FakeModel reference = *model;
  std::shared_ptr<RunLog> log = model->log;
  SimulationWorker w(baseTerrain(), std::move(model));
  w.setBatchMilliseconds(1);
  w.step(300);
  w.waitIdle();
  EXPECT_EQ(w.latestSnapshot()->dropletsDone, 300u);
  w.play();
  ASSERT_TRUE(waitFor([&] { return w.latestSnapshot()->dropletsDone > 300; }));
  w.pause();
  w.waitIdle();
  const uint64_t played = w.latestSnapshot()->dropletsDone;
  EXPECT_EQ(log->finishes.load(), 0);
  EXPECT_TRUE(same(w.copyTerrain(), direct(reference, baseTerrain(), 0, played)));
}

TEST(SimulationWorker, CopiesWhilePlayingAreConsistent) {
  auto model = fake();
  model->perUnit = 3us;
  FakeModel reference = *model;
  SimulationWorker w(baseTerrain(), std::move(model));
  w.play();
  for (int i = 0; i < 5; ++i) {
    std::this_thread::sleep_for(5ms);
    Terrain copy = w.copyTerrain();
    uint64_t units = uint64_t(copy.eroded.at(0, 0));
    EXPECT_TRUE(same(copy, direct(reference, baseTerrain(), 0, units))) << units;
  }
  w.pause();
  EXPECT_TRUE(same(w.copyBase(), baseTerrain()));
}

TEST(SimulationWorker, AFailingModelPausesAndSaysWhy) {
  auto bad = fake();
  bad->fail = true;
  SimulationWorker w(baseTerrain(), std::move(bad));
  w.play();
  w.waitIdle();
  auto s = w.latestSnapshot();
  EXPECT_FALSE(s->playing);
  EXPECT_NE(s->error.find("refuses"), std::string::npos);
  w.setModel(fake());
  w.step(100);
  w.waitIdle();
  EXPECT_EQ(w.latestSnapshot()->dropletsDone, 100u);
  EXPECT_TRUE(w.latestSnapshot()->error.empty());
}

TEST(SimulationWorker, BadInputsAreRefused) {
  EXPECT_THROW(SimulationWorker(baseTerrain(), nullptr), Error);
  SimulationWorker w(baseTerrain(), fake());
  EXPECT_THROW(w.setModel(nullptr), Error);
  EXPECT_THROW(w.setBatchMilliseconds(0), Error);
  EXPECT_THROW(w.setBatchMilliseconds(NAN), Error);
  try {
    w.setRain(std::make_shared<RainMap>(10, 10));
    ADD_FAILURE() << "a rain map of the wrong size was taken";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("rain map"), std::string::npos);
  }
}

TEST(SimulationWorker, DestructionWhilePlayingIsClean) {
  std::shared_ptr<const Snapshot> kept;
  {
    auto model = fake();
    model->sleep = 30ms;
    auto log = model->log;
    SimulationWorker w(baseTerrain(), std::move(model));
    int published = 0;
    w.setOnPublish([&published] { ++published; });
    w.play();
    ASSERT_TRUE(waitFor([&] { return log->inside > 0; }));  // destroyed in the middle of a batch
    kept = w.latestSnapshot();
  }
  // A snapshot outlives its worker.
  ASSERT_TRUE(kept->terrain);
  EXPECT_EQ(kept->terrain->width(), 96);
  for (int i = 0; i < 3; ++i) {
    SimulationWorker w(baseTerrain(), fake());
    w.play();
    std::this_thread::sleep_for(std::chrono::milliseconds(i * 3));
  }
}

// The real droplet model in its sequential order: batches of any size give the terrain of one direct run,
// bit for bit.
TEST(SimulationWorkerDroplets, StepMatchesADirectRunBitForBit) {
  GeneratorSettings g;
  g.width = 128;
  g.height = 96;
  g.seed = 5;
  g.relief = float(std::max(g.width, g.height)) / 4.0f;  // in cells: the droplet model's classic setting
  const Terrain base(generate(g));
  DropletSettings settings;
  settings.seed = 11;
  settings.order = DropletOrder::Sequential;
  SimulationWorker w(base, std::make_unique<DropletModel>(settings));
  w.setBatchMilliseconds(0.5);  // many small batches
  w.step(1500);
  w.waitIdle();
  w.step(1000);  // a second step continues from unit 1500
  w.waitIdle();
  auto s = w.latestSnapshot();

  Terrain expected = base;
  ErosionStats stats;
  DropletModel(settings).run(expected, nullptr, 0, 2500, stats);
  EXPECT_EQ(s->dropletsDone, 2500u);
  EXPECT_EQ(s->stats.droplets, 2500u);
  EXPECT_EQ(s->stats.steps, stats.steps);
  EXPECT_TRUE(same(*s->terrain, expected));
  EXPECT_FALSE(same(*s->terrain, base));

  // Played and paused at an arbitrary moment: still a prefix of the same run.
  w.reset();
  w.play();
  ASSERT_TRUE(waitFor([&] { return w.latestSnapshot()->dropletsDone > 0; }));
  w.pause();
  w.waitIdle();
  s = w.latestSnapshot();
  Terrain prefix = base;
  DropletModel(settings).run(prefix, nullptr, 0, s->dropletsDone, stats);
  EXPECT_TRUE(same(*s->terrain, prefix)) << s->dropletsDone << " droplets";
}

// The tiled order (two threads, 2 x 1 tiles): batches of any length carry the droplets in flight over, so
// a step of any length and a play after a reset give the terrain of one direct run.
TEST(SimulationWorkerDroplets, TiledBatchesMatchADirectRun) {
  GeneratorSettings g;
  g.width = 160;
  g.height = 96;
  g.seed = 5;
  g.relief = float(std::max(g.width, g.height)) / 4.0f;  // in cells: the droplet model's classic setting
  const Terrain base(generate(g));
  DropletSettings settings;
  settings.seed = 11;
  settings.threads = 2;
  SimulationWorker w(base, std::make_unique<DropletModel>(settings));
  w.setBatchMilliseconds(0.5);
  w.step(2 * 4096 + 100);
  w.waitIdle();
  auto s = w.latestSnapshot();
  Terrain expected = base;
  ErosionStats stats;
  DropletModel(settings).run(expected, nullptr, 0, 2 * 4096 + 100, stats);
  EXPECT_EQ(s->dropletsDone, 2u * 4096 + 100);
  EXPECT_EQ(s->stats.steps, stats.steps);
  EXPECT_TRUE(same(*s->terrain, expected));
  // The soil totals are the worker's (the model skips them): measured at the reset and the stop.
  EXPECT_DOUBLE_EQ(s->stats.soilBefore, base.height.sum());
  EXPECT_DOUBLE_EQ(s->stats.soilAfter, expected.height.sum());
  EXPECT_LT(std::abs(s->stats.massError()), 1e-5);

  w.reset();
  w.play();
  ASSERT_TRUE(waitFor([&] { return w.latestSnapshot()->dropletsDone > 0; }));
  w.pause();
  w.waitIdle();
  s = w.latestSnapshot();
  Terrain prefix = base;
  DropletModel(settings).run(prefix, nullptr, 0, s->dropletsDone, stats);
  EXPECT_TRUE(same(*s->terrain, prefix)) << s->dropletsDone << " droplets";
}

// A model that reports being half-way through its batch, then waits to be let go.
class HalfWayModel : public ErosionModel {
 public:
  std::shared_ptr<std::atomic<bool>> release = std::make_shared<std::atomic<bool>>(false);
  void run(Terrain&, const RainMap*, uint64_t, uint64_t count, ErosionStats& stats) override {
    reportWork(1, 2);
    while (!release->load()) std::this_thread::sleep_for(1ms);
    stats.droplets += count;
  }
  std::unique_ptr<ErosionModel> clone() const override { return std::make_unique<HalfWayModel>(*this); }
  const char* name() const override { return "half-way"; }
};

TEST(SimulationWorker, ALongBatchShowsHowFarItHasGot) {
  auto model = std::make_unique<HalfWayModel>();
  auto release = model->release;
  SimulationWorker w(baseTerrain(), std::move(model));
  EXPECT_EQ(w.unitsInFlight(), 0.0);
  w.step(4);  // one batch of 4 units
  const auto until = std::chrono::steady_clock::now() + 10s;
  while (w.unitsInFlight() < 1.5 && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(1ms);
  EXPECT_DOUBLE_EQ(w.unitsInFlight(), 2.0);  // half of the batch's 4 units, before any is published
  EXPECT_EQ(w.latestSnapshot()->dropletsDone, 0u);
  release->store(true);
  w.waitIdle();
  EXPECT_EQ(w.latestSnapshot()->dropletsDone, 4u);
  EXPECT_EQ(w.unitsInFlight(), 0.0);
}

namespace {
// Records the priority of the thread it runs on and of a thread it starts (as a model's thread pool does).
class PriorityModel : public ErosionModel {
 public:
  std::shared_ptr<std::atomic<int>> own = std::make_shared<std::atomic<int>>(-100);
  std::shared_ptr<std::atomic<int>> helper = std::make_shared<std::atomic<int>>(-100);
  void run(Terrain&, const RainMap*, uint64_t, uint64_t count, ErosionStats& stats) override {
    own->store(thisThreadsNice());
    std::thread([h = helper] { h->store(thisThreadsNice()); }).join();
    stats.droplets += count;
  }
  std::unique_ptr<ErosionModel> clone() const override { return std::make_unique<PriorityModel>(*this); }
  const char* name() const override { return "priority"; }
};
}  // namespace

TEST(SimulationWorker, InTheBackgroundItsModelAndTheThreadsItStartsYieldToTheUi) {
  const int ui = thisThreadsNice();
  if (ui + kBackgroundNice > 19) GTEST_SKIP() << "already at nice " << ui << ": no room to lower";
  auto model = std::make_unique<PriorityModel>();
  auto own = model->own, helper = model->helper;
  SimulationWorker w(baseTerrain(), std::move(model));
  w.step(1);
  w.waitIdle();
  EXPECT_EQ(own->load(), ui);  // a worker starts at the priority of the thread that made it
  EXPECT_EQ(helper->load(), ui);
  w.runInBackground();
  w.step(1);
  w.waitIdle();
  EXPECT_EQ(own->load(), ui + kBackgroundNice);
  EXPECT_EQ(helper->load(), ui + kBackgroundNice);
  EXPECT_EQ(thisThreadsNice(), ui);  // the caller's thread keeps its priority
}
