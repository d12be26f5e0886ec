#include "core/generate/generators.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <queue>
#include <set>

#include "core/base/error.h"
#include "core/generate/noise.h"
#include "slope_agreement.h"

using namespace runnel;

namespace {

GeneratorSettings settings(GeneratorKind kind, int w, int h, uint64_t seed = 7) {
  GeneratorSettings s;
  s.kind = kind;
  s.width = w;
  s.height = h;
  s.seed = seed;
  return s;
}

const GeneratorKind kKinds[] = {GeneratorKind::Fbm, GeneratorKind::Ridged, GeneratorKind::Fault};

// Mean |h(x+1) - h(x)| inside the rows, and across the seam from the last column back to the first.
void seamAndInterior(const Heightmap& m, double& interior, double& seam) {
  interior = seam = 0;
  for (int y = 0; y < m.height(); ++y) {
    for (int x = 0; x + 1 < m.width(); ++x) interior += std::abs(m.at(x + 1, y) - m.at(x, y));
    seam += std::abs(m.at(0, y) - m.at(m.width() - 1, y));
  }
  interior /= double(m.height()) * (m.width() - 1);
  seam /= m.height();
}

Heightmap transposed(const Heightmap& m) {
  Heightmap t(m.height(), m.width());
  for (int y = 0; y < m.height(); ++y)
    for (int x = 0; x < m.width(); ++x) t.at(y, x) = m.at(x, y);
  return t;
}

}  // namespace

TEST(Generators, SameSeedGivesTheSameMapBitForBit) {
  for (GeneratorKind k : kKinds) {
    GeneratorSettings s = settings(k, 300, 170, 42);
    EXPECT_EQ(generate(s), generate(s)) << toString(k);
  }
}

TEST(Generators, DifferentSeedsDiffer) {
  for (GeneratorKind k : kKinds) {
    Heightmap a = generate(settings(k, 128, 128, 1)), b = generate(settings(k, 128, 128, 2));
    int same = 0;
    for (size_t i = 0; i < a.cellCount(); ++i) same += a.data()[i] == b.data()[i];
    EXPECT_LT(same, int(a.cellCount() / 10)) << toString(k);
  }
}

TEST(Generators, HeightsSpanExactlyTheRelief) {
  for (GeneratorKind k : kKinds) {
    GeneratorSettings s = settings(k, 200, 100);
    float lo, hi;
    // Default relief: 3000 m x E / (E + 60 km) for the larger side E, 200 cells of 30 m (6 km).
    generate(s).minMax(lo, hi);
    EXPECT_EQ(lo, 0.0f) << toString(k);
    EXPECT_NEAR(hi, 3000.0f * 6.0f / 66.0f, 1e-3f) << toString(k);
    s.cellSize = 7.5f;  // the same cells over a quarter of the extent
    generate(s).minMax(lo, hi);
    EXPECT_NEAR(hi, 3000.0f * 1.5f / 61.5f, 1e-3f) << toString(k);
    s.cellSize = 30.0f;
    s.relief = 3.5f;
    generate(s).minMax(lo, hi);
    EXPECT_EQ(lo, 0.0f) << toString(k);
    EXPECT_NEAR(hi, 3.5f, 1e-5f) << toString(k);
  }
}

// A wider map is a wider range, a little higher, never a wall: 123 km at 30 m cells was 7,987 m high.
TEST(Generators, DefaultReliefGrowsWithTheExtentAndIsBounded) {
  GeneratorSettings s = settings(GeneratorKind::Fbm, 512, 512);
  float previous = 0.0f;
  for (int side : {64, 512, 1024, 4096, 16384}) {
    s.width = s.height = side;
    const float relief = effectiveRelief(s);
    EXPECT_GT(relief, previous) << side;
    EXPECT_LT(relief, kMaxRelief) << side;
    previous = relief;
  }
  s.width = s.height = 1024;  // 30.7 km: a range of about 1,000 m, median slopes near 25 degrees eroded
  EXPECT_NEAR(effectiveRelief(s), 1015.0f, 1.0f);
  s.cellSize = 7.5f, s.width = s.height = 4096;  // the same extent, the same relief
  EXPECT_NEAR(effectiveRelief(s), 1015.0f, 1.0f);
  s.cellSize = 1000.0f, s.width = s.height = 16384;
  EXPECT_GT(effectiveRelief(s), 0.99f * kMaxRelief);
}

