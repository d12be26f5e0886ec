// Whole-grid models on an fBm map (relief N/4): time per iteration, by map size and thread count.
//   build/tests/bench/models_bench --benchmark_filter=Grid
// The result of a pass does not depend on the thread count (tests/unit/models_grid_test.cpp), only its time.
#include <benchmark/benchmark.h>
#include <algorithm>

#include "core/generate/generators.h"
#include "core/models/grid/grid_erosion.h"
#include "core/models/grid/thermal_erosion.h"

namespace {

runnel::Terrain fbm(int n) {
  runnel::GeneratorSettings g;
  g.width = g.height = n;
  g.tileable = true;
  g.relief = float(std::max(g.width, g.height)) / 4.0f;  // in cells: the droplet model's classic setting
  return runnel::Terrain(runnel::generate(g));
}

template <class Model, class Params>
void iterate(benchmark::State& state) {
  const int n = int(state.range(0));
  runnel::Terrain t = fbm(n);
  Model model(Params{}, runnel::Edges::Wrap);
  model.setThreads(int(state.range(1)));
  runnel::ErosionStats stats;
  model.run(t, nullptr, 0, 10, stats);  // some water on the map first
  uint64_t next = 10;
  for (auto _ : state) model.run(t, nullptr, next++, 1, stats);
  state.SetItemsProcessed(state.iterations() * int64_t(n) * n);
  state.counters["cells/s"] =
      benchmark::Counter(double(state.iterations()) * n * n, benchmark::Counter::kIsRate);
}

void BM_GridIteration(benchmark::State& s) {
  iterate<runnel::GridErosion, runnel::GridParams>(s);
}
void BM_ThermalIteration(benchmark::State& s) {
  iterate<runnel::ThermalErosion, runnel::ThermalParams>(s);
}

BENCHMARK(BM_GridIteration)->ArgsProduct({{256, 1024}, {1, 2}})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ThermalIteration)->ArgsProduct({{1024}, {1, 2}})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
