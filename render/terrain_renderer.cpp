#include "render/terrain_renderer.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/sim/simulation_worker.h"
#include "render/overlay_ramps.h"
#include "render/rain_layer.h"

namespace runnel::render {

namespace {

glm::vec3 toLinear(const glm::vec3& srgb) {
  return glm::pow(srgb, glm::vec3(2.2f));
}

GLuint makeFloatTexture() {
  GLuint tex;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return tex;
}

}  // namespace

glm::vec3 TerrainStyle::sunDirection() const {
  float az = glm::radians(sunAzimuthDeg), el = glm::radians(sunElevationDeg);
  return glm::normalize(glm::vec3(std::cos(el) * std::sin(az), std::sin(el), -std::cos(el) * std::cos(az)));
}

TerrainRenderer::TerrainRenderer()
    : terrainProgram_("terrain.vert", "terrain.frag"), skyProgram_("sky.vert", "sky.frag") {
  heightTex_ = makeFloatTexture();
  erodedTex_ = makeFloatTexture();
  depositedTex_ = makeFloatTexture();
  flowTex_ = makeFloatTexture();
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glGenBuffers(1, &ebo_);
  glGenVertexArrays(1, &skyVao_);
  if (const GLubyte* name = glGetString(GL_RENDERER)) rendererName_ = reinterpret_cast<const char*>(name);
  if (softwareRenderer()) gridLimit_ = 256;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxTextureSize_);
}

bool TerrainRenderer::softwareRenderer() const {
  for (const char* cpu : {"llvmpipe", "softpipe", "swrast", "Software"})
    if (rendererName_.find(cpu) != std::string::npos) return true;
  return false;
}

void TerrainRenderer::setGridLimit(int side) {
  side = std::clamp(side, 16, kMaxGridSide);
  if (side == gridLimit_) return;
  gridLimit_ = side;
  if (width_ > 0) buildGrid();
}

TerrainRenderer::~TerrainRenderer() {
  GLuint textures[] = {heightTex_, erodedTex_, depositedTex_, flowTex_};
  glDeleteTextures(4, textures);
  glDeleteBuffers(1, &vbo_);
  glDeleteBuffers(1, &ebo_);
  glDeleteVertexArrays(1, &vao_);
  glDeleteVertexArrays(1, &skyVao_);
}

void TerrainRenderer::buildGrid() {
  gridW_ = std::min(width_, gridLimit_);
  gridH_ = std::min(height_, gridLimit_);
  // Vertices: (u, v, skirt). The grid first, then the skirt: each border vertex again, dropped to the floor.
  std::vector<glm::vec3> vertices;
  vertices.reserve(size_t(gridW_) * gridH_ + 2 * size_t(gridW_ + gridH_) * 2);
  for (int j = 0; j < gridH_; ++j)
    for (int i = 0; i < gridW_; ++i)
      vertices.emplace_back(float(i) / float(gridW_ - 1), float(j) / float(gridH_ - 1), 0.0f);
  std::vector<GLuint> indices;
  indices.reserve(size_t(gridW_ - 1) * (gridH_ - 1) * 6);
  for (int j = 0; j + 1 < gridH_; ++j)
    for (int i = 0; i + 1 < gridW_; ++i) {
      GLuint a = GLuint(j * gridW_ + i), b = a + 1, c = a + GLuint(gridW_), d = c + 1;
      indices.insert(indices.end(), {a, c, b, b, c, d});
    }
  // The border walked around the map; each edge gets a strip from the surface down to the floor.
  std::vector<GLuint> ring;
  for (int i = 0; i < gridW_; ++i) ring.push_back(GLuint(i));
  for (int j = 1; j < gridH_; ++j) ring.push_back(GLuint(j * gridW_ + gridW_ - 1));
  for (int i = gridW_ - 2; i >= 0; --i) ring.push_back(GLuint((gridH_ - 1) * gridW_ + i));
  for (int j = gridH_ - 2; j >= 0; --j) ring.push_back(GLuint(j * gridW_));
  GLuint firstSkirt = GLuint(vertices.size());
  for (GLuint r : ring) vertices.emplace_back(vertices[r].x, vertices[r].y, 1.0f);
  for (size_t k = 0; k + 1 < ring.size(); ++k) {
    GLuint top0 = ring[k], top1 = ring[k + 1], bot0 = firstSkirt + GLuint(k), bot1 = bot0 + 1;
    indices.insert(indices.end(), {top0, bot0, top1, top1, bot0, bot1});
  }
  indexCount_ = GLsizei(indices.size());

  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices.size() * sizeof(glm::vec3)), vertices.data(),
               GL_STATIC_DRAW);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo_);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(indices.size() * sizeof(GLuint)), indices.data(),
               GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
  glBindVertexArray(0);
}

