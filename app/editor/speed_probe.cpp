#include "speed_probe.h"

#include <algorithm>
#include <chrono>

#include "core/models/erosion_stats.h"
#include "core/terrain/terrain.h"

namespace runnel::editor {

void SpeedProbe::start(const std::string& key, std::unique_ptr<ErosionModel> model,
                       const Heightmap& heights) {
  if (key == key_ && (rate_ || pending_.valid())) return;
  if (pending_.valid()) pending_.wait();  // one probe at a time; its answer is for another key now
  key_ = key;
  rate_.reset();
  const int w = std::min(kSide, heights.width()), h = std::min(kSide, heights.height());
  const int x0 = (heights.width() - w) / 2, y0 = (heights.height() - h) / 2;
  Heightmap middle(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) middle.at(x, y) = heights.at(x0 + x, y0 + y);
  pending_ = std::async(
      std::launch::async, [model = std::move(model), middle = std::move(middle), wake = onDone]() mutable {
        Terrain terrain(std::move(middle));
        model->setSoilTotals(false);
        ErosionStats stats;
        const auto start = std::chrono::steady_clock::now();
        uint64_t done = 0;
        double seconds = 0.0;
        constexpr uint64_t kBatch = 500, kMost = 20000;
        while (done < kMost && seconds < kSeconds) {
          model->run(terrain, nullptr, done, kBatch, stats);
          done += kBatch;
          seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        }
        if (wake) wake();
        return seconds > 0.0 ? double(done) / seconds : 0.0;
      });
}

std::optional<double> SpeedProbe::rate(const std::string& key) {
  if (key != key_) return std::nullopt;
  if (pending_.valid() && pending_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    try {
      const double r = pending_.get();
      if (r > 0.0) rate_ = r;
    } catch (const std::exception&) {
      // A model that cannot run here will say so when Play runs it; the button just shows no estimate.
    }
  }
  return rate_;
}

}  // namespace runnel::editor
