// Export and import speed of each heightmap format on a 2048x2048 fBm map (relief N/4): what an artist
// waits for when saving from the editor. Files go to the system's temporary folder.
//
//   build/tests/bench/bench_files          Google Benchmark, MB/s of heights (4 bytes a cell) as a counter
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "core/generate/generators.h"
#include "core/io/heightmap_io.h"

namespace {

using namespace runnel;

const Heightmap& benchMap() {
  static const Heightmap map = [] {
    GeneratorSettings g;
    g.kind = GeneratorKind::Fbm;
    g.width = g.height = 2048;
    g.seed = 1;
    g.relief = 2048.0f / 4;
    return generate(g);
  }();
  return map;
}

std::string benchPath(const char* ext) {
  return (std::filesystem::temp_directory_path() / (std::string("runnel-bench.") + ext)).string();
}

const char* const kFormats[] = {"png", "r16", "r32", "pfm", "tif", "exr", "obj"};

void BM_Write(benchmark::State& state) {
  const char* ext = kFormats[state.range(0)];
  state.SetLabel(ext);
  const std::string path = benchPath(ext);
  for (auto _ : state) writeHeightmap(path, benchMap());
  state.counters["MB/s"] = benchmark::Counter(
      double(benchMap().cellCount()) * 4 * double(state.iterations()) / 1e6, benchmark::Counter::kIsRate);
  state.counters["file_MB"] = double(std::filesystem::file_size(path)) / 1e6;
  std::filesystem::remove(path);
  std::filesystem::remove(path + ".json");
}

void BM_Read(benchmark::State& state) {
  const char* ext = kFormats[state.range(0)];
  state.SetLabel(ext);
  const std::string path = benchPath(ext);
  writeHeightmap(path, benchMap());
  for (auto _ : state) benchmark::DoNotOptimize(readHeightmap(path));
  state.counters["MB/s"] = benchmark::Counter(
      double(benchMap().cellCount()) * 4 * double(state.iterations()) / 1e6, benchmark::Counter::kIsRate);
  std::filesystem::remove(path);
  std::filesystem::remove(path + ".json");
}

BENCHMARK(BM_Write)->DenseRange(0, 6)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Read)->DenseRange(0, 5)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
