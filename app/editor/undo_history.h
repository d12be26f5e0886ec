// Undo and redo over whole-terrain states (generate, import, an erosion run, a reset, opening a project).
// A state is the base terrain plus the current terrain; states share unchanged terrains through shared
// pointers, and the oldest states are dropped when the history passes its memory cap.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "core/terrain/terrain.h"

namespace runnel::editor {

struct TerrainState {
  std::shared_ptr<const Terrain> base;
  std::shared_ptr<const Terrain> current;
};

// An action that keeps its own before and after and is undone in place (a rain stroke: a patch of the rain
// map, not a copy of the terrain).
class UndoableEdit {
 public:
  virtual ~UndoableEdit() = default;
  virtual void undo() = 0;
  virtual void redo() = 0;
  virtual size_t bytes() const = 0;
};

class UndoHistory {
 public:
  explicit UndoHistory(size_t memoryCap = size_t(1) << 30) : cap_(memoryCap) {}

  // Records the state before an action called `label`; clears the redo side.
  void record(std::string label, TerrainState before);
  bool canUndo() const { return !undo_.empty(); }
  bool canRedo() const { return !redo_.empty(); }
  const std::string& undoLabel() const { return undo_.back().label; }
  const std::string& redoLabel() const { return redo_.back().label; }
  // Swaps `now` with the state to go back (or forward) to; returns that state.
  TerrainState undo(TerrainState now);
  TerrainState redo(TerrainState now);

  // Edits share the one timeline with the terrain states. When the next step to undo (redo) is an edit,
  // nextUndoEdit() (nextRedoEdit()) returns it; undoEdit() (redoEdit()) applies it and moves it across.
  void record(std::string label, std::shared_ptr<UndoableEdit> edit);
  UndoableEdit* nextUndoEdit() const { return undo_.empty() ? nullptr : undo_.back().edit.get(); }
  UndoableEdit* nextRedoEdit() const { return redo_.empty() ? nullptr : redo_.back().edit.get(); }
  void undoEdit();
  void redoEdit();
  void clear();

  size_t undoCount() const { return undo_.size(); }
  size_t redoCount() const { return redo_.size(); }
  size_t memoryUsed() const;  // bytes of the distinct terrains held

 private:
  struct Entry {
    std::string label;
    TerrainState state;
    std::shared_ptr<UndoableEdit> edit;  // set for edits; then `state` is unused
  };
  void trim();
  size_t cap_;
  std::vector<Entry> undo_, redo_;
};

}  // namespace runnel::editor
