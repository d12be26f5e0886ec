// The editor's state and the actions the panels, the shortcuts and the script runner share. Each action
// catches its own failures and reports them in the status line, so a bad file never takes the terrain away.
#pragma once
#include <algorithm>
#include <atomic>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/editor/editor_clock.h"
#include "app/editor/erosion_settings.h"
#include "app/editor/export_settings.h"
#include "app/editor/flow_overlay.h"
#include "app/editor/frame_recorder.h"
#include "app/editor/key_taps.h"
#include "app/editor/overlay_legend.h"
#include "app/editor/rain_tool.h"
#include "app/editor/recovery_folder.h"
#include "app/editor/speed_probe.h"
#include "app/editor/stats_history.h"
#include "app/editor/status_line.h"
#include "app/editor/undo_history.h"
#include "core/generate/generators.h"
#include "core/io/heightmap_io.h"
#include "core/io/map_cell_size.h"
#include "core/io/map_folder.h"
#include "core/io/project_file.h"
#include "core/recipes/landscape_preset.h"
#include "core/recipes/make_landscape.h"
#include "core/sim/simulation_worker.h"
#include "render/camera.h"
#include "render/picture_texture.h"
#include "render/scaled_target.h"
#include "render/terrain_style.h"
#include "render/terrain_view.h"

struct GLFWwindow;

namespace runnel::render {
class RainLayer;
}

namespace runnel::editor {

// Import options from the panel's text fields (blank: from the file). Throws Error naming the bad field.
ReadOptions importOptions(const std::string& range, const std::string& size);

// "fBm 512x512, seed 7": how the panel names a generated terrain.
std::string describe(const GeneratorSettings& settings);

class Editor {
 public:
  // Starts on the default terrain. With a window, its GL context must be current; without one (null) the
  // editor draws nothing and runs its actions only (render::NullTerrainView): tests, headless scripts.
  explicit Editor(GLFWwindow* window);
  ~Editor();

  // One frame: take the newest snapshot, handle input, draw the view and the panel, write screenshots that
  // were asked for. The caller polls events before and swaps buffers after.
  void frame();
  // The frame's work that draws nothing: finishes background work that is done (generate, import, a
  // preset, an export), takes the worker's newest snapshot, hands rain over, autosaves when due. frame()
  // calls it; an editor without a window calls it instead.
  void update();
  GLFWwindow* window() const { return window_; }

