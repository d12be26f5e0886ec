// Draws a Terrain: height, eroded and deposited amounts live in float textures (GL_R32F); a grid mesh of at
// most kMaxGridSide x kMaxGridSide vertices samples the heights in the vertex shader, and the fragment shader
// computes normals per pixel, so a 4096 map stays fast and still shows its detail in the shading.
#pragma once
#include <glm/glm.hpp>
#include <string>

#include "core/terrain/terrain.h"
#include "render/camera.h"
#include "render/gl.h"
#include "render/shader_program.h"
#include "render/terrain_style.h"

namespace runnel {
struct CellRect;
}

namespace runnel::render {

class RainLayer;

class TerrainRenderer {
 public:
  static constexpr int kMaxGridSide = 1024;

  TerrainRenderer();  // needs a current GL 3.3 context; throws Error if a shader fails
  ~TerrainRenderer();
  TerrainRenderer(const TerrainRenderer&) = delete;
  TerrainRenderer& operator=(const TerrainRenderer&) = delete;

  // Uploads the whole terrain (a new map, a reset).
  void upload(const Terrain& terrain);
  // Uploads only the rectangle that changed; falls back to a full upload when the size changed.
  void uploadRegion(const Terrain& terrain, const CellRect& changed);
  // The eroded amounts are only drawn by an overlay; while hidden they are not uploaded (a third less to copy
  // per snapshot). Call before draw with the terrain on screen.
  void showEroded(const Terrain& current, bool show);

  // The water overlays' map, shown from `lo` (faint) to `hi` (full): for `kind` Flow, log10 of the discharge
  // per cell (m²); for Wetness, the wetness index. Drawn only under its own overlay and at the terrain's
  // size.
  void uploadWater(const Heightmap& map, Overlay kind, float lo, float hi);

  // Draws sky and terrain into the viewport rectangle (x, y from the framebuffer's bottom left).
  void draw(const Camera& camera, const TerrainStyle& style, int x, int y, int w, int h);

  int mapWidth() const { return width_; }
  int mapHeight() const { return height_; }
  float lowest() const { return lo_; }
  float highest() const { return hi_; }
  // The rain overlay and brush cursor drawn with the terrain (null: none). Not owned.
  void setRainLayer(const RainLayer* rain) { rain_ = rain; }
  // The terrain's bounding box in view coordinates for this exaggeration.
  void bounds(float exaggeration, glm::vec3& boxMin, glm::vec3& boxMax) const;
  // The mesh has at most this many vertices a side (the shading keeps every cell whatever it is).
  void setGridLimit(int side);
  int gridLimit() const { return gridLimit_; }
  int gridWidth() const { return gridW_; }
  // The GL renderer's name, and whether it renders on the CPU (llvmpipe, softpipe, swrast): such renderers
  // start with a coarser mesh, as vertices cost them most.
  const std::string& rendererName() const { return rendererName_; }
  bool softwareRenderer() const;
  // Largest map side the GPU can hold as a texture (GL_MAX_TEXTURE_SIZE).
  int maxMapSide() const { return maxTextureSize_; }
  int gridHeight() const { return gridH_; }

 private:
  void buildGrid();
  void allocateTextures();
  void uploadRect(const Terrain& terrain, int x0, int y0, int x1, int y1);

  ShaderProgram terrainProgram_, skyProgram_;
  GLuint heightTex_ = 0, erodedTex_ = 0, depositedTex_ = 0, flowTex_ = 0;
  GLuint vao_ = 0, vbo_ = 0, ebo_ = 0, skyVao_ = 0;
  GLsizei indexCount_ = 0;
  int width_ = 0, height_ = 0, gridW_ = 0, gridH_ = 0;
  float lo_ = 0.0f, hi_ = 1.0f;
  int flowW_ = 0, flowH_ = 0;
  float flowLo_ = 0.0f, flowHi_ = 1.0f;
  Overlay waterKind_ = Overlay::None;  // what the water map holds: Flow or Wetness
  int gridLimit_ = kMaxGridSide;
  int maxTextureSize_ = 0;
  bool erodedShown_ = false, erodedStale_ = false;
  std::string rendererName_;
  const RainLayer* rain_ = nullptr;
};

}  // namespace runnel::render
