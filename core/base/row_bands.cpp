#include "row_bands.h"

#include <algorithm>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace runnel {

void forEachRowBand(int rows, size_t cellsPerRow, const std::function<void(int, int)>& fn) {
  forEachRowBand(rows, cellsPerRow, 0, fn);
}

void forEachRowBand(int rows, size_t cellsPerRow, int threads, const std::function<void(int, int)>& fn) {
  if (threads <= 0) {
    // Below about 64k cells (a pass of tens of microseconds) a thread costs more than it saves.
    size_t cells = size_t(rows) * cellsPerRow;
    threads = int(std::min<unsigned>(std::max(1u, std::thread::hardware_concurrency()), 8u));
    threads = std::min(threads, std::max(1, int(cells / (64 * 1024))));
  }
  threads = std::min(threads, rows);
  if (threads <= 1) {
    fn(0, rows);
    return;
  }
  std::exception_ptr error;
  std::mutex errorMutex;
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    int y0 = int(int64_t(rows) * t / threads), y1 = int(int64_t(rows) * (t + 1) / threads);
    pool.emplace_back([&, y0, y1] {
      try {
        fn(y0, y1);
      } catch (...) {
        std::lock_guard<std::mutex> lock(errorMutex);
        if (!error) error = std::current_exception();
      }
    });
  }
  for (auto& th : pool) th.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace runnel
