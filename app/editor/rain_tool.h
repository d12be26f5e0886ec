// Where rain falls, as the editor edits it: the rain map the artist paints (kept on the UI thread), brush
// strokes and springs from the mouse or a script, whole-map operations, PNG import/export, undo entries, and
// the hand-off to the worker (a copy per change through RainPublisher, so the worker never reads the map
// being painted). No ImGui or GL here: the panel (panel_rain.cpp) and the mouse (rain_input.cpp) call it.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "app/editor/undo_history.h"
#include "core/rain/rain_brush.h"
#include "core/rain/rain_pattern.h"
#include "core/rain/rain_publisher.h"

namespace runnel {
class SimulationWorker;
}

namespace runnel::editor {

enum class EditTool { Camera, RainBrush, Springs };

class RainTool {
 public:
  // ---- settings the panel and the shortcuts edit ----
  EditTool tool = EditTool::Camera;
  RainBrush brush;
  bool showOverlay = false;   // the painted map over the terrain (always while the rain brush is the tool)
  float springRate = 200.0f;  // fully rained cells' worth of droplets
  float springRadius = 2.0f;
  int blurRadius = 4;
  RainPattern weather{RainPattern::Kind::Windward, 1.0f, 0.3f, 270.0f};  // the panel's Lay rain
  std::string path = "rain.png";
  int fileBits = 16;
  int selectedSpring = -1;
  // Where a script puts the brush's circle (the mouse's place when unset), for screenshots.
  std::optional<glm::vec2> cursor;

  // A new terrain size: the map is resampled to it (uniform stays uniform). Returns true if it changed.
  bool fitTo(int width, int height);
  const RainMap& map() const { return rain_; }
  // Uniform rain without springs: the worker gets no map (its fast path, the same droplets as runnel-cli
  // without --rain).
  bool uniform() const { return uniform_; }
  // The same rain everywhere, springs or not: the rain map's overlay would say nothing.
  bool evenRain() const { return evenRain_; }
  // Replaces the map (open project); null is uniform. Not undoable (the caller records the state).
  void setMap(const std::shared_ptr<const RainMap>& rain, int width, int height);
  std::shared_ptr<const RainMap> snapshot() const;  // for the project file; null when uniform
  // Goes up with every change to the map or the springs (for what is computed from the rain).
  uint64_t revision() const { return revision_; }

  // ---- strokes: begin, move (map coordinates, cell i spans [i, i + 1)), end (records one undo step) ----
  void beginStroke(float x, float y, bool erase);
  void moveStroke(float x, float y);
  // False when the stroke changed no cell (painting where it already rains fully, erasing where it is dry):
  // then nothing is recorded.
  bool endStroke(UndoHistory& history);
  bool stroking() const { return stroke_.has_value(); }
  bool strokeErases() const { return stroke_ && stroke_->erase(); }

  // ---- whole-map operations and springs; each records one undo step ----
  void fill(float density, UndoHistory& history, const std::string& label);
  void invert(UndoHistory& history);
  // Back to full rain everywhere without springs (an imported terrain: the rain painted for the last one
  // does not belong to it); false when it already was, and then nothing is recorded.
  bool resetForNewTerrain(UndoHistory& history);
  void blur(int radius, UndoHistory& history);
  // Every cell's density from `made` (a rain pattern laid over the terrain); the springs stay.
  void lay(const RainMap& made, UndoHistory& history, const std::string& label);
  void importPng(const std::string& file, UndoHistory& history);  // throws Error naming the file
  void exportPng(const std::string& file, int bits) const;        // throws Error naming the file
  size_t addSpring(float x, float y, UndoHistory& history);       // at springRate and springRadius
  void beginSpringDrag(int index);
  void dragSpring(float x, float y);
  void endSpringDrag(UndoHistory& history);
  void removeSpring(int index, UndoHistory& history);
  // The panel's fields, live (no undo step; the panel records one per slider drag with recordSprings).
  void setSpring(int index, const Spring& spring, UndoHistory* history);
  void recordSprings(const std::string& label, const std::vector<Spring>& before, UndoHistory& history);

  // ---- each frame ----
  // Hands the worker the map if it changed since (retrying next frame while the worker still holds every
  // copy, unless `force`: then a fresh copy, so a Play or Step right after a stroke uses it).
  void handOver(SimulationWorker& worker, bool force = false);
  // Rows changed since the last call, for the GPU layer; whole is set after a whole-map change.
  bool takeChangedRows(int& y0, int& y1, bool& whole);

 private:
  friend class RainEdit;
  void changedRows(int y0, int y1);
  void changedAll();
  void springsChanged();
  void noteUniform();  // after a change: uniform_ and evenRain_ from the map
  void recordWhole(UndoHistory& history, const std::string& label, const RainPatch& before,
                   const std::vector<Spring>& springsBefore);

  RainMap rain_;
  bool uniform_ = true, evenRain_ = true;
  RainPublisher publisher_;
  bool unpublished_ = false;
  uint64_t revision_ = 0;
  std::optional<RainStroke> stroke_;
  std::vector<Spring> dragStart_;
  int dragging_ = -1;
  int gpuY0_ = 0, gpuY1_ = 0;
  bool gpuWhole_ = true, gpuDirty_ = true;
};

}  // namespace runnel::editor
