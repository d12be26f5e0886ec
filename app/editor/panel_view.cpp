// View: how the terrain is drawn (slope colours, thresholds, overlays, light, exaggeration).
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "app/editor/editor.h"
#include "app/editor/panels.h"

namespace runnel::editor {

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
  char meshTip[320];
  std::snprintf(
      meshTip, sizeof meshTip,
      "Most vertices a side of the terrain mesh (now %dx%d). Shading uses every cell regardless; a\n"
      "coarser mesh only smooths the silhouette. Software renderers start at 256.",
      e.renderer().gridWidth(), e.renderer().gridHeight());
  tooltip(meshTip);

  ImGui::SliderFloat("Resolution", &s.renderScale, 0.25f, 1.0f, "%.2fx");
  tooltip(
      "The 3D view's resolution relative to the window. Software OpenGL (llvmpipe) starts at 0.5x, as\n"
      "its cost is per pixel.");

  int overlay = int(s.overlay);
  if (ImGui::Combo("Overlay", &overlay, render::kOverlayNames, render::kOverlayCount))
    s.overlay = render::Overlay(overlay);
  tooltip(
      "Paint over the terrain what erosion did: rock removed (yellow to deep red), sediment laid down\n"
      "(pale to deep blue), both; where water flows: the drainage area of every cell under the painted\n"
      "rain, streams pale, rivers deep blue; the slope, green flats to purple cliffs; the wetness index,\n"
      "where ground stays wet (dry sand to deep teal); or the normal map as exported. Each is the map\n"
      "Export writes; with Top view (T) it is a 2D map. A key in the view's corner gives the values (O\n"
      "cycles)");
  if (render::showsWaterMap(s.overlay)) {
    const FlowOverlay& flow = e.flow();
    const bool wet = s.overlay == render::Overlay::Wetness;
    const bool ready = flow.shownWetness() == wet && flow.shownHi() > flow.shownLo();
    if (!flow.error().empty())
      ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.3f, 1.0f), "%s: %s", render::kOverlayNames[int(s.overlay)],
                         flow.error().c_str());
    else if (!ready)
      ImGui::TextDisabled(wet ? "wetness: working it out..." : "flow: working out where water goes...");
    else if (wet)
      ImGui::TextDisabled("wetness: sand %.1f to deep teal %.1f%s", double(flow.shownLo()),
                          double(flow.shownHi()), flow.busy() ? " (updating)" : "");
    else
      ImGui::TextDisabled("flow: pale %s to deep blue %s drainage%s", areaText(flow.shownLo()).c_str(),
                          areaText(flow.shownHi()).c_str(), flow.busy() ? " (updating)" : "");
  }
  ImGui::Checkbox("Auto range", &s.autoRange);
  tooltip(
      "Eroded and deposited: full colour at the depth that 99% of the changed cells stay under, worked\n"
      "out again as erosion goes, so a few deep pits do not wash out the rest. Off: the overlay scale.");
  ImGui::SameLine();
  if (ImGui::Checkbox("Top view", &e.camera.topView)) e.frameTerrain();
  tooltip("Straight down, north up, no perspective: a 2D map of the terrain and its overlay (T)");
  ImGui::BeginDisabled(s.autoRange);
  ImGui::SliderFloat("Overlay scale", &s.overlayScale, 0.001f, 50.0f, "%.3f m", ImGuiSliderFlags_Logarithmic);
  ImGui::EndDisabled();
  tooltip("Eroded or deposited depth shown at full colour, in metres (with Auto range off)");

  ImGui::SliderFloat("Rock slope", &s.rockAngleDeg, 5.0f, 80.0f, "%.0f deg");
  tooltip("Slopes steeper than this show as bare rock");
  ImGui::SliderFloat("Rock blend", &s.rockBlendDeg, 0.1f, 20.0f, "%.1f deg");
  tooltip("Width of the transition between ground and rock");
  ImGui::SliderFloat("Sediment depth", &s.sedimentDepth, 0.001f, 10.0f, "%.3f m",
                     ImGuiSliderFlags_Logarithmic);
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
