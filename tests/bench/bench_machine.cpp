// What this machine gives a second thread, as a ceiling for the models' two-thread figures: a pure
// arithmetic loop and a walk of dependent loads over 16 MB (what an ordered pass like the rivers' drainage
// area waits on), each on 1 and on 2 threads with the same work per thread. Items per second: 2 threads
// over 1 is the speed-up a perfectly parallel pass could get here.
//   build/tests/bench/bench_machine --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdint>
#include <numeric>
#include <vector>

namespace {

void arithmetic(benchmark::State& state) {
  for (auto _ : state) {
    double x = 1.0;
    for (int i = 0; i < 1 << 22; ++i) x = x * 1.0000001 + 1e-9;  // one dependent multiply-add a step
    benchmark::DoNotOptimize(x);
  }
  state.SetItemsProcessed(state.iterations() * (int64_t(1) << 22));
}

// A random cycle through 4M indices (16 MB), built once.
const std::vector<uint32_t>& cycle() {
  static const std::vector<uint32_t> next = [] {
    const uint32_t n = 1u << 22;
    std::vector<uint32_t> order(n), next(n);
    std::iota(order.begin(), order.end(), 0u);
    uint64_t s = 88172645463325252ull;
    for (uint32_t i = n - 1; i > 0; --i) {  // Fisher-Yates with xorshift
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      std::swap(order[i], order[s % (i + 1)]);
    }
    for (uint32_t i = 0; i < n; ++i) next[order[i]] = order[(i + 1) % n];
    return next;
  }();
  return next;
}

void dependentLoads(benchmark::State& state) {
  const std::vector<uint32_t>& next = cycle();
  uint32_t p = uint32_t(state.thread_index()) * 977u;
  for (auto _ : state) {
    for (int i = 0; i < 1 << 20; ++i) p = next[p];
    benchmark::DoNotOptimize(p);
  }
  state.SetItemsProcessed(state.iterations() * (int64_t(1) << 20));
}

BENCHMARK(arithmetic)->Threads(1)->Threads(2)->UseRealTime()->MinTime(1.0);
BENCHMARK(dependentLoads)->Threads(1)->Threads(2)->UseRealTime()->MinTime(1.0);

}  // namespace

BENCHMARK_MAIN();
