// The side panel: every section in one scrolling window on the left, the status line at its foot.
#include <imgui.h>

#include <algorithm>

#include "app/editor/editor.h"
#include "app/editor/panels.h"
#include "core/base/names.h"

namespace runnel::editor {

// Not while the item is held: a tooltip over a slider being dragged hid the slider and its value.
void tooltip(const char* text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled) && !ImGui::IsItemActive())
    ImGui::SetTooltip("%s", text);
}

void helpMarker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  tooltip(text);
}

namespace {
void drawShortcutList() {
  const char* keys[][2] = {
      {"Space", "play / pause"},
      {". or N", "step"},
      {"R", "reset to the base terrain"},
      {"G", "generate again"},
      {"F", "frame the terrain"},
      {"W", "wireframe"},
      {"H", "height colours"},
      {"O", "next overlay (none, eroded, deposited, both, flow, slope)"},
      {"T", "2D top view, north up (left drag pans there)"},
      {"Tab", "hide the panel"},
      {"Ctrl+Z", "undo"},
      {"Ctrl+Shift+Z, Ctrl+Y", "redo"},
      {"Ctrl+S / Ctrl+O", "save / open the project"},
      {"Ctrl+E", "export"},
      {"F12", "screenshot (runnel-YYYYMMDD-HHMMSS.png, never over an older one)"},
      {"Left drag", "orbit"},
      {"Right or middle drag", "pan"},
      {"Wheel", "zoom towards the cursor"},
      {"B", "rain brush: left paints, Shift or right erases"},
      {"[ / ]", "smaller / bigger brush"},
      {"K", "springs: click places or picks, drag moves"},
      {"Delete / right click", "remove the spring"},
      {"Alt + left drag", "orbit while a rain tool is active"},
      {"Esc", "back to the camera"},
  };
  // The keys' column as wide as its longest entry, the descriptions wrapped in what is left: at 1280x720 the
  // panel is narrow, and a cut-off line says nothing.
  float keyWidth = 0.0f;
  for (const auto& k : keys) keyWidth = std::max(keyWidth, ImGui::CalcTextSize(k[0]).x);
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, keyWidth);
    ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch);
    for (const auto& k : keys) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(k[0]);
      ImGui::TableNextColumn();
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
      ImGui::TextWrapped("%s", k[1]);
      ImGui::PopStyleColor();
    }
    ImGui::EndTable();
  }
}
// The side panel's sections, top to bottom; `open`: open on the first start.
struct Section {
  const char* name;
  bool open;
  void (*draw)(Editor&);
};
const Section kSections[] = {
    {"Terrain", true, drawTerrainPanel}, {"Erosion", true, drawErosionPanel},
    {"Rain", false, drawRainPanel},      {"View", false, drawViewPanel},
    {"Stats", true, drawStatsPanel},     {"Export", false, drawExportPanel},
    {"Record", false, drawRecordPanel},  {"Keys", false, [](Editor&) { drawShortcutList(); }},
};

}  // namespace

// Headers inside a section, and the section each is in.
constexpr std::pair<const char*, const char*> kInnerHeaders[] = {{"Landscape presets", "Terrain"},
                                                                 {"Noise settings", "Terrain"}};

bool Editor::showSection(const std::string& name, bool open) {
  std::string names;
  for (const Section& s : kSections) {
    if (sameName(name, s.name)) {  // "stats" or "Stats", as every name
      sectionsAsked_[s.name] = open;
      return true;
    }
    names += (names.empty() ? "" : ", ") + std::string(s.name);
  }
  for (const auto& [inner, section] : kInnerHeaders) {
    if (sameName(name, inner)) {
      sectionsAsked_[inner] = open;
      if (open) sectionsAsked_[section] = true;  // in view: its section open too
      return true;
    }
    names += ", " + std::string(inner);
  }
  status.fail("panel: no section '" + name + "' (there are " + names + ")", editorSeconds());
  return false;
}

std::optional<bool> Editor::sectionAsked(const char* name) const {
  const auto ask = sectionsAsked_.find(name);
  if (ask == sectionsAsked_.end()) return std::nullopt;
  return ask->second;
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
  ImGui::TextDisabled("%.200s", baseDescription.c_str());  // a project's description can be any length
  if (unsaved()) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.4f, 1.0f), "unsaved");
    tooltip(autosaveSeconds_ > 0 ? "Changes since the last save. They are autosaved every few minutes into\n"
                                   "the recovery folder; a start after a crash offers them back."
                                 : "Changes since the last save (autosave is off).");
  }
  ImGui::TextDisabled("%.0f ms/frame  (Tab hides the panel)", fullFrameMilliseconds);
  tooltip(
      "Time of the last frame, from input to the finished image. Erosion runs on its own thread and never\n"
      "makes a frame wait.");

  // Fixed-height footer for the run's figures and the status line; the sections scroll above it.
  float footer = ImGui::GetFrameHeightWithSpacing() * 3.6f;
  ImGui::BeginChild("sections", ImVec2(0, -footer));
  for (const Section& section : kSections) {
    const auto ask = sectionsAsked_.find(section.name);
    const bool asked = ask != sectionsAsked_.end();
    if (asked) ImGui::SetNextItemOpen(ask->second, ImGuiCond_Always);
    const bool open =
        ImGui::CollapsingHeader(section.name, section.open ? ImGuiTreeNodeFlags_DefaultOpen : 0);
    if (asked && open) ImGui::SetScrollHereY(0.0f);  // its header at the top of the panel
    if (open) section.draw(*this);
  }
  sectionsAsked_.clear();
  ImGui::EndChild();

  ImGui::Separator();
  drawRunSummary(*this);  // the Stats section's main figures, in view at any window height
  if (!status.text.empty()) {
    ImVec4 colour = status.error     ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f)
                    : status.warning ? ImVec4(1.0f, 0.75f, 0.3f, 1.0f)
                                     : ImVec4(0.6f, 0.9f, 0.6f, 1.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextWrapped("%s", status.text.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::End();
}

}  // namespace runnel::editor
