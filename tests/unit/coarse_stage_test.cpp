// A preset's droplet stage at the preset's own cells (core/recipes/coarse_stage.h): how many times a finer
// map halves, what the stage did on the halved map comes back to the map's cells with its volume and its
// record, and a preset made finer than its own size runs its droplets on as many cells as at its own and
// ends on a map that drains.
#include <gtest/gtest.h>

#include <cmath>

#include "core/recipes/coarse_stage.h"
#include "core/recipes/landscape_preset.h"
#include "core/recipes/make_landscape.h"
#include "model_test_terrains.h"

using namespace runnel;
using runnel::testing::pits;

TEST(CoarseStage, AFinerMapHalvesUntilItsCellsReachThePresets) {
  EXPECT_EQ(halvingsToCells(4096, 4096, 7.5f, 30.0f), 2);
  EXPECT_EQ(halvingsToCells(2048, 1024, 15.0f, 30.0f), 1);
  EXPECT_EQ(halvingsToCells(1024, 1024, 30.0f, 30.0f), 0);  // the preset's own size
  EXPECT_EQ(halvingsToCells(512, 512, 60.0f, 30.0f), 0);    // coarser than the preset: as it is
  EXPECT_EQ(halvingsToCells(1000, 1000, 29.0f, 30.0f), 0);  // halved, its cells would be 58 m
  // An odd side: 4097 cells of 30720 / 4097 m halve to 2049 and 1025 (29.97 m), not to 513 (59.9 m).
  EXPECT_EQ(halvingsToCells(4097, 4097, 30720.0f / 4097.0f, 30.0f), 2);
  // A halved map keeps at least 32 cells a side: a droplet's brush would cover a smaller one.
  EXPECT_EQ(halvingsToCells(128, 128, 1.0f, 30.0f), 2);
  EXPECT_EQ(halvingsToCells(128, 40, 1.0f, 30.0f), 0);
}

TEST(CoarseStage, WhatTheStageDidComesBackToTheMapsCells) {
  Terrain map(Heightmap(128, 96));
  for (int y = 0; y < 96; ++y)
    for (int x = 0; x < 128; ++x) map.height.at(x, y) = 0.5f * float(x) + 3.0f * std::sin(0.3f * float(y));
  const Heightmap before = map.height;
  CoarseStage stage(map, nullptr, 10.0f, 2, 2);
  ASSERT_EQ(stage.terrain().width(), 32);
  ASSERT_EQ(stage.terrain().heightCells(), 24);
  EXPECT_EQ(stage.cellSize(), 40.0f);
  // The halved map is the map's 4 x 4 means.
  double mean = 0;
  for (int y = 28; y < 32; ++y)
    for (int x = 20; x < 24; ++x) mean += before.at(x, y) / 16.0;
  EXPECT_NEAR(stage.terrain().height.at(5, 7), mean, 1e-4);
  // A stage digs 2 m out of one cell and lays 1 m on another, well inside the map.
  stage.terrain().height.at(10, 8) -= 2.0f;
  stage.terrain().height.at(20, 15) += 1.0f;
  ErosionStats stats;
  stats.lost = 0.5;
  stage.bringBack(stats);
  // On the map's cells: the same volumes (16 of its cells a halved cell), around the same places, and
  // nothing changed far from them.
  double dug = 0, laid = 0;
  for (int y = 0; y < 96; ++y)
    for (int x = 0; x < 128; ++x) {
      const float change = map.height.at(x, y) - before.at(x, y);
      (change < 0 ? dug : laid) += change;
      const bool nearDug = std::abs(x - 42) <= 8 && std::abs(y - 34) <= 8;
      const bool nearLaid = std::abs(x - 82) <= 8 && std::abs(y - 62) <= 8;
      if (!nearDug && !nearLaid) {
        EXPECT_EQ(change, 0.0f) << x << "," << y;
      }
      // The record tells the change: deposited less eroded.
      EXPECT_NEAR(map.deposited.at(x, y) - map.eroded.at(x, y), change, 1e-5f);
    }
  EXPECT_NEAR(dug, -2.0 * 16, 1e-3);
  EXPECT_NEAR(laid, 1.0 * 16, 1e-3);
  EXPECT_LT(map.height.at(42, 34), before.at(42, 34) - 0.5f);  // the dug cell's centre, on the map
  EXPECT_NEAR(stats.eroded, 32.0, 1e-3);
  EXPECT_NEAR(stats.deposited, 16.0, 1e-3);
  EXPECT_NEAR(stats.soilAfter - stats.soilBefore, -16.0, 1e-2);
  EXPECT_EQ(stats.lost, 0.5 * 16);
}

TEST(CoarseStage, WithNoHalvingsTheStageWorksOnTheMapItself) {
  Terrain map(Heightmap(40, 40));
  RainMap rain(40, 40);
  CoarseStage stage(map, &rain, 30.0f, 0, 1);
  EXPECT_EQ(&stage.terrain(), &map);
  EXPECT_EQ(stage.rain(), &rain);
  EXPECT_EQ(stage.cellSize(), 30.0f);
  map.height.at(3, 3) = 5.0f;
  ErosionStats stats;
  stage.bringBack(stats);
  EXPECT_EQ(map.height.at(3, 3), 5.0f);
}

TEST(CoarseStage, APresetMadeFinerRunsItsDropletsOnItsOwnCells) {
  const LandscapePreset p = parsePreset(
      "size 64x48\ncell-size 30\ngenerator fbm\nseed 3\nrain windward west 1 0.35\n"
      "stage droplet droplets-per-cell 0.5\n",
      "t.preset", "t");
  MakeProgress progress;
  const MadeLandscape fine = makeLandscape(p, 256, 192, 2, &progress);
  // 0.5 droplets a cell of the preset's 30 m, not of the map's 7.5 m.
  EXPECT_EQ(progress.total.load(), 64u * 48u / 2);
  ASSERT_EQ(fine.stages.size(), 1u);
  EXPECT_EQ(fine.stages[0].droplets, 64u * 48u / 2);
  // The map at its own cells, changed, and its record telling the change.
  ASSERT_EQ(fine.terrain.width(), 256);
  double change = 0, recorded = 0;
  for (size_t i = 0; i < fine.terrain.height.cellCount(); ++i) {
    change += std::abs(fine.terrain.height.data()[i] - fine.base.height.data()[i]);
    recorded += fine.terrain.deposited.data()[i] + fine.terrain.eroded.data()[i];
  }
  EXPECT_GT(change, 0.0);
  EXPECT_NEAR(recorded, change, 1e-3 * change);
  // The hollows the brought-up change leaves (and the generator's) are cut through: the map drains.
  EXPECT_EQ(pits(fine.terrain.height), 0);
  // Made at its own size, the same stage runs at the map's cells, and its result stays as it is.
  const MadeLandscape own = makeLandscape(p, 64, 48, 2, &progress);
  EXPECT_EQ(own.stages[0].droplets, 64u * 48u / 2);
  EXPECT_GT(pits(own.terrain.height), 0);
}
