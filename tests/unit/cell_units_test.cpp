// Models written in cells on a terrain in metres: heights are divided by the cell size rounded to a power
// of two, exactly, so a map of 32 m cells erodes exactly like the same map in cells, times 32.
#include <gtest/gtest.h>

#include "core/generate/generators.h"
#include "core/models/cell_units.h"
#include "core/models/model_catalog.h"

namespace runnel {
namespace {

Terrain run(const std::string& name, Terrain t, float cellSize, uint64_t amount) {
  const ModelInfo& info = findModel(name);
  ModelCommon common;
  common.cellSize = cellSize;
  common.edges = Edges::Clamp;
  common.threads = 2;
  auto model = info.create(defaultValues(info), common);
  ErosionStats stats;
  model->run(t, nullptr, 0, amount / 2, stats);
  model->run(t, nullptr, amount / 2, amount - amount / 2, stats);
  return t;
}

TEST(CellUnits, AMapInMetresErodesLikeTheSameMapInCells) {
  GeneratorSettings g;
  g.width = g.height = 96;
  g.seed = 4;
  g.relief = 24.0f;  // in cells: the article's comfortable range
  const Terrain inCells(generate(g));
  Terrain inMetres = inCells;
  for (size_t i = 0; i < inMetres.height.cellCount(); ++i) inMetres.height.data()[i] *= 32.0f;
  for (const char* name : {"droplet", "thermal", "grid"}) {
    const uint64_t amount = std::string(name) == "droplet" ? 20000 : 40;
    const Terrain a = run(name, inCells, 1.0f, amount);
    for (float cellSize : {32.0f, 30.0f}) {  // 30 m cells are seen as 32: exact in floating point
      // ... but thermal's talus and the droplets' angles of repose are angles in world units: at 30 m
      // they are the angle's rise over 30 m.
      if (cellSize == 30.0f && std::string(name) != "grid") continue;
      const Terrain b = run(name, inMetres, cellSize, amount);
      for (size_t i = 0; i < a.height.cellCount(); ++i) {
        ASSERT_EQ(b.height.data()[i], a.height.data()[i] * 32.0f) << name << " cell " << i;
        ASSERT_EQ(b.eroded.data()[i], a.eroded.data()[i] * 32.0f) << name << " cell " << i;
      }
    }
    // Left in metres, the same model sees slopes 32 times as steep and does something else.
    const Terrain c = run(name, inMetres, 1.0f, amount);
    bool differs = false;
    for (size_t i = 0; i < a.height.cellCount() && !differs; ++i)
      differs = c.height.data()[i] != a.height.data()[i] * 32.0f;
    EXPECT_TRUE(differs) << name;
  }
}

TEST(CellUnits, TheScaleIsThePowerOfTwoNearestTheCellSize) {
  EXPECT_EQ(cellUnitScale(1.0f), 1.0f);
  EXPECT_EQ(cellUnitScale(1.3f), 1.0f);
  EXPECT_EQ(cellUnitScale(30.0f), 32.0f);
  EXPECT_EQ(cellUnitScale(7.5f), 8.0f);
  EXPECT_EQ(cellUnitScale(0.25f), 0.25f);
}

}  // namespace
}  // namespace runnel
