// The side panel: every section in one scrolling window on the left, the status line at its foot.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>

#include "app/editor/editor.h"
#include "app/editor/panels.h"

namespace runnel::editor {

void tooltip(const char* text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", text);
}

void helpMarker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  tooltip(text);
}

void Editor::drawPanel() {
  ImGuiIO& io = ImGui::GetIO();
  float width = panelWidth();
  ImGui::SetNextWindowPos(ImVec2(0, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(width, io.DisplaySize.y), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.92f);
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                           ImGuiWindowFlags_NoTitleBar;
  ImGui::Begin("Runnel", nullptr, flags);
  ImGui::TextUnformatted("Runnel");
  ImGui::SameLine();
  ImGui::TextDisabled("%s", baseDescription.c_str());
  ImGui::TextDisabled("%.1f ms/frame  (Tab hides the panel)", frameMs_);

  // Fixed-height footer for the status line; the sections scroll above it.
  float footer = ImGui::GetFrameHeightWithSpacing() * 2.2f;
  ImGui::BeginChild("sections", ImVec2(0, -footer));
  if (ImGui::CollapsingHeader("Terrain", ImGuiTreeNodeFlags_DefaultOpen)) drawTerrainPanel(*this);
  if (ImGui::CollapsingHeader("Erosion", ImGuiTreeNodeFlags_DefaultOpen)) drawErosionPanel(*this);
  if (ImGui::CollapsingHeader("View")) drawViewPanel(*this);
  if (ImGui::CollapsingHeader("Stats", ImGuiTreeNodeFlags_DefaultOpen)) drawStatsPanel(*this);
  if (ImGui::CollapsingHeader("Export")) drawExportPanel(*this);
  if (ImGui::CollapsingHeader("Record")) drawRecordPanel(*this);
  ImGui::EndChild();

  ImGui::Separator();
  if (!status.text.empty()) {
    ImVec4 colour = status.error ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f) : ImVec4(0.6f, 0.9f, 0.6f, 1.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextWrapped("%s", status.text.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::End();
}

}  // namespace runnel::editor
