// The rivers model and its drainage graph: lakes drain, water is conserved on its way to the border, rivers
// cut where water gathers, rain decides where, uplift keeps the artist's shape, and the result is the same
// on any thread count and any split into runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <numbers>

#include "core/base/error.h"
#include "core/generate/generators.h"
#include "core/models/rivers/discharge.h"
#include "core/models/rivers/drain_terrain.h"
#include "core/models/rivers/drainage_graph.h"
#include "core/models/rivers/hillslope_diffusion.h"
#include "core/models/rivers/outflow.h"
#include "core/models/rivers/rivers_model.h"
#include "core/models/rivers/stream_power.h"
#include "core/rain/rain_map.h"
#include "model_test_terrains.h"

namespace runnel {
namespace {

// A bumpy fBm landscape in metres: 2 km of relief on 64 cells of 30 m, full of closed hollows.
Terrain landscape(int n = 64, uint64_t seed = 3) {
  GeneratorSettings g;
  g.width = g.height = n;
  g.seed = seed;
  g.relief = 0.065f * 30.0f * float(n);
  return Terrain(generate(g));
}

using testing::pits;

Terrain runRivers(Terrain t, const RiversParams& p, uint64_t steps, int threads = 0,
                  const RainMap* rain = nullptr) {
  RiversModel model(p, 30.0f, threads);
  ErosionStats stats;
  model.run(t, rain, 0, steps, stats);
  return t;
}

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
  Terrain t = landscape();
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
  Terrain t = landscape();
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
  const Terrain t = landscape(96, 4);
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

// Ground cut back to the steepest slope that stands makes a round cone about a low outlet, not an octagon:
// the limit is measured along the facets between neighbours too (limited along the eight grid directions
// alone, ground 22.5 degrees off the axes stood 8% too high, and the cone's flat faces drew grid marks).
TEST(StreamPower, GroundCutBackToTheSteepestSlopeFormsARoundCone) {
  const int n = 64;
  Heightmap h(n, n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) h.at(x, y) = 1000.0f + 0.001f * std::hypot(float(x - 32), float(y));
  h.at(32, 0) = 0.0f;  // the outlet, on the border
  rivers::DrainageGraph graph(n, n, 1, 1.0f);
  graph.route(h.data());
  graph.accumulate(nullptr);
  const MapVector<float> cut(h.cellCount(), 0.0f);  // nothing cuts: only the slope limit acts
  Heightmap after = h;
  rivers::incise(graph, cut, after.data(), {0.0f, 0.45f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f});
  double worst = 0;
  for (int y = 1; y < n - 1; ++y)
    for (int x = 1; x < n - 1; ++x) {
      const double r = std::hypot(double(x - 32), double(y));
      if (r < 15 || r > 25) continue;
      worst = std::max(worst, std::abs(double(after.at(x, y)) - r) / r);
    }
  EXPECT_LT(worst, 0.03);
}

// The slope exponent n is the solver's own: with the same cutting depth a slope under 1 (rise per metre) cuts
// less at n = 2 than at n = 1 (S² < S), and a slope over 1 cuts more. (A solver that ignored n gave n = 1's
// bytes for --slope-exponent 2 and no test saw it.)
TEST(StreamPower, TheSlopeExponentCutsGentleSlopesLessAndSteepOnesMore) {
  for (const float rise : {0.2f, 3.0f}) {
    const int n = 24;
    Heightmap h(n, n);
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) h.at(x, y) = rise * float(n - 1 - x);  // falling to the east border
    rivers::DrainageGraph graph(n, n, 1, 1.0f);
    graph.route(h.data());
    graph.accumulate(nullptr);
    const MapVector<float> cut(h.cellCount(), 0.5f);
    Heightmap linear = h, squared = h;
    rivers::incise(graph, cut, linear.data(), {0.0f, 0.5f, 1.0f, 0.0f, 1.0f, 1.0f, 1000.0f});
    rivers::incise(graph, cut, squared.data(), {0.0f, 0.5f, 2.0f, 0.0f, 1.0f, 1.0f, 1000.0f});
    int less = 0, more = 0;
    for (int y = 1; y < n - 1; ++y)
      for (int x = 1; x < n - 1; ++x) {
        ASSERT_TRUE(std::isfinite(squared.at(x, y)));
        ASSERT_LE(squared.at(x, y), h.at(x, y) + 1e-4f);  // cutting never raises
        const float cutLinear = h.at(x, y) - linear.at(x, y), cutSquared = h.at(x, y) - squared.at(x, y);
        less += cutSquared < cutLinear - 1e-4f;
        more += cutSquared > cutLinear + 1e-4f;
      }
    if (rise < 1.0f) {
      EXPECT_GT(less, 100) << "a gentle slope at n = 2";
      EXPECT_EQ(more, 0) << "a gentle slope at n = 2";
    } else {
      EXPECT_GT(more, 100) << "a steep slope at n = 2";
      EXPECT_EQ(less, 0) << "a steep slope at n = 2";
    }
  }
}

// Creep's substeps, two a sweep through memory, give the bytes of one substep at a time (written out
// here: the nine-point stencil, rates capped at substeps x 0.25, border kept), for an even and an odd
// number of substeps, on one thread and on three.
TEST(Creep, TwoSubstepsASweepGiveTheBytesOfOneAtATime) {
  const int w = 37, hgt = 23;
  std::vector<float> start(size_t(w) * hgt), rate(start.size());
  for (size_t i = 0; i < start.size(); ++i) {
    DropletRandom r(5, i);
    start[i] = 100.0f * r.uniform();
    rate[i] = i % 7 == 0 ? 0.0f : r.uniform();
  }
  for (const float fastest : {1.0f, 0.75f}) {  // 4 substeps, 3 substeps
    rate[40] = fastest;
    for (float& v : rate) v = std::min(v, fastest);
    const int substeps = int(std::ceil(fastest / 0.25f));
    const float cap = float(substeps) * 0.25f, share = 1.0f / (6.0f * float(substeps));
    std::vector<float> expected = start, next = start;
    for (int s = 0; s < substeps; ++s) {
      for (int y = 1; y < hgt - 1; ++y)
        for (int x = 1; x < w - 1; ++x) {
          auto at = [&](int dx, int dy) { return expected[size_t(y + dy) * w + size_t(x + dx)]; };
          const float lap = 4.0f * ((at(0, -1) + at(0, 1)) + (at(-1, 0) + at(1, 0))) +
                            ((at(-1, -1) + at(1, -1)) + (at(-1, 1) + at(1, 1))) - 20.0f * at(0, 0);
          const float r = rate[size_t(y) * w + size_t(x)];
          next[size_t(y) * w + size_t(x)] = r > 0.0f ? at(0, 0) + std::min(r, cap) * share * lap : at(0, 0);
        }
      expected = next;
    }
    for (const int threads : {1, 3}) {
      std::vector<float> h = start;
      MapVector<float> scratch;
      rivers::diffuse(h.data(), rate.data(), w, hgt, threads, scratch);
      EXPECT_EQ(0, std::memcmp(h.data(), expected.data(), h.size() * sizeof(float)))
          << substeps << " substeps on " << threads << " threads";
    }
  }
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

TEST(RiversModel, BigRiversFlattenTheirBedsIntoAConcaveProfile) {
  // A plane falling 10% towards the east border: the water of every row gathers downhill. Cutting by
  // K A^m S makes the slope fall as the drainage area grows: the profile turns concave.
  Terrain start = testing::tiltedPlane(64, 0.1f * 30.0f, 0.5f);
  RiversParams p;
  p.erodibility = 4e-5f;  // soft rock: a clear profile in 5 steps
  p.uplift = 0.0f;
  p.diffusion = 0.0f;
  p.channelHead = 0.0f;
  const Terrain end = runRivers(start, p, 5);
  double dropUpper = 0, dropLower = 0;  // fall per cell in the upper (west) and lower (east) thirds
  for (int y = 1; y < 63; ++y)
    for (int x = 1; x < 62; ++x) {
      ASSERT_LE(end.height.at(x, y), start.height.at(x, y) + 1e-3f);  // no uplift, no creep: nothing rises
      const double fall = double(end.height.at(x, y)) - double(end.height.at(x + 1, y));
      if (x < 20) dropUpper += fall;
      if (x > 42) dropLower += fall;
    }
  EXPECT_GT(dropLower, 0.0);
  EXPECT_LT(dropLower, 0.7 * dropUpper);
  EXPECT_LT(testing::recordMismatch(start.height, end), 1e-3f);  // the record says what the heights say
}

TEST(RiversModel, TheResultDrainsEverywhere) {
  RiversParams p;
  for (float fill : {0.0f, 1.0f}) {
    p.lakeFill = fill;
    const Terrain end = runRivers(landscape(), p, 4);
    EXPECT_EQ(pits(end.height), 0) << "lake fill " << fill;
    EXPECT_LT(end.height.firstNonFinite(), 0);
  }
}

TEST(RiversModel, PaintedRainMakesTheRivers) {
  // Rain on the west half only, against a run with no rain at all (where only the lakes' outlets are
  // cut): the west is cut, and so is every cell its water reaches, but a cell with no rain upstream of it
  // or of the cells around it its bed reaches (rivers cut a bed a few cells wide) is not touched.
  const Terrain start = landscape(64, 9);
  RainMap dry(64, 64, 0.0f), west(64, 64, 0.0f);
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 32; ++x) west.setDensity(x, y, 1.0f);
  RiversParams p;
  p.erodibility = 4e-5f;
  p.uplift = 0.0f;
  p.diffusion = 0.0f;
  p.maxSlope = 89.0f;
  Terrain rained = start, none = start;
  RiversModel wet(p, 30.0f), dryModel(p, 30.0f);
  ErosionStats stats;
  wet.run(rained, &west, 0, 1, stats);
  dryModel.run(none, &dry, 0, 1, stats);
  double cutWest = 0;
  int untouched = 0;
  const int reach = RiversModel::bedReachCells(30.0f);
  ASSERT_GE(reach, 1);
  for (int y = 1; y < 63; ++y)
    for (int x = 1; x < 63; ++x) {
      const double cut = double(none.height.at(x, y)) - double(rained.height.at(x, y));
      if (x < 32) cutWest += cut;
      float water = 0.0f;
      for (int dy = -reach; dy <= reach; ++dy)
        for (int dx = -reach; dx <= reach; ++dx) {
          const int wx = std::clamp(x + dx, 0, 63), wy = std::clamp(y + dy, 0, 63);
          water += wet.drainageCells()[size_t(wy) * 64 + size_t(wx)];
        }
      if (water == 0.0f) {
        ASSERT_EQ(cut, 0.0) << x << "," << y;
        ++untouched;
      }
    }
  EXPECT_GT(cutWest, 100.0);
  EXPECT_GT(untouched, 500);  // most of the east half
}

// Nothing but uplift: 1 m a step at the top.
RiversParams upliftOnly() {
  RiversParams p;
  p.erodibility = 0.0f;
  p.diffusion = 0.0f;
  p.maxSlope = 89.0f;
  p.uplift = 1.0f;
  p.keepShape = 1.0f;
  p.timeStep = 1000.0f;
  return p;
}

TEST(RiversModel, UpliftFollowsTheInputWhenKeepingItsShape) {
  Terrain start = testing::cone(64, 1000.0f);
  const Terrain end = runRivers(start, upliftOnly(), 2);
  // The top rises nearly fully (the pattern is blurred over ~120 m so that bumps are not kept as pits), the
  // foot barely, the base level not at all.
  const float top = end.height.at(32, 32) - start.height.at(32, 32);
  EXPECT_GT(top, 1.6f);
  EXPECT_LE(top, 2.0f);
  EXPECT_LT(end.height.at(4, 32) - start.height.at(4, 32), 0.4f);
  EXPECT_EQ(end.height.at(0, 32), start.height.at(0, 32));
}

// At 7.5 m cells the uplift pattern is worked out on 30 m cells and spread back: the same cone over the
// same ground is lifted alike at both resolutions (the top and the foot), and smoothly in between. (A step
// at 7.5 m runs on the build's coarsest level, so the pattern is compared as the model holds it for the
// map's own cells.)
TEST(RiversModel, TheUpliftPatternIsTheSameAtFinerCells) {
  auto share = [&](int n, float cellSize) {
    Terrain t = testing::cone(n, 1000.0f);
    RiversModel model(upliftOnly(), cellSize, 2);
    ErosionStats stats;
    model.run(t, nullptr, 0, 1, stats);
    Heightmap out(n, n);
    std::copy(model.upliftShare().begin(), model.upliftShare().end(), out.data());
    return out;
  };
  const Heightmap coarse = share(64, 30.0f), fine = share(256, 7.5f);
  // Cell (x, y) at 30 m covers cells 4x .. 4x + 3 at 7.5 m; compare the centre of each.
  for (int x : {8, 16, 24, 32})
    EXPECT_NEAR(fine.at(4 * x + 2, 4 * 32 + 2), coarse.at(x, 32), 0.03f) << "at x " << x;
  float steepest = 0.0f;  // spread smoothly: no step between neighbouring fine cells
  for (int x = 9; x < 247; ++x)
    steepest = std::max(steepest, std::abs(fine.at(x + 1, 128) - fine.at(x, 128)));
  EXPECT_LT(steepest, 0.02f);
}

// Tall enough for several bands of the drainage order (128 rows each): water crosses from band to band.
TEST(RiversModelThreaded, SameTerrainForAnyThreadCountAndAnySplit) {
  const Terrain start = landscape(300, 4);
  RiversParams p;
  p.lakeFill = 0.3f;
  const Terrain one = runRivers(start, p, 4, 1);
  const Terrain two = runRivers(start, p, 4, 2);
  const Terrain three = runRivers(start, p, 4, 3);
  EXPECT_EQ(one.height, two.height);
  EXPECT_EQ(one.height, three.height);
  Terrain split = start;
  RiversModel model(p, 30.0f, 2);
  ErosionStats stats;
  model.run(split, nullptr, 0, 1, stats);
  model.run(split, nullptr, 1, 3, stats);
  EXPECT_EQ(one.height, split.height);
  EXPECT_EQ(stats.droplets, 4u);
}

TEST(FlowMap, DischargeGrowsDownhillAndFollowsTheRain) {
  // A plane falling towards the east border: each row's water gathers eastwards.
  const Terrain plane = testing::tiltedPlane(48, 3.0f, 0.5f);
  const Heightmap flow = dischargeLog10(plane.height, nullptr, 30.0f);
  double west = 0, east = 0;
  for (int y = 1; y < 47; ++y) {
    west += flow.at(2, y);
    east += flow.at(45, y);
    for (int x = 0; x < 48; ++x) ASSERT_GE(flow.at(x, y), std::log10(900.0f) - 1e-4f);  // its own rain
  }
  EXPECT_GT(east, west + 46.0);  // ten times the discharge and more, row by row on average
  // No rain anywhere upstream: no discharge.
  RainMap dry(48, 48, 0.0f);
  const Heightmap none = dischargeLog10(plane.height, &dry, 30.0f);
  float lo, hi;
  none.minMax(lo, hi);
  EXPECT_EQ(hi, 0.0f);
  EXPECT_THROW(dischargeLog10(plane.height, nullptr, -1.0f), Error);
  RainMap wrong(10, 10);
  EXPECT_THROW(dischargeLog10(plane.height, &wrong, 30.0f), Error);
}

TEST(FlowMap, WetnessIsHighOnGentleValleyFloorsAndLowOnSteepRidges) {
  // A V valley running south to the border: steep sides, a gentle floor gathering the water of both.
  const int n = 64;
  Heightmap v(n, n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) v.at(x, y) = 20.0f * float(std::abs(x - n / 2)) + 0.5f * float(n - 1 - y);
  const Heightmap wet = wetnessIndex(v, nullptr, 10.0f);
  // Down the floor it grows as the water gathers; on a side, near the ridge, it is far lower.
  EXPECT_GT(wet.at(n / 2, n - 4), wet.at(n / 2, 8));
  EXPECT_GT(wet.at(n / 2, n - 4), wet.at(4, n - 4) + 5.0f);
  // A flat stays finite (its slope counted as 0.1%).
  const Heightmap flat(16, 16, 100.0f);
  const Heightmap flatWet = wetnessIndex(flat, nullptr, 10.0f);
  EXPECT_LT(flatWet.firstNonFinite(), 0);
  EXPECT_THROW(wetnessIndex(v, nullptr, 0.0f), Error);
}

TEST(RiversModel, RefusesABadCellSizeAndBadParameters) {
  EXPECT_THROW(RiversModel(RiversParams{}, 0.0f), Error);
  EXPECT_THROW(RiversModel(RiversParams{}, std::nanf("")), Error);
  RiversParams p;
  p.concavity = NAN;
  EXPECT_THROW(RiversModel(p, 30.0f), Error);
  p = RiversParams{};
  p.timeStep = -1.0f;
  EXPECT_THROW(RiversModel(p, 30.0f), Error);
}

// A map of subnormal heights is a flat map, not an error; heights past any land's are refused by name
// before a step (they overflowed the steps' sums: "the model produced a non-finite height").
TEST(RiversModel, TakesSubnormalHeightsAndRefusesAbsurdOnes) {
  Heightmap tiny(64, 64), huge(64, 64);
  for (size_t i = 0; i < tiny.cellCount(); ++i) {
    tiny.data()[i] = float(i % 97) * 2e-44f;
    huge.data()[i] = (i % 2 ? 3.4e38f : -3.4e38f) * float(i % 7) / 6.0f;
  }
  Terrain t(tiny);
  RiversModel model(RiversParams{}, 30.0f, 1);
  ErosionStats stats;
  model.run(t, nullptr, 0, 3, stats);
  EXPECT_EQ(t.height.firstNonFinite(), -1);
  Terrain bad(huge);
  const Heightmap before = bad.height;
  RiversModel other(RiversParams{}, 30.0f, 1);
  try {
    other.run(bad, nullptr, 0, 3, stats);
    ADD_FAILURE() << "absurd heights were taken";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("heights"), std::string::npos) << e.what();
  }
  EXPECT_EQ(bad.height, before);
}

