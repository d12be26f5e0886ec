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
#include "render/terrain_view.h"

namespace runnel {
struct CellRect;
}

namespace runnel::render {

class RainLayer;

class TerrainRenderer : public TerrainView {
 public:
  static constexpr int kMaxGridSide = 1024;

  TerrainRenderer();  // needs a current GL 3.3 context; throws Error if a shader fails
  ~TerrainRenderer() override;
  TerrainRenderer(const TerrainRenderer&) = delete;
  TerrainRenderer& operator=(const TerrainRenderer&) = delete;

  void upload(const Terrain& terrain) override;
  void showEroded(const Terrain& current, bool show) override;
  void uploadWater(const Heightmap& map, Overlay kind, float lo, float hi) override;
  void draw(const Camera& camera, const TerrainStyle& style, int x, int y, int w, int h) override;
  void setRainLayer(const RainLayer* rain) override { rain_ = rain; }
  void setGridLimit(int side) override;
  int gridLimit() const override { return gridLimit_; }
  int gridWidth() const override { return gridW_; }
  int gridHeight() const override { return gridH_; }
  const std::string& rendererName() const override { return rendererName_; }
  bool softwareRenderer() const override;
  int maxMapSide() const override { return maxTextureSize_; }

 private:
  void buildGrid();
  void allocateTextures();
  void uploadCells(const Terrain& terrain, int x0, int y0, int x1, int y1) override;

  ShaderProgram terrainProgram_, skyProgram_;
  GLuint heightTex_ = 0, erodedTex_ = 0, depositedTex_ = 0, flowTex_ = 0;
  GLuint vao_ = 0, vbo_ = 0, ebo_ = 0, skyVao_ = 0;
  GLsizei indexCount_ = 0;
  int gridW_ = 0, gridH_ = 0;
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
