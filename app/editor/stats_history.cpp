#include "app/editor/stats_history.h"

namespace runnel::editor {

void StatsHistory::push(std::vector<float>& v, float x) {
  if (v.size() == kSamples) v.erase(v.begin());
  v.push_back(x);
}

void StatsHistory::clear() {
  rate_.clear();
  eroded_.clear();
  deposited_.clear();
  lastTime_ = -1;
  lastDroplets_ = 0;
}

void StatsHistory::update(const Snapshot& s, double now) {
  if (s.dropletsDone < lastDroplets_) clear();  // a reset or a new terrain
  if (lastTime_ < 0) {
    lastTime_ = now;
    lastDroplets_ = s.dropletsDone;
    return;
  }
  double dt = now - lastTime_;
  if (dt < 0.25) return;
  push(rate_, float(double(s.dropletsDone - lastDroplets_) / dt));
  push(eroded_, float(s.stats.eroded));
  push(deposited_, float(s.stats.deposited));
  lastTime_ = now;
  lastDroplets_ = s.dropletsDone;
}

}  // namespace runnel::editor
