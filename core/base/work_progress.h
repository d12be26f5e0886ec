// How far long file work has got (an export, an import), reported from the loops deep inside the format
// readers and writers without a parameter through every one of them: the caller opens a WorkProgress on
// its thread with the fraction to fill; the loops call reportWork(done, total); a nested WorkProgress
// (one map of several) fills its share of the enclosing one. Without one open, reportWork does nothing.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>

namespace runnel {

class WorkProgress {
 public:
  // Reports into `fraction` (0..1), from 0 now; `onReport`, when given, hears every report (on this thread).
  explicit WorkProgress(std::atomic<float>& fraction, std::function<void(float)> onReport = {});
  // A share [from, to) of the WorkProgress open on this thread (none open: nothing is reported).
  WorkProgress(double from, double to);
  ~WorkProgress();
  WorkProgress(const WorkProgress&) = delete;
  WorkProgress& operator=(const WorkProgress&) = delete;

  void report(double share);  // 0..1 of this piece of work

 private:
  std::atomic<float>* fraction_;
  double from_ = 0, to_ = 1;
  WorkProgress* outer_;
  WorkProgress* root_;                   // the one that holds the fraction
  std::function<void(float)> onReport_;  // the root's
};

// done of total units (rows, bytes) of the work the innermost WorkProgress on this thread stands for.
void reportWork(uint64_t done, uint64_t total);

}  // namespace runnel
