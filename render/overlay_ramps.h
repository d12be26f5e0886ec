// The overlays' colour ramps, in one place for the shader (uploaded as uniforms) and the legend (drawn by
// the editor), so the key on screen is the colours on the terrain. Each ramp runs from the faintest amount
// (t = 0) to the most (t = 1) through five evenly spaced sRGB stops; sequential ramps that stay readable
// for the common colour-vision deficiencies (light to dark, not red against green).
#pragma once
#include <glm/glm.hpp>

#include "render/terrain_style.h"

namespace runnel::render {

constexpr int kRampStops = 5;
struct ColourRamp {
  glm::vec3 stops[kRampStops];
};

// Rock taken away: pale yellow to deep red.
constexpr ColourRamp kErodedRamp{{{1.00f, 0.93f, 0.55f},
                                  {0.99f, 0.70f, 0.25f},
                                  {0.93f, 0.36f, 0.12f},
                                  {0.70f, 0.10f, 0.08f},
                                  {0.38f, 0.02f, 0.05f}}};
// Sediment laid down: pale cyan to deep blue.
constexpr ColourRamp kDepositedRamp{{{0.80f, 0.95f, 0.98f},
                                     {0.45f, 0.80f, 0.95f},
                                     {0.15f, 0.55f, 0.90f},
                                     {0.05f, 0.30f, 0.75f},
                                     {0.03f, 0.12f, 0.45f}}};
// Drainage area: streams pale, big rivers deep blue.
constexpr ColourRamp kFlowRamp{{{0.60f, 0.92f, 1.00f},
                                {0.40f, 0.78f, 1.00f},
                                {0.20f, 0.55f, 0.95f},
                                {0.08f, 0.32f, 0.85f},
                                {0.02f, 0.15f, 0.70f}}};
// Slope: flat green, through yellow and orange, to cliffs in purple.
constexpr ColourRamp kSlopeRamp{{{0.20f, 0.55f, 0.25f},
                                 {0.65f, 0.80f, 0.25f},
                                 {0.98f, 0.80f, 0.20f},
                                 {0.92f, 0.40f, 0.12f},
                                 {0.60f, 0.10f, 0.35f}}};
// Wetness: dry sand, through grass green, to the deep teal of waterlogged ground.
constexpr ColourRamp kWetnessRamp{{{0.93f, 0.85f, 0.62f},
                                   {0.72f, 0.80f, 0.45f},
                                   {0.36f, 0.66f, 0.40f},
                                   {0.12f, 0.48f, 0.46f},
                                   {0.04f, 0.26f, 0.36f}}};
// The slope overlay's full colour: 60 degrees and steeper.
constexpr float kSlopeOverlayDegrees = 60.0f;

// The colour at t in [0, 1] (clamped), as the shader's ramp() mixes it.
inline glm::vec3 rampColour(const ColourRamp& ramp, float t) {
  const float at = glm::clamp(t, 0.0f, 1.0f) * float(kRampStops - 1);
  const int i = glm::min(int(at), kRampStops - 2);
  return glm::mix(ramp.stops[i], ramp.stops[i + 1], at - float(i));
}

// The ramp an overlay shows (eroded + deposited: the eroded one; `second` gives the deposited one).
inline const ColourRamp& rampOf(Overlay overlay, bool second = false) {
  switch (overlay) {
    case Overlay::Deposited:
      return kDepositedRamp;
    case Overlay::Both:
      return second ? kDepositedRamp : kErodedRamp;
    case Overlay::Flow:
      return kFlowRamp;
    case Overlay::Slope:
      return kSlopeRamp;
    case Overlay::Wetness:
      return kWetnessRamp;
    default:
      return kErodedRamp;
  }
}

}  // namespace runnel::render