  // ---- actions (buttons, shortcuts and scripts all come here); false when it failed (see status) ----
  // Starts making a terrain off the UI thread (a progress bar shows, Cancel stops it); false when the
  // settings are refused. The new terrain replaces the old when it is done (generate_progress.cpp).
  bool generateTerrain(const GeneratorSettings& settings);
  bool generating() const { return generating_.has_value(); }
  void cancelGenerate();
  // A new terrain's cell size (metres) and edges: open, so water and sediment leave the map, unless the
  // terrain was generated tileable. Generate and Import set them (Open takes the project's); the model is
  // rebuilt with them.
  void setTerrainUnits(float metres, Edges edges);
  // Reads the heightmap off the UI thread (`background`; an indeterminate bar and Cancel show after 0.3 s)
  // or at once; it becomes the new base terrain when read. False when refused or, at once, when it failed.
  bool importHeightmap(const std::string& path, bool background = true);
  bool importing() const { return importing_.has_value(); }
  void cancelImport() {
    if (importing_) importing_->cancelled = true;
  }
  void resetToBase();
  void play();
  void pause();
  void togglePlay();
  void step(uint64_t units);
  // After any change to `erosion`: the worker gets a new model at its next batch.
  bool applyErosionSettings();
  // The budget (erosion.budget(), in the current model's unit) counts from the last reset or from when this
  // model was chosen: droplets after a rivers run get their own budget. applyBudget() after changing it.
  void applyBudget();
  uint64_t budgetLeft() const;  // units Play runs before it stops (UINT64_MAX: no budget)
  // The budget Play runs to: the Budget setting, or with 0 for a model with a build of its own (the rivers
  // model's levels) that build's units on this terrain; 0: no budget.
  uint64_t runBudget() const;
  double unitsPerSecond() const;  // of the current model, as run since it was chosen (0: not run yet)
  // What the Play button's time estimate uses: unitsPerSecond() once the model has run, before that a
  // short probe run's (droplet models; speed_probe.h); 0 while unknown.
  double estimatedUnitsPerSecond() const;
  // While a Step runs: how many of its units are done (fractions of a long unit included), and of how many.
  std::optional<std::pair<double, uint64_t>> stepProgress() const;
  // Units run since the last reset, with the running batch's fraction (for progress bars).
  double unitsDone() const;
  // Writes one map of the terrain as the view shows it, its format from the path's extension.
  // With `background`, the writing runs off the UI thread (a progress window shows after 0.3 s; the status
  // line says when it is done); else it is done when this returns.
  bool exportTerrain(const std::string& path, TerrainMap map, bool background = false);
  // The Export button and Ctrl+E: the panel's map, format and path.
  bool exportFromPanel(bool background = false);
  // The height map as `engine` takes it (core/io/engine_targets.h), `across` samples across (0: the nearest
  // it takes), with the import steps beside it and in exportSettings.engineSteps.
  bool exportForEngine(const std::string& path, const std::string& engine, int across,
                       bool background = false);
  // Every map (height, eroded, deposited, flow, wetness, slope, rain, a hillshade) into `folder` in `format`,
  // with maps.json: what runnel-cli export-maps writes from the saved project.
  bool exportAllMaps(const std::string& folder, FileFormat format, bool background = false);
  bool exporting() const { return exporting_.has_value(); }
  // Saves the window (view and panel) at the end of this frame; the result shows in `status` and in
  // screenshotFailed() after the frame.
  void screenshot(const std::string& path);
  bool screenshotFailed() const { return screenshotFailed_; }
  void dropFiles(const std::vector<std::string>& paths);  // files dropped on the window
  bool undo();
  bool redo();
  bool saveProject(const std::string& path);
  bool openProject(const std::string& path);
  void frameTerrain();  // F: fits the terrain in the view at the next frame
  void setGridLimit(int side) { renderer_->setGridLimit(side); }
  bool idle() const;  // paused with nothing queued

  // ---- rain (rain_actions.cpp); points in rain map coordinates, cell i spans [i, i + 1) ----
  // One stroke, one undo step (the first rain painted on a map that rains fully everywhere starts from a
  // dry map: another step).
  bool paintRain(const std::vector<glm::vec2>& path, bool erase);
  bool rainClear();  // no rain until painted; the springs stay
  bool rainFill(float density);
  bool rainInvert();
  bool rainBlur(int radius);
  // The weather's rain over the base terrain (Reset's), as a preset lays it; Save as preset keeps it.
  bool layRain(const RainPattern& pattern);
  bool importRain(const std::string& path);
  bool exportRain(const std::string& path, int bits);
  bool addSpringAt(float x, float y);
  bool removeSpring(int index);
  // Runs a rain edit, reporting `done` or the error in the status line.
  bool rainAction(const std::string& done, const std::function<void()>& action);
  // Begins a stroke (the mouse's or a script's); true when it began by drying a map that rained fully
  // everywhere, so the stroke shows where rain falls.
  bool beginRainStroke(float x, float y, bool erase);
  // The status line's hints after a stroke that began from a dry map, and after one that changed no cell.
  void noteStrokeStartedDry();
  void noteStrokeChangedNothing(bool erase);

  // ---- landscape presets (landscape_presets.cpp) ----
  // Starts making `preset` at width x height off the UI thread (a progress bar and Cancel show); when done,
  // its result replaces the terrain as one undo step, with its generated map as the base and its last
  // stage's model, parameters and amount as the erosion settings. False when refused at once.
  bool makeLandscapePreset(const LandscapePreset& preset, int width, int height);
  bool makeLandscapePreset(const std::string& name, int width, int height);  // by name (scripts)
  bool making() const { return making_.has_value(); }
  void cancelMaking();
  // Saves the Terrain panel's generator settings and the current model, parameters and budget (its amount)
  // as the artist's own preset `name` (a file name: letters, digits, - and _), then lists it.
  bool saveLandscapePreset(const std::string& name, const std::string& title);
  void reloadPresets();  // what the Presets section lists, read again from the folders
  // The preset's thumbnail (NAME.png beside its file), loaded on first use; null when it has none.
  const render::PictureTexture* thumbnail(const LandscapePreset& preset);

