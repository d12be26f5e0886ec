// The water overlays' map: where water gathers on the terrain on screen (log10 of the discharge, as
// `runnel-cli erode --flow` writes it) or where ground stays wet (the wetness index, as export-maps writes
// it), worked out on its own thread so the view never waits for it. A new
// map is started when the terrain, the rain or the cell size changed, at most one at a time and, while
// erosion runs, at most once a second and at most a fifth of the time. No GL here: the editor uploads what
// takeResult() hands it.
#pragma once
#include <cstdint>
#include <future>
#include <memory>
#include <optional>
#include <string>

#include "core/terrain/heightmap.h"

namespace runnel {
class RainMap;
struct Terrain;
}  // namespace runnel

namespace runnel::editor {

class FlowOverlay {
 public:
  struct Result {
    Heightmap map;         // log10 of m² per cell, or the wetness index
    bool wetness = false;  // which of the two
    float lo = 0, hi = 1;  // the range to show: channel head to the biggest river; wetness: 2% to 98%
    double seconds = 0;    // what working it out took
  };
  // What the map is of: the terrain (with its snapshot version), the rain (revision) and the cell size;
  // and which map.
  struct Source {
    std::shared_ptr<const Terrain> terrain;
    uint64_t version = 0;
    uint64_t rainRevision = 0;
    float cellSize = 1.0f;
    bool wetness = false;
  };

  ~FlowOverlay();  // waits for a map being worked out

  // Call each frame while the overlay is shown. `rain` is asked for (a copy of the painted map, null when
  // uniform) only when a new map starts. `now` in seconds.
  template <class RainCopy>
  void update(const Source& source, RainCopy&& rain, double now) {
    if (!needsNew(source, now)) return;
    start(source, rain(), now);
  }
  // A finished map, once; waits for the one being worked out if `wait` (a screenshot must show it).
  std::optional<Result> takeResult(bool wait = false);
  bool busy() const { return job_.valid(); }
  // Why the last map failed (empty when it did not).
  const std::string& error() const { return error_; }
  // The range of the map on screen and which map it is, for the legend (lo >= hi: none yet).
  float shownLo() const { return shownLo_; }
  float shownHi() const { return shownHi_; }
  bool shownWetness() const { return shownWetness_; }

 private:
  bool needsNew(const Source& source, double now) const;
  void start(const Source& source, std::shared_ptr<const RainMap> rain, double now);

  std::future<Result> job_;
  Source done_;  // what the last started map was of
  bool started_ = false;
  double startedAt_ = -1e9;
  double lastSeconds_ = 0;
  std::string error_;
  float shownLo_ = 0, shownHi_ = 0;
  bool shownWetness_ = false;
};

}  // namespace runnel::editor
