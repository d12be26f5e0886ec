#include "snapshot_publisher.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace runnel {

namespace {

// A consumer holds one or two snapshots at a time; more released buffers would only hold memory.
constexpr size_t kMaxReleased = 2;

// Widens [lo, hi) to the columns where a and b differ bit for bit.
void includeDifferences(const float* a, const float* b, int n, int& lo, int& hi) {
  if (std::memcmp(a, b, size_t(n) * sizeof(float)) == 0) return;
  auto differs = [&](int i) { return std::bit_cast<uint32_t>(a[i]) != std::bit_cast<uint32_t>(b[i]); };
  int first = 0;
  while (first < n && !differs(first)) ++first;
  if (first == n) return;
  int last = n - 1;
  while (!differs(last)) --last;
  lo = std::min(lo, first);
  hi = std::max(hi, last + 1);
}

void copyRow(const Heightmap& from, Heightmap& to, int y) {
  std::memcpy(to.row(y), from.row(y), size_t(from.width()) * sizeof(float));
}

}  // namespace

CellRect Snapshot::changedSince(uint64_t olderVersion) const {
  if (olderVersion >= version) return {};
  const uint64_t n = version - olderVersion;
  if (olderVersion == 0 || n > recentChanges.size())
    return terrain ? CellRect{0, 0, terrain->width(), terrain->heightCells()} : CellRect{};
  CellRect r;
  for (uint64_t i = 0; i < n; ++i) r.include(recentChanges[size_t(i)]);
  return r;
}

SnapshotPublisher::SnapshotPublisher() : pool_(std::make_shared<Pool>()) {}

SnapshotPublisher::~SnapshotPublisher() {
  // Snapshots still held keep the pool alive through their deleters; free what is idle now.
  std::vector<std::unique_ptr<Buffer>> idle;
  std::lock_guard<std::mutex> lock(pool_->mutex);
  idle.swap(pool_->released);
}

std::unique_ptr<SnapshotPublisher::Buffer> SnapshotPublisher::takeBuffer(int width, int height) {
  std::unique_ptr<Buffer> best;
  std::vector<std::unique_ptr<Buffer>> wrongSize;  // from before a new base or layout; freed unlocked
  {
    std::lock_guard<std::mutex> lock(pool_->mutex);
    for (auto& b : pool_->released) {
      if (!b->fits(width, height, bookkeeping_))
        wrongSize.push_back(std::move(b));
      else if (!best || b->version > best->version)  // the newest needs the fewest rows copied
        best.swap(b);
    }
    std::vector<std::unique_ptr<Buffer>> others;  // of the right size, kept for later
    for (auto& b : pool_->released)
      if (b) others.push_back(std::move(b));
    pool_->released.swap(others);
  }
  if (best) return best;
  auto buffer = std::make_unique<Buffer>();
  if (bookkeeping_)
    buffer->terrain = Terrain(Heightmap(width, height));
  else
    buffer->terrain.height = Heightmap(width, height);
  return buffer;
}

CellRect SnapshotPublisher::compareAndCopy(const Terrain& work, Buffer& buffer, uint64_t version) {
  const int W = work.width(), H = work.heightCells();
  const Terrain* prev = last_.get();
  const bool all =
      all_ || !prev || prev->width() != W || prev->heightCells() != H || prev->eroded.empty() == bookkeeping_;
  CellRect dirty;
  if (all) {
    rowVersion_.assign(size_t(H), version);
    dirty = {0, 0, W, H};
  }
  for (int y = 0; y < H; ++y) {
    if (!all) {
      int lo = W, hi = 0;
      includeDifferences(work.height.row(y), prev->height.row(y), W, lo, hi);
      if (bookkeeping_) {
        includeDifferences(work.eroded.row(y), prev->eroded.row(y), W, lo, hi);
        includeDifferences(work.deposited.row(y), prev->deposited.row(y), W, lo, hi);
      }
      if (lo < hi) {
        rowVersion_[size_t(y)] = version;
        dirty.include({lo, y, hi, y + 1});
      }
    }
    if (rowVersion_[size_t(y)] > buffer.version) {
      copyRow(work.height, buffer.terrain.height, y);
      if (bookkeeping_) {
        copyRow(work.eroded, buffer.terrain.eroded, y);
        copyRow(work.deposited, buffer.terrain.deposited, y);
      }
    }
  }
  buffer.version = version;
  return dirty;
}

std::shared_ptr<Snapshot> SnapshotPublisher::make(const Terrain& work, bool terrainChanged) {
  auto snap = std::make_shared<Snapshot>();
  snap->version = ++version_;
  if (!terrainChanged && !all_ && last_) {
    snap->terrain = last_;
  } else {
    std::unique_ptr<Buffer> buffer = takeBuffer(work.width(), work.heightCells());
    snap->changed = compareAndCopy(work, *buffer, snap->version);
    all_ = false;
    // The deleter hands the buffer back for reuse, from whichever thread lets go of it last.
    Buffer* raw = buffer.release();
    std::shared_ptr<Buffer> owner(raw, [pool = pool_](Buffer* b) {
      std::unique_ptr<Buffer> keep(b);  // destroyed after the lock is released when not kept
      std::lock_guard<std::mutex> lock(pool->mutex);
      if (pool->released.size() < kMaxReleased) pool->released.push_back(std::move(keep));
    });
    last_ = std::shared_ptr<const Terrain>(owner, &raw->terrain);
    snap->terrain = last_;
  }
  history_.insert(history_.begin(), snap->changed);
  if (history_.size() > Snapshot::kHistory) history_.pop_back();
  snap->recentChanges = history_;
  return snap;
}

}  // namespace runnel
