#include "flow_overlay.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/base/thread_priority.h"
#include "core/models/rivers/discharge.h"
#include "core/models/rivers/rivers_params.h"
#include "core/rain/rain_map.h"
#include "core/terrain/map_range.h"
#include "core/terrain/terrain.h"

namespace runnel::editor {

namespace {

// While erosion runs the terrain changes every frame: a new map at most this often, and never more than a
// fifth of the time (the map shares the cores with the view and the erosion).
constexpr double kMinSeconds = 1.0;
constexpr double kBusyShare = 0.2;

}  // namespace

FlowOverlay::~FlowOverlay() {
  if (job_.valid()) job_.wait();
}

bool FlowOverlay::needsNew(const Source& source, double now) const {
  if (!source.terrain || job_.valid()) return false;
  const bool same = started_ && done_.terrain == source.terrain && done_.version == source.version &&
                    done_.rainRevision == source.rainRevision && done_.cellSize == source.cellSize &&
                    done_.wetness == source.wetness;
  if (same) return false;
  const bool sameSize = started_ && done_.terrain && done_.terrain->width() == source.terrain->width() &&
                        done_.terrain->heightCells() == source.terrain->heightCells();
  // A new map size or cell size is shown at once; the same map eroding is caught up with once a second.
  const double wait = std::max(kMinSeconds, lastSeconds_ / kBusyShare);
  return !sameSize || done_.cellSize != source.cellSize || done_.wetness != source.wetness ||
         now - startedAt_ >= wait;
}

void FlowOverlay::start(const Source& source, std::shared_ptr<const RainMap> rain, double now) {
  done_ = source;
  started_ = true;
  startedAt_ = now;
  std::shared_ptr<const Terrain> terrain = source.terrain;
  const float cellSize = source.cellSize;
  const bool wetness = source.wetness;
  // One thread: the erosion worker has the others.
  job_ = std::async(std::launch::async, [terrain, rain, cellSize, wetness] {
    lowerThisThreadsPriority();  // a refresh of a picture: the frames come first, as the run's do
    const auto began = std::chrono::steady_clock::now();
    Result r;
    r.wetness = wetness;
    if (wetness) {
      r.map = wetnessIndex(terrain->height, rain.get(), cellSize, 1);
      // Dry ridges to waterlogged floors, without the few cells at either end washing the rest out.
      const ValueRange range = percentileRange(r.map.data(), r.map.cellCount(), 0.02, 0.98);
      r.lo = range.lo;
      r.hi = std::max(range.hi, range.lo + 0.5f);
    } else {
      r.map = dischargeLog10(terrain->height, rain.get(), cellSize, 1);
      float lo, hi;
      r.map.minMax(lo, hi);
      // Faint from the channel head (where the rivers model starts cutting), full at the biggest river.
      r.lo = std::log10(std::max(RiversParams{}.channelHead, 4.0f * cellSize * cellSize));
      r.hi = std::max(hi, r.lo + 0.5f);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    return r;
  });
}

std::optional<FlowOverlay::Result> FlowOverlay::takeResult(bool wait) {
  if (!job_.valid()) return std::nullopt;
  if (!wait && job_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return std::nullopt;
  try {
    Result r = job_.get();
    error_.clear();
    lastSeconds_ = r.seconds;
    shownLo_ = r.lo;
    shownHi_ = r.hi;
    shownWetness_ = r.wetness;
    return r;
  } catch (const std::exception& e) {
    error_ = e.what();
    return std::nullopt;
  }
}

}  // namespace runnel::editor
