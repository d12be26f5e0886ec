#include "app/editor/rain_tool.h"

#include <algorithm>

#include "core/base/error.h"
#include "core/base/value_limits.h"
#include "core/io/rain_map_io.h"
#include "core/rain/rain_springs.h"
#include "core/sim/simulation_worker.h"

namespace runnel::editor {

// One undo step of rain editing: the levels of a rectangle and the springs, before and after.
class RainEdit : public UndoableEdit {
 public:
  RainEdit(RainTool& tool, RainPatch before, RainPatch after, std::vector<Spring> springsBefore,
           std::vector<Spring> springsAfter)
      : tool_(tool),
        width_(tool.rain_.width()),
        height_(tool.rain_.height()),
        before_(std::move(before)),
        after_(std::move(after)),
        springsBefore_(std::move(springsBefore)),
        springsAfter_(std::move(springsAfter)) {}
  void undo() override { put(before_, springsBefore_); }
  void redo() override { put(after_, springsAfter_); }
  size_t bytes() const override {
    return (before_.levels.size() + after_.levels.size()) * sizeof(uint16_t) +
           (springsBefore_.size() + springsAfter_.size()) * sizeof(Spring);
  }

 private:
  void put(const RainPatch& patch, const std::vector<Spring>& springs) {
    RainMap& rain = tool_.rain_;
    // A later terrain of another size resampled the map: this step no longer fits it.
    if (rain.width() != width_ || rain.height() != height_) return;
    applyPatch(rain, patch);
    rain.springs() = springs;
    tool_.selectedSpring = -1;
    const CellRect& r = patch.rect;
    if (r.y1 - r.y0 == height_)
      tool_.changedAll();
    else
      tool_.changedRows(r.y0, r.y1);
    tool_.springsChanged();
    tool_.noteUniform();
  }
  RainTool& tool_;
  int width_, height_;
  RainPatch before_, after_;
  std::vector<Spring> springsBefore_, springsAfter_;
};

namespace {

CellRect wholeMap(const RainMap& rain) {
  return {0, 0, rain.width(), rain.height()};
}

}  // namespace

bool RainTool::fitTo(int width, int height) {
  if (rain_.width() == width && rain_.height() == height) return false;
  stroke_.reset();
  dragging_ = -1;
  selectedSpring = -1;
  rain_ = rain_.width() == 0 || uniform_ ? RainMap(width, height, 1.0f) : resampleRain(rain_, width, height);
  if (uniform_) rain_.springs().clear();
  noteUniform();
  changedAll();
  return true;
}

void RainTool::setMap(const std::shared_ptr<const RainMap>& rain, int width, int height) {
  stroke_.reset();
  dragging_ = -1;
  selectedSpring = -1;
  if (rain && rain->width() == width && rain->height() == height) {
    rain_ = *rain;
  } else {
    rain_ = RainMap(width, height, 1.0f);
  }
  noteUniform();
  changedAll();
}

std::shared_ptr<const RainMap> RainTool::snapshot() const {
  if (uniform_) return nullptr;
  return std::make_shared<const RainMap>(rain_);
}

void RainTool::changedRows(int y0, int y1) {
  if (y0 >= y1) return;
  publisher_.markChanged(y0, y1);
  unpublished_ = true;
  ++revision_;
  if (!gpuDirty_) {
    gpuY0_ = y0, gpuY1_ = y1;
  } else {
    gpuY0_ = std::min(gpuY0_, y0), gpuY1_ = std::max(gpuY1_, y1);
  }
  gpuDirty_ = true;
}

void RainTool::changedAll() {
  publisher_.markAllChanged();
  unpublished_ = true;
  ++revision_;
  gpuWhole_ = gpuDirty_ = true;
}

void RainTool::noteUniform() {
  const bool wet = rain_.level(0, 0) > 0;
  uniform_ = rain_.uniform() && wet;
  evenRain_ = rain_.levelsUniform() && wet;
}

void RainTool::springsChanged() {
  unpublished_ = true;  // every publish copies the springs
  uniform_ = false;
  ++revision_;
}

void RainTool::beginStroke(float x, float y, bool erase) {
  stroke_.emplace(brush, erase);  // validates the brush
  uniform_ = evenRain_ = false;
  moveStroke(x, y);
}

void RainTool::moveStroke(float x, float y) {
  if (!stroke_) return;
  const CellRect r = stroke_->moveTo(rain_, x, y);
  changedRows(r.y0, r.y1);
}

bool RainTool::endStroke(UndoHistory& history) {
  if (!stroke_) return false;
  RainStroke stroke = std::move(*stroke_);
  stroke_.reset();
  noteUniform();
  if (stroke.before().rect.empty()) return false;
  RainPatch after = capturePatch(rain_, stroke.before().rect);
  if (after.levels == stroke.before().levels) return false;
  history.record(
      stroke.erase() ? "erase rain" : "paint rain",
      std::make_shared<RainEdit>(*this, stroke.before(), std::move(after), rain_.springs(), rain_.springs()));
  return true;
}

void RainTool::recordWhole(UndoHistory& history, const std::string& label, const RainPatch& before,
                           const std::vector<Spring>& springsBefore) {
  changedAll();
  noteUniform();
  history.record(label, std::make_shared<RainEdit>(*this, before, capturePatch(rain_, wholeMap(rain_)),
                                                   springsBefore, rain_.springs()));
}

void RainTool::fill(float density, UndoHistory& history, const std::string& label) {
  checkValue(named(limits::kRainDensity, "rain fill: density"), density);
  RainPatch before = capturePatch(rain_, wholeMap(rain_));
  fillRain(rain_, density);
  recordWhole(history, label, before, rain_.springs());
}

bool RainTool::resetForNewTerrain(UndoHistory& history) {
  if (uniform_ && rain_.level(0, 0) == RainMap::kFullLevel) return false;
  RainPatch before = capturePatch(rain_, wholeMap(rain_));
  const std::vector<Spring> springsBefore = rain_.springs();
  fillRain(rain_, 1.0f);
  rain_.springs().clear();
  springsChanged();
  recordWhole(history, "rain for the new terrain", before, springsBefore);
  return true;
}

void RainTool::invert(UndoHistory& history) {
  RainPatch before = capturePatch(rain_, wholeMap(rain_));
  invertRain(rain_);
  recordWhole(history, "invert rain", before, rain_.springs());
}

void RainTool::blur(int radius, UndoHistory& history) {
  if (radius < 1 || radius > 256)
    throw Error("rain blur: radius " + std::to_string(radius) + " is outside [1, 256]");
  RainPatch before = capturePatch(rain_, wholeMap(rain_));
  blurRain(rain_, radius);
  recordWhole(history, "blur rain", before, rain_.springs());
}

void RainTool::lay(const RainMap& made, UndoHistory& history, const std::string& label) {
  checkRainFits(made, rain_.width(), rain_.height());
  RainPatch before = capturePatch(rain_, wholeMap(rain_));
  rain_.assignLevels(made.levels());
  recordWhole(history, label, before, rain_.springs());
}

void RainTool::importPng(const std::string& file, UndoHistory& history) {
  RainMap read = readRainMap(file, rain_.width(), rain_.height());  // throws before anything changes
  RainPatch before = capturePatch(rain_, wholeMap(rain_));
  rain_.assignLevels(read.levels());
  recordWhole(history, "import rain " + file, before, rain_.springs());
}

void RainTool::exportPng(const std::string& file, int bits) const {
  writeRainMap(file, rain_, bits);
}

size_t RainTool::addSpring(float x, float y, UndoHistory& history) {
  std::vector<Spring> before = rain_.springs();
  const size_t index = runnel::addSpring(rain_, {x, y, springRate, springRadius});
  springsChanged();
  selectedSpring = int(index);
  history.record("add spring",
                 std::make_shared<RainEdit>(*this, RainPatch{}, RainPatch{}, before, rain_.springs()));
  return index;
}

void RainTool::beginSpringDrag(int index) {
  if (index < 0 || size_t(index) >= rain_.springs().size()) return;
  dragging_ = index;
  selectedSpring = index;
  dragStart_ = rain_.springs();
}

void RainTool::dragSpring(float x, float y) {
  if (dragging_ < 0) return;
  moveSpring(rain_, size_t(dragging_), x, y);
  springsChanged();
}

void RainTool::endSpringDrag(UndoHistory& history) {
  if (dragging_ < 0) return;
  dragging_ = -1;
  const Spring &a = dragStart_[size_t(selectedSpring)], &b = rain_.springs()[size_t(selectedSpring)];
  if (a.x == b.x && a.y == b.y) return;  // a click that selected it
  history.record("move spring",
                 std::make_shared<RainEdit>(*this, RainPatch{}, RainPatch{}, dragStart_, rain_.springs()));
}

void RainTool::removeSpring(int index, UndoHistory& history) {
  if (index < 0 || size_t(index) >= rain_.springs().size())
    throw Error("spring " + std::to_string(index) + ": there are " + std::to_string(rain_.springs().size()) +
                " springs");
  std::vector<Spring> before = rain_.springs();
  runnel::removeSpring(rain_, size_t(index));
  springsChanged();
  noteUniform();
  selectedSpring = -1;
  history.record("delete spring",
                 std::make_shared<RainEdit>(*this, RainPatch{}, RainPatch{}, before, rain_.springs()));
}

void RainTool::setSpring(int index, const Spring& spring, UndoHistory* history) {
  if (index < 0 || size_t(index) >= rain_.springs().size()) return;
  validate(spring, rain_.width(), rain_.height());
  std::vector<Spring> before = rain_.springs();
  rain_.springs()[size_t(index)] = spring;
  springsChanged();
  if (history) recordSprings("edit spring", before, *history);
}

void RainTool::recordSprings(const std::string& label, const std::vector<Spring>& before,
                             UndoHistory& history) {
  history.record(label, std::make_shared<RainEdit>(*this, RainPatch{}, RainPatch{}, before, rain_.springs()));
}

void RainTool::handOver(SimulationWorker& worker, bool force) {
  if (!unpublished_ || rain_.width() == 0) return;
  if (uniform_ && !stroke_) {
    worker.setRain(nullptr);
    unpublished_ = false;
    return;
  }
  std::shared_ptr<const RainMap> copy = publisher_.publish(rain_);
  if (!copy && force) copy = std::make_shared<const RainMap>(rain_);
  if (!copy) return;  // the worker still holds every copy: next frame
  worker.setRain(std::move(copy));
  unpublished_ = false;
}

bool RainTool::takeChangedRows(int& y0, int& y1, bool& whole) {
  if (!gpuDirty_) return false;
  y0 = gpuY0_, y1 = gpuY1_, whole = gpuWhole_;
  gpuDirty_ = gpuWhole_ = false;
  gpuY0_ = gpuY1_ = 0;
  return true;
}

}  // namespace runnel::editor
