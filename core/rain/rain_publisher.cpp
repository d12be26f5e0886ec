#include "rain_publisher.h"

#include <algorithm>
#include <mutex>
#include <vector>

namespace runnel {

// A copy and the rows in which it differs from the painted map. Only the painting thread reads or writes
// `staleFrom`/`staleTo`; only it writes `map`, and only while the copy is in the pool's free list.
struct RainPublisher::Copy {
  RainMap map;
  int staleFrom = 0, staleTo = 0;  // rows [staleFrom, staleTo) are out of date
  bool allStale = false;
};

struct RainPublisher::Pool {
  std::vector<std::unique_ptr<Copy>> copies;  // owned here; changed on the painting thread only
  std::mutex mutex;
  std::vector<Copy*> free;  // released copies; the mutex orders the releaser's reads before our writes
};

RainPublisher::RainPublisher(size_t maxCopies)
    : pool_(std::make_shared<Pool>()), maxCopies_(std::max<size_t>(maxCopies, 1)) {}
RainPublisher::~RainPublisher() = default;

void RainPublisher::markChanged(int y0, int y1) {
  if (y0 >= y1) return;
  for (auto& c : pool_->copies) {
    if (c->staleFrom >= c->staleTo) {
      c->staleFrom = y0, c->staleTo = y1;
    } else {
      c->staleFrom = std::min(c->staleFrom, y0);
      c->staleTo = std::max(c->staleTo, y1);
    }
  }
}

void RainPublisher::markAllChanged() {
  for (auto& c : pool_->copies) c->allStale = true;
}

std::shared_ptr<const RainMap> RainPublisher::publish(const RainMap& painted) {
  Copy* copy = nullptr;
  {
    std::lock_guard<std::mutex> lock(pool_->mutex);
    if (!pool_->free.empty()) {
      copy = pool_->free.back();
      pool_->free.pop_back();
    }
  }
  if (!copy) {
    if (pool_->copies.size() >= maxCopies_) return nullptr;
    pool_->copies.push_back(std::make_unique<Copy>());
    copy = pool_->copies.back().get();
    copy->allStale = true;
  }
  if (copy->allStale || copy->map.width() != painted.width() || copy->map.height() != painted.height()) {
    copy->map = painted;
    ++fullCopies_;
  } else {
    copy->map.copyRowsFrom(painted, copy->staleFrom, copy->staleTo);
    rowsCopied_ += size_t(std::max(copy->staleTo - copy->staleFrom, 0));
  }
  copy->staleFrom = copy->staleTo = 0;
  copy->allStale = false;
  // The deleter may run on the worker's thread, and after this publisher is gone: it keeps the pool alive.
  std::shared_ptr<Pool> pool = pool_;
  return std::shared_ptr<const RainMap>(&copy->map, [pool, copy](const RainMap*) {
    std::lock_guard<std::mutex> lock(pool->mutex);
    pool->free.push_back(copy);
  });
}

}  // namespace runnel
