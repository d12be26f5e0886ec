#version 330 core
// The terrain grid: each vertex is a point of the map in [0,1]^2; its height comes from the height texture,
// so the grid can be coarser than the map. Skirt vertices (aPos.z = 1) drop to the floor to close the sides.
layout(location = 0) in vec3 aPos;

uniform sampler2D uHeight;
uniform vec2 uMapSize;       // cells (W, H)
uniform float uExaggeration;
uniform float uFloor;        // height of the block's bottom, in view units
uniform mat4 uViewProj;

out vec2 vMap;     // map coordinates (column, row)
out vec3 vWorld;
out float vSkirt;

void main() {
  vec2 map = aPos.xy * (uMapSize - 1.0);
  float h = textureLod(uHeight, (map + 0.5) / uMapSize, 0.0).r * uExaggeration;
  float y = mix(h, uFloor, aPos.z);
  vMap = map;
  vSkirt = aPos.z;
  vWorld = vec3(map.x, y, map.y);
  gl_Position = uViewProj * vec4(vWorld, 1.0);
}
