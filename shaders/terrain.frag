#version 330 core
// Per-pixel normals from the height texture, colours by slope and sediment, sun and sky light, overlays.
in vec2 vMap;
in vec3 vWorld;
in float vSkirt;

uniform sampler2D uHeight;
uniform sampler2D uEroded;
uniform sampler2D uDeposited;
uniform vec2 uMapSize;
uniform float uExaggeration;    // view units up per metre of height (a cell is one unit wide)
uniform float uCellSize;        // metres per cell (heights are metres)
uniform vec2 uHeightRange;     // lowest and highest height of the map (world units)

uniform vec3 uGroundColor;
uniform vec3 uSedimentColor;
uniform vec3 uRockColor;
uniform float uRockAngle;      // radians: steeper than this is rock
uniform float uRockBlend;      // radians of blend either side
uniform float uSedimentDepth;  // deposited soil deeper than this shows as sediment
uniform int uHeightRamp;       // 1: colour flat ground by height instead

uniform int uOverlay;          // 0 none, 1 eroded, 2 deposited, 3 both, 4 flow, 5 slope, 6 wetness, 7 normal
uniform vec2 uOverlayRange;    // eroded (x) and deposited (y) amounts shown at full colour
uniform sampler2D uFlow;       // the water map: log10 of the discharge in square metres (flow) or the wetness index
uniform vec2 uFlowRange;       // shown from faint (x) to full (y)
uniform float uSlopeRange;     // radians shown at full colour
uniform vec3 uRampA[5];        // the overlay's colour ramp, linear (render/overlay_ramps.h)
uniform vec3 uRampB[5];        // the deposited ramp when both show

uniform sampler2D uRain;       // rain density, 0..1
uniform int uRainOverlay;      // 1: tint by rain density (dry brown, wet blue)
uniform int uBrushOn;          // 1: the rain brush's circle (2: erasing)
uniform vec4 uBrush;           // centre (rain map coordinates), radius, falloff start (cells)

uniform vec3 uSunDir;          // towards the sun
uniform vec3 uSunColor;
uniform vec3 uSkyColor;
uniform vec3 uEye;
uniform float uHazeDistance;   // distance at which the haze is about 63% (scaled to the map)
uniform int uWire;
uniform vec3 uWireColor;

out vec4 fragColor;

float heightAt(vec2 map) { return texture(uHeight, (map + 0.5) / uMapSize).r; }

vec3 heightRamp(float t) {
  // deep green lowlands, olive, ochre, grey-brown, snow
  vec3 c0 = vec3(0.18, 0.32, 0.16), c1 = vec3(0.42, 0.48, 0.24), c2 = vec3(0.62, 0.52, 0.32);
  vec3 c3 = vec3(0.55, 0.50, 0.47), c4 = vec3(0.93, 0.94, 0.96);
  t = clamp(t, 0.0, 1.0) * 4.0;
  if (t < 1.0) return mix(c0, c1, t);
  if (t < 2.0) return mix(c1, c2, t - 1.0);
  if (t < 3.0) return mix(c2, c3, t - 2.0);
  return mix(c3, c4, t - 3.0);
}

vec3 ramp(vec3 stops[5], float t) {
  float at = clamp(t, 0.0, 1.0) * 4.0;
  int i = min(int(at), 3);
  return mix(stops[i], stops[i + 1], at - float(i));
}

