// Rain patterns a preset carries: the text reads back, bad text says what is wrong and where, a gradient is
// wet on the side it names, and a wind rains on the slopes it climbs, leaves the lee dry and a second range
// in the first one's shadow, the same at any resolution.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "core/base/error.h"
#include "core/rain/rain_pattern.h"

namespace {

using namespace runnel;

// Ridges running north-south, each a bump of `relief` metres, at the given eastings (share of the width).
Heightmap ridges(int n, std::initializer_list<double> at, float relief = 1500.0f) {
  Heightmap h(n, n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      double z = 0;
      for (double a : at) {
        const double d = (double(x) / n - a) / 0.08;
        z += relief * std::exp(-d * d);
      }
      h.at(x, y) = float(z);
    }
  return h;
}

// Mean density over columns [x0, x1).
double columns(const RainMap& r, int x0, int x1) {
  double sum = 0;
  for (int y = 0; y < r.height(); ++y)
    for (int x = x0; x < x1; ++x) sum += r.density(x, y);
  return sum / (double(r.height()) * (x1 - x0));
}

TEST(RainPattern, TextReadsBack) {
  for (const char* text :
       {"uniform 0.6", "gradient west 1 0.3", "windward 250 0.9 0.2", "windward north 1 0"}) {
    const RainPattern p = parseRainPattern(text, "test");
    EXPECT_EQ(rainPatternText(p), text);
  }
  const RainPattern p = parseRainPattern("gradient southeast 0.8 0.1", "test");
  EXPECT_EQ(p.kind, RainPattern::Kind::Gradient);
  EXPECT_EQ(p.windFrom, 135.0f);
  EXPECT_FLOAT_EQ(p.wet, 0.8f);
  EXPECT_FLOAT_EQ(p.dry, 0.1f);
  EXPECT_NE(describe(p).find("southeast"), std::string::npos);
}

TEST(RainPattern, BadTextSaysWhatAndWhere) {
  auto message = [](const char* text) {
    try {
      parseRainPattern(text, "alpine.preset:7");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("drizzle 0.5").find("alpine.preset:7: rain is uniform, gradient or windward"),
            std::string::npos);
  EXPECT_EQ(message("uniform 1.5"), "alpine.preset:7: rain: wet density: 1.5 is outside [0, 1]");
  EXPECT_EQ(message("uniform nan"), "alpine.preset:7: rain: wet density: nan is not a number");
  EXPECT_NE(message("uniform").find("takes one density"), std::string::npos);
  EXPECT_NE(message("windward up 1 0.2").find("direction 'up'"), std::string::npos);
  EXPECT_NE(message("windward inf 1 0.2").find("direction 'inf'"), std::string::npos);
  EXPECT_NE(message("gradient west 1").find("the wet density and the dry one"), std::string::npos);
  EXPECT_NE(message("gradient west 1 0.2 5").find("the wet density and the dry one"), std::string::npos);
  EXPECT_NE(message("windward west 1 -0.1").find("dry density"), std::string::npos);
}

TEST(RainPattern, UniformIsTheSameEverywhere) {
  const RainMap r = makeRain(parseRainPattern("uniform 0.25", "test"), ridges(32, {0.5}), 30.0f);
  EXPECT_TRUE(r.levelsUniform());
  EXPECT_NEAR(r.density(3, 7), 0.25f, 1e-4f);
}

TEST(RainPattern, AGradientIsWetOnTheSideItNames) {
  const Heightmap flat(64, 48);
  const RainMap west = makeRain(parseRainPattern("gradient west 1 0.2", "test"), flat, 30.0f);
  EXPECT_GT(west.density(0, 20), 0.95f);
  EXPECT_LT(west.density(63, 20), 0.25f);
  EXPECT_NEAR(west.density(0, 0), west.density(0, 47), 1e-4f);  // the same down a column
  const RainMap north = makeRain(parseRainPattern("gradient north 1 0.2", "test"), flat, 30.0f);
  EXPECT_GT(north.density(30, 0), north.density(30, 47));
  EXPECT_NEAR(north.density(0, 10), north.density(63, 10), 1e-4f);
}

TEST(RainPattern, AWindRainsOnTheSlopesItClimbsAndLeavesTheLeeDry) {
  const int n = 128;
  const Heightmap one = ridges(n, {0.5});
  const RainMap fromWest = makeRain(parseRainPattern("windward west 1 0.1", "test"), one, 120.0f);
  // The ridge's crest is at x = 64: the west slope climbs, the east slope is the lee.
  const double windSide = columns(fromWest, 48, 60), lee = columns(fromWest, 68, 80);
  EXPECT_GT(windSide, 0.5);
  EXPECT_LT(lee, 0.15);
  EXPECT_LT(columns(fromWest, 0, 12), 0.15);  // level ground before the ridge
  // From the east, the other way round.
  const RainMap fromEast = makeRain(parseRainPattern("windward east 1 0.1", "test"), one, 120.0f);
  EXPECT_GT(columns(fromEast, 68, 80), 0.5);
  EXPECT_LT(columns(fromEast, 48, 60), 0.15);
}

TEST(RainPattern, ASecondRangeLiesInTheFirstOnesRainShadow) {
  const int n = 160;
  const RainMap r = makeRain(parseRainPattern("windward west 1 0", "test"), ridges(n, {0.3, 0.7}), 60.0f);
  // Windward slopes of the two ridges: below x = 0.3 n and below x = 0.7 n.
  const double first = columns(r, int(0.2 * n), int(0.28 * n)),
               second = columns(r, int(0.6 * n), int(0.68 * n));
  EXPECT_GT(first, 0.4);
  EXPECT_LT(second, 0.8 * first);
  EXPECT_GT(second, 0.0);
}

TEST(RainPattern, TheSamePlacesAtAnyResolution) {
  // 64 cells of 120 m and 256 of 30 m: the same landscape, the same wind.
  const RainPattern p = parseRainPattern("windward 250 1 0.2", "test");
  const RainMap coarse = makeRain(p, ridges(64, {0.35, 0.75}), 120.0f);
  const RainMap fine = makeRain(p, ridges(256, {0.35, 0.75}), 30.0f);
  std::vector<double> a, b;
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x) {
      double mean = 0;
      for (int dy = 0; dy < 4; ++dy)
        for (int dx = 0; dx < 4; ++dx) mean += fine.density(4 * x + dx, 4 * y + dy) / 16.0;
      a.push_back(mean);
      b.push_back(coarse.density(x, y));
    }
  double ma = 0, mb = 0;
  for (size_t i = 0; i < a.size(); ++i) ma += a[i] / double(a.size()), mb += b[i] / double(b.size());
  double ab = 0, aa = 0, bb = 0, apart = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) * (a[i] - ma);
    bb += (b[i] - mb) * (b[i] - mb);
    apart += std::abs(a[i] - b[i]) / double(a.size());
  }
  EXPECT_GT(ab / std::sqrt(aa * bb), 0.97);
  EXPECT_LT(apart, 0.03);
}

TEST(RainPattern, ATinyCellSizeStaysWithinTheMap) {
  // The smallest cell size, 1 mm, asks the kilometre blur for a window of a million cells: it stays the
  // map's size.
  const RainMap r = makeRain(parseRainPattern("windward west 1 0", "test"), ridges(32, {0.5}), 0.001f);
  EXPECT_EQ(r.width(), 32);
}

TEST(RainPattern, ABadCellSizeIsRefused) {
  for (float bad : {0.0f, 1e-7f, 1e9f, std::nanf("")}) {
    try {
      makeRain(RainPattern{}, Heightmap(4, 4), bad);
      ADD_FAILURE() << "cell size " << bad << " was taken";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("cell size"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
