#version 330 core
// A gradient sky with a soft sun, behind the terrain.
in vec2 vNdc;
uniform mat4 uInvViewProj;
uniform vec3 uSunDir;
uniform vec3 uSkyColor;
out vec4 fragColor;

void main() {
  vec4 a = uInvViewProj * vec4(vNdc, -1.0, 1.0);
  vec4 b = uInvViewProj * vec4(vNdc, 1.0, 1.0);
  vec3 dir = normalize(b.xyz / b.w - a.xyz / a.w);
  vec3 horizon = vec3(0.62, 0.68, 0.76);  // linear colours; gamma at the end
  vec3 zenith = uSkyColor * 0.75;
  vec3 below = vec3(0.10, 0.11, 0.12);
  vec3 color = dir.y > 0.0 ? mix(horizon, zenith, pow(dir.y, 0.6)) : mix(horizon, below, pow(-dir.y, 0.5));
  float s = max(dot(dir, uSunDir), 0.0);
  color += vec3(1.0, 0.9, 0.7) * (pow(s, 400.0) * 2.0 + pow(s, 12.0) * 0.12);
  fragColor = vec4(pow(color, vec3(1.0 / 2.2)), 1.0);
}
