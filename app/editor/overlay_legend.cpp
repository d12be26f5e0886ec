#include "app/editor/overlay_legend.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/editor/editor.h"
#include "core/terrain/map_range.h"
#include "render/overlay_ramps.h"

namespace runnel::editor {

namespace {

// The share of the changed cells an overlay's full colour stands for.
constexpr double kRangePercentile = 0.99;

ImU32 colourOf(const glm::vec3& srgb, float alpha = 1.0f) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(srgb.r, srgb.g, srgb.b, alpha));
}

// One ramp as a bar at `at` (top left), `size` big, with three values under it and its name above it.
void drawBar(ImDrawList* draw, ImVec2 at, ImVec2 size, const render::ColourRamp& ramp, const char* name,
             const std::string values[3]) {
  const float line = ImGui::GetTextLineHeight();
  draw->AddText(at, IM_COL32(235, 238, 245, 255), name);
  const ImVec2 bar(at.x, at.y + line + 2.0f);
  constexpr int kSteps = 32;  // each a left-to-right blend between two samples of the ramp
  for (int i = 0; i < kSteps; ++i) {
    const float x0 = bar.x + size.x * float(i) / kSteps, x1 = bar.x + size.x * float(i + 1) / kSteps;
    const ImU32 left = colourOf(render::rampColour(ramp, float(i) / kSteps));
    const ImU32 right = colourOf(render::rampColour(ramp, float(i + 1) / kSteps));
    draw->AddRectFilledMultiColor(ImVec2(x0, bar.y), ImVec2(x1, bar.y + size.y), left, right, right, left);
  }
  draw->AddRect(bar, ImVec2(bar.x + size.x, bar.y + size.y), IM_COL32(20, 20, 24, 255));
  const float textY = bar.y + size.y + 2.0f;
  for (int i = 0; i < 3; ++i) {
    const float width = ImGui::CalcTextSize(values[i].c_str()).x;
    const float x = bar.x + size.x * 0.5f * float(i) - width * 0.5f * float(i);  // left, centred, right
    draw->AddText(ImVec2(x, textY), IM_COL32(235, 238, 245, 255), values[i].c_str());
  }
}

}  // namespace

void OverlayRanges::update(const Terrain& terrain, uint64_t version, double now) {
  if (version == version_ || now - at_ < 0.5) return;
  version_ = version;
  at_ = now;
  const size_t cells = terrain.eroded.cellCount();
  if (cells != terrain.height.cellCount() || terrain.deposited.cellCount() != cells) return;  // no record
  const float eroded = positivePercentile(terrain.eroded.data(), cells, kRangePercentile);
  const float deposited = positivePercentile(terrain.deposited.data(), cells, kRangePercentile);
  // Nothing changed yet: keep a range that draws nothing rather than dividing by zero.
  ranges_ = glm::vec2(eroded > 0.0f ? eroded : 1.0f, deposited > 0.0f ? deposited : 1.0f);
}

std::string areaText(float log10SquareMetres) {
  const double m2 = std::pow(10.0, double(log10SquareMetres));
  char text[32];
  if (m2 < 1e6)
    std::snprintf(text, sizeof text, "%.1f ha", m2 / 1e4);
  else
    std::snprintf(text, sizeof text, "%.3g km\xc2\xb2", m2 / 1e6);
  return text;
}

std::string depthText(float metres) {
  char text[32];
  if (metres == 0.0f)
    std::snprintf(text, sizeof text, "0");
  else if (metres < 0.01f)
    std::snprintf(text, sizeof text, "%.2g mm", double(metres) * 1e3);
  else if (metres < 1.0f)
    std::snprintf(text, sizeof text, "%.2g cm", double(metres) * 1e2);
  else
    std::snprintf(text, sizeof text, "%.3g m", double(metres));
  return text;
}

