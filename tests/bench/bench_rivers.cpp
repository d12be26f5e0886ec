// One step of the rivers model at the map's own size on a default-like landscape (fBm, 30 m cells at 1024²,
// the same 30.7 km extent at other sizes, relief 2000 m): steps past the model's coarse-to-fine schedule,
// which run at the map's own size, after two warm-up steps so the first step's many closed hollows are
// behind it. (The whole build's time: tests/bench/landscape_realism.sh.) Wall time per step on 1 and 2
// threads, and each stage's mean ms (creep, lakes with the closing passes, route, area, the cutting depths
// with the power's spread, incise); peak memory is measured with /usr/bin/time.
//   build/tests/bench/bench_rivers --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
//   build/tests/bench/bench_rivers --benchmark_filter=/4096/ (about 4 s a step)
#include <benchmark/benchmark.h>

#include "core/generate/generators.h"
#include "core/models/rivers/rivers_model.h"

namespace {

using namespace runnel;

void riversStep(benchmark::State& state) {
  const int n = int(state.range(0)), threads = int(state.range(1));
  GeneratorSettings g;
  g.width = g.height = n;
  g.seed = 7;
  g.relief = 2000.0f;
  Terrain terrain(generate(g));
  const float cellSize = 30.0f * 1024.0f / float(n);
  RiversModel model(RiversParams{}, cellSize, threads);
  ErosionStats stats;
  const uint64_t first = model.plannedUnits(n, n);
  model.run(terrain, nullptr, first, 2, stats);
  uint64_t next = first + 2;
  const RiversModel::StageSeconds warm = model.stageSeconds();
  for (auto _ : state) model.run(terrain, nullptr, next++, 1, stats);
  // Each stage's mean milliseconds a step (median over repetitions with --benchmark_repetitions).
  const RiversModel::StageSeconds& s = model.stageSeconds();
  const double steps = double(next - first - 2) / 1000.0;
  state.counters["creep"] = (s.creep - warm.creep) / steps;
  state.counters["lakes"] = (s.lakes - warm.lakes + s.closing - warm.closing) / steps;
  state.counters["route"] = (s.route - warm.route) / steps;
  state.counters["area"] = (s.area - warm.area) / steps;
  state.counters["depths"] = (s.spread - warm.spread) / steps;
  state.counters["incise"] = (s.incise - warm.incise) / steps;
  state.counters["cells"] = double(n) * n;
  state.counters["ns/cell"] = benchmark::Counter(
      double(n) * n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

BENCHMARK(riversStep)
    ->ArgsProduct({{512, 1024, 2048, 4096}, {1, 2}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MinTime(1.0);

}  // namespace

BENCHMARK_MAIN();