void TerrainRenderer::allocateTextures() {
  for (GLuint tex : {heightTex_, erodedTex_, depositedTex_}) {
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, width_, height_, 0, GL_RED, GL_FLOAT, nullptr);
  }
}

void TerrainRenderer::uploadCells(const Terrain& terrain, int x0, int y0, int x1, int y1) {
  // Rows of the map are contiguous in memory: the unpack state picks the rectangle out of the whole map.
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, width_);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, x0);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, y0);
  const Heightmap* maps[] = {&terrain.height, &terrain.eroded, &terrain.deposited};
  GLuint textures[] = {heightTex_, erodedTex_, depositedTex_};
  for (int k = 0; k < 3; ++k) {
    if (maps[k]->width() != width_ || maps[k]->height() != height_) continue;  // no bookkeeping: keep zeros
    if (k == 1 && !erodedShown_) {
      erodedStale_ = true;  // only the overlay reads it: upload when it is switched on
      continue;
    }
    glBindTexture(GL_TEXTURE_2D, textures[k]);
    glTexSubImage2D(GL_TEXTURE_2D, 0, x0, y0, x1 - x0, y1 - y0, GL_RED, GL_FLOAT, maps[k]->data());
  }
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
}

void TerrainRenderer::upload(const Terrain& terrain) {
  const Heightmap& h = terrain.height;
  if (h.empty()) return;
  const bool resized = h.width() != width_ || h.height() != height_;
  noteTerrain(h);
  if (resized) {
    allocateTextures();
    buildGrid();
  }
  // Bookkeeping maps that are missing (a bare heightmap) show as zero.
  if (terrain.eroded.width() != width_ || terrain.deposited.width() != width_) {
    std::vector<float> zeros(size_t(width_) * height_, 0.0f);
    for (GLuint tex : {erodedTex_, depositedTex_}) {
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RED, GL_FLOAT, zeros.data());
    }
  }
  uploadCells(terrain, 0, 0, width_, height_);
}

void TerrainRenderer::uploadWater(const Heightmap& map, Overlay kind, float lo, float hi) {
  waterKind_ = kind;
  glBindTexture(GL_TEXTURE_2D, flowTex_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, map.width(), map.height(), 0, GL_RED, GL_FLOAT, map.data());
  flowW_ = map.width();
  flowH_ = map.height();
  flowLo_ = lo;
  flowHi_ = std::max(hi, lo + 1e-3f);
}

void TerrainRenderer::showEroded(const Terrain& current, bool show) {
  erodedShown_ = show;
  if (!show || !erodedStale_ || current.eroded.width() != width_ || current.eroded.height() != height_)
    return;
  glBindTexture(GL_TEXTURE_2D, erodedTex_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RED, GL_FLOAT, current.eroded.data());
  erodedStale_ = false;
}

