// Erosion figures sampled over time for the Stats panel's plots.
#pragma once
#include <cstdint>
#include <vector>

#include "core/sim/simulation_worker.h"

namespace runnel::editor {

class StatsHistory {
 public:
  static constexpr size_t kSamples = 240;  // about a minute at 4 samples a second

  // Called every frame with the newest snapshot; samples four times a second.
  void update(const Snapshot& snapshot, double now);
  void clear();

  const std::vector<float>& dropletsPerSecond() const { return rate_; }
  const std::vector<float>& erodedVolume() const { return eroded_; }
  const std::vector<float>& depositedVolume() const { return deposited_; }
  float currentRate() const { return rate_.empty() ? 0.0f : rate_.back(); }

 private:
  void push(std::vector<float>& v, float x);
  double lastTime_ = -1;
  uint64_t lastDroplets_ = 0;
  std::vector<float> rate_, eroded_, deposited_;
};

}  // namespace runnel::editor