void drawOverlayLegend(const Editor& e) {
  const render::Overlay overlay = e.style.overlay;
  if (overlay == render::Overlay::None || !e.snapshot()) return;
  const render::TerrainStyle shown = e.viewStyle();
  const ImGuiIO& io = ImGui::GetIO();
  const float scale = e.uiScale;
  const ImVec2 size(200.0f * scale, 12.0f * scale);
  const float line = ImGui::GetTextLineHeight();
  const float barHeight = line + 2.0f + size.y + 2.0f + line;  // name, bar, values
  const float pad = 8.0f * scale;
  const bool amounts = overlay == render::Overlay::Eroded || overlay == render::Overlay::Deposited ||
                       overlay == render::Overlay::Both;
  const char* note =
      amounts ? (shown.autoRange ? "full colour: 99% of changed cells" : "full colour: overlay scale")
      : overlay == render::Overlay::Flow    ? "below the channel head: no colour"
      : overlay == render::Overlay::Wetness ? "ln(area per metre / tan slope), 2-98%"
      : overlay == render::Overlay::Normal  ? "as exported: red east, green north, blue up"
                                            : "in degrees, true heights";
  const float boxWidth = std::max(size.x, ImGui::CalcTextSize(note).x) + 2.0f * pad;
  const int bars = overlay == render::Overlay::Both ? 2 : 1;
  const float boxHeight = pad * 2.0f + float(bars) * barHeight + float(bars - 1) * pad + line;
  // The view's bottom left corner, in ImGui's coordinates.
  const ImVec2 corner(
      float(e.viewX()) / io.DisplayFramebufferScale.x + 12.0f * scale,
      float(e.framebufferHeight()) / io.DisplayFramebufferScale.y - 12.0f * scale - boxHeight);
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  draw->AddRectFilled(corner, ImVec2(corner.x + boxWidth, corner.y + boxHeight), IM_COL32(16, 18, 24, 200),
                      4.0f * scale);
  ImVec2 at(corner.x + pad, corner.y + pad);
  auto depthBar = [&](const render::ColourRamp& ramp, const char* name, float range) {
    const std::string values[3] = {"0", depthText(range * 0.5f), depthText(range) + "+"};
    drawBar(draw, at, size, ramp, name, values);
    at.y += barHeight + pad;
  };
  // A water map's bar once the map on screen is the one asked for (the job works it out in the background).
  auto waterBar = [&](bool wetness, const render::ColourRamp& ramp, const char* name, const char* waiting,
                      auto valueText) {
    const FlowOverlay& water = e.flow();
    if (water.shownWetness() == wetness && water.shownHi() > water.shownLo()) {
      const float lo = water.shownLo(), hi = water.shownHi();
      const std::string values[3] = {valueText(lo), valueText(0.5f * (lo + hi)), valueText(hi)};
      drawBar(draw, at, size, ramp, name, values);
    } else {
      draw->AddText(at, IM_COL32(235, 238, 245, 255), waiting);
    }
    at.y += barHeight + pad;
  };
  switch (overlay) {
    case render::Overlay::Eroded:
    case render::Overlay::Both:
      depthBar(render::kErodedRamp, "rock eroded", shown.overlayRange.x);
      if (overlay == render::Overlay::Both)
        depthBar(render::kDepositedRamp, "sediment deposited", shown.overlayRange.y);
      break;
    case render::Overlay::Deposited:
      depthBar(render::kDepositedRamp, "sediment deposited", shown.overlayRange.y);
      break;
    case render::Overlay::Flow:
      waterBar(false, render::kFlowRamp, "drainage area (log scale)", "drainage area: working it out...",
               areaText);
      break;
    case render::Overlay::Slope: {
      char middle[16], top[16];
      std::snprintf(middle, sizeof middle, "%.0f\xc2\xb0", double(render::kSlopeOverlayDegrees) * 0.5);
      std::snprintf(top, sizeof top, "%.0f\xc2\xb0+", double(render::kSlopeOverlayDegrees));
      const std::string values[3] = {"0\xc2\xb0", middle, top};
      drawBar(draw, at, size, render::kSlopeRamp, "slope", values);
      at.y += barHeight + pad;
      break;
    }
    case render::Overlay::Wetness:
      waterBar(true, render::kWetnessRamp, "wetness index: dry to wet", "wetness: working it out...",
               [](float v) {
                 char text[16];
                 std::snprintf(text, sizeof text, "%.1f", double(v));
                 return std::string(text);
               });
      break;
    case render::Overlay::Normal: {
      // A swatch for a slope facing each way the colours say, 45 degrees steep, and for flat ground.
      const float s = size.y, r = 0.5f + 0.5f * std::sqrt(0.5f), flat = 0.5f;
      const struct {
        glm::vec3 colour;
        const char* name;
      } swatches[] = {{{r, flat, r}, "east"}, {{flat, r, r}, "north"}, {{flat, flat, 1.0f}, "flat"}};
      draw->AddText(at, IM_COL32(235, 238, 245, 255), "normal map: ground facing");
      float x = at.x;
      const float y = at.y + line + 2.0f;
      for (const auto& w : swatches) {
        draw->AddRectFilled(ImVec2(x, y), ImVec2(x + s, y + s), colourOf(w.colour));
        draw->AddText(ImVec2(x + s + 4.0f, y + 0.5f * (s - line)), IM_COL32(235, 238, 245, 255), w.name);
        x += s + 8.0f + ImGui::CalcTextSize(w.name).x;
      }
      at.y += barHeight + pad;
      break;
    }
    case render::Overlay::None:
      break;
  }
  draw->AddText(ImVec2(at.x, at.y - pad), IM_COL32(170, 175, 190, 255), note);
}

}  // namespace runnel::editor
