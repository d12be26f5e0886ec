// The Rain section: the tool (camera, rain brush, springs), the brush's settings, the overlay, whole-map
// operations, the rain map's file, and the springs with their rate and radius.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "app/editor/editor.h"
#include "app/editor/panels.h"
#include "core/rain/rain_springs.h"

namespace runnel::editor {

void drawRainPanel(Editor& e) {
  RainTool& r = e.rain;
  int tool = int(r.tool);
  ImGui::RadioButton("Camera", &tool, int(EditTool::Camera));
  tooltip("The mouse moves the camera (Esc)");
  ImGui::SameLine();
  ImGui::RadioButton("Rain brush", &tool, int(EditTool::RainBrush));
  tooltip(
      "B: left button paints rain, Shift or the right button erases, [ and ] change the size; Alt + left "
      "orbits");
  ImGui::SameLine();
  ImGui::RadioButton("Springs", &tool, int(EditTool::Springs));
  tooltip("K: click to place a spring or pick one, drag to move it, right click or Delete removes it");
  r.tool = EditTool(tool);

  ImGui::SliderFloat("radius", &r.brush.radius, 0.5f, 512.0f, "%.1f cells", ImGuiSliderFlags_Logarithmic);
  tooltip("Brush radius in cells ([ and ])");
  ImGui::SliderFloat("strength", &r.brush.strength, 0.0f, 1.0f);
  tooltip("How far one dab moves a cell towards the brush's density (1: all the way)");
  ImGui::SliderFloat("falloff", &r.brush.falloff, 0.0f, 1.0f);
  tooltip("Outer share of the radius that fades smoothly (0: a hard edge)");
  ImGui::SliderFloat("density", &r.brush.density, 0.0f, 1.0f);
  tooltip("What painting moves cells towards: 1 is full rain");
  r.brush.radius = std::clamp(r.brush.radius, 0.5f, 4096.0f);

  ImGui::Checkbox("show rain map", &r.showOverlay);
  tooltip(
      "Tints the terrain with the painted rain: blue where it falls fully, teal at half, ochre where it is\n"
      "dry. Always shown while the rain brush is the tool.");
  ImGui::SameLine();
  ImGui::TextDisabled(r.uniform() ? "(uniform)" : "(painted)");

  if (ImGui::Button("Clear")) e.rainClear();
  tooltip("No rain anywhere (droplets then start only at springs)");
  ImGui::SameLine();
  if (ImGui::Button("Fill")) e.rainFill(r.brush.density);
  tooltip("Every cell at the brush's density");
  ImGui::SameLine();
  if (ImGui::Button("Invert")) e.rainInvert();
  ImGui::SameLine();
  if (ImGui::Button("Blur")) e.rainBlur(r.blurRadius);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
  ImGui::SliderInt("##blur", &r.blurRadius, 1, 64, "blur %d");

  // The weather: rain laid as a pattern over the base terrain, as presets lay it.
  RainPattern& w = r.weather;
  const char* kinds[] = {"everywhere", "gradient", "windward"};
  int kind = int(w.kind);
  if (ImGui::Combo("weather", &kind, kinds, 3)) w.kind = RainPattern::Kind(kind);
  tooltip(
      "everywhere: the same rain on every cell\ngradient: heaviest on one side, lighter across the map\n"
      "windward: a wind brings rain; it falls where the air climbs (windward slopes), the lee and level\n"
      "ground stay dry, a second range lies in the first one's rain shadow");
  if (w.kind != RainPattern::Kind::Uniform) {
    ImGui::SliderFloat("from", &w.windFrom, 0.0f, 359.0f, "%.0f degrees");
    tooltip("Where the rain comes from: 0 north (the top of the map), 90 east, 180 south, 270 west");
  }
  ImGui::SliderFloat(w.kind == RainPattern::Kind::Uniform ? "rain" : "wet", &w.wet, 0.0f, 1.0f);
  tooltip("Density where the most rain falls (1: full rain)");
  if (w.kind != RainPattern::Kind::Uniform) {
    ImGui::SliderFloat("dry", &w.dry, 0.0f, 1.0f);
    tooltip("Density where the least falls: the far side, or the lee and level ground");
  } else {
    w.dry = w.wet;
  }
  if (ImGui::Button("Lay rain")) e.layRain(w);
  tooltip(
      "Replaces the rain map with the weather's rain over the base terrain (undoable; springs stay). Save "
      "as preset keeps it while the rain is not painted over");

  ImGui::InputText("rain file", &r.path);
  int bits = r.fileBits == 8 ? 0 : 1;
  ImGui::RadioButton("8-bit", &bits, 0);
  ImGui::SameLine();
  ImGui::RadioButton("16-bit", &bits, 1);
  r.fileBits = bits == 0 ? 8 : 16;
  ImGui::SameLine();
  if (ImGui::Button("Import")) e.importRain(r.path);
  tooltip("A grey PNG (black: no rain, white: full), resampled to the terrain's size");
  ImGui::SameLine();
  if (ImGui::Button("Export")) e.exportRain(r.path, r.fileBits);

  ImGui::SliderFloat("spring rate", &r.springRate, 1.0f, 5000.0f, "%.0f cells of rain",
                     ImGuiSliderFlags_Logarithmic);
  tooltip("Water from a new spring, as many droplets as this many fully rained cells get");
  ImGui::SliderFloat("spring radius", &r.springRadius, 0.0f, kMaxSpringRadius, "%.1f cells");
  const auto& springs = r.map().springs();
  if (r.selectedSpring >= int(springs.size())) r.selectedSpring = -1;
  if (r.selectedSpring >= 0) {
    Spring s = springs[size_t(r.selectedSpring)];
    ImGui::Text("spring %d at (%.1f, %.1f)", r.selectedSpring, s.x, s.y);
    // A slider's drag is one undo step: the springs from when it was grabbed, recorded when let go.
    static std::vector<Spring> grabbed;
    bool changed = false;
    for (int k = 0; k < 2; ++k) {
      changed |= k == 0 ? ImGui::SliderFloat("rate##selected", &s.rate, 0.0f, 5000.0f, "%.0f",
                                             ImGuiSliderFlags_Logarithmic)
                        : ImGui::SliderFloat("radius##selected", &s.radius, 0.0f, kMaxSpringRadius, "%.1f");
      if (ImGui::IsItemActivated()) grabbed = springs;
      if (changed) {
        try {
          r.setSpring(r.selectedSpring, s, nullptr);
        } catch (const std::exception& ex) {
          e.status.fail(ex.what(), 0);
        }
        changed = false;
      }
      if (ImGui::IsItemDeactivatedAfterEdit()) r.recordSprings("edit spring", grabbed, e.history);
    }
    if (ImGui::Button("Delete spring")) e.removeSpring(r.selectedSpring);
  } else {
    ImGui::TextDisabled("%zu springs; pick one with the Springs tool", springs.size());
  }
}

}  // namespace runnel::editor
