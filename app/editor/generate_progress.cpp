// Generating off the UI thread: a 4096² terrain takes over a second, and the view keeps drawing meanwhile
// with a progress bar and a Cancel button.
#include <imgui.h>

#include <chrono>

#include "app/editor/editor.h"
#include "app/editor/progress_window.h"

namespace runnel::editor {

void Editor::finishGenerate() {
  if (!generating_ || generating_->terrain.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
    return;
  PendingGenerate done = std::move(*generating_);
  generating_.reset();
  try {
    std::shared_ptr<const Terrain> terrain = done.terrain.get();
    generator = done.settings;
    baseDescription = describe(done.settings);
    setBase(std::move(terrain), "generate " + baseDescription);
    setTerrainUnits(done.settings.cellSize, done.settings.tileable ? Edges::Wrap : Edges::Clamp);
    status.ok("generated " + baseDescription, editorSeconds());
  } catch (const GenerateCancelled&) {
    status.ok("generate cancelled; the terrain is as it was", editorSeconds());
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
  }
}

void Editor::cancelGenerate() {
  if (generating_) generating_->progress->cancel.store(true);
}

void Editor::drawGenerateProgress() {
  if (!generating_) return;
  const GeneratorSettings& s = generating_->settings;
  const double seconds = editorSeconds() - generating_->started;
  if (seconds < 0.3) return;  // quick ones need no bar
  const bool counts = s.kind != GeneratorKind::Fault;
  const float done = counts ? float(generating_->progress->rowsDone.load()) / float(2 * s.height) : -1.0f;
  if (drawProgressWindow("Generating", "Generating " + describe(s), done, seconds,
                         generating_->progress->cancel.load(), uiScale))
    cancelGenerate();
}

}  // namespace runnel::editor