TEST(Generators, LargeThreadedMapsAreDeterministicAndFinite) {
  // Rows are split over threads here; each row depends on nothing else, so runs agree bit for bit.
  GeneratorSettings s = settings(GeneratorKind::Fbm, 1024, 1024);
  Heightmap m = generate(s);
  EXPECT_EQ(m.firstNonFinite(), -1);
  EXPECT_EQ(m, generate(s));
}

// A map of the same ground on finer cells, box-averaged down, is the coarser map: what the artist tunes at a
// preview size is what the full size builds on. Sampled at the cells' corners the two stood half a coarse
// cell apart (slopes r 0.92 at 512² against 4096²).
TEST(Generators, ASmallMapIsTheBigOneAveragedDown) {
  for (GeneratorKind k : {GeneratorKind::Fbm, GeneratorKind::Ridged}) {
    GeneratorSettings small = settings(k, 64, 64), big = settings(k, 512, 512);
    small.cellSize = 80.0f, big.cellSize = 10.0f;  // 5.12 km either way
    const Heightmap a = generate(small), b = generate(big);
    Heightmap averaged(64, 64);
    for (int y = 0; y < 64; ++y)
      for (int x = 0; x < 64; ++x) {
        double sum = 0.0;
        for (int dy = 0; dy < 8; ++dy)
          for (int dx = 0; dx < 8; ++dx) sum += b.at(8 * x + dx, 8 * y + dy);
        averaged.at(x, y) = float(sum / 64.0);
      }
    EXPECT_GT(runnel::testing::slopeAgreement(a, averaged), 0.97) << toString(k);
  }
}

TEST(Generators, TileableMapsContinueAcrossTheirEdges) {
  for (GeneratorKind k : kKinds) {
    for (auto [w, h] : {std::pair{256, 256}, std::pair{300, 170}}) {
      GeneratorSettings s = settings(k, w, h);
      s.tileable = true;
      Heightmap m = generate(s);
      double interior, seam;
      // Across the seam the map steps like anywhere inside it, in both directions.
      seamAndInterior(m, interior, seam);
      EXPECT_LT(seam, 2.0 * interior) << toString(k) << " " << w << "x" << h << " east-west";
      seamAndInterior(transposed(m), interior, seam);
      EXPECT_LT(seam, 2.0 * interior) << toString(k) << " " << w << "x" << h << " north-south";

      s.tileable = false;  // ...which a non-tileable map does not
      seamAndInterior(generate(s), interior, seam);
      EXPECT_GT(seam, 4.0 * interior) << toString(k) << " " << w << "x" << h << " not tileable";
    }
  }
}

TEST(Generators, PeriodicNoiseRepeatsExactlyAndRowsMatchPoints) {
  NoiseOctave o;
  o.periodX = 5;
  o.periodY = 3;
  o.stepX = 5.0 / 300;  // a 300 x 170 map holds exactly 5 x 3 lattice periods
  o.stepY = 3.0 / 170;
  o.offsetX = 1.25;
  o.offsetY = 0.5;
  o.seed = 99;
  for (int y = 0; y < 170; y += 13) {
    EXPECT_FLOAT_EQ(o.value(300, y), o.value(0, y));
    EXPECT_FLOAT_EQ(o.value(y, 170), o.value(y, 0));
  }
  NoiseRowSampler sampler(o, 300);
  std::vector<float> row(300);
  for (int y : {0, 1, 57, 169}) {
    sampler.sampleRow(y, row.data());
    for (int x = 0; x < 300; ++x) ASSERT_EQ(row[size_t(x)], o.value(x, y)) << x << "," << y;
  }
}

TEST(Generators, TheHeightCurveWidensTheLowlandsAndKeepsTheRelief) {
  GeneratorSettings s = settings(GeneratorKind::Fbm, 256, 256);
  s.rise = 0.0f;  // the curve alone: the rise inland would reorder heights across the map
  s.exponent = 1.0f;
  const Heightmap plain = generate(s);
  s.exponent = 1.5f;
  const Heightmap curved = generate(s);
  auto meanShare = [](const Heightmap& h) {
    float lo, hi;
    h.minMax(lo, hi);
    return (h.sum() / double(h.cellCount()) - lo) / (hi - lo);  // the hypsometric integral
  };
  float lo0, hi0, lo1, hi1;
  plain.minMax(lo0, hi0);
  curved.minMax(lo1, hi1);
  EXPECT_EQ(lo1, lo0);
  EXPECT_NEAR(hi1, hi0, 1e-3f);
  EXPECT_LT(meanShare(curved), meanShare(plain) - 0.08);  // more low ground
  // The same order of heights: a monotone curve moves no hilltop and no valley.
  for (size_t i = 1; i < plain.cellCount(); i += 97)
    ASSERT_EQ(plain.data()[i] < plain.data()[i - 1], curved.data()[i] < curved.data()[i - 1]) << i;
}

