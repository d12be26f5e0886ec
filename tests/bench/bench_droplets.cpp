// Droplet model speed on one thread: steps per second on fBm maps of 256 to 2048 cells (relief N/4), both
// modes, in the default (tiled) order.
//
//   build/tests/bench/bench_droplets                      Google Benchmark, steps/s as a counter
//   build/tests/bench/bench_droplets --once 256 20000 conserving [tiled|sequential]
//                                                         one run, prints the stats (for callgrind:
//                                                         tests/bench/callgrind_steps.sh)
#include <benchmark/benchmark.h>
#include <algorithm>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

#include "core/generate/generators.h"
#include "core/models/droplet/droplet_model.h"

namespace {

using namespace runnel;

Heightmap benchTerrain(int n) {
  static std::map<int, Heightmap> cache;
  auto it = cache.find(n);
  if (it == cache.end()) {
    GeneratorSettings g;  // fBm, seed 1, relief N/4: the figures in docs/performance.md
    g.kind = GeneratorKind::Fbm;
    g.width = g.height = n;
    g.seed = 1;
    g.relief = float(n) / 4;
    g.relief = float(std::max(g.width, g.height)) / 4.0f;  // in cells: the droplet model's classic setting
    it = cache.emplace(n, generate(g)).first;
  }
  return it->second;
}

void BM_Droplets(benchmark::State& state) {
  const int n = int(state.range(0));
  DropletSettings s;
  s.mode = state.range(1) ? DropletMode::Classic : DropletMode::Conserving;
  s.threads = 1;  // one thread: bench_parallel measures the others
  DropletModel model(s);
  Terrain t(benchTerrain(n));
  const uint64_t perIteration = 20000;
  uint64_t next = 0;
  ErosionStats total;
  for (auto _ : state) {
    ErosionStats st;
    model.run(t, nullptr, next, perIteration, st);
    next += perIteration;
    total.add(st);
  }
  state.counters["steps/s"] = benchmark::Counter(double(total.steps), benchmark::Counter::kIsRate);
  state.counters["avg_path"] = total.avgPath();
  state.SetLabel(toString(s.mode));
}
BENCHMARK(BM_Droplets)
    ->ArgsProduct({{256, 512, 1024, 2048}, {0, 1}})
    ->ArgNames({"size", "classic"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(1.0);

// One run of `droplets` droplets on an n x n map, then the stats as JSON on stdout. On one thread, so
// callgrind (which counts only DropletModel::run's own thread) sees all of it.
int runOnce(int n, uint64_t droplets, const char* mode, const char* order) {
  DropletSettings s;
  s.mode = dropletModeFromString(mode);
  s.order = dropletOrderFromString(order);
  s.threads = 1;
  Terrain t(benchTerrain(n));
  DropletModel model(s);
  ErosionStats st;
  model.run(t, nullptr, 0, droplets, st);
  std::fputs(st.toJson().c_str(), stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "--once") == 0) {
    const int n = argc > 2 ? std::atoi(argv[2]) : 256;
    const uint64_t droplets = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 20000;
    return runOnce(n, droplets, argc > 4 ? argv[4] : "conserving", argc > 5 ? argv[5] : "tiled");
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
