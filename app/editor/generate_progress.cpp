// Generating off the UI thread: a 4096² terrain takes over a second, and the view keeps drawing meanwhile
// with a progress bar and a Cancel button.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <chrono>

#include "app/editor/editor.h"

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
    status.ok("generated " + baseDescription, glfwGetTime());
  } catch (const GenerateCancelled&) {
    status.ok("generate cancelled; the terrain is as it was", glfwGetTime());
  } catch (const std::exception& e) {
    status.fail(e.what(), glfwGetTime());
  }
}

void Editor::cancelGenerate() {
  if (generating_) generating_->progress->cancel.store(true);
}

void Editor::drawGenerateProgress() {
  if (!generating_) return;
  const GeneratorSettings& s = generating_->settings;
  const double seconds = glfwGetTime() - generating_->started;
  if (seconds < 0.3) return;  // quick ones need no bar
  const bool counts = s.kind != GeneratorKind::Fault;
  const float done = counts ? float(generating_->progress->rowsDone.load()) / float(2 * s.height) : 0.0f;
  const ImGuiViewport* view = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(view->GetCenter().x, view->Pos.y + view->Size.y * 0.3f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::Begin(
      "Generating", nullptr,
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  ImGui::Text("Generating %s", describe(s).c_str());
  char label[64];
  if (counts && done > 0.02f)
    std::snprintf(label, sizeof label, "%.0f%%, about %.0f s left", double(done) * 100.0,
                  seconds * (1.0 - double(done)) / double(done));
  else
    std::snprintf(label, sizeof label, "%.1f s", seconds);
  ImGui::ProgressBar(counts ? done : float(-glfwGetTime()), ImVec2(360.0f * uiScale, 0.0f), label);
  if (generating_->progress->cancel.load())
    ImGui::TextDisabled("cancelling...");
  else if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGuiKey_Escape, false))
    cancelGenerate();
  ImGui::End();
}

}  // namespace runnel::editor
