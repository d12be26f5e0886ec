// The eroded / deposited record a pass leaves: erosion takes the sediment lying there first, then rock;
// uplift is neither; the totals do not depend on the thread count.
#include <gtest/gtest.h>

#include <vector>

#include "core/terrain/soil_record.h"
#include "core/terrain/soil_total.h"

namespace runnel {
namespace {

TEST(SoilRecord, ErosionTakesTheSedimentFirstThenRock) {
  float deposited = 0.5f, eroded = 0.0f;
  recordChange(deposited, eroded, -2.0f);
  EXPECT_FLOAT_EQ(deposited, 0.0f);
  EXPECT_FLOAT_EQ(eroded, 1.5f);
  recordChange(deposited, eroded, 0.25f);  // a deposit lies on top; the rock taken stays taken
  EXPECT_FLOAT_EQ(deposited, 0.25f);
  EXPECT_FLOAT_EQ(eroded, 1.5f);
}

// A 3 x 2 map: one cell lowered through its sediment into rock, one raised, one lifted by 2 of uplift and
// cut by 1 (it stands 1 higher), the rest as they were.
Terrain passed(Heightmap& before, std::vector<float>& raised) {
  before = Heightmap(3, 2);
  Terrain t(before);
  t.deposited.at(0, 0) = 1.0f;
  t.height.at(0, 0) -= 3.0f;  // 1 of sediment, 2 of rock
  t.height.at(1, 0) += 0.5f;  // a deposit
  raised.assign(6, 0.0f);
  raised[size_t(3 + 2)] = 0.5f;  // (2, 1): lifted by 4 x 0.5, cut by 1
  t.height.at(2, 1) += 1.0f;
  return t;
}

TEST(SoilRecord, APassIsRecordedAgainstItsStartLessTheUplift) {
  Heightmap before;
  std::vector<float> raised;
  Terrain t = passed(before, raised);
  RowChanges rows;
  recordSince(t, before, 1, &rows, [&](int y, float* rose) {
    for (int x = 0; x < 3; ++x) rose[x] = 4.0f * raised[size_t(y * 3 + x)];
  });
  EXPECT_FLOAT_EQ(t.deposited.at(0, 0), 0.0f);
  EXPECT_FLOAT_EQ(t.eroded.at(0, 0), 2.0f);
  EXPECT_FLOAT_EQ(t.deposited.at(1, 0), 0.5f);
  EXPECT_FLOAT_EQ(t.eroded.at(1, 0), 0.0f);
  EXPECT_FLOAT_EQ(t.eroded.at(2, 1), 1.0f);  // rose 1, of which 2 was uplift: cut by 1
  EXPECT_FLOAT_EQ(t.deposited.at(2, 1), 0.0f);
  EXPECT_FLOAT_EQ(t.eroded.at(1, 1), 0.0f);
  double lowered = 0, gained = 0;
  rows.addTotals(lowered, gained);
  EXPECT_DOUBLE_EQ(lowered, 4.0);  // 3 at (0, 0) and 1 at (2, 1)
  EXPECT_DOUBLE_EQ(gained, 0.5);
}

TEST(SoilRecord, WithoutUpliftTheWholeChangeIsSoilAndThreadsChangeNothing) {
  Heightmap before;
  std::vector<float> raised;
  Terrain one = passed(before, raised), three = one;
  recordSince(one, before, 1);
  recordSince(three, before, 3);
  EXPECT_FLOAT_EQ(one.deposited.at(2, 1), 1.0f);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 3; ++x) {
      EXPECT_EQ(one.deposited.at(x, y), three.deposited.at(x, y));
      EXPECT_EQ(one.eroded.at(x, y), three.eroded.at(x, y));
    }
}

}  // namespace
}  // namespace runnel
