// How the terrain is drawn: the options of the View panel, with their defaults in one place.
#pragma once
#include <glm/glm.hpp>

namespace runnel::render {

// Flow: the discharge (log scale) where water gathers; Wetness: the topographic wetness index (both from
// TerrainRenderer::uploadWater). Slope: the ground's slope in degrees. Normal: the normal map as exported
// (red east, green north, blue up). Colours: render/overlay_ramps.h.
enum class Overlay { None, Eroded, Deposited, Both, Flow, Slope, Wetness, Normal };
constexpr int kOverlayCount = 8;
// The overlays' names, as the View panel, the O key's status line and the script's `view overlay` say them.
constexpr const char* kOverlayNames[kOverlayCount] = {"none", "eroded", "deposited", "both",
                                                      "flow", "slope",  "wetness",   "normal"};
// The overlays drawn from a water map worked out on the CPU (the editor's FlowOverlay).
constexpr bool showsWaterMap(Overlay o) {
  return o == Overlay::Flow || o == Overlay::Wetness;
}

struct TerrainStyle {
  float exaggeration = 1.0f;  // vertical scale of the view (not of the data)
  float cellSize = 1.0f;      // metres per cell, so the rock colour and the slope overlay see true slopes
  bool wireframe = false;
  float renderScale = 1.0f;    // the 3D view's resolution relative to the window (software GL starts at 0.5)
  bool heightRamp = false;     // colour flat ground by height
  float rockAngleDeg = 45.0f;  // slopes steeper than this are bare rock
  float rockBlendDeg = 4.0f;
  float sedimentDepth = 0.15f;  // deposited soil deeper than this shows as sediment (world units)
  Overlay overlay = Overlay::None;
  // Eroded and deposited amounts shown at full colour: the 99th percentile of each map (autoRange), or
  // overlayScale metres for both.
  bool autoRange = true;
  float overlayScale = 1.0f;
  glm::vec2 overlayRange{1.0f, 1.0f};  // what the view draws with (eroded, deposited): set by the editor
  float sunAzimuthDeg = 135.0f;
  float sunElevationDeg = 35.0f;
  // Colours in sRGB as the artist picks them.
  glm::vec3 groundColor{0.40f, 0.50f, 0.25f};
  glm::vec3 sedimentColor{0.72f, 0.62f, 0.44f};
  glm::vec3 rockColor{0.42f, 0.39f, 0.37f};
  glm::vec3 skyColor{0.55f, 0.72f, 0.92f};

  glm::vec3 sunDirection() const;  // unit vector towards the sun
};

}  // namespace runnel::render
