#include "app/editor/progress_window.h"

#include <imgui.h>

#include <cstdio>

namespace runnel::editor {

bool drawProgressWindow(const char* id, const std::string& what, float fraction, double seconds,
                        bool cancelling, float uiScale, bool cancellable) {
  const ImGuiViewport* view = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(ImVec2(view->GetCenter().x, view->Pos.y + view->Size.y * 0.3f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::Begin(
      id, nullptr,
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings);
  ImGui::TextUnformatted(what.c_str());
  char label[64];
  if (fraction > 0.02f)
    std::snprintf(label, sizeof label, "%.0f%%, about %.0f s left", double(fraction) * 100.0,
                  seconds * (1.0 - double(fraction)) / double(fraction));
  else
    std::snprintf(label, sizeof label, "%.1f s", seconds);
  ImGui::ProgressBar(fraction >= 0.0f ? fraction : float(-ImGui::GetTime()), ImVec2(360.0f * uiScale, 0.0f),
                     label);
  bool cancel = false;
  if (cancelling)
    ImGui::TextDisabled("cancelling...");
  else if (cancellable)
    cancel = ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGuiKey_Escape, false);
  ImGui::End();
  return cancel;
}

}  // namespace runnel::editor
