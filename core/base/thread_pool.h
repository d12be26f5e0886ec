// Threads that live as long as the pool and share out the items of one job at a time, the caller's thread
// included. For the droplet scheduler's phases, which last tens of microseconds: far less than starting a
// thread costs, so idle helpers poll briefly before they sleep. A helper that is late (descheduled on a
// busy machine) finds the items taken and holds nobody up: the caller waits only for items in progress.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace runnel {

class ThreadPool {
 public:
  explicit ThreadPool(int threads);  // threads >= 1: the caller and threads - 1 helpers
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int threads() const { return int(helpers_.size()) + 1; }
  // Runs fn(i) once for every i in [0, count), on whichever threads take them (in increasing order of i,
  // taken one at a time; over 2^20 - 1 items, all on the caller), and returns when all have returned.
  // Rethrows the first exception fn threw (the other items still run). Not re-entrant.
  void forEach(size_t count, const std::function<void(size_t)>& fn);

 private:
  void helperLoop();
  bool takeAndRun(uint64_t job);  // runs one item of `job` if one is left
  void publish(uint64_t work);    // a new job: wakes the helpers that sleep

  std::vector<std::thread> helpers_;
  // The job's number, item count and next item (thread_pool.cpp): taking an item is one compare-exchange
  // that fails once the job has changed, so a late helper never runs an item of a finished job.
  std::atomic<uint64_t> work_{0};
  std::atomic<const std::function<void(size_t)>*> fn_{nullptr};
  std::atomic<size_t> finished_{0};  // items of the current job done
  std::atomic<bool> stop_{false};
  std::mutex sleepMutex_;
  std::condition_variable wake_;
  std::atomic<int> sleepers_{0};
  std::mutex errorMutex_;
  std::exception_ptr error_;
};

// Threads to use for `requested` (0: every hardware thread).
int threadsFor(int requested);

}  // namespace runnel
