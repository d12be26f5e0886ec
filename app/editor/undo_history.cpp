#include "app/editor/undo_history.h"

#include <unordered_set>

namespace runnel::editor {

namespace {
size_t bytesOf(const Terrain& t) {
  return (t.height.cellCount() + t.eroded.cellCount() + t.deposited.cellCount()) * sizeof(float);
}
}  // namespace

void UndoHistory::record(std::string label, TerrainState before) {
  undo_.push_back({std::move(label), std::move(before), nullptr});
  redo_.clear();
  trim();
}

TerrainState UndoHistory::undo(TerrainState now) {
  Entry e = std::move(undo_.back());
  undo_.pop_back();
  redo_.push_back({e.label, std::move(now), nullptr});
  return e.state;
}

TerrainState UndoHistory::redo(TerrainState now) {
  Entry e = std::move(redo_.back());
  redo_.pop_back();
  undo_.push_back({e.label, std::move(now), nullptr});
  return e.state;
}

void UndoHistory::record(std::string label, std::shared_ptr<UndoableEdit> edit) {
  undo_.push_back({std::move(label), {}, std::move(edit)});
  redo_.clear();
  trim();
}

void UndoHistory::undoEdit() {
  Entry e = std::move(undo_.back());
  undo_.pop_back();
  e.edit->undo();
  redo_.push_back(std::move(e));
}

void UndoHistory::redoEdit() {
  Entry e = std::move(redo_.back());
  redo_.pop_back();
  e.edit->redo();
  undo_.push_back(std::move(e));
}

void UndoHistory::clear() {
  undo_.clear();
  redo_.clear();
}

size_t UndoHistory::memoryUsed() const {
  std::unordered_set<const Terrain*> seen;
  size_t total = 0;
  for (const auto* side : {&undo_, &redo_})
    for (const Entry& e : *side) {
      for (const Terrain* t : {e.state.base.get(), e.state.current.get()})
        if (t && seen.insert(t).second) total += bytesOf(*t);
      if (e.edit) total += e.edit->bytes();
    }
  return total;
}

void UndoHistory::trim() {
  // Keep at least the newest step undoable, whatever its size.
  while (undo_.size() > 1 && memoryUsed() > cap_) undo_.erase(undo_.begin());
}

}  // namespace runnel::editor
