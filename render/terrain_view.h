// What the editor asks of the terrain's view, behind one interface: the OpenGL renderer draws it
// (render/terrain_renderer.h); NullTerrainView (render/null_terrain_view.h) keeps only what the editor reads
// back, so the editor's actions run without a window or GL (tests, headless scripts). The map's size and
// height range are kept here, the same for both.
#pragma once
#include <glm/glm.hpp>
#include <string>

#include "core/terrain/terrain.h"
#include "render/camera.h"
#include "render/terrain_style.h"

namespace runnel {
struct CellRect;
}

namespace runnel::render {

class RainLayer;

class TerrainView {
 public:
  virtual ~TerrainView() = default;

  // Uploads the whole terrain (a new map, a reset).
  virtual void upload(const Terrain& terrain) = 0;
  // Uploads only the rectangle that changed (within the map); falls back to a full upload when the size
  // changed.
  void uploadRegion(const Terrain& terrain, const CellRect& changed);
  // The eroded amounts are only drawn by an overlay; while hidden they are not uploaded (a third less to copy
  // per snapshot). Call before draw with the terrain on screen.
  virtual void showEroded(const Terrain& current, bool show) = 0;
  // The water overlays' map, shown from `lo` (faint) to `hi` (full): for `kind` Flow, log10 of the discharge
  // per cell (m²); for Wetness, the wetness index. Drawn only under its own overlay and at the terrain's
  // size.
  virtual void uploadWater(const Heightmap& map, Overlay kind, float lo, float hi) = 0;
  // Draws sky and terrain into the viewport rectangle (x, y from the framebuffer's bottom left).
  virtual void draw(const Camera& camera, const TerrainStyle& style, int x, int y, int w, int h) = 0;
  // The rain overlay and brush cursor drawn with the terrain (null: none). Not owned.
  virtual void setRainLayer(const RainLayer* rain) = 0;
  // The mesh has at most this many vertices a side (the shading keeps every cell whatever it is).
  virtual void setGridLimit(int side) = 0;
  virtual int gridLimit() const = 0;
  virtual int gridWidth() const = 0;
  virtual int gridHeight() const = 0;
  // The GL renderer's name, and whether it renders on the CPU (llvmpipe, softpipe, swrast): such renderers
  // start with a coarser mesh, as vertices cost them most.
  virtual const std::string& rendererName() const = 0;
  virtual bool softwareRenderer() const = 0;
  // Largest map side the view can hold (GL_MAX_TEXTURE_SIZE for the GPU).
  virtual int maxMapSide() const = 0;

  // The map last uploaded: its size and its height range (the range only widens with region uploads; a
  // full upload recomputes it: enough for the colour ramp and picking).
  int mapWidth() const { return width_; }
  int mapHeight() const { return height_; }
  float lowest() const { return lo_; }
  float highest() const { return hi_; }
  // The terrain's bounding box in view coordinates for this exaggeration.
  void bounds(float exaggeration, glm::vec3& boxMin, glm::vec3& boxMax) const;

 protected:
  // Cells [x0, x1) x [y0, y1) of a map of the size last uploaded, to the view (not empty, within the map).
  virtual void uploadCells(const Terrain& terrain, int x0, int y0, int x1, int y1) = 0;
  // The bookkeeping of a whole upload: the map's size and height range.
  void noteTerrain(const Heightmap& height);

  int width_ = 0, height_ = 0;
  float lo_ = 0.0f, hi_ = 1.0f;
};

}  // namespace runnel::render