  // ---- unsaved work, autosave and recovery (unsaved_work.cpp) ----
  // Work not in the project file: any edit, run or setting since the last save or open.
  bool unsaved() const { return edits_ != savedEdits_; }
  void noteEdit() { ++edits_; }
  // Autosaves go to `folder` (blank: RecoveryFolder's default) every `seconds` while there is unsaved work
  // (0: never), and before work that replaces the terrain. `offer`: ask at once to recover the work of a
  // session that closed without saving (not for scripts).
  void setAutosave(double seconds, const std::string& folder, bool offer);
  // Writes the project to the recovery folder now (unless the last autosave holds this work, or one is
  // still being written); `wait`: until the file is whole.
  bool autosave(bool wait);
  // Opens the newest autosave of a session that no longer runs; fails saying so when there is none. The
  // work counts as unsaved until saved to a project file.
  bool recover();
  // The window's close button, Ctrl+Q, a script's `close`: true when the editor may close (nothing unsaved,
  // or the artist chose Save or Don't save); else the prompt shows and this is false.
  bool mayClose();
  // Runs `action` at once when nothing is unsaved; else asks first (Save / Don't save / Cancel).
  void askBeforeDiscarding(const std::string& what, std::function<void()> action);
  // On a clean exit: waits for an autosave being written, then removes this session's autosaves.
  void closeCleanly();

  // ---- state the panels read and edit ----
  GeneratorSettings generator;
  std::string baseDescription;  // "fBm 512x512, seed 1" or the imported file
  ErosionSettings erosion;
  ExportSettings exportSettings;
  FrameRecorder recorder;
  render::TerrainStyle style;
  render::Camera camera;
  StatsHistory statsHistory;
  StatusLine status;
  UndoHistory history;
  RainTool rain;  // the rain map, brush and springs (Rain panel)
  std::vector<std::string> recentFiles;
  std::vector<LandscapePreset> presets;  // the Presets section's list (reloadPresets)
  std::string presetProblems;            // preset files that did not parse, one a line
  int selectedPreset = 0;
  std::string newPresetName, newPresetTitle;
  // The rain pattern of the preset last made, while the rain is still as it laid it (the rain's revision
  // then): Save as preset keeps it. Painted rain is cells, not a pattern, and a preset cannot hold it.
  std::optional<RainPattern> madeRain;
  uint64_t madeRainRevision = 0;
  std::string importPath, projectPath = "terrain.runnel";
  std::string importRange;  // "LO:HI": world heights of an integer file's lowest and highest sample; blank:
                            // the file's sidecar, else 0 to N/4
  std::string importSize;   // "WxH" for raw files that are not square; blank: square by the file's length
  float importCellSize = 1.0f;  // metres per cell of an imported heightmap
  bool importSmoothSteps =
      false;  // an 8-bit import's terraces smoothed into ramps (core/terrain/terrace_smoothing.h)

  // Metres per cell of the terrain (heights are metres): set by Generate, Import and Open, and given to
  // every model through erosion.common.
  float cellSize() const { return erosion.common.cellSize; }
  // The view's vertical scale: heights in metres over cells of cellSize metres, times the exaggeration.
  float verticalScale() const { return style.exaggeration / cellSize(); }
  // The style the renderer draws with: the panel's, with the vertical scale in place of the exaggeration.
  render::TerrainStyle viewStyle() const {
    render::TerrainStyle s = style;
    s.exaggeration = verticalScale();
    s.cellSize = cellSize();
    s.overlayRange = s.autoRange ? overlayRanges_.ranges() : glm::vec2(s.overlayScale);
    return s;
  }
  KeyTaps keyTaps;                   // the key presses since the last frame (main.cpp's key callback)
  bool showPanel = true;             // Tab hides it for an unobstructed view
  float uiScale = 1.0f;              // the monitor's content scale (fonts and sizes follow it)
  double fullFrameMilliseconds = 0;  // the last frame including the buffer swap (set by the main loop)
  // Opens or closes a section of the side panel ("Export", as its header reads) at the next frame, and
  // scrolls it into view when opened. False (and the status line says which there are) for an unknown name.
  bool showSection(const std::string& name, bool open);
  // Whether a script asked to open (true) or close a header inside a section ("Landscape presets") at this
  // frame; nullopt when it did not.
  std::optional<bool> sectionAsked(const char* name) const;

