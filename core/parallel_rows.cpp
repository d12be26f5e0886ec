#include "parallel_rows.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace runnel {

namespace {
// Below about this many cells a pass takes tens of microseconds: not worth a thread start.
constexpr long long kMinCellsForThreads = 1 << 16;
}  // namespace

int defaultThreadCount() {
  unsigned n = std::thread::hardware_concurrency();
  return int(std::clamp(n, 1u, 16u));
}

void parallelRows(int rows, int width, int threads, const std::function<void(int y0, int y1)>& band) {
  if (rows <= 0) return;
  if (threads <= 0) threads = defaultThreadCount();
  if ((long long)rows * width < kMinCellsForThreads) threads = 1;
  threads = std::min(threads, rows);
  if (threads == 1) {
    band(0, rows);
    return;
  }
  std::vector<std::thread> pool;
  pool.reserve(size_t(threads - 1));
  auto start = [&](int t) { return int((long long)rows * t / threads); };
  for (int t = 1; t < threads; ++t) pool.emplace_back(band, start(t), start(t + 1));
  band(0, start(1));
  for (auto& th : pool) th.join();
}

}  // namespace runnel
