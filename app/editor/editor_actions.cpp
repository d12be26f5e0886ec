// The editor's actions. Every one reports success or the error in the status line and keeps the terrain
// when it fails.

#include <cmath>
#include <cstdio>
#include <utility>

#include "app/editor/editor.h"
#include "app/editor/progress_window.h"
#include "app/editor/recent_files.h"
#include "core/base/error.h"
#include "core/base/work_progress.h"
#include "core/io/engine_targets.h"
#include "core/io/heightmap_io.h"
#include "core/io/project_file.h"
#include "core/models/rivers/discharge.h"
#include "core/terrain/height_limits.h"
#include "core/terrain/seamless_edges.h"
#include "core/terrain/terrace_smoothing.h"

namespace runnel::editor {

std::string describe(const GeneratorSettings& s) {
  return std::string(toString(s.kind)) + " " + std::to_string(s.width) + "x" + std::to_string(s.height) +
         ", seed " + std::to_string(s.seed);
}

TerrainState Editor::currentState() {
  return {base_, std::make_shared<const Terrain>(worker_->copyTerrain())};
}

void Editor::restore(const TerrainState& state) {
  // The worker's base becomes the restored current terrain; the editor keeps the project's base for Reset.
  base_ = state.base;
  worker_->setBase(*state.current);
  runRecorded_ = false;
  countBudgetFromZero();
  noteEdit();
}

void Editor::checkViewable(int width, int height, const std::string& what) const {
  int limit = renderer_->maxMapSide();
  if (width > limit || height > limit)
    throw Error(what + ": " + std::to_string(width) + "x" + std::to_string(height) +
                " is larger than this GPU can show (" + std::to_string(limit) +
                " a side); runnel-cli can erode it");
}

void Editor::setBase(std::shared_ptr<const Terrain> base, const std::string& label) {
  checkViewable(base->width(), base->heightCells(), label);
  worker_->pause();
  autosave(false);  // the work it replaces, should the artist want it after all
  history.record(label, currentState());
  noteEdit();
  base_ = std::move(base);
  fitRain();
  worker_->setBase(*base_);
  runRecorded_ = false;
  countBudgetFromZero();
  recorder.restart();
}

bool Editor::generateTerrain(const GeneratorSettings& settings) {
  try {
    if (generating_) throw Error("generate: already generating " + describe(generating_->settings));
    // What can be refused is refused now; the noise itself is made off the UI thread (generate_progress.cpp).
    validate(settings);
    checkViewable(settings.width, settings.height, "generate");
    auto progress = std::make_shared<GenerateProgress>();
    generating_ = PendingGenerate{
        settings,
        std::async(std::launch::async,
                   [settings, progress] {
                     return std::make_shared<const Terrain>(generate(settings, progress.get()));
                   }),
        progress, editorSeconds()};
    status.ok("generating " + describe(settings) + "...", editorSeconds());
    return true;
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
}

ReadOptions importOptions(const std::string& range, const std::string& size) {
  ReadOptions o;
  if (!range.empty()) o.range = parseRange(range);
  if (!size.empty()) {
    size_t x = size.find('x');
    int w = 0, h = 0;
    if (x == std::string::npos || std::sscanf(size.c_str(), "%dx%d", &w, &h) != 2)
      throw Error("raw size: '" + size + "' is not WxH, e.g. 403x344");
    checkSize(w, h, "raw size");
    o.width = w;
    o.height = h;
  }
  return o;
}

bool Editor::importHeightmap(const std::string& path, bool background) {
  try {
    if (importing_) throw Error("import: already importing " + importing_->path);
    if (generating_ || making_) throw Error("import: wait for the terrain being made");
    // The panel's fields are checked now; the file is read off the UI thread (a 4096² EXR takes a second).
    const ReadOptions options = importOptions(importRange, importSize);
    if (!(importCellSize > 0.0f) || !std::isfinite(importCellSize))
      throw Error("import: cell size " + std::to_string(importCellSize) +
                  " is not a positive number of metres");
    const float cellSize = importCellSize;
    const bool smooth = importSmoothSteps;
    auto fraction = std::make_shared<std::atomic<float>>(0.0f);
    auto read = [path, options, cellSize, smooth, fraction] {
      ImportedMap m{[&] {
                      WorkProgress progress(*fraction);  // the format readers report their rows into it
                      return readHeightmap(path, options);
                    }(),
                    {},
                    0};
      if (int64_t bad = m.height.firstNonFinite(); bad >= 0)
        throw Error(path + ": sample " + std::to_string(bad) + " is not a finite number");
      checkHeightsInMetres(m.height, path);
      // The file's own cell size when it records one, else the Cell field's; one far too steep for the map
      // (a DEM in metres at 1 m) is refused, naming the field.
      m.cell = chooseCellSize(path, m.height, std::nullopt, "", cellSize, "the Cell (m) field");
      refuseImplausibleCellSize(m.cell, m.height, path,
                                "set the import's Cell (m) field to its metres per cell and import again");
      m.levels = m.height.distinctHeights(257);
      m.tileable = wrapsSeamlessly(m.height);
      if (smooth && m.levels <= 256)
        if (const std::optional<float> spacing = levelSpacing(m.height)) {
          m.height = smoothTerraces(m.height, *spacing);
          m.smoothed = true;
        }
      return m;
    };
    importing_ = PendingImport{path, std::async(std::launch::async, read), editorSeconds(), false, fraction};
    status.ok("importing " + path + "...", editorSeconds());
    if (background) return true;
    importing_->map.wait();
    return finishImport();
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
}

bool Editor::finishImport() {
  if (!importing_ || importing_->map.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    return false;
  PendingImport done = std::move(*importing_);
  importing_.reset();
  try {
    ImportedMap m = done.map.get();
    if (done.cancelled) {
      status.ok("import cancelled; the terrain is as it was", editorSeconds());
      return false;
    }
    const std::string& path = done.path;
    const size_t cells = m.height.cellCount();
    const int width = m.height.width(), height = m.height.height();
    setBase(std::make_shared<const Terrain>(std::move(m.height)), "import " + path);
    const bool rainReset = rain.resetForNewTerrain(history);  // the last terrain's painting is not this one's
    setTerrainUnits(m.cell.metres, m.tileable ? Edges::Wrap : Edges::Clamp);  // as runnel-cli erode
    frameTerrain();                  // another terrain: its own heights in view
    importCellSize = m.cell.metres;  // the row shows the cell size the terrain has
    baseDescription = path;
    importPath = path;
    rememberRecent(path);
    // "imported x.r32: 7.68 km x 7.68 km, 30 m cells (recorded in x.r32.json)"
    const std::string imported =
        "imported " + path + ": " + describeExtent(width, height, m.cell.metres) + " (" + m.cell.origin() +
        ")" + (m.tileable ? ", tileable: wrapping edges" : "") +
        (rainReset ? "; rain falls everywhere again (undo brings the painted rain back)" : "");
    // An 8-bit file's 256 levels show as terraces on every slope once shaded: say so, not silently.
    if (m.smoothed)
      status.ok(imported + "; its " + std::to_string(m.levels) +
                    " height levels (an 8-bit file?) smoothed into ramps, every cell within half a level of "
                    "the file",
                editorSeconds());
    else if (m.levels <= 256 && cells > 4096)
      status.warn(
          imported + "; warning: only " + std::to_string(m.levels) +
              " height levels (an 8-bit file?): slopes will show as terraces. Import again with Smooth "
              "8-bit steps ticked, or use a 16-bit PNG, .r16, TIFF or EXR",
          editorSeconds());
    else
      status.ok(imported, editorSeconds());
    return true;
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
}

void Editor::drawImportProgress() {
  if (!importing_) return;
  const double seconds = editorSeconds() - importing_->started;
  if (seconds < 0.3) return;
  if (drawProgressWindow("Importing", "Importing " + importing_->path, importing_->fraction->load(), seconds,
                         importing_->cancelled, uiScale))
    cancelImport();  // the read finishes on its own; its map is then dropped
}

void Editor::setTerrainUnits(float metres, Edges edges) {
  if (erosion.common.cellSize == metres && erosion.common.edges == edges) return;
  if (erosion.common.cellSize != metres) framePending_ = true;  // the view's vertical scale changed
  erosion.common.cellSize = metres;
  erosion.common.edges = edges;
  applyErosionSettings();  // the models see slopes in metres and the edges through it
}

void Editor::rememberRecent(const std::string& path) {
  addRecentFile(recentFiles, path);
  saveRecentFiles(recentFiles);
}

void Editor::resetToBase() {
  worker_->pause();
  history.record("reset", currentState());
  noteEdit();
  worker_->setBase(*base_);
  runRecorded_ = false;
  countBudgetFromZero();
  recorder.restart();
  status.ok("reset to the base terrain", editorSeconds());
}

void Editor::recordRunStart() {
  // One undo step per run: the state before the first droplet of a Play (or Step) until it stops.
  if (runRecorded_) return;
  history.record("erosion run", currentState());
  runRecorded_ = true;
}

void Editor::play() {
  if (!applyErosionSettings()) return;
  syncRain(true);
  recordRunStart();
  applyBudget();
  worker_->play();
}

uint64_t Editor::runBudget() const {
  if (erosion.budget() > 0) return erosion.budget();
  try {
    // The worker's latest picture of the terrain (the view's snapshot_ may not have been taken yet).
    const auto shot = worker_->latestSnapshot();
    if (!shot || !shot->terrain) return 0;
    return erosion.build()->plannedUnits(shot->terrain->width(), shot->terrain->heightCells());
  } catch (const Error&) {
    return 0;  // a bad parameter: Play says so when it builds the model
  }
}

void Editor::applyBudget() {
  const uint64_t budget = runBudget();
  worker_->setBudget(budget == 0 ? 0 : budgetStart_ + budget);
}

uint64_t Editor::budgetLeft() const {
  const uint64_t budget = runBudget();
  if (budget == 0) return UINT64_MAX;
  const uint64_t done = snapshot_ ? snapshot_->dropletsDone : 0;
  const uint64_t end = budgetStart_ + budget;
  return end > done ? end - done : 0;
}

double Editor::unitsPerSecond() const {
  if (!snapshot_) return 0.0;
  if (snapshot_->dropletsDone < budgetStart_) return 0.0;  // a snapshot from before a restart
  const double units = double(snapshot_->dropletsDone - budgetStart_);
  const double seconds = snapshot_->stats.seconds - budgetStartSeconds_;
  return units > 0 && seconds > 0.2 ? units / seconds : 0.0;
}

double Editor::estimatedUnitsPerSecond() const {
  const double measured = unitsPerSecond();
  return measured > 0.0 ? measured : probedRate_;
}

void Editor::probeSpeed() {
  probedRate_ = 0.0;
  if (!base_ || erosion.info().amount != AmountKind::Droplets || unitsPerSecond() > 0.0) return;
  // The model, its settings and the terrain it would run on.
  std::string key = std::string(erosion.info().name) + " " + std::to_string(uintptr_t(base_.get())) + " " +
                    std::to_string(erosion.common.threads) + " " + std::to_string(erosion.common.cellSize) +
                    " " + toString(erosion.common.mode);
  for (float v : erosion.current()) key += " " + std::to_string(v);
  if (std::optional<double> rate = speedProbe_.rate(key)) {
    probedRate_ = *rate;
  } else if (!speedProbe_.running() && !worker_->playing()) {
    try {
      speedProbe_.start(key, erosion.build(), base_->height);
    } catch (const std::exception&) {
      // Settings the model refuses: Play says why; there is just no estimate.
    }
  }
}

void Editor::pause() {
  worker_->pause();
}

void Editor::togglePlay() {
  if (worker_->playing())
    pause();
  else
    play();
}

void Editor::step(uint64_t units) {
  if (units == 0 || !applyErosionSettings()) return;
  syncRain(true);
  recordRunStart();
  worker_->setBudget(0);
  worker_->step(units);
  stepUnits_ = units;
  stepEnd_ = (snapshot_ ? snapshot_->dropletsDone : 0) + units;
}

double Editor::unitsDone() const {
  return (snapshot_ ? double(snapshot_->dropletsDone) : 0.0) + worker_->unitsInFlight();
}

std::optional<std::pair<double, uint64_t>> Editor::stepProgress() const {
  // The worker's own flag, not the snapshot's: the first snapshot of a Step comes only after its first
  // unit, a second or two at 4096².
  if (stepUnits_ == 0 || !worker_->playing() || (snapshot_ && snapshot_->dropletsDone >= stepEnd_))
    return std::nullopt;
  const double left = std::max(double(stepEnd_) - unitsDone(), 0.0);
  return std::make_pair(std::max(double(stepUnits_) - left, 0.0), stepUnits_);
}

bool Editor::applyErosionSettings() {
  try {
    worker_->setModel(erosion.build());
    worker_->setBatchMilliseconds(erosion.batchMilliseconds);
    if (erosion.model != budgetModel_) {  // another model: its budget counts from here
      budgetModel_ = erosion.model;
      budgetStart_ = snapshot_ ? snapshot_->dropletsDone : 0;
      budgetStartSeconds_ = snapshot_ ? snapshot_->stats.seconds : 0.0;
      applyBudget();
    }
    return true;
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
}

bool Editor::runExport(const std::string& what, std::function<std::string()> write, bool background) {
  if (exporting_) {
    status.fail("export: still writing " + exporting_->what, editorSeconds());
    return false;
  }
  auto fraction = std::make_shared<std::atomic<float>>(0.0f);
  auto job = [write = std::move(write), fraction] {
    WorkProgress progress(*fraction);  // the format writers report their rows into it
    return write();
  };
  exporting_ = PendingExport{what, std::async(std::launch::async, std::move(job)), editorSeconds(), fraction};
  if (background) return true;
  exporting_->message.wait();
  finishExport();
  return !status.error;
}

void Editor::finishExport() {
  if (!exporting_ || exporting_->message.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    return;
  PendingExport done = std::move(*exporting_);
  exporting_.reset();
  try {
    status.ok(done.message.get(), editorSeconds());
    if (pendingEngineSteps_) exportSettings.engineSteps = *pendingEngineSteps_;
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
  }
  pendingEngineSteps_.reset();
}

void Editor::drawExportProgress() {
  if (!exporting_) return;
  const double seconds = editorSeconds() - exporting_->started;
  if (seconds < 0.3) return;
  drawProgressWindow("Exporting", "Writing " + exporting_->what, exporting_->fraction->load(), seconds, false,
                     uiScale, false);
}

bool Editor::exportTerrain(const std::string& path, TerrainMap map, bool background) {
  try {
    if (path.empty()) throw Error("export: no file name given");
    if (const std::string why = whyFormatCannotHold(path, map); !why.empty()) throw Error(path + ": " + why);
    // What the view shows: the worker's terrain, copied between batches; written from the copy.
    auto t = std::make_shared<const Terrain>(worker_->copyTerrain());
    WriteOptions options;
    options.objStep = std::max(1, exportSettings.objStep);
    options.cellSize = cellSize();
    std::shared_ptr<const RainMap> rainNow = rain.snapshot();
    const float cell = cellSize();
    return runExport(
        path,
        [path, map, t, options, rainNow, cell] {
          switch (map) {
            case TerrainMap::Height:
            case TerrainMap::Slope:
            case TerrainMap::Normal:
            case TerrainMap::Hillshade:
              writeTerrainMap(path, map, t->height, options);
              break;
            case TerrainMap::Eroded:
              writeTerrainMap(path, map, t->eroded, options);
              break;
            case TerrainMap::Deposited:
              writeTerrainMap(path, map, t->deposited, options);
              break;
            case TerrainMap::Flow:
              writeTerrainMap(path, map, dischargeLog10(t->height, rainNow.get(), cell, 0), options);
              break;
            case TerrainMap::Wetness:
              writeTerrainMap(path, map, wetnessIndex(t->height, rainNow.get(), cell, 0), options);
              break;
          }
          return "exported " + path;
        },
        background);
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
}

bool Editor::exportFromPanel(bool background) {
  if (!exportSettings.engine.empty())
    return exportForEngine(exportSettings.path, exportSettings.engine, exportSettings.engineSide, background);
  try {
    checkPathMatchesFormat(exportSettings);
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
  return exportTerrain(exportSettings.path, exportSettings.map, background);
}

bool Editor::exportForEngine(const std::string& path, const std::string& engine, int across,
                             bool background) {
  try {
    const EngineTarget* target = engineTarget(engine);
    if (!target) throw Error("export for: '" + engine + "' is not one of " + engineNames());
    checkEngineOutput(*target, path);
    if (across > 0) checkEngineSize(*target, across, across, "export for " + engine);
    auto t = std::make_shared<const Terrain>(worker_->copyTerrain());  // what the view shows
    int w, h;
    engineSizeFor(*target, t->width(), t->heightCells(), across, w, h);
    const float cell = cellSize();
    const int threads = erosion.common.threads;
    // The steps show under the Export button once written.
    auto steps = std::make_shared<std::string>();
    if (!exporting_) {
      exportSettings.engineSteps.clear();
      pendingEngineSteps_ = steps;
    }
    return runExport(
        path,
        [path, target, t, w, h, cell, threads, steps] {
          const EngineWritten written =
              writeForEngine(t->height, cell, *target, w, h, path, "the terrain", threads);
          *steps = written.steps;
          return "exported " + path + " for " + target->title + " (" + std::to_string(w) + "x" +
                 std::to_string(h) + (written.resampled ? ", resampled" : "") + "); import steps in " +
                 importStepsPath(path);
        },
        background);
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
}

bool Editor::exportAllMaps(const std::string& folder, FileFormat format, bool background) {
  try {
    if (folder.empty()) throw Error("export all maps: no folder given");
    // The terrain as the view shows it, with its bookkeeping, rain and model: what Save would write.
    auto maps = std::make_shared<const MapSource>(mapSourceOf(projectData(), projectPath));
    const int threads = erosion.common.threads;
    return runExport(
        folder + "/",
        [maps, folder, format, threads] {
          const size_t written = writeMapFolder(*maps, folder, formatEntry(format), WriteOptions{}, threads);
          return "wrote " + std::to_string(written) + " maps to " + folder + "/ as " +
                 formatEntry(format).name + ", listed in maps.json";
        },
        background);
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
}

bool Editor::undo() {
  if (!history.canUndo()) {
    status.fail("nothing to undo", editorSeconds());
    return false;
  }
  std::string label = history.undoLabel();
  if (history.nextUndoEdit()) {
    // A rain edit: undone in place, the terrain and the run untouched.
    history.undoEdit();
    status.ok("undid " + label, editorSeconds());
    return true;
  }
  worker_->pause();
  restore(history.undo(currentState()));
  status.ok("undid " + label, editorSeconds());
  return true;
}

bool Editor::redo() {
  if (!history.canRedo()) {
    status.fail("nothing to redo", editorSeconds());
    return false;
  }
  std::string label = history.redoLabel();
  if (history.nextRedoEdit()) {
    history.redoEdit();
    status.ok("redid " + label, editorSeconds());
    return true;
  }
  worker_->pause();
  restore(history.redo(currentState()));
  status.ok("redid " + label, editorSeconds());
  return true;
}

ProjectData Editor::projectData() {
  ProjectData p;
  p.base = *base_;
  p.current = worker_->copyTerrain();
  p.model = erosion.info().name;
  for (size_t i = 0; i < erosion.info().params.size(); ++i)
    p.params.emplace_back(erosion.info().params[i].name, erosion.current()[i]);
  p.common = erosion.common;
  p.budget = erosion.budget();
  p.description = baseDescription;
  p.rain = rain.snapshot();
  return p;
}

bool Editor::saveProject(const std::string& path) {
  try {
    const uint64_t edits = edits_;
    writeProject(path, projectData());
    projectPath = path;
    savedEdits_ = edits;
    // A recovered session's work is in a project file now.
    if (recoveredPid_ != 0 && recovery_) recovery_->removeOf(std::exchange(recoveredPid_, 0));
    status.ok("saved project " + path, editorSeconds());
    return true;
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
}

bool Editor::openProject(const std::string& path) {
  return loadProject(path, true);
}

bool Editor::loadProject(const std::string& path, bool remember) {
  try {
    ProjectData project = readProject(path);
    try {
      applyProject(std::move(project), "open " + path);
    } catch (const Error& e) {  // the model or a setting the project names: say which file named it
      const std::string why = e.what();
      throw Error(why.find(path) == std::string::npos ? path + ": " + why : why);
    }
    projectPath = path;
    if (remember) rememberRecent(path);
    savedEdits_ = edits_;
    status.ok("opened project " + path, editorSeconds());
    return true;
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
}

void Editor::applyProject(ProjectData p, const std::string& label) {
  checkViewable(p.current.width(), p.current.heightCells(), label);
  // Check the parameters against the catalog before anything changes.
  ErosionSettings settings = erosion;
  settings.set("model", p.model);
  for (const auto& [name, value] : p.params) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", double(value));
    settings.set(name, buf);
  }
  // The thread count is this machine's, not the project's (which does not record it).
  const int threads = settings.common.threads;
  settings.common = p.common;
  settings.common.threads = threads;
  settings.budget() = p.budget;
  settings.build();

  worker_->pause();
  autosave(false);  // the work it replaces, should the artist want it after all
  history.record(label, currentState());
  if (settings.common.cellSize != erosion.common.cellSize) framePending_ = true;  // another vertical scale
  erosion = settings;
  base_ = std::make_shared<const Terrain>(std::move(p.base));
  baseDescription = p.description;
  restore({base_, std::make_shared<const Terrain>(std::move(p.current))});
  rain.setMap(p.rain, base_->width(), base_->heightCells());
  syncRain(true);
  applyErosionSettings();
  ++edits_;
  rainSeen_ = rain.revision();
  dropletsSeen_ = 0;
}

}  // namespace runnel::editor
