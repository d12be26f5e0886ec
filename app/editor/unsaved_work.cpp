// Never losing work: what is unsaved, the question before it is thrown away, autosaves into the recovery
// folder and recovering them after a crash or a kill.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>

#include "app/editor/editor.h"
#include "core/io/project_file.h"

namespace runnel::editor {

void Editor::setAutosave(double seconds, const std::string& folder, bool offer) {
  autosaveSeconds_ = seconds;
  recovery_ = std::make_unique<RecoveryFolder>(folder);
  lastAutosave_ = editorSeconds();
  offered_ = offer ? recovery_->orphans() : std::vector<Autosave>{};
  offerRecovery_ = !offered_.empty();
}

bool Editor::autosave(bool wait) {
  if (!recovery_ || autosavedEdits_ == edits_ || !unsaved()) return true;
  if (autosaveWrite_.valid()) {
    // One at a time: the last one still being written is this work's older state; the next frame retries.
    if (!wait && autosaveWrite_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return true;
    try {
      autosaveWrite_.get();
    } catch (const std::exception& e) {
      status.fail(std::string("autosave failed: ") + e.what(), editorSeconds());
    }
  }
  try {
    const uint64_t edits = edits_;
    const std::string path = recovery_->nextPath();
    // The copy is taken here, between the worker's batches; the writing (seconds at 4096²) on its own thread.
    autosaveWrite_ = std::async(std::launch::async, [p = projectData(), path, folder = recovery_.get()] {
      writeProject(path, p);
      folder->prune();
    });
    autosavedEdits_ = writingEdits_ = edits;
    lastAutosave_ = editorSeconds();
    if (wait) {
      autosaveWrite_.get();
      status.ok("autosaved " + path, editorSeconds());
    }
    return true;
  } catch (const std::exception& e) {
    status.fail(std::string("autosave failed: ") + e.what(), editorSeconds());
    return false;
  }
}

void Editor::autosaveIfDue(double now) {
  if (autosaveSeconds_ > 0 && unsaved() && autosavedEdits_ != edits_ &&
      now - lastAutosave_ >= autosaveSeconds_)
    autosave(false);
  // A recovered session's work is in this session's autosave once that is whole: the old file can go.
  if (recoveredPid_ != 0 && autosaveWrite_.valid() && writingEdits_ >= recoveredEdits_ &&
      autosaveWrite_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    try {
      autosaveWrite_.get();
      recovery_->removeOf(std::exchange(recoveredPid_, 0));
    } catch (const std::exception& e) {
      status.fail(std::string("autosave failed: ") + e.what(), editorSeconds());
    }
  }
}

bool Editor::recover() {
  if (!recovery_) recovery_ = std::make_unique<RecoveryFolder>();
  const std::vector<Autosave> found = recovery_->orphans();
  if (found.empty()) {
    status.fail("recover: no autosave of a session that closed without saving in " + recovery_->folder(),
                editorSeconds());
    return false;
  }
  const Autosave& newest = found.front();
  const std::string keepPath = projectPath;
  if (!loadProject(newest.path, false)) return false;
  // Save goes where it went before, not into the recovery folder; the work is unsaved until then.
  projectPath = keepPath;
  noteEdit();
  recoveredPid_ = newest.pid;
  recoveredEdits_ = edits_;
  offerRecovery_ = false;
  status.ok("recovered the work autosaved at " + newest.path, editorSeconds());
  return true;
}

bool Editor::mayClose() {
  if (!unsaved() || closeConfirmed_) return true;
  askBeforeDiscarding("closing", [this] {
    closeConfirmed_ = true;
    if (window_) glfwSetWindowShouldClose(window_, GLFW_TRUE);
  });
  return false;
}

void Editor::askBeforeDiscarding(const std::string& what, std::function<void()> action) {
  if (!unsaved()) {
    action();
    return;
  }
  askWhat_ = what;
  askAction_ = std::move(action);
  askOpen_ = true;
}

void Editor::closeCleanly() {
  cancelGenerate();
  if (autosaveWrite_.valid()) {
    try {
      autosaveWrite_.get();
    } catch (const std::exception&) {
      // Closing anyway: the autosave was only ever a spare copy.
    }
  }
  if (recovery_) recovery_->removeOf(long(getpid()));
}

void Editor::drawPrompts() {
  const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();
  if (askOpen_) {
    ImGui::OpenPopup("Unsaved changes");
    askOpen_ = false;
  }
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::Text("The terrain has changes that are not saved.");
    ImGui::Text("Save them to %s before %s?", projectPath.c_str(), askWhat_.c_str());
    ImGui::Spacing();
    if (ImGui::Button("Save") || ImGui::IsKeyPressed(ImGuiKey_Enter, false)) {
      ImGui::CloseCurrentPopup();
      if (saveProject(projectPath)) askAction_();
    }
    ImGui::SameLine();
    if (ImGui::Button("Don't save")) {
      ImGui::CloseCurrentPopup();
      askAction_();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGuiKey_Escape, false)) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }

  if (offerRecovery_) {
    ImGui::OpenPopup("Recover unsaved work?");
    offerRecovery_ = false;
  }
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::BeginPopupModal("Recover unsaved work?", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    const Autosave& newest = offered_.front();
    const std::time_t when = std::time_t(newest.writtenNs / 1000000000);
    std::tm local{};
    localtime_r(&when, &local);
    char stamp[64];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M", &local);
    ImGui::Text("A session closed without saving. Its last autosave is from %s:", stamp);
    ImGui::TextDisabled("%s", newest.path.c_str());
    ImGui::Spacing();
    if (ImGui::Button("Recover")) {
      ImGui::CloseCurrentPopup();
      recover();
    }
    ImGui::SameLine();
    if (ImGui::Button("Discard")) {
      ImGui::CloseCurrentPopup();
      for (const Autosave& a : offered_) recovery_->removeOf(a.pid);
      status.ok("discarded the autosaves of the closed session", editorSeconds());
    }
    ImGui::SameLine();
    if (ImGui::Button("Later")) ImGui::CloseCurrentPopup();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Keeps the autosave; the next start asks again");
    ImGui::EndPopup();
  }
}

}  // namespace runnel::editor
