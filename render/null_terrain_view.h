// A terrain view that draws nothing: the editor's actions run on it without a window or GL (the unit tests
// of tests/editor_unit, a headless editor). It keeps what the editor reads back (the map's size and height
// range, the grid limit) and holds maps up to the engine's largest side.
#pragma once
#include "render/terrain_view.h"

namespace runnel::render {

class NullTerrainView : public TerrainView {
 public:
  void upload(const Terrain& terrain) override;
  void showEroded(const Terrain&, bool) override {}
  void uploadWater(const Heightmap&, Overlay, float, float) override {}
  void draw(const Camera&, const TerrainStyle&, int, int, int, int) override {}
  void setRainLayer(const RainLayer*) override {}
  void setGridLimit(int side) override { gridLimit_ = side; }
  int gridLimit() const override { return gridLimit_; }
  int gridWidth() const override { return 0; }
  int gridHeight() const override { return 0; }
  const std::string& rendererName() const override { return name_; }
  bool softwareRenderer() const override { return false; }
  int maxMapSide() const override;

 protected:
  void uploadCells(const Terrain&, int, int, int, int) override {}

 private:
  int gridLimit_ = 1024;
  std::string name_ = "none (no window)";
};

}  // namespace runnel::render