// maxSlope is a wall's angle over 30 m: over finer cells the wall stands a little steeper, over coarser
// ones gentler (45 degrees: 50 over 7.5 m, 42.5 over 60 m), never past vertical.
TEST(RiversModel, AWallStandsSteeperOverFinerCells) {
  auto degreesOver = [](float maxSlope, float cellSize) {
    const double rad = std::numbers::pi / 180.0;
    return std::atan(std::tan(maxSlope * rad) * RiversModel::criticalGradeScale(cellSize)) / rad;
  };
  EXPECT_NEAR(degreesOver(45.0f, 30.0f), 45.0, 1e-9);
  EXPECT_NEAR(degreesOver(45.0f, 7.5f), 50.0, 0.5);
  EXPECT_NEAR(degreesOver(45.0f, 60.0f), 42.5, 0.5);
  double last = 0.0;
  for (float cell : {120.0f, 60.0f, 30.0f, 15.0f, 7.5f, 3.75f, 1.0f, 0.1f}) {
    const double d = degreesOver(45.0f, cell);
    EXPECT_GT(d, last) << cell << " m";
    EXPECT_LT(d, 90.0) << cell << " m";
    last = d;
  }
}

// The coarse-to-fine build: halved while cells stay within 60 m and sides at least 64 cells; the coarsest
// level runs the age, each finer one its detail steps.
TEST(RiversModel, ABuildHalvesTheMapDownToCoarseCells) {
  const RiversModel at30(RiversParams{}, 30.0f), at7(RiversParams{}, 7.5f), at60(RiversParams{}, 60.0f);
  const auto l30 = at30.levels(1024, 1024);
  ASSERT_EQ(l30.size(), 2u);
  EXPECT_EQ(l30[0].width, 512);
  EXPECT_FLOAT_EQ(l30[0].cellSize, 60.0f);
  EXPECT_EQ(l30[1].width, 1024);
  EXPECT_EQ(at7.levels(4096, 4096).size(), 4u);
  EXPECT_EQ(at7.levels(4096, 4096).front().width, 512);
  EXPECT_EQ(at60.levels(1024, 1024).size(), 1u);       // already coarse
  EXPECT_EQ(at7.levels(96, 96).size(), 1u);            // too small to halve
  EXPECT_EQ(at7.levels(257, 130).front().width, 129);  // odd sides round up
  const RiversParams p;
  const uint64_t coarse = uint64_t(p.age / p.timeStep), detail = uint64_t(p.detailSteps);
  EXPECT_EQ(at30.plannedUnits(1024, 1024), coarse + detail);
  EXPECT_EQ(at7.plannedUnits(4096, 4096), coarse + 3 * detail);
  EXPECT_EQ(at30.levelOfUnit(coarse - 1, 2), 0);
  EXPECT_EQ(at30.levelOfUnit(coarse, 2), 1);
  EXPECT_EQ(at30.levelOfUnit(coarse + 100, 2), 1);  // past the plan: steps at the map's own size
}