  const Snapshot* snapshot() const { return snapshot_.get(); }
  // The shown terrain's size in cells (0 before the first snapshot).
  int terrainWidth() const { return snapshot_ ? snapshot_->terrain->width() : 0; }
  int terrainHeight() const { return snapshot_ ? snapshot_->terrain->heightCells() : 0; }
  const render::TerrainView& renderer() const { return *renderer_; }
  // The flow overlay's map (worked out in the background while the overlay is shown).
  const FlowOverlay& flow() const { return flow_; }
  SimulationWorker& worker() { return *worker_; }
  double lastFrameMilliseconds() const { return frameMs_; }
  int framebufferWidth() const { return fbW_; }
  int framebufferHeight() const { return fbH_; }
  // The 3D view's part of the framebuffer: columns [viewX, viewX + viewWidth).
  int viewX() const { return viewX_; }
  int viewWidth() const { return std::max(fbW_ - viewX_, 1); }
  float panelWidth() const;  // in window coordinates

 private:
  void takeSnapshot();
  void handleShortcuts();
  void handleMouse();
  void drawPanel();
  // The side panel's sections to open (true) or close at the next frame (showSection).
  std::map<std::string, bool> sectionsAsked_;
  TerrainState currentState();  // copies the worker's terrain between batches
  void restore(const TerrainState& state);
  // Throws Error when the GPU cannot hold a map this big as a texture.
  void checkViewable(int width, int height, const std::string& what) const;
  void setBase(std::shared_ptr<const Terrain> base, const std::string& label);
  void rememberRecent(const std::string& path);
  void recordRunStart();
  void writePendingScreenshots();
  ProjectData projectData();  // what Save writes (the worker's terrain copied between batches)
  bool loadProject(const std::string& path, bool remember);
  // Makes `p` the editor's base, terrain and settings as one undo step named `label` (an opened project, a
  // made landscape preset); throws Error, changing nothing, when the GPU or the catalog refuses it.
  void applyProject(ProjectData p, const std::string& label);
  void drawPrompts();  // the unsaved-work and recovery questions
  void autosaveIfDue(double now);
  bool finishImport();          // takes a finished background import (true: it is the new base)
  void drawImportProgress();    // its bar and Cancel button
  void finishMaking();          // takes a finished landscape preset
  void drawMakingProgress();    // its progress bar and Cancel button
  void finishGenerate();        // takes a finished background generate
  void drawGenerateProgress();  // its progress bar and Cancel button
  // Rain (rain_input.cpp): the map point under the mouse, the tools' mouse and keys (true when the tool
  // took the mouse), spring markers, and the hand-off to the worker and the GPU (force: before Play/Step).
  std::optional<glm::vec2> rainPointUnderMouse() const;
  void handleRainShortcut(const KeyTaps::Tap& tap);
  bool handleRainMouse();
  void drawSpringMarkers();
  void syncRain(bool force);
  void fitRain();  // the rain map to the terrain's size (a new terrain rains everywhere)