// The volume of the map's closed basins: water standing in them up to their spill points, in metres times
// cells (a priority flood from the border).
double closedBasinVolume(const Heightmap& h) {
  const int w = h.width(), hgt = h.height();
  std::vector<float> level(h.data(), h.data() + h.cellCount());
  std::vector<uint8_t> seen(h.cellCount(), 0);
  using Cell = std::pair<float, int>;
  std::priority_queue<Cell, std::vector<Cell>, std::greater<Cell>> open;
  for (int y = 0; y < hgt; ++y)
    for (int x = 0; x < w; ++x)
      if (x == 0 || y == 0 || x == w - 1 || y == hgt - 1) {
        seen[size_t(y * w + x)] = 1;
        open.push({level[size_t(y * w + x)], y * w + x});
      }
  double volume = 0;
  while (!open.empty()) {
    const auto [surface, i] = open.top();
    open.pop();
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int x = i % w + dx, y = i / w + dy;
        if (x < 0 || y < 0 || x >= w || y >= hgt || seen[size_t(y * w + x)]) continue;
        const size_t j = size_t(y * w + x);
        seen[j] = 1;
        volume += std::max(0.0f, surface - level[j]);
        level[j] = std::max(level[j], surface);
        open.push({level[j], int(j)});
      }
  }
  return volume;
}

// The rise inland lifts the middle of the map above its edges, and opens the noise's closed basins to the
// border (the rivers model's base level), with the relief as it was.
TEST(Generators, TheLandRisesFromTheEdgesSoItDrainsOut) {
  for (uint64_t seed : {5, 21}) {
    GeneratorSettings s = settings(GeneratorKind::Fbm, 256, 256, seed);
    s.rise = 0.0f;
    const Heightmap plain = generate(s);
    s.rise = -1.0f;  // the default
    EXPECT_EQ(effectiveRise(s), kDefaultRise);
    const Heightmap risen = generate(s);
    float lo, hi;
    risen.minMax(lo, hi);
    EXPECT_EQ(lo, 0.0f);
    EXPECT_EQ(hi, effectiveRelief(s));
    auto edgeAndMiddle = [](const Heightmap& h, double& edge, double& middle) {
      edge = middle = 0;
      int edges = 0, middles = 0;
      for (int y = 0; y < h.height(); ++y)
        for (int x = 0; x < h.width(); ++x) {
          const int fromEdge = std::min({x, y, h.width() - 1 - x, h.height() - 1 - y});
          if (fromEdge < 2) edge += h.at(x, y), ++edges;
          if (fromEdge >= 77) middle += h.at(x, y), ++middles;  // past the rise's reach (0.3 of 256)
        }
      edge /= edges, middle /= middles;
    };
    double edge0, middle0, edge1, middle1;
    edgeAndMiddle(plain, edge0, middle0);
    edgeAndMiddle(risen, edge1, middle1);
    EXPECT_GT((middle1 - edge1) - (middle0 - edge0), 0.15 * double(hi)) << "seed " << seed;
    EXPECT_LT(closedBasinVolume(risen), 0.5 * closedBasinVolume(plain)) << "seed " << seed;
  }
  // Tileable maps keep their edges alike unless a rise is asked for.
  GeneratorSettings t = settings(GeneratorKind::Fbm, 64, 64);
  t.tileable = true;
  EXPECT_EQ(effectiveRise(t), 0.0f);
  t.rise = 0.5f;
  EXPECT_EQ(effectiveRise(t), 0.5f);
}

// The rise is measured from the smaller side: on a long narrow map the land is fully risen 0.3 of its width
// in from the edges all along, not only in the middle of its length. Smooth and symmetric, 0 at the edges.
TEST(Generators, TheRiseReachesInlandByAShareOfTheSmallerSide) {
  EXPECT_LT(riseAt(0, 32, 256, 64), 0.01f);
  EXPECT_EQ(riseAt(20, 32, 256, 64), 1.0f);  // 20.5 cells in from the short edge, past 0.3 of 64
  EXPECT_EQ(riseAt(128, 20, 256, 64), 1.0f);
  EXPECT_LT(riseAt(128, 5, 256, 64), 0.4f);
  EXPECT_EQ(riseAt(3, 32, 256, 64), riseAt(252, 32, 256, 64));
  EXPECT_EQ(riseAt(128, 3, 256, 64), riseAt(128, 60, 256, 64));
  float last = -1.0f;
  for (int x = 0; x < 20; ++x) {
    EXPECT_GT(riseAt(x, 32, 256, 64), last);
    last = riseAt(x, 32, 256, 64);
  }
}