// A whole build over three levels: every cell drains, it comes out the same on any thread count and however
// it is split into calls, and it cut valleys at the map's own scale (the finest level changed the doubled
// coarse map, which a plain doubling would have left smooth between coarse cells).
TEST(RiversModel, ABuildDrainsAndIsTheSameHoweverItIsRun) {
  RiversParams p;
  p.age = 100000.0f;  // 5 coarse steps: a short build
  p.detailSteps = 2.0f;
  const Terrain start = landscape(256, 5);
  RiversModel one(p, 15.0f, 1);
  ASSERT_EQ(one.levels(256, 256).size(), 3u);
  const uint64_t units = one.plannedUnits(256, 256);
  Terrain whole = start;
  ErosionStats stats;
  one.run(whole, nullptr, 0, units, stats);
  EXPECT_EQ(pits(whole.height), 0);
  EXPECT_EQ(whole.height.firstNonFinite(), -1);
  RiversModel two(p, 15.0f, 2);
  Terrain split = start;
  for (uint64_t u = 0; u < units; u += 3) two.run(split, nullptr, u, std::min<uint64_t>(3, units - u), stats);
  EXPECT_EQ(split.height, whole.height);

  // Stopped before the finest level, the map shows the level below doubled up; the finest level's steps
  // then cut its own valleys into it.
  RiversModel part(p, 15.0f, 1);
  Terrain coarse = start;
  part.run(coarse, nullptr, 0, units - 2, stats);
  double moved = 0;
  for (size_t i = 0; i < coarse.height.cellCount(); ++i)
    moved += std::abs(double(whole.height.data()[i]) - double(coarse.height.data()[i]));
  EXPECT_GT(moved / double(coarse.height.cellCount()), 0.5);  // metres on average
}

