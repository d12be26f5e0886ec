#include "work_progress.h"

#include <algorithm>
#include <utility>

namespace runnel {

namespace {
thread_local WorkProgress* innermost = nullptr;
}

WorkProgress::WorkProgress(std::atomic<float>& fraction, std::function<void(float)> onReport)
    : fraction_(&fraction), outer_(innermost), root_(this), onReport_(std::move(onReport)) {
  innermost = this;
  report(0.0);
}

WorkProgress::WorkProgress(double from, double to)
    : fraction_(innermost ? innermost->fraction_ : nullptr),
      outer_(innermost),
      root_(innermost ? innermost->root_ : nullptr) {
  if (outer_) {  // the share of the share the enclosing work stands for
    const double span = outer_->to_ - outer_->from_;
    from_ = outer_->from_ + span * from;
    to_ = outer_->from_ + span * to;
  }
  innermost = this;
  report(0.0);
}

WorkProgress::~WorkProgress() {
  report(1.0);
  innermost = outer_;
}

void WorkProgress::report(double share) {
  if (!fraction_) return;
  const float at = float(from_ + (to_ - from_) * std::clamp(share, 0.0, 1.0));
  fraction_->store(at, std::memory_order_relaxed);
  if (root_->onReport_) root_->onReport_(at);
}

void reportWork(uint64_t done, uint64_t total) {
  if (innermost && total > 0) innermost->report(double(done) / double(total));
}

}  // namespace runnel
