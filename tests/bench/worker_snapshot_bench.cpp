// What publishing one snapshot costs the simulation worker (SnapshotPublisher::make), on 1024 and 4096
// maps, with a consumer that holds the newest snapshot and releases the one before, as the editor does:
//   EveryRow:  one cell changed in every row (compare stops early; every row is copied)
//   Corner:    a 32 x 32 corner changed (the whole map is compared; 32 rows are copied)
//   Droplets:  a batch of 2048 droplets of the droplet model, default settings
//   Unchanged: only the stats changed (the snapshot shares the previous terrain)
// The second argument is 1 when snapshots carry the eroded and deposited maps, 0 for heights only.
// Run: build/tests/bench/worker_snapshot_bench   (the CPU column is the figure on a busy machine)
#include <benchmark/benchmark.h>
#include <algorithm>

#include "core/generate/generators.h"
#include "core/models/droplet/droplet_model.h"
#include "core/sim/snapshot_publisher.h"

using namespace runnel;

namespace {

Terrain fbm(int n) {
  GeneratorSettings g;
  g.width = g.height = n;
  g.relief = float(std::max(g.width, g.height)) / 4.0f;  // in cells: the droplet model's classic setting
  return Terrain(generate(g));
}

template <class Change>
void measure(benchmark::State& state, Change change, bool terrainChanged = true) {
  Terrain work = fbm(int(state.range(0)));
  SnapshotPublisher publisher;
  publisher.setBookkeeping(state.range(1) != 0);
  std::shared_ptr<const Snapshot> held = publisher.make(work, true);
  uint64_t round = 0;
  for (auto _ : state) {
    state.PauseTiming();
    change(work, round++);
    state.ResumeTiming();
    held = publisher.make(work, terrainChanged);
  }
  state.counters["rows_changed"] = double(held->changed.y1 - held->changed.y0);
}

void BM_SnapshotEveryRow(benchmark::State& state) {
  measure(state, [](Terrain& t, uint64_t r) {
    for (int y = 0; y < t.heightCells(); ++y) t.height.at(int((r + uint64_t(y) * 7) % 64), y) += 0.001f;
  });
}
void BM_SnapshotCorner(benchmark::State& state) {
  measure(state, [](Terrain& t, uint64_t r) {
    for (int y = 0; y < 32; ++y) t.height.at(int((r + uint64_t(y) * 7) % 32), y) += 0.001f;
  });
}
void BM_SnapshotDroplets(benchmark::State& state) {
  DropletModel model{DropletSettings{}};
  ErosionStats stats;
  measure(state, [&](Terrain& t, uint64_t r) { model.run(t, nullptr, r * 2048, 2048, stats); });
}
void BM_SnapshotUnchanged(benchmark::State& state) {
  measure(
      state, [](Terrain&, uint64_t) {}, false);
}

}  // namespace

BENCHMARK(BM_SnapshotEveryRow)
    ->ArgsProduct({{1024, 4096}, {1, 0}})
    ->Iterations(20)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SnapshotCorner)
    ->ArgsProduct({{1024, 4096}, {1, 0}})
    ->Iterations(20)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SnapshotDroplets)
    ->ArgsProduct({{1024, 4096}, {1, 0}})
    ->Iterations(10)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SnapshotUnchanged)
    ->ArgsProduct({{1024, 4096}, {1, 0}})
    ->Iterations(20)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
