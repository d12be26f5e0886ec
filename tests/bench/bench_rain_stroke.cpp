// What painting rain costs: a brush stroke applied to the rain map and its sampler (issue 4: at most 2 ms
// at 1024 x 1024 for a drag of 20 dabs of radius 32), handing the painted map to the worker (a recycled
// copy catching up the stroke's rows, against a whole copy), and the whole-map blur.
//
//   build/tests/bench/bench_rain_stroke --benchmark_repetitions=9 --benchmark_report_aggregates_only=true
//                                       (the median is the figure to quote)
//   build/tests/bench/bench_rain_stroke --once N   N strokes at 1024 and nothing else, for callgrind:
//     instructions per stroke = (Ir with N=100 - Ir with N=0) / 100
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "core/rain/rain_brush.h"
#include "core/rain/rain_publisher.h"

namespace {

using namespace runnel;

// A drag of 20 dabs of the given radius (a quarter radius apart) across the map's middle, alternately
// painting and erasing so every iteration changes cells.
CellRect drag(RainMap& rain, float radius, bool erase) {
  RainStroke stroke(RainBrush{radius, 0.5f, 0.5f, 1.0f}, erase);
  const float y = float(rain.height()) / 2, x0 = float(rain.width()) / 2 - 2.5f * radius;
  stroke.moveTo(rain, x0, y);
  const CellRect r = stroke.moveTo(rain, x0 + 19 * 0.25f * radius, y + 1.0f);
  if (stroke.dabCount() != 20) std::abort();
  return r;
}

void BM_Stroke20Dabs(benchmark::State& state) {
  const int n = int(state.range(0));
  const float radius = float(state.range(1));
  RainMap rain(n, n, 0.5f);
  bool erase = false;
  for (auto _ : state) {
    drag(rain, radius, erase);
    erase = !erase;
  }
  state.counters["dabs/s"] =
      benchmark::Counter(20.0 * double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Stroke20Dabs)
    ->Args({1024, 32})
    ->Args({4096, 32})
    ->Args({1024, 128})
    ->Unit(benchmark::kMillisecond);

// A stroke, then the worker's copy: the worker drops the previous copy first (it took the new one at its
// next batch), so the publisher recycles it and copies only the stroke's rows.
void BM_StrokeAndPublish(benchmark::State& state) {
  const int n = int(state.range(0));
  RainMap rain(n, n, 0.5f);
  RainPublisher publisher;
  std::shared_ptr<const RainMap> held = publisher.publish(rain), previous;
  bool erase = false;
  for (auto _ : state) {
    const CellRect r = drag(rain, 32.0f, erase);
    erase = !erase;
    publisher.markChanged(r.y0, r.y1);
    previous = std::move(held);
    held = publisher.publish(rain);
    previous.reset();
  }
  state.counters["full copies"] = double(publisher.fullCopies());
}
BENCHMARK(BM_StrokeAndPublish)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond);

// What a copy per stroke would cost instead.
void BM_WholeCopy(benchmark::State& state) {
  const int n = int(state.range(0));
  RainMap rain(n, n, 0.5f);
  for (auto _ : state) {
    auto copy = std::make_shared<const RainMap>(rain);
    benchmark::DoNotOptimize(copy.get());
  }
}
BENCHMARK(BM_WholeCopy)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond);

void BM_Blur(benchmark::State& state) {
  const int n = int(state.range(0));
  RainMap rain(n, n, 0.0f);
  drag(rain, 64.0f, false);
  for (auto _ : state) blurRain(rain, 8);
}
BENCHMARK(BM_Blur)->Arg(1024)->Arg(4096)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--once") == 0) {
    RainMap rain(1024, 1024, 0.5f);
    const int n = std::atoi(argv[2]);
    for (int i = 0; i < n; ++i) drag(rain, 32.0f, i % 2 == 1);
    std::printf("%d strokes, sampler exact: %s\n", n, rain.samplerMatchesCells() ? "yes" : "NO");
    return 0;
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
