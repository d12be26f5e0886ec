// Hands the rain map the artist paints (on the UI thread) to the simulation worker, copy-on-write.
//
// The UI keeps its own RainMap and paints it. publish() returns a copy that nobody writes while anyone holds
// it, for SimulationWorker::setRain. Copying a whole map per stroke would cost ~6 bytes a cell (tens of
// milliseconds at 4096 x 4096), so copies are recycled instead: when the worker drops a copy (it took a newer
// one), the shared pointer's deleter hands it back under a mutex, and the next publish() brings it up to
// date by copying only the rows the UI marked changed since that copy was made. At most `maxCopies` exist:
// when the worker has not yet taken (and let go of) the earlier ones, publish() returns null and the UI
// tries again next frame, so a UI faster than the worker's batches cannot pile up copies.
#pragma once
#include <cstddef>
#include <memory>

#include "rain_map.h"

namespace runnel {

class RainPublisher {
 public:
  explicit RainPublisher(size_t maxCopies = 3);
  ~RainPublisher();  // copies still held elsewhere stay valid until released
  RainPublisher(const RainPublisher&) = delete;
  RainPublisher& operator=(const RainPublisher&) = delete;

  // Rows [y0, y1) of the UI's map changed (a stroke); after a whole-map operation, markAllChanged().
  // Spring changes need no mark: every publish copies the springs.
  void markChanged(int y0, int y1);
  void markAllChanged();
  // A read-only copy equal to `painted`, or null when all copies are still held. Call from the thread that
  // paints.
  std::shared_ptr<const RainMap> publish(const RainMap& painted);

  // Copies made whole (new or resized), and rows copied to catch up, since construction (for tests and the
  // benchmark).
  size_t fullCopies() const { return fullCopies_; }
  size_t rowsCopied() const { return rowsCopied_; }

 private:
  struct Copy;
  struct Pool;
  std::shared_ptr<Pool> pool_;
  size_t maxCopies_;
  size_t fullCopies_ = 0, rowsCopied_ = 0;
};

}  // namespace runnel
