// Rain maps as PNG files, and springs: round trips keep the levels, 8-bit files read as grey levels,
// identify sees grey PNGs, bad files and bad springs are refused by name with nothing written.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "core/base/error.h"
#include "core/io/heightmap_io.h"
#include "core/io/rain_map_io.h"
#include "core/rain/rain_brush.h"
#include "core/rain/rain_springs.h"
#include "io_test_util.h"

namespace runnel {
namespace {

RainMap paintedMap() {
  RainMap rain(70, 50, 0.2f);
  RainStroke s(RainBrush{12.0f, 0.8f, 0.6f, 1.0f}, false);
  s.moveTo(rain, 5, 5);
  s.moveTo(rain, 60, 40);
  paintDab(rain, 50.0f, 10.0f, RainBrush{6.0f, 1.0f, 0.0f, 0.0f}, false);  // a dry disc
  return rain;
}

TEST(RainFiles, SixteenBitPngKeepsEveryLevel) {
  testing::ScratchDir dir;
  const RainMap rain = paintedMap();
  writeRainMap(dir.file("rain.png"), rain, 16);
  EXPECT_EQ(dir.names(), std::set<std::string>{"rain.png"});  // no height sidecar
  const RainMap back = readRainMap(dir.file("rain.png"));
  ASSERT_EQ(back.width(), 70);
  ASSERT_EQ(back.height(), 50);
  for (int y = 0; y < 50; ++y)
    for (int x = 0; x < 70; ++x) ASSERT_EQ(back.level(x, y), rain.level(x, y)) << x << "," << y;
  EXPECT_TRUE(back.samplerMatchesCells());
  EXPECT_DOUBLE_EQ(back.totalWeight(), rain.totalWeight());
  if (std::system("command -v identify >/dev/null 2>&1") == 0) {
    EXPECT_NE(testing::commandOutput("identify -format '%[type] %z %wx%h' " + dir.file("rain.png"))
                  .find("Grayscale 16 70x50"),
              std::string::npos);
  }
}

TEST(RainFiles, EightBitPngRoundsToTheNearestGreyAndReadsBackAsIt) {
  testing::ScratchDir dir;
  const RainMap rain = paintedMap();
  writeRainMap(dir.file("rain8.png"), rain, 8);
  const RainMap back = readRainMap(dir.file("rain8.png"));
  for (int y = 0; y < 50; ++y)
    for (int x = 0; x < 70; ++x) {
      ASSERT_EQ(back.level(x, y) % 257, 0);
      ASSERT_NEAR(back.density(x, y), rain.density(x, y), 0.5 / 255 + 1e-6);
    }
  EXPECT_EQ(back.density(50, 10), 0.0f);  // dry stays dry
  // Written again at 8 bits, the same file.
  writeRainMap(dir.file("again.png"), back, 8);
  const RainMap again = readRainMap(dir.file("again.png"));
  for (int y = 0; y < 50; ++y)
    for (int x = 0; x < 70; ++x) ASSERT_EQ(again.level(x, y), back.level(x, y));
}

TEST(RainFiles, ReadingAtAnotherSizeResamples) {
  testing::ScratchDir dir;
  RainMap half(64, 32, 0.0f);
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 32; ++x) half.setDensity(x, y, 1.0f);  // the west half rains
  writeRainMap(dir.file("half.png"), half);
  const RainMap big = readRainMap(dir.file("half.png"), 128, 64);
  EXPECT_EQ(big.width(), 128);
  EXPECT_EQ(big.density(10, 30), 1.0f);
  EXPECT_EQ(big.density(100, 30), 0.0f);
  EXPECT_NEAR(big.totalWeight(), 64.0 * 64.0, 64.0);  // the soft seam is a column or two
}

TEST(RainFiles, BadFilesAreRefusedByNameAndNothingIsWritten) {
  testing::ScratchDir dir;
  const RainMap rain = paintedMap();
  auto refuses = [](auto f, const std::string& word) {
    try {
      f();
    } catch (const Error& e) {
      return std::string(e.what()).find(word) != std::string::npos;
    }
    return false;
  };
  EXPECT_TRUE(refuses([&] { writeRainMap(dir.file("rain.r16"), rain); }, "rain.r16"));
  EXPECT_TRUE(refuses([&] { writeRainMap(dir.file("rain.png"), rain, 12); }, "rain.png"));
  EXPECT_TRUE(refuses([&] { writeRainMap(dir.file("missing/rain.png"), rain); }, "missing/rain.png"));
  EXPECT_TRUE(dir.names().empty());
  EXPECT_TRUE(refuses([&] { readRainMap(dir.file("nothing.png")); }, "nothing.png"));
  // A float file with densities outside [0, 1] names the file and the cell.
  Heightmap tooMuch(8, 8, 0.5f);
  tooMuch.at(3, 4) = 1.5f;
  writeHeightmap(dir.file("float.r32"), tooMuch);
  EXPECT_TRUE(
      refuses([&] { readRainMap(dir.file("float.r32")); }, "float.r32: the rain density at x=3, y=4 is 1.5"));
  // NaN is a bad density too, said as one (not as a height).
  tooMuch.at(3, 4) = 0.5f;
  tooMuch.data()[2 * 8 + 5] = std::nanf("");
  testing::writeBytes(dir.file("nan.r32"), std::string(reinterpret_cast<const char*>(tooMuch.data()),
                                                       tooMuch.cellCount() * sizeof(float)));
  EXPECT_TRUE(
      refuses([&] { readRainMap(dir.file("nan.r32")); }, "nan.r32: the rain density at x=5, y=2 is NaN"));
  // A good write over an existing map replaces it whole.
  writeRainMap(dir.file("rain.png"), rain);
  EXPECT_EQ(readRainMap(dir.file("rain.png")).level(50, 10), 0);
}

TEST(RainSprings, AddMoveFindAndRemove) {
  RainMap rain(100, 80, 1.0f);
  const size_t a = addSpring(rain, {10.0f, 20.0f, 50.0f, 3.0f});
  const size_t b = addSpring(rain, {60.0f, 60.0f, 20.0f, 1.0f});
  EXPECT_EQ(a, 0u);
  EXPECT_EQ(b, 1u);
  EXPECT_DOUBLE_EQ(rain.totalWeight(), 8000.0 + 70.0);
  EXPECT_EQ(springNear(rain, 11.0f, 21.0f, 4.0f), 0);
  EXPECT_EQ(springNear(rain, 58.0f, 61.0f, 4.0f), 1);
  EXPECT_EQ(springNear(rain, 35.0f, 40.0f, 4.0f), -1);
  moveSpring(rain, 1, 150.0f, -3.0f);  // dragged off the map: kept on it
  EXPECT_LT(rain.springs()[1].x, 100.0f);
  EXPECT_GE(rain.springs()[1].x, 99.0f);
  EXPECT_EQ(rain.springs()[1].y, 0.0f);
  removeSpring(rain, 0);
  ASSERT_EQ(rain.springs().size(), 1u);
  EXPECT_EQ(rain.springs()[0].rate, 20.0f);
  EXPECT_THROW(removeSpring(rain, 3), Error);
  EXPECT_THROW(moveSpring(rain, 1, 1, 1), Error);
  EXPECT_THROW(addSpring(rain, {-1.0f, 5.0f, 1.0f, 1.0f}), Error);
  EXPECT_THROW(addSpring(rain, {5.0f, 5.0f, -1.0f, 1.0f}), Error);
  EXPECT_THROW(addSpring(rain, {5.0f, 5.0f, std::nanf(""), 1.0f}), Error);
  EXPECT_THROW(addSpring(rain, {5.0f, 5.0f, 1.0f, 500.0f}), Error);
  EXPECT_EQ(rain.springs().size(), 1u);
}

}  // namespace
}  // namespace runnel