void TerrainRenderer::draw(const Camera& camera, const TerrainStyle& style, int x, int y, int viewportW,
                           int viewportH) {
  glViewport(x, y, viewportW, viewportH);
  glm::mat4 viewProj = camera.projection(float(viewportW) / float(std::max(viewportH, 1))) * camera.view();
  glm::vec3 sun = style.sunDirection();
  glm::vec3 sky = toLinear(style.skyColor);

  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  skyProgram_.use();
  skyProgram_.set("uInvViewProj", glm::inverse(viewProj));
  skyProgram_.set("uSunDir", sun);
  skyProgram_.set("uSkyColor", sky);
  glBindVertexArray(skyVao_);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  if (width_ == 0) return;

  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  terrainProgram_.use();
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, heightTex_);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, erodedTex_);
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, depositedTex_);
  glActiveTexture(GL_TEXTURE4);
  glBindTexture(GL_TEXTURE_2D, flowTex_);
  glActiveTexture(GL_TEXTURE0);
  ShaderProgram& p = terrainProgram_;
  p.set("uHeight", 0);
  p.set("uEroded", 1);
  p.set("uDeposited", 2);
  p.set("uMapSize", glm::vec2(float(width_), float(height_)));
  p.set("uExaggeration", style.exaggeration);
  p.set("uCellSize", style.cellSize > 0.0f ? style.cellSize : 1.0f);
  float relief = std::max(hi_ - lo_, 1.0f);
  p.set("uFloor", (lo_ - 0.08f * relief) * style.exaggeration);
  p.set("uViewProj", viewProj);
  p.set("uHeightRange", glm::vec2(lo_, hi_));
  p.set("uGroundColor", toLinear(style.groundColor));
  p.set("uSedimentColor", toLinear(style.sedimentColor));
  p.set("uRockColor", toLinear(style.rockColor));
  p.set("uRockAngle", glm::radians(style.rockAngleDeg));
  p.set("uRockBlend", glm::radians(std::max(style.rockBlendDeg, 0.01f)));
  p.set("uSedimentDepth", std::max(style.sedimentDepth, 1e-6f));
  p.set("uHeightRamp", style.heightRamp ? 1 : 0);
  const bool flowReady = flowW_ == width_ && flowH_ == height_ && waterKind_ == style.overlay;
  p.set("uOverlay", showsWaterMap(style.overlay) && !flowReady ? 0 : int(style.overlay));
  p.set("uFlow", 4);
  p.set("uFlowRange", glm::vec2(flowLo_, flowHi_));
  p.set("uOverlayRange", glm::max(style.overlayRange, glm::vec2(1e-6f)));
  p.set("uSlopeRange", glm::radians(kSlopeOverlayDegrees));
  glm::vec3 rampA[kRampStops], rampB[kRampStops];
  for (int i = 0; i < kRampStops; ++i) {
    rampA[i] = toLinear(rampOf(style.overlay).stops[i]);
    rampB[i] = toLinear(rampOf(style.overlay, true).stops[i]);
  }
  p.set("uRampA", rampA, kRampStops);
  p.set("uRampB", rampB, kRampStops);
  p.set("uSunDir", sun);
  p.set("uSunColor", glm::vec3(1.0f, 0.93f, 0.82f) * 1.6f);
  p.set("uSkyColor", sky);
  p.set("uEye", camera.eye());
  p.set("uHazeDistance", 8.0f * float(std::max(width_, height_)));
  const bool rainOverlay = rain_ && !rain_->empty() && rain_->showOverlay;
  const bool brush = rain_ && rain_->showBrush;
  if (rainOverlay) {
    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_2D, rain_->texture());
    glActiveTexture(GL_TEXTURE0);
  }
  p.set("uRain", 3);
  p.set("uRainOverlay", rainOverlay ? 1 : 0);
  p.set("uBrushOn", brush ? (rain_->brushErasing ? 2 : 1) : 0);
  if (brush) p.set("uBrush", glm::vec4(rain_->brushCentre, rain_->brushRadius, rain_->brushInner));
  p.set("uWire", 0);
  p.set("uWireColor", glm::vec3(0.05f, 0.05f, 0.06f));

  glBindVertexArray(vao_);
  if (style.wireframe) {
    // Push the filled surface back a little so the lines drawn over it win the depth test.
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(1.0f, 1.0f);
  }
  glDrawElements(GL_TRIANGLES, indexCount_, GL_UNSIGNED_INT, nullptr);
  if (style.wireframe) {
    glDisable(GL_POLYGON_OFFSET_FILL);
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    p.set("uWire", 1);
    glDrawElements(GL_TRIANGLES, indexCount_, GL_UNSIGNED_INT, nullptr);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  }
  glBindVertexArray(0);
  glDisable(GL_DEPTH_TEST);
}

}  // namespace runnel::render
