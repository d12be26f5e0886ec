// The rain map and springs are saved with the project and read back exactly; a project without them still
// reads as uniform rain, and damaged rain data is refused by name.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/base/error.h"
#include "core/io/project_file.h"
#include "core/rain/rain_brush.h"
#include "core/rain/rain_springs.h"

namespace runnel {
namespace {

std::string tempPath(const char* name) {
  return (std::filesystem::temp_directory_path() / (std::string("runnel_rainproject_") + name)).string();
}

ProjectData withTerrain(int w, int h) {
  ProjectData p;
  Heightmap m(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) m.at(x, y) = float(x + 2 * y);
  p.base = Terrain(m);
  p.current = Terrain(m);
  return p;
}

TEST(RainProject, PaintedRainAndSpringsRoundTrip) {
  const std::string path = tempPath("painted.runnel");
  ProjectData p = withTerrain(40, 30);
  auto rain = std::make_shared<RainMap>(40, 30, 0.5f);
  RainStroke s(RainBrush{6.0f, 0.8f, 0.5f, 1.0f}, true);
  s.moveTo(*rain, 5, 5);
  s.moveTo(*rain, 35, 25);
  rain->springs().push_back({12.5f, 7.25f, 40.0f, 2.5f});
  rain->springs().push_back({30.0f, 20.0f, 0.0f, 0.0f});
  p.rain = rain;
  writeProject(path, p);
  const ProjectData q = readProject(path);
  ASSERT_TRUE(q.rain);
  ASSERT_EQ(q.rain->width(), 40);
  for (int y = 0; y < 30; ++y)
    for (int x = 0; x < 40; ++x) ASSERT_EQ(q.rain->level(x, y), rain->level(x, y));
  ASSERT_EQ(q.rain->springs().size(), 2u);
  EXPECT_EQ(q.rain->springs()[0].x, 12.5f);
  EXPECT_EQ(q.rain->springs()[0].y, 7.25f);
  EXPECT_EQ(q.rain->springs()[0].rate, 40.0f);
  EXPECT_EQ(q.rain->springs()[0].radius, 2.5f);
  EXPECT_TRUE(q.rain->samplerMatchesCells());
  EXPECT_EQ(q.current.height, p.current.height);
  std::filesystem::remove(path);
}

TEST(RainProject, NoRainMeansUniformAndBadRainIsRefused) {
  const std::string path = tempPath("uniform.runnel");
  ProjectData p = withTerrain(8, 8);
  writeProject(path, p);
  EXPECT_FALSE(readProject(path).rain);

  p.rain = std::make_shared<RainMap>(9, 8, 1.0f);  // not the terrain's size
  EXPECT_THROW(writeProject(path, p), Error);

  auto rain = std::make_shared<RainMap>(8, 8, 1.0f);
  rain->springs().push_back({3, 3, 5, 1});
  p.rain = rain;
  writeProject(path, p);
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  in.close();
  auto refused = [&](const std::string& damaged, const std::string& word) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << damaged;
    try {
      readProject(path);
    } catch (const Error& e) {
      return std::string(e.what()).find(word) != std::string::npos;
    }
    return false;
  };
  EXPECT_TRUE(refused(bytes.substr(0, bytes.size() - 10), "bytes of map data"));  // rain cut short
  std::string offMap = bytes;
  offMap.replace(offMap.find("spring 3 3"), 10, "spring 9 3");
  EXPECT_TRUE(refused(offMap, "spring"));
  // The limits the CLI and the editor keep (rate and radius), and a bounded count, before anything is read.
  std::string endless = bytes;
  endless.replace(endless.find("spring 3 3 5 1"), 14, "spring 3 3 inf 1");
  EXPECT_TRUE(refused(endless, "spring rate"));
  std::string huge = bytes;
  huge.replace(huge.find("spring 3 3 5 1"), 14, "spring 3 3 5 1e9");
  EXPECT_TRUE(refused(huge, "spring radius"));
  std::string many = bytes;
  std::string lines;
  for (size_t i = 0; i <= kMaxSprings; ++i) lines += "spring 3 3 5 1\n";
  many.replace(many.find("spring 3 3 5 1\n"), 15, lines);
  EXPECT_TRUE(refused(many, "at most 10000"));
  std::string noRainMaps = bytes;
  noRainMaps.replace(noRainMaps.find(" rain.levels"), 12, "");
  EXPECT_TRUE(refused(noRainMaps, "springs without a rain map"));
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace runnel
