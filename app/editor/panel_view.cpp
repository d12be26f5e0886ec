// View: how the terrain is drawn (slope colours, thresholds, overlays, light, exaggeration).
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "app/editor/editor.h"
#include "app/editor/panels.h"

namespace runnel::editor {

namespace {

// An area given as log10 of m², in words: "2.0 ha", "154 km²".
std::string areaText(float log10SquareMetres) {
  const double m2 = std::pow(10.0, double(log10SquareMetres));
  char text[32];
  if (m2 < 1e6)
    std::snprintf(text, sizeof text, "%.1f ha", m2 / 1e4);
  else
    std::snprintf(text, sizeof text, "%.3g km\xc2\xb2", m2 / 1e6);
  return text;
}

}  // namespace

void drawViewPanel(Editor& e) {
  render::TerrainStyle& s = e.style;
  ImGui::PushID("view");
  ImGui::SliderFloat("Exaggeration", &s.exaggeration, 0.1f, 10.0f, "%.2fx", ImGuiSliderFlags_Logarithmic);
  tooltip("Vertical scale of the view only; exports keep the true heights");
  ImGui::Checkbox("Wireframe", &s.wireframe);
  tooltip("Show the grid mesh (W). Big maps use a coarser mesh; the shading still has every cell.");
  ImGui::SameLine();
  ImGui::Checkbox("Height colours", &s.heightRamp);
  tooltip("Colour flat ground by height instead of one grass colour (H)");

  int grid = e.renderer().gridLimit();
  const char* gridNames[] = {"128", "256", "512", "1024"};
  int gridIndex = grid <= 128 ? 0 : grid <= 256 ? 1 : grid <= 512 ? 2 : 3;
  if (ImGui::Combo("Mesh detail", &gridIndex, gridNames, 4)) e.setGridLimit(128 << gridIndex);
  tooltip(
      "Most vertices a side of the terrain mesh. Shading uses every cell regardless; a coarser mesh only\n"
      "smooths the silhouette. Software renderers start at 256.");
  ImGui::SameLine();
  ImGui::TextDisabled("%dx%d", e.renderer().gridWidth(), e.renderer().gridHeight());

  ImGui::SliderFloat("Resolution", &s.renderScale, 0.25f, 1.0f, "%.2fx");
  tooltip(
      "The 3D view's resolution relative to the window. Software OpenGL (llvmpipe) starts at 0.5x, as\n"
      "its cost is per pixel.");

  const char* overlays[render::kOverlayCount] = {"none", "eroded", "deposited", "eroded + deposited", "flow"};
  int overlay = int(s.overlay);
  if (ImGui::Combo("Overlay", &overlay, overlays, render::kOverlayCount))
    s.overlay = render::Overlay(overlay);
  tooltip(
      "Paint over the terrain what erosion did: rock removed (red), sediment laid down (blue); or where\n"
      "water flows: the drainage area of every cell under the painted rain, streams pale, rivers deep\n"
      "blue (O cycles)");
  if (s.overlay == render::Overlay::Flow) {
    const FlowOverlay& flow = e.flow();
    if (!flow.error().empty())
      ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.3f, 1.0f), "flow: %s", flow.error().c_str());
    else if (flow.shownHi() > flow.shownLo())
      ImGui::TextDisabled("flow: pale %s to deep blue %s drainage%s", areaText(flow.shownLo()).c_str(),
                          areaText(flow.shownHi()).c_str(), flow.busy() ? " (updating)" : "");
    else
      ImGui::TextDisabled("flow: working out where water goes...");
  }
  ImGui::SliderFloat("Overlay scale", &s.overlayScale, 0.01f, 50.0f, "%.2f", ImGuiSliderFlags_Logarithmic);
  tooltip("Amount (world units) shown at full strength");

  ImGui::SliderFloat("Rock slope", &s.rockAngleDeg, 5.0f, 80.0f, "%.0f deg");
  tooltip("Slopes steeper than this show as bare rock");
  ImGui::SliderFloat("Rock blend", &s.rockBlendDeg, 0.1f, 20.0f, "%.1f deg");
  tooltip("Width of the transition between ground and rock");
  ImGui::SliderFloat("Sediment depth", &s.sedimentDepth, 0.001f, 10.0f, "%.3f", ImGuiSliderFlags_Logarithmic);
  tooltip("Deposited soil deeper than this shows in the sediment colour");
  ImGui::ColorEdit3("Ground", &s.groundColor.x, ImGuiColorEditFlags_NoInputs);
  ImGui::SameLine();
  ImGui::ColorEdit3("Sediment", &s.sedimentColor.x, ImGuiColorEditFlags_NoInputs);
  ImGui::SameLine();
  ImGui::ColorEdit3("Rock", &s.rockColor.x, ImGuiColorEditFlags_NoInputs);
  ImGui::SliderFloat("Sun azimuth", &s.sunAzimuthDeg, 0.0f, 360.0f, "%.0f deg");
  tooltip("Direction of the sun, clockwise from north");
  ImGui::SliderFloat("Sun elevation", &s.sunElevationDeg, 2.0f, 90.0f, "%.0f deg");
  tooltip("Height of the sun above the horizon: low light shows relief best");
  ImGui::ColorEdit3("Sky", &s.skyColor.x, ImGuiColorEditFlags_NoInputs);
  ImGui::SameLine();
  if (ImGui::Button("Frame terrain")) e.frameTerrain();
  tooltip(
      "Fit the terrain in the view (F). Left drag orbits, right or middle drag pans, the wheel zooms\n"
      "towards the cursor.");
  ImGui::PopID();
}

}  // namespace runnel::editor
