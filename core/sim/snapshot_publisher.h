// Turns the worker's terrain into immutable snapshots cheaply: finds the changed region by comparing rows
// with the previously published terrain, and copies into a buffer the consumer has released, only the rows
// that changed since that buffer was last filled. Used on the worker thread only.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "simulation_worker.h"

namespace runnel {

class SnapshotPublisher {
 public:
  SnapshotPublisher();
  ~SnapshotPublisher();

  // The next snapshot would report the whole map as changed and copy it fully (after a reset or new base).
  void invalidateAll() { all_ = true; }
  // Whether snapshots carry the eroded and deposited maps (a third of the cost each) or leave them empty.
  void setBookkeeping(bool on) {
    if (on != bookkeeping_) all_ = true;
    bookkeeping_ = on;
  }
  // The next version, with its terrain, changed rect and history filled in. When `terrainChanged` is false
  // it shares the previous snapshot's terrain and reports no change.
  std::shared_ptr<Snapshot> make(const Terrain& work, bool terrainChanged);

 private:
  struct Buffer {
    Terrain terrain;
    uint64_t version = 0;  // the version whose terrain it holds; 0 = nothing yet
    bool fits(int width, int height, bool bookkeeping) const {
      return terrain.width() == width && terrain.heightCells() == height &&
             terrain.eroded.empty() != bookkeeping;
    }
  };
  // Released buffers; a snapshot's deleter puts its buffer back from whichever thread drops it last.
  struct Pool {
    std::mutex mutex;
    std::vector<std::unique_ptr<Buffer>> released;
  };
  std::unique_ptr<Buffer> takeBuffer(int width, int height);  // in the current layout
  CellRect compareAndCopy(const Terrain& work, Buffer& buffer, uint64_t version);

  std::shared_ptr<Pool> pool_;
  std::shared_ptr<const Terrain> last_;  // the terrain of the last published snapshot
  std::vector<CellRect> history_;
  std::vector<uint64_t> rowVersion_;  // the version in which each row last changed
  uint64_t version_ = 0;
  bool all_ = true;
  bool bookkeeping_ = true;
};

}  // namespace runnel
