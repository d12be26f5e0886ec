#include "simulation_worker.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <future>
#include <string>

#include "core/base/error.h"
#include "core/base/thread_priority.h"
#include "core/base/value_limits.h"
#include "core/base/work_progress.h"
#include "snapshot_publisher.h"

namespace runnel {

namespace {

constexpr uint64_t kAlignment = 64;
constexpr uint64_t kMaxBatch = uint64_t(1) << 24;
constexpr double kMinPublishInterval = 0.030;  // seconds
constexpr double kMaxCopyShare = 0.25;         // of the worker's time

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void checkTerrain(const Terrain& t) {
  if (t.height.empty()) throw Error("simulation: the base terrain is empty");
  if (t.eroded.width() != t.width() || t.eroded.height() != t.heightCells() ||
      t.deposited.width() != t.width() || t.deposited.height() != t.heightCells())
    throw Error("simulation: the base terrain's eroded and deposited maps do not match its size");
}

}  // namespace

SimulationWorker::SimulationWorker(Terrain base, std::unique_ptr<ErosionModel> model)
    : publisher_(std::make_unique<SnapshotPublisher>()) {
  if (!model) throw Error("simulation: no erosion model");
  checkTerrain(base);
  baseWidth_ = base.width();
  baseHeight_ = base.heightCells();
  base_ = std::move(base);
  work_ = base_;
  model_ = std::move(model);
  soilByWorker_ = model_->setSoilTotals(false);
  soilStart_ = soilByWorker_ ? work_.height.sum() : 0;
  publish();  // so latestSnapshot() is never null
  thread_ = std::thread([this] { loop(); });
}

SimulationWorker::~SimulationWorker() {
  {
    std::lock_guard<std::mutex> lock(commandMutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void SimulationWorker::enqueue(std::function<void()> command) {
  {
    std::lock_guard<std::mutex> lock(commandMutex_);
    commands_.push_back(std::move(command));
  }
  wake_.notify_all();
}

void SimulationWorker::play() {
  playingFlag_ = true;  // shown at once; the worker corrects it if the budget is already spent
  enqueue([this] {
    playing_ = true;
    stepRemaining_ = 0;
    error_.clear();
    stateChanged_ = true;
  });
}

void SimulationWorker::pause() {
  playingFlag_ = false;
  enqueue([this] {
    playing_ = false;
    stepRemaining_ = 0;
    stateChanged_ = true;
  });
}

void SimulationWorker::step(uint64_t units) {
  if (units > 0) playingFlag_ = true;  // as play(): shown at once, through the Step's first batch
  enqueue([this, units] {
    playing_ = false;
    stepRemaining_ += units;
    error_.clear();
    stateChanged_ = true;
  });
}

void SimulationWorker::reset() {
  enqueue([this] { restart(); });
}

void SimulationWorker::setBase(Terrain base) {
  checkTerrain(base);
  auto holder = std::make_shared<Terrain>(std::move(base));
  {
    std::lock_guard<std::mutex> lock(commandMutex_);
    baseWidth_ = holder->width();
    baseHeight_ = holder->heightCells();
  }
  enqueue([this, holder] {
    base_ = std::move(*holder);
    if (rain_ && (rain_->width() != base_.width() || rain_->height() != base_.heightCells())) rain_.reset();
    restart();
  });
}

void SimulationWorker::restart() {
  work_ = base_;
  stats_ = {};
  if (soilByWorker_) soilStart_ = work_.height.sum();
  done_ = 0;
  stepRemaining_ = 0;
  error_.clear();
  publisher_->invalidateAll();
  terrainChanged_ = stateChanged_ = true;
  lastPublish_ = 0;  // publish at once, even while playing
}

void SimulationWorker::setModel(std::unique_ptr<ErosionModel> model) {
  if (!model) throw Error("simulation: no erosion model");
  auto holder = std::make_shared<std::unique_ptr<ErosionModel>>(std::move(model));
  enqueue([this, holder] {
    if (model_) (*holder)->continueFrom(*model_);  // a slider change keeps the grid model's water
    // Another kind of model has units of another cost (a rivers step is a whole landscape, a droplet a few
    // hundred cell visits): the batch size starts again from one unit and grows to the batch time.
    if (!model_ || std::string(model_->name()) != (*holder)->name()) batchSize_ = 1;
    model_ = std::move(*holder);
    soilByWorker_ = model_->setSoilTotals(false);
    if (soilByWorker_ && done_ == 0) soilStart_ = work_.height.sum();
    error_.clear();
  });
}

void SimulationWorker::setRain(std::shared_ptr<const RainMap> rain) {
  if (rain) {
    std::lock_guard<std::mutex> lock(commandMutex_);
    checkRainFits(*rain, baseWidth_, baseHeight_);
  }
  enqueue([this, rain = std::move(rain)] {
    if (!rain || (rain->width() == base_.width() && rain->height() == base_.heightCells())) rain_ = rain;
  });
}

void SimulationWorker::setBudget(uint64_t totalUnits) {
  enqueue([this, totalUnits] {
    budget_ = totalUnits;
    stateChanged_ = true;
  });
}

void SimulationWorker::setBatchMilliseconds(double ms) {
  checkValue(limits::kBatchMilliseconds, ms);
  enqueue([this, ms] { batchMs_ = ms; });
}

void SimulationWorker::setSnapshotBookkeeping(bool on) {
  enqueue([this, on] {
    publisher_->setBookkeeping(on);
    stateChanged_ = true;  // publish in the new layout even when paused
  });
}

void SimulationWorker::runInBackground() {
  enqueue([] { lowerThisThreadsPriority(); });
}

void SimulationWorker::setOnPublish(std::function<void()> hook) {
  auto holder = std::make_shared<std::function<void()>>(std::move(hook));
  enqueue([this, holder] { onPublish_ = std::move(*holder); });
}

std::shared_ptr<const Snapshot> SimulationWorker::latestSnapshot() const {
  std::lock_guard<std::mutex> lock(snapshotMutex_);
  return snapshot_;
}

Terrain SimulationWorker::copyTerrain() {
  auto copy = std::make_shared<std::promise<Terrain>>();
  std::future<Terrain> result = copy->get_future();
  enqueue([this, copy] { copy->set_value(work_); });
  return result.get();
}

Terrain SimulationWorker::copyBase() {
  auto copy = std::make_shared<std::promise<Terrain>>();
  std::future<Terrain> result = copy->get_future();
  enqueue([this, copy] { copy->set_value(base_); });
  return result.get();
}

void SimulationWorker::waitIdle() {
  std::unique_lock<std::mutex> lock(commandMutex_);
  idle_.wait(lock, [this] { return commands_.empty() && !busy_ && !active_; });
}

bool SimulationWorker::playing() const {
  return playingFlag_;
}

bool SimulationWorker::running() const {
  if (budget_ != 0 && done_ >= budget_) return false;
  return playing_ || stepRemaining_ > 0;
}

void SimulationWorker::loop() {
  std::unique_lock<std::mutex> lock(commandMutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stop_ || !commands_.empty() || active_; });
    if (stop_) return;
    std::deque<std::function<void()>> pending;
    pending.swap(commands_);
    busy_ = true;
    lock.unlock();

    for (auto& command : pending) command();
    if (running()) runBatch();
    const bool active = running();
    if (!active && (playing_ || stepRemaining_ > 0)) {  // the budget is spent
      playing_ = false;
      stepRemaining_ = 0;
      stateChanged_ = true;
    }
    // While running, publish at the interval; the last batch before a pause and a reset publish at once.
    const bool due = now() - lastPublish_ >= publishInterval_;
    if ((terrainChanged_ || stateChanged_) && (!active || due)) publish();

    lock.lock();
    busy_ = false;
    active_ = active;
    playingFlag_ = active;
    if (!active_ && commands_.empty()) idle_.notify_all();
  }
}

void SimulationWorker::runBatch() {
  // Batches end at multiples of 64 units (or of the batch size when smaller), except where a step or budget
  // ends. Any split gives the same terrain; round ends only keep the counters tidy.
  const uint64_t unit = std::min(batchSize_, kAlignment);
  uint64_t end = (done_ + std::max(batchSize_, unit)) / unit * unit;  // > done_
  if (stepRemaining_ > 0) end = std::min(end, done_ + stepRemaining_);
  if (budget_ != 0) end = std::min(end, budget_);
  const uint64_t count = end - done_;

  const double start = now();
  batchUnits_.store(count, std::memory_order_relaxed);
  try {
    {
      WorkProgress progress(batchFraction_);
      model_->run(work_, rain_.get(), done_, count, stats_);
      // A spent budget (Play to the end) is a whole job: it ends as `runnel-cli erode` with as many units
      // does (ErosionModel::finish). A pause or a Step is a look part way, not an end.
      if (budget_ != 0 && end == budget_) model_->finish(work_);
    }
    batchUnits_.store(0, std::memory_order_relaxed);
    if (soilByWorker_) stats_.soilBefore = soilStart_;
  } catch (const std::exception& e) {
    batchUnits_.store(0, std::memory_order_relaxed);
    // A model checks its inputs before it changes anything (a rain map of the wrong size, say): pause and
    // show why rather than end the thread.
    error_ = e.what();
    playing_ = false;
    stepRemaining_ = 0;
    stateChanged_ = true;
    return;
  }
  adaptBatchSize(count, now() - start);
  done_ = end;
  if (stepRemaining_ > 0) stepRemaining_ -= count;
  terrainChanged_ = stateChanged_ = true;
}

// The batch size is a power of two near batchMs_ worth of units, growing at most 4x a batch so one fast
// batch does not overshoot.
void SimulationWorker::adaptBatchSize(uint64_t count, double seconds) {
  if (count == 0) return;
  const double perUnit = std::max(seconds, 1e-7) / double(count);
  const double wanted = batchMs_ * 1e-3 / perUnit;
  uint64_t size = uint64_t(1) << std::clamp(int(std::lround(std::log2(std::max(wanted, 1.0)))), 0, 24);
  size = std::min({size, batchSize_ * 4, kMaxBatch});
  batchSize_ = std::max<uint64_t>(size, 1);
  batchSizeShown_.store(batchSize_, std::memory_order_relaxed);
}

void SimulationWorker::publish() {
  const double start = now();
  // The soil total costs a pass over the map: measured when the run stops, not every batch.
  if (soilByWorker_ && terrainChanged_ && !running()) stats_.soilAfter = work_.height.sum();
  std::shared_ptr<Snapshot> snap = publisher_->make(work_, terrainChanged_);
  snap->stats = stats_;
  snap->dropletsDone = done_;
  snap->playing = running();
  snap->error = error_;
  const double end = now();
  snap->copyMilliseconds = (end - start) * 1e3;
  // A slow copy (a big map) stretches the interval so copying takes at most kMaxCopyShare of the time.
  publishInterval_ = std::max(kMinPublishInterval, (end - start) / kMaxCopyShare);
  lastPublish_ = end;
  terrainChanged_ = stateChanged_ = false;

  std::shared_ptr<const Snapshot> previous;  // dropped outside the lock: it may free a buffer
  {
    std::lock_guard<std::mutex> lock(snapshotMutex_);
    previous = std::move(snapshot_);
    snapshot_ = std::move(snap);
  }
  if (onPublish_) onPublish_();
}

}  // namespace runnel
