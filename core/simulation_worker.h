// Runs an erosion model on a background thread in batches of a few milliseconds.
//
// The worker owns the working terrain. Commands (play, pause, step, reset, new model settings, a new rain
// map) are queued and applied between batches, so a slider change takes effect at the next batch. After each
// batch the worker publishes a snapshot with a version number; latestSnapshot() only swaps a shared pointer
// under a short lock and never waits for a batch. copyTerrain() takes a consistent copy between batches.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "erosion_model.h"
#include "erosion_stats.h"
#include "rain_map.h"
#include "terrain.h"

namespace runnel {

// Rows [y0, y1) and columns [x0, x1) that changed since a given snapshot; empty when x0 >= x1.
struct DirtyRect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x0 >= x1 || y0 >= y1; }
  void include(const DirtyRect& o);
};

struct Snapshot {
  uint64_t version = 0;
  std::shared_ptr<const Terrain> terrain;  // immutable once published
  DirtyRect changed;                       // relative to the previous version; whole map after a reset
  ErosionStats stats;                      // totals since the last reset
  uint64_t dropletsDone = 0;
  bool playing = false;
};

class SimulationWorker {
 public:
  SimulationWorker(Terrain base, std::unique_ptr<ErosionModel> model);
  ~SimulationWorker();  // stops the thread
  SimulationWorker(const SimulationWorker&) = delete;
  SimulationWorker& operator=(const SimulationWorker&) = delete;

  void play();
  void pause();
  void step(uint64_t units);                              // runs this many units, then pauses
  void reset();                                           // back to the base terrain, counters to zero
  void setBase(Terrain base);                             // new base terrain (generate, import); resets
  void setModel(std::unique_ptr<ErosionModel> model);     // applies at the next batch
  void setRain(std::shared_ptr<const RainMap> rain);      // applies at the next batch; null is uniform
  void setBudget(uint64_t totalUnits);                    // pause when reached; 0 = no limit
  void setBatchMilliseconds(double ms);                   // target batch length (default 8 ms)

  // Never waits for a batch. Null until the first snapshot (published at construction).
  std::shared_ptr<const Snapshot> latestSnapshot() const;
  // Waits until the queued commands have been applied and no batch runs, then copies.
  Terrain copyTerrain();
  Terrain copyBase();
  // Blocks until the worker is idle (paused with no pending step). For tests and scripts.
  void waitIdle();
  bool playing() const;

 private:
  void loop();
  void enqueue(std::function<void()> command);
  void publish(const DirtyRect& changed);

  Terrain base_, work_;
  std::unique_ptr<ErosionModel> model_;
  std::shared_ptr<const RainMap> rain_;
  ErosionStats stats_;
  uint64_t done_ = 0, budget_ = 0, stepRemaining_ = 0;
  bool playing_ = false;
  double batchMs_ = 8.0;
  uint64_t batchSize_ = 256;  // adapts to batchMs_
  uint64_t version_ = 0;

  mutable std::mutex commandMutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> commands_;
  bool stop_ = false, busy_ = false;

  mutable std::mutex snapshotMutex_;
  std::shared_ptr<const Snapshot> snapshot_;
  std::atomic<bool> playingFlag_{false};

  std::thread thread_;
};

}  // namespace runnel
