#include "thread_pool.h"

#include <algorithm>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace runnel {

namespace {

// About 50 to 100 microseconds of polling before a thread sleeps (on a condition variable; std::atomic's
// wait on a 64-bit value missed wake-ups here): longer than the gap between two phases.
constexpr int kSpins = 4000;

inline void pause() {
#if defined(__SSE2__)
  _mm_pause();
#endif
}

// work_ holds the job number, its item count and its next item in one word, so a claim checks all three
// at once: a helper still holding the word of a finished job can never take an item of it.
constexpr int kItemBits = 20;
constexpr uint64_t kItemMask = (uint64_t(1) << kItemBits) - 1;
inline uint64_t jobOf(uint64_t work) {
  return work >> (2 * kItemBits);
}
inline uint64_t countOf(uint64_t work) {
  return (work >> kItemBits) & kItemMask;
}
inline uint64_t nextOf(uint64_t work) {
  return work & kItemMask;
}
inline uint64_t workOf(uint64_t job, uint64_t count) {
  return (job << (2 * kItemBits)) | (count << kItemBits);
}

}  // namespace

int threadsFor(int requested) {
  if (requested > 0) return requested;
  return int(std::max(1u, std::thread::hardware_concurrency()));
}

ThreadPool::ThreadPool(int threads) {
  for (int i = 1; i < std::max(threads, 1); ++i) helpers_.emplace_back([this] { helperLoop(); });
}

ThreadPool::~ThreadPool() {
  stop_.store(true);
  publish(workOf(jobOf(work_.load()) + 1, 0));  // a job with no items: every helper wakes and ends
  for (std::thread& t : helpers_) t.join();
}

bool ThreadPool::takeAndRun(uint64_t job) {
  uint64_t w = work_.load(std::memory_order_acquire);
  for (;;) {
    if (jobOf(w) != job || nextOf(w) >= countOf(w)) return false;
    if (work_.compare_exchange_weak(w, w + 1, std::memory_order_acq_rel, std::memory_order_acquire)) break;
  }
  // The item is ours and the job cannot end before we count it finished, so fn_ is still this job's.
  try {
    (*fn_.load(std::memory_order_acquire))(size_t(nextOf(w)));
  } catch (...) {
    std::lock_guard<std::mutex> lock(errorMutex_);
    if (!error_) error_ = std::current_exception();
  }
  finished_.fetch_add(1, std::memory_order_acq_rel);
  return true;
}

void ThreadPool::forEach(size_t count, const std::function<void(size_t)>& fn) {
  if (count == 0) return;
  if (helpers_.empty() || count == 1 || count > kItemMask) {
    for (size_t i = 0; i < count; ++i) fn(i);
    return;
  }
  error_ = nullptr;
  finished_.store(0, std::memory_order_relaxed);
  fn_.store(&fn, std::memory_order_relaxed);
  const uint64_t job = jobOf(work_.load(std::memory_order_relaxed)) + 1;
  publish(workOf(job, count));
  while (takeAndRun(job)) {
  }
  for (int spins = 0; finished_.load(std::memory_order_acquire) != count; ++spins)
    if (spins < kSpins)
      pause();
    else
      std::this_thread::yield();
  std::exception_ptr error = error_;
  if (error) std::rethrow_exception(error);
}

void ThreadPool::publish(uint64_t work) {
  work_.store(work);  // seq_cst with the load of sleepers_: a helper going to sleep sees one or the other
  if (sleepers_.load() > 0) {
    std::lock_guard<std::mutex> lock(sleepMutex_);
    wake_.notify_all();
  }
}

void ThreadPool::helperLoop() {
  // Job 0 is the state at construction: a job (or the destructor's stop) published before this thread
  // first runs still counts as new. Reading work_ here instead could take the stop as already seen and
  // sleep forever.
  uint64_t seen = 0;
  for (;;) {
    // Wait for a new job: poll, then sleep until work_ changes.
    uint64_t w = work_.load(std::memory_order_acquire);
    for (int i = 0; i < kSpins && jobOf(w) == jobOf(seen); ++i) {
      pause();
      w = work_.load(std::memory_order_acquire);
    }
    if (jobOf(w) == jobOf(seen)) {
      std::unique_lock<std::mutex> lock(sleepMutex_);
      sleepers_.fetch_add(1);
      while (jobOf(w = work_.load()) == jobOf(seen)) wake_.wait(lock);
      sleepers_.fetch_sub(1);
    }
    seen = w;
    if (stop_.load(std::memory_order_acquire)) return;
    while (takeAndRun(jobOf(w))) {
    }
  }
}

}  // namespace runnel
