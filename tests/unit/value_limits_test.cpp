// The limits every way in shares (core/base/value_limits.h): what they take, what they refuse and what they
// say, and that a project, a script (the editor's settings, the generator) and the command line refuse the
// same value with the same words.
#include "core/base/value_limits.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "app/editor/erosion_settings.h"
#include "core/base/error.h"
#include "core/generate/generators.h"
#include "core/io/project_file.h"
#include "io_test_util.h"

namespace runnel {
namespace {

using testing::commandOutput;
using testing::errorOf;

TEST(ValueLimits, TakeWhatIsInRangeAndSayWhatIsNot) {
  EXPECT_EQ(checkValue(limits::kCellSize, 30.0), 30.0);
  EXPECT_EQ(checkValue(limits::kCellSize, 0.001), 0.001);  // the ends are in
  EXPECT_EQ(errorOf([] { checkValue(limits::kCellSize, 0.0); }),
            "cell size: 0 is outside [0.001, 100000] metres");
  EXPECT_EQ(errorOf([] { checkValue(limits::kCellSize, INFINITY); }),
            "cell size: inf is outside [0.001, 100000] metres");
  EXPECT_EQ(errorOf([] { checkValue(limits::kCellSize, NAN); }), "cell size: nan is not a number");
  EXPECT_EQ(errorOf([] { checkValue(limits::kThreads, 2.5); }), "threads: 2.5 is not a whole number");
  static constexpr ValueLimit open{"gain", 0, 1, "", false, true};
  EXPECT_EQ(errorOf([] { checkValue(open, 0.0); }), "gain: 0 is outside (0, 1]");
  EXPECT_EQ(checkValue(open, 1.0), 1.0);
}

TEST(ValueLimits, ReadFromTextSayTheTextAsTyped) {
  EXPECT_EQ(valueFromText(limits::kRainDensity, "0.25"), 0.25);
  EXPECT_EQ(errorOf([] { valueFromText(limits::kRainDensity, "lots"); }),
            "rain density: 'lots' is not a number");
  EXPECT_EQ(errorOf([] { valueFromText(limits::kRainDensity, "1.50"); }),
            "rain density: 1.50 is outside [0, 1]");
  EXPECT_EQ(countFromText(limits::kDroplets, "400000"), 400000u);
  EXPECT_EQ(countFromText(limits::kDroplets, "1e6"), 1000000u);  // written another way, still whole
  EXPECT_EQ(errorOf([] { countFromText(limits::kDroplets, "-1"); }), "droplets: -1 is outside [0, 1e12]");
  EXPECT_EQ(errorOf([] { countFromText(limits::kDroplets, "2.5"); }), "droplets: 2.5 is not a whole number");
  EXPECT_EQ(errorOf([] { countFromText(limits::kDroplets, "9223372036854775807"); }),
            "droplets: 9223372036854775807 is outside [0, 1e12]");
  EXPECT_EQ(errorOf([] { countFromText(limits::kSteps, "ten"); }), "steps: 'ten' is not a whole number");
  EXPECT_EQ(rangeText(limits::kSteps), "[0, 1e6]");
  EXPECT_EQ(rangeText({"tiny", 1e-6, 0.5}), "[1e-6, 0.5]");
  EXPECT_EQ(named(limits::kRainDensity, "dry density").hi, 1.0);
}

// The project's header with one line replaced.
std::string projectWith(const std::string& path, const std::string& key, const std::string& line) {
  ProjectData p;
  p.base = p.current = Terrain(Heightmap(4, 4));
  p.model = "droplet";
  p.common.cellSize = 30.0f;
  p.budget = 400000;
  writeProject(path, p);
  std::ifstream in(path, std::ios::binary);
  std::stringstream all;
  all << in.rdbuf();
  std::string bytes = all.str();
  size_t at = bytes.find("\n" + key + " ") + 1;
  bytes.replace(at, bytes.find('\n', at) - at, line);
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

// runnel-cli's stderr, run on a small generated map with the given flags.
std::string cliError(const std::string& flags) {
  testing::ScratchDir dir;
  const std::string map = dir.file("m.r32");
  const std::string make = std::string(RUNNEL_CLI) + " generate --size 16 -o " + map + " --quiet 2>&1";
  if (std::system(make.c_str()) != 0) return "generate failed";
  const std::string cmd =
      std::string(RUNNEL_CLI) + " erode " + map + " -o " + dir.file("out.r32") + " " + flags + " 2>&1";
  return commandOutput(cmd);
}

TEST(ValueLimits, TheThreeWaysInSayTheSame) {
  testing::ScratchDir dir;
  const std::string path = dir.file("p.runnel");
  const std::string cell = "cell size: 0 is outside [0.001, 100000] metres";
  EXPECT_EQ(errorOf([&] { readProject(projectWith(path, "cell_size", "cell_size 0")); }),
            path + ": cell_size: 0 is outside [0.001, 100000] metres");
  GeneratorSettings g;
  g.cellSize = 0.0f;
  EXPECT_EQ(errorOf([&] { validate(g); }), cell);  // the script's `generate ... cell=0`, the panel's
  EXPECT_NE(cliError("--droplets 10 --cell-size 0").find("runnel-cli: " + cell), std::string::npos);

  const std::string threads = "threads: 0 is outside [1, 1024]";
  editor::ErosionSettings settings;
  EXPECT_EQ(errorOf([&] { settings.set("threads", "0"); }), threads);  // `set threads 0`
  EXPECT_NE(cliError("--droplets 10 --threads 0").find("runnel-cli: " + threads), std::string::npos);

  const std::string budget = "budget: 2e12 is outside [0, 1e12]";
  EXPECT_EQ(errorOf([&] { settings.set("budget", "2e12"); }), budget);  // the droplet model counts droplets
  EXPECT_EQ(errorOf([&] { readProject(projectWith(path, "budget", "budget 2e12")); }), path + ": " + budget);
  EXPECT_NE(cliError("--droplets 2e12").find("--droplets: '2e12' is not a whole number"), std::string::npos);
  EXPECT_NE(cliError("--droplets 2000000000000").find("droplets: 2000000000000 is outside [0, 1e12]"),
            std::string::npos);
}

}  // namespace
}  // namespace runnel
