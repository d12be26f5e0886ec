// Stats: what the erosion has done since the last reset, with plots over time.
#include <imgui.h>

#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <string>

#include "app/editor/editor.h"
#include "app/editor/panels.h"
#include "core/base/number_text.h"

namespace runnel::editor {

void drawRunSummary(Editor& e) {
  const Snapshot* s = e.snapshot();
  if (!s) return;
  const AmountKind amount = e.erosion.info().amount;
  const std::string line = shortCount(double(s->dropletsDone)) + " " + amountUnit(amount) + ", " +
                           shortCount(double(e.statsHistory.currentRate())) + "/s; eroded " +
                           shortCount(s->stats.eroded) + " m³, deposited " + shortCount(s->stats.deposited) +
                           " m³";
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", line.c_str());
  ImGui::PopStyleColor();
  tooltip("Since the last reset (the Stats section has more, with plots over time)");
}

void drawStatsPanel(Editor& e) {
  const Snapshot* s = e.snapshot();
  if (!s) {
    ImGui::TextDisabled("no snapshot yet");
    return;
  }
  const ErosionStats& st = s->stats;
  // Counted in the model's own unit (droplets, iterations or steps); the path figures are the droplets'.
  const AmountKind amount = e.erosion.info().amount;
  const std::string unit = amountUnit(amount);
  std::string Unit = unit;
  Unit[0] = char(std::toupper(static_cast<unsigned char>(Unit[0])));
  const std::string perSecond = Unit + "/s", perSecondPlot = unit + "/s";
  const std::string runTip = Unit + " run since the last reset";
  const std::string batchTip =
      Unit + " the worker runs between looks at its commands (adapts to the batch length)";
  ImGui::PushID("stats");
  if (ImGui::BeginTable("figures", 2, ImGuiTableFlags_SizingStretchProp)) {
    auto row = [](const char* name, const char* tip, const char* fmt, auto value) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(name);
      tooltip(tip);
      ImGui::TableNextColumn();
      ImGui::Text(fmt, value);
    };
    row(Unit.c_str(), runTip.c_str(), "%" PRIu64, s->dropletsDone);
    row(perSecond.c_str(), "Over the last quarter second", amount == AmountKind::Droplets ? "%.0f" : "%.2f",
        double(e.statsHistory.currentRate()));
    row("Batch", batchTip.c_str(), "%" PRIu64, e.worker().batchSize());
    if (amount == AmountKind::Droplets) {
      row("Avg path", "Average steps a droplet took (a step is about one cell)", "%.1f steps", st.avgPath());
      row("Long paths cut", "Droplets stopped at the path length limit", "%" PRIu64, st.longPaths);
      row("Random dirs", "Steps where the ground was flat and a random direction was taken", "%" PRIu64,
          st.randomDirs);
    }
    row("Eroded", "Volume taken from the terrain, in cubic metres", "%.1f m³", st.eroded);
    row("Deposited", "Volume laid down, in cubic metres", "%.1f m³", st.deposited);
    row("Lost", "Sediment thrown away at a cut path or carried off an open edge, in cubic metres", "%.1f m³",
        st.lost);
    ImGui::EndTable();
  }
  float w = ImGui::GetContentRegionAvail().x;
  float h = ImGui::GetFontSize() * 3.5f;
  const auto& rate = e.statsHistory.dropletsPerSecond();
  ImGui::PlotLines("##rate", rate.data(), int(rate.size()), 0, perSecondPlot.c_str(), 0.0f, FLT_MAX,
                   ImVec2(w, h));
  const auto& eroded = e.statsHistory.erodedVolume();
  ImGui::PlotLines("##eroded", eroded.data(), int(eroded.size()), 0, "eroded volume (m³)", 0.0f, FLT_MAX,
                   ImVec2(w, h));
  const auto& deposited = e.statsHistory.depositedVolume();
  ImGui::PlotLines("##deposited", deposited.data(), int(deposited.size()), 0, "deposited volume (m³)", 0.0f,
                   FLT_MAX, ImVec2(w, h));
  ImGui::PopID();
}

}  // namespace runnel::editor