void main() {
  if (uWire == 1) {
    fragColor = vec4(uWireColor, 1.0);
    return;
  }
  // Central differences one cell apart; the linear filter makes the normal smooth between samples.
  float hl = heightAt(vMap - vec2(1, 0)), hr = heightAt(vMap + vec2(1, 0));
  float hd = heightAt(vMap - vec2(0, 1)), hu = heightAt(vMap + vec2(0, 1));
  vec2 grad = vec2(hr - hl, hu - hd) * 0.5;  // metres per cell
  float angle = atan(length(grad) / uCellSize);  // the true slope, whatever the exaggeration
  vec3 n = normalize(vec3(-grad.x * uExaggeration, 1.0, -grad.y * uExaggeration));

  float h = heightAt(vMap);
  float range = max(uHeightRange.y - uHeightRange.x, 1e-6);
  vec3 ground = uHeightRamp == 1 ? heightRamp((h - uHeightRange.x) / range) : uGroundColor;
  vec2 tc = (vMap + 0.5) / uMapSize;
  float deposited = texture(uDeposited, tc).r;
  float eroded = texture(uEroded, tc).r;
  float sediment = smoothstep(uSedimentDepth * 0.5, uSedimentDepth, deposited);
  float rock = smoothstep(uRockAngle - uRockBlend, uRockAngle + uRockBlend, angle);
  vec3 albedo = mix(mix(ground, uSedimentColor, sediment), uRockColor, rock);

  // Overlays along their ramps; where there is (next to) nothing the terrain shows through.
  if (uOverlay == 1 || uOverlay == 3) {
    float t = eroded / uOverlayRange.x;
    albedo = mix(albedo, ramp(uRampA, t), 0.9 * smoothstep(0.0, 0.03, t));
  }
  if (uOverlay == 2 || uOverlay == 3) {
    float t = deposited / uOverlayRange.y;
    albedo = mix(albedo, ramp(uOverlay == 3 ? uRampB : uRampA, t), 0.9 * smoothstep(0.0, 0.03, t));
  }
  if (uOverlay == 4) {
    // Below the range (hillslopes) nothing.
    float t = (texture(uFlow, tc).r - uFlowRange.x) / (uFlowRange.y - uFlowRange.x);
    albedo = mix(albedo, ramp(uRampA, t), 0.9 * smoothstep(0.0, 0.1, t));
  }
  if (uOverlay == 5) albedo = mix(albedo, ramp(uRampA, angle / uSlopeRange), 0.85);
  if (uOverlay == 6) {
    float t = (texture(uFlow, tc).r - uFlowRange.x) / (uFlowRange.y - uFlowRange.x);
    albedo = mix(albedo, ramp(uRampA, t), 0.85);
  }
  if (uOverlay == 7 && vSkirt == 0.0) {
    // The normal map's colours as the file holds them (no light, no haze): the true normal, x east, y north
    // (rows run south), z up, each component c as (c + 1) / 2.
    vec3 tangent = normalize(vec3(-grad.x / uCellSize, grad.y / uCellSize, 1.0));
    fragColor = vec4(tangent * 0.5 + 0.5, 1.0);
    return;
  }

  if (uRainOverlay == 1 && vSkirt == 0.0) {
    // Dry ochre, half rain teal, full rain blue: saturated all the way, so no share of rain reads as the
    // pale grey of snow (a straight brown-to-blue mix went through grey).
    float rain = texture(uRain, tc).r;
    vec3 tint = rain < 0.5 ? mix(vec3(0.62, 0.38, 0.12), vec3(0.10, 0.52, 0.48), rain * 2.0)
                           : mix(vec3(0.10, 0.52, 0.48), vec3(0.08, 0.30, 0.90), rain * 2.0 - 1.0);
    albedo = mix(albedo, tint, 0.6);
  }
  if (uBrushOn > 0 && vSkirt == 0.0) {
    // Rain map coordinates put cell i's centre at i + 0.5; the ring keeps a width of about 1.5 pixels.
    float d = distance(vMap + 0.5, uBrush.xy);
    float px = max(fwidth(d), 1e-4);
    float outer = 1.0 - smoothstep(0.75 * px, 1.75 * px, abs(d - uBrush.z));
    float inner = 0.5 * (1.0 - smoothstep(0.5 * px, 1.25 * px, abs(d - uBrush.w)));
    vec3 ring = uBrushOn == 2 ? vec3(1.0, 0.45, 0.3) : vec3(0.9, 0.97, 1.0);
    albedo = mix(albedo, ring, max(outer, inner));
  }

  if (vSkirt > 0.0) {
    // The block's sides: soil strata, darker with depth.
    n = vec3(0.0);
    albedo = vec3(0.20, 0.14, 0.09);
  }

  // Sun plus a hemisphere sky: light from above is the sky's colour, from below a dim ground bounce.
  float sun = max(dot(n, uSunDir), 0.0);
  // The ambient is the sky's colour half washed out to grey, so shadows stay neutral rather than blue.
  vec3 skyLight = mix(vec3(dot(uSkyColor, vec3(0.3, 0.5, 0.2))), uSkyColor, 0.5);
  vec3 sky = mix(vec3(0.12, 0.10, 0.08), skyLight, 0.5 + 0.5 * n.y);
  if (vSkirt > 0.0) sky = skyLight * 0.9;
  // Cavity shading from the curvature: gullies (neighbours higher) darker, crests lighter, so channels read
  // even where the sun does not pick them out.
  float curvature = (hl + hr + hd + hu - 4.0 * h) * uExaggeration;
  float cavity = vSkirt > 0.0 ? 1.0 : clamp(1.0 - curvature * 0.12, 0.55, 1.15);
  vec3 color = albedo * (uSunColor * sun + sky * 0.6) * cavity;

  // A touch of aerial haze with distance, so far ridges separate from near ones.
  float d = length(vWorld - uEye);
  float haze = 1.0 - exp(-d / uHazeDistance);
  color = mix(color, vec3(0.62, 0.68, 0.76), clamp(haze, 0.0, 0.4));
  fragColor = vec4(pow(color, vec3(1.0 / 2.2)), 1.0);
}