// A run of no steps on a map built in levels leaves the map as it is (there is no level to show yet).
TEST(RiversModel, NoStepsChangeNothing) {
  Terrain t = landscape(256, 5);
  const Heightmap before = t.height;
  RiversModel model(RiversParams{}, 15.0f, 1);
  ErosionStats stats;
  model.run(t, nullptr, 0, 0, stats);
  EXPECT_EQ(t.height, before);
}

// Uplift is rock rising, not sediment: a run that only lifts leaves the eroded and deposited maps empty.
TEST(RiversModel, UpliftIsNeitherErosionNorDeposit) {
  Terrain t = testing::cone(64, 1000.0f);
  RiversParams p = upliftOnly();
  RiversModel model(p, 30.0f, 1);
  ErosionStats stats;
  model.run(t, nullptr, 0, 3, stats);
  float most = 0.0f;
  for (size_t i = 0; i < t.height.cellCount(); ++i)
    most = std::max({most, t.eroded.data()[i], t.deposited.data()[i]});
  EXPECT_LT(most, 1e-3f);
  EXPECT_LT(stats.deposited, 1.0);
}

// No frame round the map: the uplift fades out towards the base level and the border follows the land
// inside down. On the default range's 30.7 km (one level of 60 m cells), the outer two cells stand within
// 2% of the relief of the ring ten cells in, with no step from the border to the next ring (before: -3.2%,
// the border 52 m below the ring beside it, 4.5% of the relief).
TEST(RiversModel, ABuildLeavesNoFrameAtTheBorder) {
  GeneratorSettings g;
  g.width = g.height = 512;
  g.cellSize = 60.0f;
  g.seed = 7;
  Terrain t(generate(g));
  RiversModel model(RiversParams{}, 60.0f, 2);
  ASSERT_EQ(model.levels(512, 512).size(), 1u);
  ErosionStats stats;
  model.run(t, nullptr, 0, model.plannedUnits(512, 512), stats);
  const Heightmap& h = t.height;
  auto ring = [&](int k) {  // the mean height k cells in from the border
    double sum = 0;
    int count = 0;
    for (int y = k; y < 512 - k; ++y)
      for (int x = k; x < 512 - k; ++x)
        if (std::min({x, y, 511 - x, 511 - y}) == k) sum += h.at(x, y), ++count;
    return sum / count;
  };
  float lo, hi;
  h.minMax(lo, hi);
  EXPECT_LT(std::abs((ring(0) + ring(1)) / 2 - ring(10)), 0.02 * (hi - lo));
  EXPECT_LT(std::abs(ring(0) - ring(1)), 0.01 * (hi - lo));
}

}  // namespace
}  // namespace runnel
