// The simulation worker headless, against which the editor's droplets/s with the view open is compared
// (see the editor report): a 1024 fBm map (seed 7, the editor's default generator settings), the droplet
// model run through SimulationWorker::step in batches of 8 or 50 ms, and the same droplets in one direct
// DropletModel::run call.
//
//   build/tests/bench/bench_worker --benchmark_min_time=1
#include <benchmark/benchmark.h>
#include <algorithm>

#include <memory>

#include "core/generate/generators.h"
#include "core/models/droplet/droplet_model.h"
#include "core/sim/simulation_worker.h"

namespace {

using namespace runnel;

const Terrain& benchTerrain() {
  static const Terrain t = [] {
    GeneratorSettings g;
    g.width = g.height = 1024;
    g.seed = 7;
    g.relief = float(std::max(g.width, g.height)) / 4.0f;  // in cells: the droplet model's classic setting
    return Terrain(generate(g));
  }();
  return t;
}

constexpr uint64_t kDroplets = 10000;

void BM_WorkerStep(benchmark::State& state) {
  SimulationWorker worker(benchTerrain(), std::make_unique<DropletModel>(DropletSettings{}));
  worker.setBatchMilliseconds(double(state.range(0)));
  for (auto _ : state) {
    worker.reset();
    worker.step(kDroplets);
    worker.waitIdle();
  }
  state.counters["droplets/s"] =
      benchmark::Counter(double(kDroplets) * double(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["batch"] = double(worker.batchSize());
}
BENCHMARK(BM_WorkerStep)->Arg(8)->Arg(50)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_DirectRun(benchmark::State& state) {
  DropletModel model{DropletSettings{}};
  for (auto _ : state) {
    state.PauseTiming();
    Terrain t = benchTerrain();
    state.ResumeTiming();
    ErosionStats stats;
    model.run(t, nullptr, 0, kDroplets, stats);
  }
  state.counters["droplets/s"] =
      benchmark::Counter(double(kDroplets) * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DirectRun)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