TEST(Generators, FaultFormationMakesSteps) {
  GeneratorSettings s = settings(GeneratorKind::Fault, 64, 64);
  s.faults = 1;   // one sharp fault: two plateaus, nothing between
  s.rise = 0.0f;  // (no rise inland between them)
  Heightmap one = generate(s);
  std::set<float> values(one.data(), one.data() + one.cellCount());
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(*values.begin(), 0.0f);

  // Ten sharp faults: plateaus, one per region of the ten lines' arrangement (at most 1 + 10 + 45), and
  // each row changes height only where it crosses a fault (at most ten times).
  s.faults = 10;
  s.width = s.height = 128;
  Heightmap many = generate(s);
  std::set<float> plateaus(many.data(), many.data() + many.cellCount());
  EXPECT_LE(plateaus.size(), 56u);
  EXPECT_GE(plateaus.size(), 5u);
  for (int y = 0; y < 128; ++y) {
    int changes = 0;
    for (int x = 0; x + 1 < 128; ++x) changes += many.at(x + 1, y) != many.at(x, y);
    EXPECT_LE(changes, 10) << "row " << y;
  }

  // A falloff turns each step into a ramp: more distinct heights and smaller neighbour differences.
  s.faults = 1;
  s.width = s.height = 64;
  s.falloff = 0.1f;  // over about 10 cells
  Heightmap soft = generate(s);
  std::set<float> softValues(soft.data(), soft.data() + soft.cellCount());
  EXPECT_GT(softValues.size(), 10u);
  float maxStep = 0;
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x + 1 < 64; ++x) maxStep = std::max(maxStep, std::abs(soft.at(x + 1, y) - soft.at(x, y)));
  EXPECT_LT(maxStep, 0.25f * effectiveRelief(s));
}

TEST(Generators, BadSettingsNameTheSetting) {
  auto expectError = [](GeneratorSettings s, const std::string& name) {
    try {
      generate(s);
      ADD_FAILURE() << "no error for " << name;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
    }
  };
  GeneratorSettings s;
  auto with = [&](auto change) {
    GeneratorSettings c = s;
    change(c);
    return c;
  };
  expectError(with([](auto& c) { c.width = 1; }), "size");
  expectError(with([](auto& c) { c.exponent = 0.0f; }), "exponent");
  expectError(with([](auto& c) { c.exponent = NAN; }), "exponent");
  expectError(with([](auto& c) { c.rise = 5.0f; }), "rise");
  expectError(with([](auto& c) { c.rise = NAN; }), "rise");
  expectError(with([](auto& c) { c.cellSize = 0.0f; }), "cell size");
  expectError(with([](auto& c) { c.cellSize = INFINITY; }), "cell size");
  expectError(with([](auto& c) { c.height = 20000; }), "size");
  expectError(with([](auto& c) { c.relief = 0; }), "relief");
  expectError(with([](auto& c) { c.relief = NAN; }), "relief");
  expectError(with([](auto& c) { c.relief = INFINITY; }), "relief");
  expectError(with([](auto& c) { c.octaves = 0; }), "octaves");
  expectError(with([](auto& c) { c.octaves = 17; }), "octaves");
  expectError(with([](auto& c) { c.scale = 0; }), "scale");
  expectError(with([](auto& c) { c.lacunarity = NAN; }), "lacunarity");
  expectError(with([](auto& c) { c.gain = -0.5f; }), "gain");
  expectError(with([](auto& c) { c.faults = 0; }), "faults");
  expectError(with([](auto& c) { c.falloff = -1; }), "falloff");
  EXPECT_THROW(generatorKindFromString("perlin"), Error);
  EXPECT_EQ(generatorKindFromString("ridged"), GeneratorKind::Ridged);
}

TEST(Generators, TinyAndOddMapsWork) {
  for (GeneratorKind k : kKinds)
    for (auto [w, h] : {std::pair{2, 2}, std::pair{3, 1000}, std::pair{1000, 2}}) {
      GeneratorSettings s = settings(k, w, h);
      s.tileable = (w == 3);
      Heightmap m = generate(s);
      EXPECT_EQ(m.width(), w);
      EXPECT_EQ(m.firstNonFinite(), -1);
    }
}
