// Painting while erosion runs (issue 4): the test thread paints its own rain map and hands the worker a
// copy per stroke (RainPublisher) while the worker plays. Suite name contains "Worker": runs under TSan,
// which checks the worker never reads a map the painter writes. Then the worker's next batches use the
// newest map, bit for bit like a direct run with it.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "core/models/droplet/droplet_model.h"
#include "core/rain/rain_brush.h"
#include "core/rain/rain_publisher.h"
#include "core/rain/rain_springs.h"
#include "core/sim/simulation_worker.h"
#include "droplet_test_terrain.h"

namespace runnel {
namespace {

using namespace std::chrono_literals;

// Falls towards the west edge (open edges), so water from a strip by that edge leaves the map westwards.
Terrain westSlope(int n) {
  Heightmap h = testing::smoothTerrain(n, n, 2.0f, 9);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) h.at(x, y) += 0.25f * float(x);
  return Terrain(std::move(h));
}

DropletSettings settings() {
  DropletSettings s;
  s.edges = Edges::Clamp;
  s.seed = 17;
  s.order = DropletOrder::Sequential;  // batches of any size: many short ones, many hand-offs
  return s;
}

TEST(RainPaintingWorker, StrokesWhileTheWorkerPlaysAreRaceFreeAndTheNextBatchUsesTheNewMap) {
  const int N = 192;
  const Terrain base = westSlope(N);
  SimulationWorker worker(base, std::make_unique<DropletModel>(settings()));
  worker.setBatchMilliseconds(1.0);  // many batches, many chances to meet a new map

  RainMap painted(N, N, 1.0f);
  RainPublisher publisher;
  // What the editor does each frame: hand over the map if it changed and a copy is free, else next time.
  bool unpublished = false;
  int handedOver = 0;
  auto handOver = [&] {
    if (std::shared_ptr<const RainMap> copy = publisher.publish(painted)) {
      worker.setRain(std::move(copy));
      unpublished = false;
      ++handedOver;
    } else {
      unpublished = true;
    }
  };
  handOver();
  worker.play();
  // Strokes across the map, erasing and painting, each handed over as it is made; springs come and go.
  for (int i = 0; i < 120; ++i) {
    RainStroke stroke(RainBrush{12.0f, 0.8f, 0.5f, 1.0f}, i % 2 == 0);
    const float y = float((i * 41) % N);
    for (int k = 0; k <= 4; ++k) {
      const CellRect r = stroke.moveTo(painted, float(k * N / 4), y + float(k * 3));
      publisher.markChanged(r.y0, r.y1);
      handOver();
    }
    if (i % 20 == 5) addSpring(painted, {float(i % N), float((i * 7) % N), 50.0f, 2.0f});
    if (i % 20 == 15) removeSpring(painted, 0);
    if (i % 30 == 0) {
      blurRain(painted, 3);
      publisher.markAllChanged();
      handOver();
    }
    const auto snap = worker.latestSnapshot();  // the UI's side of a frame
    ASSERT_TRUE(snap->error.empty()) << snap->error;
    std::this_thread::sleep_for(200us);
  }
  const uint64_t duringPainting = worker.latestSnapshot()->dropletsDone;

  // The last stroke leaves rain only on a strip by the west edge.
  fillRain(painted, 0.0f);
  painted.springs().clear();
  for (int y = 0; y < N; ++y) {
    std::vector<uint16_t> wet(16, RainMap::kFullLevel);
    painted.setRowLevels(y, 0, 16, wet.data());
  }
  publisher.markAllChanged();
  handOver();
  while (unpublished) {
    std::this_thread::sleep_for(1ms);
    handOver();
  }
  worker.reset();     // from the base again, still playing, with the strip
  worker.step(2000);  // stops playing and runs exactly this many more with the newest map
  worker.waitIdle();
  EXPECT_GT(duringPainting, 0u);
  EXPECT_GT(handedOver, 20);
  // Copies are recycled: whole copies only for the first three and after the 5 whole-map operations, never
  // one per stroke.
  EXPECT_LE(publisher.fullCopies(), 3u + 3u * 5u);
  EXPECT_GT(publisher.rowsCopied(), 0u);

  // The run since the reset used the strip only: nothing changed east of it, and it equals a direct run.
  const auto snap = worker.latestSnapshot();
  ASSERT_TRUE(snap->error.empty()) << snap->error;
  ASSERT_GE(snap->dropletsDone, 2000u);
  const Terrain& t = *snap->terrain;
  for (int y = 0; y < N; ++y)
    for (int x = 24; x < N; ++x) ASSERT_EQ(t.height.at(x, y), base.height.at(x, y)) << x << "," << y;
  Terrain direct = base;
  ErosionStats stats;
  DropletModel(settings()).run(direct, &painted, 0, snap->dropletsDone, stats);
  EXPECT_TRUE(direct.height == t.height);
}

}  // namespace
}  // namespace runnel
