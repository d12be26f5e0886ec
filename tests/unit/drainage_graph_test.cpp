// The drainage graph: lakes drain through their sills (or fill), every drop of rain reaches the border, water
// shares point down the slope, and its order and areas are the same on any thread count.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>

#include "core/generate/generators.h"
#include "core/models/rivers/drain_terrain.h"
#include "core/models/rivers/drainage_graph.h"
#include "core/models/rivers/outflow.h"
#include "model_test_terrains.h"

namespace runnel {
namespace {

using testing::pits;

// A bowl (a puddle of one ring, a lake of six) behind a sill, and past the sill a valley floor that lies
// barely below the bowl's pit and falls a tenth of a millimetre a cell (an old trench) to an outlet on the
// border: drained through a cut, the bowl's outlet falls like a river bed all the way, not level to the
// first cell below the pit (a level reach is a pit again at the next float's rounding).
TEST(DrainageGraph, ABreachedLakesOutletFallsAtARiversGradeThroughALevelValley) {
  const int w = 64, hgt = 15, row = 7;
  const float cell = 30.0f;
  for (int ring : {1, 6}) {
    Heightmap h(w, hgt);
    for (int y = 0; y < hgt; ++y)
      for (int x = 0; x < w; ++x) h.at(x, y) = 200.0f + 10.0f * float(std::abs(y - row));
    const int pitX = ring + 2;
    for (int y = row - ring; y <= row + ring; ++y)
      for (int x = pitX - ring; x <= pitX + ring; ++x)
        h.at(x, y) = 100.0f + 0.5f * float(std::max(std::abs(x - pitX), std::abs(y - row)));
    const int sill = pitX + ring + 1;
    h.at(sill, row) = h.at(sill + 1, row) = 110.0f;
    for (int x = sill + 2; x < w - 1; ++x) h.at(x, row) = 99.99f - 1e-4f * float(x - sill - 2);
    h.at(w - 1, row) = 0.0f;
    const Heightmap before = h;
    ASSERT_EQ(pits(h), 1);

    rivers::DrainageGraph graph(w, hgt, 1, 10.0f);
    const rivers::LakeReport report = graph.resolveLakes(h.data(), 0.0f, cell);
    EXPECT_EQ(ring == 1 ? report.puddles : report.lakes, 1u) << "ring " << ring;
    EXPECT_EQ(report.puddles + report.lakes, 1u) << "ring " << ring;
    EXPECT_EQ(pits(h), 0) << "ring " << ring;
    for (size_t i = 0; i < h.cellCount(); ++i) ASSERT_LE(h.data()[i], before.data()[i]);  // only cut
    EXPECT_EQ(h.at(pitX, row), 100.0f) << "the pit stays: the cut is below it";
    EXPECT_LT(h.at(sill, row), 100.0f) << "ring " << ring;
    for (int x = sill + 1; x < w; ++x)
      ASSERT_GE(h.at(x - 1, row) - h.at(x, row), 0.99f * rivers::kBreachGrade * cell)
          << "ring " << ring << ", the outlet at x " << x << " of " << w;
  }
}

// A finished terrain made to drain (a preset made finer than its cells, after its droplet stage): its
// hollows cut through, nothing raised, the cut in the record; land that drains already stays as it is.
TEST(DrainTerrain, EveryHollowIsCutThroughAndTheCutIsRecordedAsEroded) {
  Terrain t = testing::bumpyLandscape();
  const Heightmap before = t.height;
  ASSERT_GT(pits(before), 10);
  const rivers::LakeReport report = rivers::drainTerrain(t, 30.0f, 2);
  EXPECT_EQ(report.pits, uint32_t(pits(before)));
  EXPECT_EQ(pits(t.height), 0);
  float deposited = 0.0f;
  for (size_t i = 0; i < before.cellCount(); ++i) {
    ASSERT_LE(t.height.data()[i], before.data()[i]) << i;
    deposited = std::max(deposited, t.deposited.data()[i]);
  }
  EXPECT_EQ(deposited, 0.0f);
  EXPECT_LT(testing::recordMismatch(before, t), 1e-3f);

  Terrain plane = testing::tiltedPlane(64, 3.0f, 0.5f);
  const Heightmap flat = plane.height;
  EXPECT_EQ(rivers::drainTerrain(plane, 30.0f, 2).pits, 0u);
  EXPECT_TRUE(plane.height == flat);
}

TEST(DrainageGraph, CarvedLakesLeaveNoPitAndEveryDropOfRainReachesTheBorder) {
  Terrain t = testing::bumpyLandscape();
  ASSERT_GT(pits(t.height), 5);
  for (float fill : {0.0f, 0.5f, 1.0f}) {
    Heightmap h = t.height;
    rivers::DrainageGraph graph(h.width(), h.height(), 1, 10.0f);
    const rivers::LakeReport lakes = graph.resolveLakes(h.data(), fill, 30.0f);
    EXPECT_GT(lakes.pits, 5u);
    EXPECT_EQ(pits(h), 0) << "lake fill " << fill;
    if (fill == 0.0f) {
      EXPECT_EQ(lakes.cellsRaised, 0u);
      for (size_t i = 0; i < h.cellCount(); ++i) ASSERT_LE(h.data()[i], t.height.data()[i]);  // only cut
    } else if (fill == 1.0f) {
      EXPECT_GT(lakes.cellsRaised, lakes.pits);
    }
    graph.route(h.data());
    graph.accumulate(nullptr);
    ASSERT_EQ(graph.donorsFirstOrder().size(), size_t(h.width() - 2) * size_t(h.height() - 2));
    double atBorder = 0;
    for (int y = 0; y < h.height(); ++y)
      for (int x = 0; x < h.width(); ++x)
        if (x == 0 || y == 0 || x == h.width() - 1 || y == h.height() - 1)
          atBorder += graph.area()[size_t(y) * size_t(h.width()) + size_t(x)];
    EXPECT_NEAR(atBorder, double(h.cellCount()), 1e-3 * double(h.cellCount()));
  }
}

// On a plane falling 30 degrees south of east, water spreads over the lower neighbours (every one of them
// some share, all shares making the whole) and converges between east and south-east, two thirds of the
// way to the diagonal. A cell's outflow is the same whichever lane of the four-wide pass it falls in.
TEST(Outflow, SharesCoverEveryLowerNeighbourAndPointDownTheSlope) {
  const int n = 16;
  const float angle = 30.0f * 3.14159265f / 180.0f;
  std::vector<float> h(size_t(n) * n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      h[size_t(y) * n + size_t(x)] = -(std::cos(angle) * float(x) + std::sin(angle) * float(y));
  std::vector<rivers::Outflow> row(n), alone(n);
  std::vector<uint8_t> higher(n), higherAlone(n);
  rivers::outflowsOfRow(h.data(), n, 8, 1, n - 1, row.data(), higher.data());
  for (int x = 1; x < n - 1; ++x) {
    rivers::outflowsOfRow(h.data(), n, 8, size_t(x), size_t(x) + 1, alone.data(), higherAlone.data());
    ASSERT_EQ(std::memcmp(&row[size_t(x)], &alone[size_t(x)], sizeof(rivers::Outflow)), 0) << x;
    ASSERT_EQ(higher[size_t(x)], higherAlone[size_t(x)]) << x;
    const rivers::Outflow& o = row[size_t(x)];
    int total = 0, above = 0;
    for (int k = 0; k < 8; ++k) {
      const float drop = h[8 * n + x] - h[size_t(8 + rivers::kDy[k]) * n + size_t(x + rivers::kDx[k])];
      EXPECT_EQ(o.spread[k] > 0, drop > 0.0f) << "neighbour " << k;
      total += o.spread[k];
      above += drop < 0.0f;
    }
    EXPECT_EQ(higher[size_t(x)], above) << x;
    EXPECT_EQ(total, rivers::Outflow::kShares);
    EXPECT_EQ(o.facet, 1);  // facet 0: east (k = 0) to south-east (k = 1)
    EXPECT_NEAR(o.diagonalShare, 2.0 / 3.0 * rivers::Outflow::kShares, 1.0);
  }
}

// Drawn receivers (the build's finer levels): past the spread, all of a cell's water goes to one lower
// neighbour, drawn by slope from the seed and the cell alone (the same on any thread count), so on a tilted
// plane paths go down both ways of the slope's direction and meet, where the facet would keep them apart.
TEST(DrainageGraph, ADrawnReceiverTakesAllTheWaterAndIsLower) {
  const Terrain t = testing::bumpyLandscape(96, 4);
  auto drawn = [&](int threads, uint64_t seed) {
    rivers::DrainageGraph g(96, 96, threads, 0.01f);
    Heightmap h = t.height;
    g.resolveLakes(h.data(), 0.0f, 30.0f);
    g.route(h.data());
    g.chooseReceivers(seed);
    std::vector<int> to(h.cellCount(), -1);
    float share[8];
    for (size_t i = 0; i < h.cellCount(); ++i) {
      if (g.onBorder(i) || g.outflows()[i].facet == 0) continue;
      g.weights(i, 1000.0f, share);  // past the spread: the drawn receiver's water
      for (int k = 0; k < 8; ++k)
        if (share[k] > 0.99f) {
          to[i] = k;
          EXPECT_LT(h.data()[size_t(int64_t(i) + g.offset(k))], h.data()[i]) << "cell " << i;
        }
      EXPECT_GE(to[i], 0) << "cell " << i << " sends its water nowhere in particular";
    }
    return to;
  };
  const std::vector<int> one = drawn(1, 7);
  EXPECT_EQ(one, drawn(3, 7));
  const std::vector<int> other = drawn(1, 8);
  size_t differ = 0;
  for (size_t i = 0; i < one.size(); ++i) differ += one[i] != other[i];
  EXPECT_GT(differ, one.size() / 20);  // another seed, other draws where a cell has a choice
}

// A hollow two cells across and 5 m deep in a plane tilted east: a puddle, breached along the shortest way
// out (only cut, nothing raised), unless lakes are to be filled to the brim.
TEST(DrainageGraph, APuddleIsBreachedWhereItIsUnlessLakesAreFilled) {
  const int n = 32;
  Heightmap plane(n, n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) plane.at(x, y) = 2.0f * float(x);
  plane.at(16, 16) = plane.at(17, 16) = 25.0f;  // 5 m below the sill west of it
  for (float fill : {0.7f, 1.0f}) {
    Heightmap h = plane;
    rivers::DrainageGraph graph(n, n, 1, 10.0f);
    const rivers::LakeReport lakes = graph.resolveLakes(h.data(), fill, 30.0f);
    EXPECT_EQ(pits(h), 0) << "lake fill " << fill;
    if (fill < 1.0f) {
      EXPECT_EQ(lakes.puddles, lakes.pits);
      EXPECT_EQ(lakes.cellsRaised, 0u);
      int changed = 0;
      for (size_t i = 0; i < h.cellCount(); ++i) {
        ASSERT_LE(h.data()[i], plane.data()[i]);
        changed += h.data()[i] != plane.data()[i];
      }
      EXPECT_GE(changed, 1);
      EXPECT_LE(changed, 5);  // a trench from the hollow west to the first cell below it (x = 12)
    } else {
      EXPECT_EQ(lakes.puddles, 0u);
      EXPECT_GE(lakes.cellsRaised, 2u);
    }
  }
}

// A flat valley floor 18 cells long in a high wall, whose way out is one float step lower (a big river's
// grade at fine cells); `rest` sets the valley past that cell.
Heightmap floorOneFloatStepAbove(const std::function<void(Heightmap&)>& rest) {
  Heightmap h(32, 17);
  for (int y = 0; y < 17; ++y)
    for (int x = 0; x < 32; ++x) h.at(x, y) = 1000.0f;
  for (int x = 2; x <= 20; ++x) h.at(x, 8) = 300.0f;
  h.at(21, 8) = std::nextafter(300.0f, 0.0f);
  rest(h);
  return h;
}

// One lakes pass at 7.5 m cells leaves no pit, for lakes carved, partly filled and filled.
void expectOnePassLeavesNoPit(const Heightmap& h, uint32_t pitsFound) {
  for (float fill : {0.0f, 0.7f, 1.0f}) {
    Heightmap carved = h;
    rivers::DrainageGraph graph(h.width(), h.height(), 1, 10.0f);
    EXPECT_GE(graph.resolveLakes(carved.data(), fill, 7.5f).pits, pitsFound);
    EXPECT_EQ(pits(carved), 0) << "lake fill " << fill;
  }
}

// A trench needs a height for each of its cells, so it goes on downhill past that first lower cell.
TEST(DrainageGraph, ATrenchWithNoRoomInFloatsGoesOnDownhill) {
  expectOnePassLeavesNoPit(floorOneFloatStepAbove([](Heightmap& h) {
                             for (int x = 22; x < 32; ++x) h.at(x, 8) = 300.0f - float(x - 21);
                           }),
                           1);
}

// Going on downhill it runs into another pit two float steps below the floor, before there is room: the
// trench must still end above where it stops (that pit goes deeper and is breached on its own), or its
// cells are left without a lower neighbour (at 4096², 7.5 m cells: 1,600 a step, some then filled as lakes).
TEST(DrainageGraph, ATrenchThatRunsIntoAnotherPitLeavesNoPit) {
  expectOnePassLeavesNoPit(floorOneFloatStepAbove([](Heightmap& h) {
                             h.at(22, 8) = std::nextafter(h.at(21, 8), 0.0f);  // the other pit
                             h.at(23, 8) = 300.5f;                             // its sill
                             for (int x = 24; x < 32; ++x) h.at(x, 8) = 300.0f - float(x - 23);
                           }),
                           2);
}

// Eight cells at a time (AVX2, where the CPU has it) give the bytes of four, for any start and end of the
// run of cells, on rough ground with ties.
TEST(Outflow, EightLanesGiveTheBytesOfFour) {
  const int w = 45, hgt = 5;
  std::vector<float> h(size_t(w) * hgt);
  for (size_t i = 0; i < h.size(); ++i) {
    DropletRandom r(11, i);
    h[i] = std::floor(r.uniform() * 20.0f) * 0.5f;  // coarse steps: many equal neighbours
  }
  for (size_t x0 : {size_t(1), size_t(2), size_t(7)})
    for (size_t x1 : {size_t(w - 1), size_t(w - 4), size_t(x0 + 1)}) {
      std::vector<rivers::Outflow> best(w), four(w);
      std::vector<uint8_t> higherBest(w), higherFour(w);
      rivers::outflowsOfRow(h.data(), w, 2, x0, x1, best.data(), higherBest.data());
      rivers::outflowsOfRow(h.data(), w, 2, x0, x1, four.data(), higherFour.data(),
                            rivers::OutflowLanes::kFour);
      for (size_t x = x0; x < x1; ++x) {
        ASSERT_EQ(std::memcmp(&best[x], &four[x], sizeof(rivers::Outflow)), 0)
            << x0 << ".." << x1 << " at " << x;
        ASSERT_EQ(higherBest[x], higherFour[x]) << x;
      }
    }
}

// Every interior cell once, each after all its higher interior neighbours (the cells that send it water),
// on a map with a plateau (equal heights send nothing) touching the border, where higher border cells
// send nothing either, and tall enough for several bands of the order (128 rows each).
TEST(DrainageGraph, OrderPutsEveryCellAfterTheCellsThatSendItWater) {
  const int n = 48, tall = 300;
  GeneratorSettings g;
  g.width = n;
  g.height = tall;
  g.seed = 5;
  g.relief = 0.065f * 30.0f * float(tall);
  Terrain t(generate(g));
  for (int y = 0; y < 10; ++y)
    for (int x = 0; x < 10; ++x) t.height.at(x, y) = 5000.0f;
  rivers::DrainageGraph graph(n, tall, 2, 10.0f);
  graph.resolveLakes(t.height.data(), 0.0f, 30.0f);
  graph.route(t.height.data());
  graph.accumulate(nullptr);
  const size_t unset = t.height.cellCount();
  std::vector<size_t> position(t.height.cellCount(), unset);
  const std::vector<uint32_t> order = graph.donorsFirstOrder();
  for (size_t o = 0; o < order.size(); ++o) {
    ASSERT_EQ(position[order[o]], unset) << "cell " << order[o] << " twice";
    position[order[o]] = o;
  }
  for (int y = 1; y < tall - 1; ++y)
    for (int x = 1; x < n - 1; ++x) {
      const size_t c = size_t(y) * n + size_t(x);
      ASSERT_NE(position[c], unset) << x << ", " << y;
      for (int k = 0; k < 8; ++k) {
        const int nx = x + rivers::kDx[k], ny = y + rivers::kDy[k];
        const size_t j = size_t(ny) * n + size_t(nx);
        if (position[j] != unset && t.height.at(nx, ny) > t.height.at(x, y)) {
          ASSERT_LT(position[j], position[c]);
        }
      }
    }
}

// A valley running down a map several bands tall (128 rows each), so its water crosses from band to band
// and back: all of it reaches the border, the valley floor carries its whole catchment, and every cell's
// area is the same to the bit on any thread count.
TEST(DrainageGraph, WaterCrossesTheBandsWholeAndTheSameOnAnyThreadCount) {
  const int w = 40, hgt = 420;
  Heightmap h(w, hgt);
  for (int y = 0; y < hgt; ++y)
    for (int x = 0; x < w; ++x) {
      DropletRandom r(5, uint64_t(y) * uint64_t(w) + uint64_t(x));
      // Falls south along a valley that wanders across the map, with a bit of noise.
      const float floor = 20.0f + 8.0f * std::sin(float(y) * 0.05f);
      h.at(x, y) = 2.0f * float(hgt - y) + 3.0f * std::abs(float(x) - floor) + 0.2f * r.uniform();
    }
  for (int x = 0; x < w; ++x) h.at(x, hgt - 1) = 0.0f;  // the outlet: the south border
  MapVector<float> first;
  for (int threads : {1, 2, 3}) {
    Heightmap filled = h;
    rivers::DrainageGraph graph(w, hgt, threads, 10.0f);
    graph.resolveLakes(filled.data(), 1.0f, 30.0f);
    graph.route(filled.data());
    graph.accumulate(nullptr);
    const MapVector<float>& area = graph.area();
    if (first.empty()) {
      first = area;
      double atBorder = 0;
      for (int y = 0; y < hgt; ++y)
        for (int x = 0; x < w; ++x)
          if (x == 0 || y == 0 || x == w - 1 || y == hgt - 1) atBorder += area[size_t(y) * w + size_t(x)];
      EXPECT_NEAR(atBorder, double(w) * hgt, 1e-3 * double(w) * hgt);
      float river = 0;
      for (int x = 1; x < w - 1; ++x) river = std::max(river, area[size_t(hgt - 2) * w + size_t(x)]);
      EXPECT_GT(river, 0.5f * float(w - 2) * float(hgt - 2));  // most of the map drains down the valley
    } else {
      EXPECT_EQ(std::memcmp(first.data(), area.data(), first.size() * sizeof(float)), 0) << threads;
    }
  }
}

}  // namespace
}  // namespace runnel
