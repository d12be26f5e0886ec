// The droplet model's tiled order on several threads: throughput per thread count and the speed-up, in one
// run; and how far the tiled order's terrain is from the sequential (one droplet at a time) order's.
//
//   build/tests/bench/bench_parallel [--sizes 1024,2048] [--threads 1,2] [--droplets N] [--repeat R]
//       fBm maps (seed 1, relief N/4); each thread count erodes the same fresh map; prints steps/s and the
//       speed-up over the first thread count (median of R repeats, default 3)
//   build/tests/bench/bench_parallel --compare [--size 512] [--droplets 200000]
//       tiled vs sequential: eroded volume, and the correlation of the two height-change maps
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "core/generate/generators.h"
#include "core/models/droplet/droplet_model.h"

namespace {

using namespace runnel;

Heightmap fbmMap(int n) {
  GeneratorSettings g;  // fBm, seed 1, relief N/4: the figures in docs/performance.md
  g.width = g.height = n;
  g.seed = 1;
  g.relief = float(n) / 4;
  g.relief = float(std::max(g.width, g.height)) / 4.0f;  // in cells: the droplet model's classic setting
  return generate(g);
}

std::vector<int> listOf(const char* s) {
  std::vector<int> out;
  for (const char* p = s; *p;) {
    out.push_back(std::atoi(p));
    p = std::strchr(p, ',');
    if (!p) break;
    ++p;
  }
  return out;
}

ErosionStats erode(Terrain& t, DropletOrder order, int threads, uint64_t droplets) {
  DropletSettings s;
  s.order = order;
  s.threads = threads;
  DropletModel model(s);
  model.setSoilTotals(false);
  ErosionStats st;
  model.run(t, nullptr, 0, droplets, st);
  return st;
}

int scaling(const std::vector<int>& sizes, const std::vector<int>& threads, uint64_t droplets, int repeat) {
  std::printf("droplets: %llu per run, median of %d; hardware threads: %u\n",
              static_cast<unsigned long long>(droplets), repeat, std::thread::hardware_concurrency());
  std::printf("%6s %8s %14s %10s %9s\n", "size", "threads", "steps/s", "avg path", "speed-up");
  for (int n : sizes) {
    const Heightmap map = fbmMap(n);
    double first = 0;
    for (int t : threads) {
      // The median: a shared, noisy machine makes the best as misleading as the worst.
      std::vector<double> rates;
      ErosionStats st;
      for (int r = 0; r < repeat; ++r) {
        Terrain terrain(map);
        st = erode(terrain, DropletOrder::Tiled, t, droplets);
        rates.push_back(st.stepsPerSecond());
      }
      std::sort(rates.begin(), rates.end());
      const double median = rates[rates.size() / 2];
      if (first == 0) first = median;
      std::printf("%6d %8d %14.0f %10.1f %8.2fx\n", n, t, median, st.avgPath(), median / first);
      std::fflush(stdout);
    }
  }
  return 0;
}

int compare(int n, uint64_t droplets) {
  const Heightmap map = fbmMap(n);
  Terrain tiled(map), sequential(map);
  const ErosionStats a = erode(tiled, DropletOrder::Tiled, 0, droplets);
  const ErosionStats b = erode(sequential, DropletOrder::Sequential, 1, droplets);
  // Correlation of the height changes (after - before) of the two orders, over every cell.
  double sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
  const size_t cells = map.cellCount();
  for (size_t i = 0; i < cells; ++i) {
    const double da = double(tiled.height.data()[i]) - map.data()[i];
    const double db = double(sequential.height.data()[i]) - map.data()[i];
    sa += da, sb += db, saa += da * da, sbb += db * db, sab += da * db;
  }
  const double N = double(cells);
  const double corr = (sab - sa * sb / N) / std::sqrt((saa - sa * sa / N) * (sbb - sb * sb / N));
  std::printf("fBm %dx%d relief %d, %llu droplets, tiled vs sequential order\n", n, n, n / 4,
              static_cast<unsigned long long>(droplets));
  std::printf("eroded: tiled %.6g, sequential %.6g, relative difference %.3g\n", a.eroded, b.eroded,
              (a.eroded - b.eroded) / b.eroded);
  std::printf("steps: tiled %llu, sequential %llu, relative difference %.3g\n",
              static_cast<unsigned long long>(a.steps), static_cast<unsigned long long>(b.steps),
              (double(a.steps) - double(b.steps)) / double(b.steps));
  std::printf("height-change maps: correlation %.4f, rms tiled %.4g, rms sequential %.4g\n", corr,
              std::sqrt(saa / N), std::sqrt(sbb / N));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes{1024, 2048}, threads{1, 2};
  uint64_t droplets = 0;
  int repeat = 3, size = 512;
  bool cmp = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : "";
    if (a == "--compare") {
      cmp = true;
      continue;
    }
    if (a == "--sizes")
      sizes = listOf(v);
    else if (a == "--threads")
      threads = listOf(v);
    else if (a == "--droplets")
      droplets = std::strtoull(v, nullptr, 10);
    else if (a == "--repeat")
      repeat = std::max(1, std::atoi(v));
    else if (a == "--size")
      size = std::atoi(v);
    else {
      std::fprintf(stderr, "bench_parallel: unknown argument '%s' (see the file's head)\n", a.c_str());
      return 2;
    }
    ++i;
  }
  if (cmp) return compare(size, droplets ? droplets : 200000);
  return scaling(sizes, threads, droplets ? droplets : 16 * 4096, repeat);
}