  GLFWwindow* window_;
  std::unique_ptr<render::TerrainView> renderer_;
  render::ScaledTarget scaledTarget_;
  std::unique_ptr<render::RainLayer> rainLayer_;
  std::unique_ptr<SimulationWorker> worker_;
  std::shared_ptr<const Terrain> base_;  // the project's base terrain (Reset goes back here)
  SpeedProbe speedProbe_;
  double probedRate_ = 0.0;  // the probe's answer for the current model, settings and terrain
  void probeSpeed();         // starts or reads the probe (update())
  std::shared_ptr<const Snapshot> snapshot_;
  uint64_t shownVersion_ = 0;
  std::string shownError_, windowTitle_;
  bool framePending_ = true;  // fit the camera to the terrain at the next frame (first terrain, F, new size)
  bool runRecorded_ = false;  // the state before the current run is in the undo history
  std::vector<std::string> pendingScreenshots_, droppedFiles_;
  bool screenshotFailed_ = false;
  double frameMs_ = 0;
  int fbW_ = 1, fbH_ = 1, viewX_ = 0;
  FlowOverlay flow_;
  OverlayRanges overlayRanges_;  // the eroded and deposited overlays' automatic ranges
  // Unsaved work: edits_ counts changes, savedEdits_ and autosavedEdits_ what the project file and the last
  // autosave hold; dropletsSeen_ and rainSeen_ notice runs and rain edits.
  uint64_t edits_ = 0, savedEdits_ = 0, autosavedEdits_ = 0, dropletsSeen_ = 0, rainSeen_ = 0;
  std::unique_ptr<RecoveryFolder> recovery_;
  double autosaveSeconds_ = 0, lastAutosave_ = 0;
  std::future<void> autosaveWrite_;  // an autosave being written off the UI thread
  long recoveredPid_ = 0;            // the session whose autosave was recovered (removed once saved again)
  uint64_t writingEdits_ = 0;        // the edits the autosave being written holds
  uint64_t recoveredEdits_ = 0;      // the edits count right after recovering
  std::vector<Autosave> offered_;    // autosaves offered back at start
  bool offerRecovery_ = false;
  std::string askWhat_;  // the unsaved-work prompt: "closing", "opening X"
  std::function<void()> askAction_;
  bool askOpen_ = false, closeConfirmed_ = false;
  struct PendingGenerate {
    GeneratorSettings settings;
    std::future<std::shared_ptr<const Terrain>> terrain;
    std::shared_ptr<GenerateProgress> progress;
    double started = 0;
  };
  std::optional<PendingGenerate> generating_;
  struct PendingMake {
    LandscapePreset preset;
    int height;  // of the map being made, for the generator's row count
    std::future<MadeLandscape> made;
    std::shared_ptr<MakeProgress> progress;
    double started = 0;
  };
  std::optional<PendingMake> making_;
  struct ImportedMap {
    Heightmap height;
    MapCellSize cell;       // its cell size and where that came from
    size_t levels;          // distinct heights, up to 257 (an 8-bit file has at most 256)
    bool smoothed = false;  // its terraces smoothed
    bool tileable = false;  // seamless across its borders: eroded with wrapping edges
  };
  struct PendingImport {
    std::string path;
    std::future<ImportedMap> map;
    double started;
    bool cancelled;
    std::shared_ptr<std::atomic<float>> fraction;  // how far the reader has got (0..1)
  };
  std::optional<PendingImport> importing_;
  // An export writing off the UI thread: what it writes and, when done, the status line's message.
  struct PendingExport {
    std::string what;
    std::future<std::string> message;
    double started;
    std::shared_ptr<std::atomic<float>> fraction;  // how far the writers have got (0..1)
  };
  std::optional<PendingExport> exporting_;
  std::shared_ptr<std::string> pendingEngineSteps_;  // an engine export's import steps, once written
  // Runs `write` (its result: the status message) here, or off the UI thread with `background`.
  bool runExport(const std::string& what, std::function<std::string()> write, bool background);
  void finishExport();
  void drawExportProgress();
  // The worker restarted (a reset, a new or restored terrain): its units count from 0 again.
  void countBudgetFromZero() {
    budgetStart_ = 0;
    budgetStartSeconds_ = 0;
    stepUnits_ = stepEnd_ = 0;
  }
  int budgetModel_ = -1;                  // the model the budget was counted for
  uint64_t budgetStart_ = 0;              // the worker's units done when it was chosen ...
  double budgetStartSeconds_ = 0;         // ... and its seconds of running (the stats' since the last reset)
  uint64_t stepUnits_ = 0, stepEnd_ = 0;  // the last Step's amount, and the worker's units done at its end
  std::map<std::string, std::unique_ptr<render::PictureTexture>> thumbnails_;  // by preset file
};

}  // namespace runnel::editor
