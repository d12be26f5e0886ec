// Which cell size a map from a file is taken at, and the check that refuses one no real terrain could have.
#include "core/io/map_cell_size.h"

#include <gtest/gtest.h>

#include "core/base/error.h"
#include "core/io/heightmap_io.h"
#include "io_test_util.h"

namespace runnel {
namespace {

using testing::ScratchDir;

// A plane rising `rise` metres a cell eastwards.
Heightmap ramp(float rise) {
  Heightmap map(64, 48);
  for (int y = 0; y < map.height(); ++y)
    for (int x = 0; x < map.width(); ++x) map.at(x, y) = float(x) * rise;
  return map;
}

TEST(MapCellSize, MedianSlopeOfAPlaneIsItsAngle) {
  EXPECT_NEAR(medianSlopeDegrees(ramp(1.0f), 1.0f), 45.0, 1e-4);
  EXPECT_NEAR(medianSlopeDegrees(ramp(30.0f), 30.0f), 45.0, 1e-4);
  EXPECT_NEAR(medianSlopeDegrees(ramp(1.0f), 10.0f), 5.7106, 1e-3);
  EXPECT_EQ(medianSlopeDegrees(Heightmap(8, 8), 1.0f), 0.0);
}

TEST(MapCellSize, TheUsersValueWinsThenTheFilesThenTheAssumedOne) {
  ScratchDir dir;
  const Heightmap map = ramp(1.0f);
  const std::string recorded = dir.file("rec.r32"), bare = dir.file("bare.r32");
  WriteOptions metres;
  metres.cellSize = 30.0f;
  writeHeightmap(recorded, map, metres);
  writeHeightmap(bare, map);

  MapCellSize c = chooseCellSize(recorded, map, 10.0f, "--cell-size");
  EXPECT_EQ(c.metres, 10.0f);
  EXPECT_EQ(c.describe(), "10 m cells (--cell-size)");
  c = chooseCellSize(recorded, map, std::nullopt, "--cell-size");
  EXPECT_EQ(c.metres, 30.0f);
  EXPECT_EQ(c.source, MapCellSize::Source::Recorded);
  EXPECT_EQ(c.describe(), "30 m cells (recorded in " + recorded + ".json)");
  c = chooseCellSize(bare, map, std::nullopt, "--cell-size", 2.0f, "the Cell (m) field");
  EXPECT_EQ(c.metres, 2.0f);
  EXPECT_EQ(c.describe(), "2 m cells (the Cell (m) field: " + bare + " records none)");
  EXPECT_THROW(chooseCellSize(bare, map, 0.0f, "--cell-size"), Error) << "a cell size of 0";
}

TEST(MapCellSize, AnAssumedCellSizeTooSteepForAnyTerrainIsRefusedNamingTheFix) {
  const Heightmap steep = ramp(2.0f);  // 63 degrees at 1 m
  MapCellSize assumed;
  assumed.where = "dem.r32";
  try {
    refuseImplausibleCellSize(assumed, steep, "dem.r32", "pass --cell-size M");
    FAIL() << "a median slope of 63 degrees was let through";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(
        what.find("dem.r32: at 1 m cells (assumed: dem.r32 records none) its median slope is 63 degrees"),
        std::string::npos)
        << what;
    EXPECT_NE(what.find("pass --cell-size M (its median slope: 11 degrees at 10 m cells, 4 degrees at 30 m"),
              std::string::npos)
        << what;
  }
  // A slope real ground can have, or a cell size the user gave or the file records, is let through.
  EXPECT_NO_THROW(refuseImplausibleCellSize(assumed, ramp(1.7f), "dem.r32", "pass --cell-size M"));
  MapCellSize given = assumed;
  given.source = MapCellSize::Source::Given;
  EXPECT_NO_THROW(refuseImplausibleCellSize(given, steep, "dem.r32", "pass --cell-size M"));
  MapCellSize recorded = assumed;
  recorded.source = MapCellSize::Source::Recorded;
  EXPECT_NO_THROW(refuseImplausibleCellSize(recorded, steep, "dem.r32", "pass --cell-size M"));
}

}  // namespace
}  // namespace runnel
