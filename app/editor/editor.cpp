#include "app/editor/editor.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <filesystem>

#include "app/editor/panels.h"
#include "app/editor/recent_files.h"
#include "core/io/heightmap_io.h"
#include "render/frame_capture.h"
#include "render/gl.h"
#include "render/null_terrain_view.h"
#include "render/rain_layer.h"
#include "render/terrain_renderer.h"

namespace runnel::editor {

Editor::Editor(GLFWwindow* window) : window_(window) {
  if (window_) {
    renderer_ = std::make_unique<render::TerrainRenderer>();
    if (renderer_->softwareRenderer())
      style.renderScale = 0.5f;  // fragments are what a CPU renderer pays for
    rainLayer_ = std::make_unique<render::RainLayer>();
    renderer_->setRainLayer(rainLayer_.get());
  } else {
    renderer_ = std::make_unique<render::NullTerrainView>();  // no window: the actions only
  }
  // The default terrain (GeneratorSettings' defaults, as runnel-cli generate's): ready to play the moment
  // the window opens.
  base_ = std::make_shared<const Terrain>(Heightmap(generate(generator)));
  baseDescription = describe(generator);
  erosion.common.cellSize = generator.cellSize;
  erosion.common.edges = generator.tileable ? Edges::Wrap : Edges::Clamp;
  worker_ = std::make_unique<SimulationWorker>(*base_, erosion.build());
  worker_->setBatchMilliseconds(erosion.batchMilliseconds);
  // A new snapshot wakes the event loop, so an idle editor sleeps in glfwWaitEvents yet shows a run live.
  if (window_) worker_->setOnPublish([] { glfwPostEmptyEvent(); });
  if (window_) speedProbe_.onDone = [] { glfwPostEmptyEvent(); };  // the Play button's estimate is ready
  // The view comes first: where every core is busy (two cores, or software rendering) a run at the UI's
  // priority slowed the frames by half (docs/performance.md, Session 10).
  worker_->runInBackground();
  recentFiles = loadRecentFiles();
  reloadPresets();
  fitRain();
  rainSeen_ = rain.revision();
}

Editor::~Editor() {
  // Quitting stops background work at its next row or chunk instead of waiting for it to finish (a 4096²
  // preset takes most of a minute); an import being read is dropped when done.
  cancelGenerate();
  cancelMaking();
  cancelImport();
  if (exporting_) exporting_->message.wait();  // a file being written is finished, not left half-way
}

void Editor::takeSnapshot() {
  std::shared_ptr<const Snapshot> s = worker_->latestSnapshot();
  if (!s || s->version == shownVersion_ || !s->terrain) return;
  // Only what changed since the version on screen goes to the GPU (the worker keeps a short history of
  // changed rectangles, so skipped versions are covered).
  if (shownVersion_ != 0)
    renderer_->uploadRegion(*s->terrain, s->changedSince(shownVersion_));
  else
    renderer_->upload(*s->terrain);
  bool resized = !snapshot_ || snapshot_->terrain->width() != s->terrain->width() ||
                 snapshot_->terrain->heightCells() != s->terrain->heightCells();
  if (resized) framePending_ = true;
  shownVersion_ = s->version;
  // Erosion work is work to save (a reset or a new base starts the count at 0 again).
  if (s->dropletsDone != dropletsSeen_) {
    if (s->dropletsDone > 0) noteEdit();
    dropletsSeen_ = s->dropletsDone;
  }
  if (!s->error.empty() && s->error != shownError_)
    status.fail("erosion stopped: " + s->error, editorSeconds());
  shownError_ = s->error;
  snapshot_ = std::move(s);
  if (runRecorded_ && !snapshot_->playing) runRecorded_ = false;  // the run ended (pause, budget, step done)
}

void Editor::update() {
  const double now = editorSeconds();
  finishGenerate();
  finishMaking();
  finishImport();
  finishExport();
  takeSnapshot();
  syncRain(false);
  if (snapshot_) statsHistory.update(*snapshot_, now);
  probeSpeed();
  if (rain.revision() != rainSeen_) {
    rainSeen_ = rain.revision();
    noteEdit();
  }
  autosaveIfDue(now);
}

void Editor::frame() {
  double start = editorSeconds();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  if (!droppedFiles_.empty()) {
    std::vector<std::string> files = std::move(droppedFiles_);
    droppedFiles_.clear();
    importHeightmap(files.front());
  }
  glfwGetFramebufferSize(window_, &fbW_, &fbH_);
  // The 3D view fills the window right of the panel.
  viewX_ = showPanel ? std::min(int(panelWidth() * ImGui::GetIO().DisplayFramebufferScale.x), fbW_ - 1) : 0;
  update();
  if (framePending_ && renderer_->mapWidth() > 0) {
    glm::vec3 lo, hi;
    renderer_->bounds(verticalScale(), lo, hi);
    camera.frame(lo, hi, float(viewWidth()) / float(std::max(fbH_, 1)));
    framePending_ = false;
  }
  // A project's description can be any length; X refuses a window title of megabytes (BadLength).
  constexpr size_t kTitleChars = 200;
  std::string shown = baseDescription;
  if (shown.size() > kTitleChars) {
    size_t cut = kTitleChars;
    while (cut > 0 && (static_cast<unsigned char>(shown[cut]) & 0xC0) == 0x80)
      --cut;  // not inside a character
    shown = shown.substr(0, cut) + "...";
  }
  // The project's name, with * while there is unsaved work.
  std::string title = "Runnel - " + std::filesystem::path(projectPath).filename().string() +
                      (unsaved() ? " *" : "") + " - " + shown + (worker_->playing() ? " - eroding" : "");
  if (title != windowTitle_) glfwSetWindowTitle(window_, (windowTitle_ = title).c_str());

  handleShortcuts();
  handleMouse();
  if (snapshot_)
    renderer_->showEroded(*snapshot_->terrain,
                          style.overlay == render::Overlay::Eroded || style.overlay == render::Overlay::Both);
  const bool amounts = style.overlay == render::Overlay::Eroded ||
                       style.overlay == render::Overlay::Deposited || style.overlay == render::Overlay::Both;
  if (snapshot_ && amounts && style.autoRange)
    overlayRanges_.update(*snapshot_->terrain, snapshot_->version, start);
  if (snapshot_ && render::showsWaterMap(style.overlay)) {
    const bool wetness = style.overlay == render::Overlay::Wetness;
    flow_.update(
        {snapshot_->terrain, snapshot_->version, rain.revision(), cellSize(), wetness},
        [&] { return rain.snapshot(); }, start);
    // A screenshot shows the map of the terrain it shows.
    if (auto done = flow_.takeResult(!pendingScreenshots_.empty()))
      renderer_->uploadWater(done->map, done->wetness ? render::Overlay::Wetness : render::Overlay::Flow,
                             done->lo, done->hi);
  }
  glClearColor(0.08f, 0.08f, 0.09f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  if (style.renderScale < 0.99f) {
    int w = std::max(1, int(float(viewWidth()) * style.renderScale));
    int h = std::max(1, int(float(fbH_) * style.renderScale));
    scaledTarget_.begin(w, h);
    renderer_->draw(camera, viewStyle(), 0, 0, w, h);
    scaledTarget_.blitTo(viewX_, 0, viewWidth(), fbH_);
  } else {
    renderer_->draw(camera, viewStyle(), viewX_, 0, viewWidth(), fbH_);
  }
  drawSpringMarkers();
  drawOverlayLegend(*this);

  // The timelapse records the view alone, without the panel.
  if (snapshot_ && recorder.due(snapshot_->dropletsDone) && snapshot_->dropletsDone > 0) {
    try {
      if (recorder.framesWritten == 0) std::filesystem::create_directories(recorder.folder);
      std::vector<unsigned char> rgb = render::readFramebufferRgb(viewX_, 0, viewWidth(), fbH_);
      writeRgb8Png(recorder.nextPath(), viewWidth(), fbH_, rgb.data());
      recorder.advance(snapshot_->dropletsDone);
    } catch (const std::exception& e) {
      recorder.enabled = false;
      recorder.lastError = e.what();
      status.fail(std::string("recording stopped: ") + e.what(), start);
    }
  }

  if (showPanel) drawPanel();
  drawGenerateProgress();
  drawMakingProgress();
  drawImportProgress();
  drawExportProgress();
  drawPrompts();
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  writePendingScreenshots();
  frameMs_ = (editorSeconds() - start) * 1000.0;
}

void Editor::frameTerrain() {
  framePending_ = true;
}

void Editor::screenshot(const std::string& path) {
  pendingScreenshots_.push_back(path);
}

void Editor::dropFiles(const std::vector<std::string>& paths) {
  droppedFiles_.insert(droppedFiles_.end(), paths.begin(), paths.end());
}

void Editor::writePendingScreenshots() {
  if (pendingScreenshots_.empty()) return;
  screenshotFailed_ = false;
  std::vector<unsigned char> rgb = render::readFramebufferRgb(0, 0, fbW_, fbH_);
  for (const std::string& path : pendingScreenshots_) {
    try {
      writeRgb8Png(path, fbW_, fbH_, rgb.data());
      status.ok("saved screenshot " + path, editorSeconds());
    } catch (const std::exception& e) {
      screenshotFailed_ = true;
      status.fail(e.what(), editorSeconds());
    }
  }
  pendingScreenshots_.clear();
}

float Editor::panelWidth() const {
  return std::min(380.0f * uiScale, ImGui::GetIO().DisplaySize.x * 0.5f);
}

bool Editor::idle() const {
  return snapshot_ && !snapshot_->playing && !worker_->playing();
}

}  // namespace runnel::editor
