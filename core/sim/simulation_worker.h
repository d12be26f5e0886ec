// Runs an erosion model on a background thread in batches of a few milliseconds.
//
// The worker owns the working terrain. Commands (play, pause, step, reset, new model settings, a new rain
// map) are queued and applied between batches, so a slider change takes effect at the next batch. The worker
// publishes snapshots with a version number; latestSnapshot() only copies a shared pointer under a short lock
// and never waits for a batch. copyTerrain() takes a consistent copy between batches.
//
// Publish policy: copying a big map every batch would cost more than the batch, so while playing a snapshot
// is published at most every 30 ms (longer when a copy is slow: the copy takes at most a quarter of the
// worker's time). One is always published after the last batch before a pause (pause, step done, budget
// reached, error), after reset and setBase, and when only the play state or stats changed (that one shares
// the previous terrain). Buffers the consumer has released are reused, copying only the rows that changed.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/models/erosion_model.h"
#include "core/models/erosion_stats.h"
#include "core/rain/rain_map.h"
#include "core/terrain/cell_rect.h"
#include "core/terrain/terrain.h"

namespace runnel {

struct Snapshot {
  uint64_t version = 0;
  std::shared_ptr<const Terrain> terrain;  // immutable once published; eroded and deposited are empty
                                           // after setSnapshotBookkeeping(false)
  CellRect changed;                        // relative to the previous version; whole map after a reset
  ErosionStats stats;                      // totals since the last reset (soil totals: at the last stop)
  uint64_t dropletsDone = 0;               // units run since the last reset
  bool playing = false;                    // running, or stepping
  std::string error;                       // why the last batch failed (the run paused); empty when fine
  double copyMilliseconds = 0;             // what producing this snapshot cost the worker
  // recentChanges[i] is the `changed` of version (version - i), for up to kHistory versions.
  static constexpr size_t kHistory = 32;
  std::vector<CellRect> recentChanges;

  // Everything that changed after `olderVersion` up to this one, for a consumer that skipped versions:
  // the whole map when olderVersion is 0 or too old to know.
  CellRect changedSince(uint64_t olderVersion) const;
};

class SnapshotPublisher;

class SimulationWorker {
 public:
  // Throws Error when the model is null or the base terrain's maps disagree in size.
  SimulationWorker(Terrain base, std::unique_ptr<ErosionModel> model);
  ~SimulationWorker();  // stops the thread; a running batch finishes first
  SimulationWorker(const SimulationWorker&) = delete;
  SimulationWorker& operator=(const SimulationWorker&) = delete;

  void play();
  void pause();
  void step(uint64_t units);                           // stops playing, runs this many more units, pauses
  void reset();                                        // back to the base terrain, counters to zero;
                                                       // keeps playing if it was
  void setBase(Terrain base);                          // new base terrain (generate, import); resets. A rain
                                                       // map of another size is dropped (uniform rain)
  void setModel(std::unique_ptr<ErosionModel> model);  // applies at the next batch
  void setRain(std::shared_ptr<const RainMap> rain);   // applies at the next batch; null is uniform
  void setBudget(uint64_t totalUnits);                 // pause when reached; 0 = no limit
  void setBatchMilliseconds(double ms);                // target batch length (default 8 ms), 0.5 to 200
  // Whether snapshots carry the eroded and deposited maps (default yes). Without them a snapshot of a big map
  // costs a third: turn them off while no overlay shows them. copyTerrain() always has them.
  void setSnapshotBookkeeping(bool on);
  // Called on the worker thread after each publish (e.g. to wake the UI's event loop). Keep it short; it
  // must not call copyTerrain(), copyBase() or waitIdle().
  void setOnPublish(std::function<void()> hook);
  // From the next batch on, the worker's thread and the threads its models start run at background
  // priority (core/base/thread_priority.h): where the cores are all busy, the UI comes first and the run
  // takes what it leaves. For good: a lowered thread cannot raise itself again.
  void runInBackground();

  // Never waits for a batch. Published at construction, so never null.
  std::shared_ptr<const Snapshot> latestSnapshot() const;
  // Wait for the queued commands and the running batch (at most one batch), then copy.
  Terrain copyTerrain();
  Terrain copyBase();
  // Blocks until the worker is idle (paused with no pending step or command). For tests and scripts.
  void waitIdle();
  bool playing() const;
  // Units per batch at the moment (a power of two that adapts to the batch length).
  uint64_t batchSize() const { return batchSizeShown_.load(std::memory_order_relaxed); }
  // How many units of the running batch are done, fractions included (a long unit, one rivers step at
  // 4096², reports its stages as it goes); 0 between batches. Add to a snapshot's dropletsDone for a bar.
  double unitsInFlight() const {
    return double(batchFraction_.load(std::memory_order_relaxed)) *
           double(batchUnits_.load(std::memory_order_relaxed));
  }

 private:
  // Everything below the commands is owned by the worker thread.
  void loop();
  void enqueue(std::function<void()> command);
  bool running() const;
  void runBatch();
  void adaptBatchSize(uint64_t count, double seconds);
  void publish();
  void restart();  // the work terrain back to the base, counters to zero

  Terrain base_, work_;
  std::unique_ptr<ErosionModel> model_;
  std::shared_ptr<const RainMap> rain_;
  ErosionStats stats_;
  uint64_t done_ = 0, budget_ = 0, stepRemaining_ = 0;
  std::atomic<float> batchFraction_{0.0f};  // of the running batch, as its model reports it (WorkProgress)
  std::atomic<uint64_t> batchUnits_{0};     // the running batch's units
  bool playing_ = false;
  double batchMs_ = 8.0;
  uint64_t batchSize_ = 64;  // adapts to batchMs_
  std::string error_;
  // The model leaves the soil totals (for massError) to the worker: measured at a reset and when the run
  // stops, so a snapshot's soilAfter is that of the last stop.
  bool soilByWorker_ = false;
  double soilStart_ = 0;
  std::function<void()> onPublish_;
  std::unique_ptr<SnapshotPublisher> publisher_;
  bool terrainChanged_ = false;  // since the last publish
  bool stateChanged_ = false;    // play state, counters or error to show
  double lastPublish_ = 0;       // seconds on the steady clock
  double publishInterval_ = 0.03;

  mutable std::mutex commandMutex_;
  std::condition_variable wake_, idle_;
  std::deque<std::function<void()>> commands_;
  bool stop_ = false, busy_ = false, active_ = false;  // active_: playing or stepping
  int baseWidth_ = 0, baseHeight_ = 0;                 // for checking setRain in the caller's thread

  mutable std::mutex snapshotMutex_;
  std::shared_ptr<const Snapshot> snapshot_;
  std::atomic<bool> playingFlag_{false};
  std::atomic<uint64_t> batchSizeShown_{64};

  std::thread thread_;
};

}  // namespace runnel
