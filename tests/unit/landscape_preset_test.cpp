// Landscape presets: the file format reads what an artist writes and says where a mistake is; a preset
// keeps its extent at any size; making one is deterministic, reports progress and can be cancelled; the
// artist's folder overrides the built-in one; every built-in preset is valid.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/base/error.h"
#include "core/models/model_catalog.h"
#include "core/recipes/landscape_preset.h"
#include "core/recipes/make_landscape.h"

namespace fs = std::filesystem;
using namespace runnel;

namespace {

constexpr const char* kAlpine =
    "# a comment line\n"
    "title Alpine test\n"
    "about Ridges and valleys   \n"
    "size 512x256\n"
    "cell-size 20\n"
    "generator ridged\n"
    "seed 42   # the seed\n"
    "relief 1500\n"
    "exponent 1.3\n"
    "rise 0.45\n"
    "tileable no\n"
    "stage rivers steps 3 preset hills uplift 0.7\n"
    "stage droplet droplets-per-cell 0.5 Kr 0.25\r\n";

float param(const PresetStage& stage, const std::string& name) {
  const ModelInfo& model = findModel(stage.model);
  for (size_t i = 0; i < model.params.size(); ++i)
    if (name == model.params[i].name) return stage.values[i];
  ADD_FAILURE() << "no parameter " << name;
  return 0;
}

// The error message parsePreset gives for `text`, or "" when it parses.
std::string errorOf(const std::string& text) {
  try {
    parsePreset(text, "p.preset", "p");
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(LandscapePreset, ReadsTheGeneratorAndTheStagesAnArtistWrites) {
  const LandscapePreset p = parsePreset(kAlpine, "alpine.preset", "alpine");
  EXPECT_EQ(p.name, "alpine");
  EXPECT_EQ(p.title, "Alpine test");
  EXPECT_EQ(p.about, "Ridges and valleys");
  EXPECT_EQ(p.generator.kind, GeneratorKind::Ridged);
  EXPECT_EQ(p.generator.width, 512);
  EXPECT_EQ(p.generator.height, 256);
  EXPECT_EQ(p.generator.cellSize, 20.0f);
  EXPECT_EQ(p.generator.seed, 42u);
  EXPECT_EQ(p.generator.relief, 1500.0f);
  EXPECT_EQ(p.generator.rise, 0.45f);
  EXPECT_EQ(p.edges, Edges::Clamp);  // not tileable
  ASSERT_EQ(p.stages.size(), 2u);
  EXPECT_EQ(p.stages[0].model, "rivers");
  EXPECT_EQ(p.stages[0].amount, 3.0);
  // The model preset first, then the line's own values over it.
  const ModelInfo& rivers = findModel("rivers");
  const std::vector<float>& hills = findPreset(rivers, "hills").values;
  EXPECT_EQ(param(p.stages[0], "uplift"), 0.7f);
  EXPECT_EQ(param(p.stages[0], "erodibility"), hills[0]);
  EXPECT_EQ(p.stages[1].model, "droplet");
  EXPECT_EQ(p.stages[1].amount, 0.5);
  EXPECT_EQ(param(p.stages[1], "Kr"), 0.25f);
}

TEST(LandscapePreset, AMistakeIsNamedWithItsLine) {
  EXPECT_EQ(
      errorOf("title x\nheight 3\n"),
      "p.preset:2: unknown key 'height' (a preset takes title, about, size, cell-size, generator, seed, "
      "relief, exponent, rise, scale, octaves, lacunarity, gain, faults, falloff, tileable, edges, rain "
      "and stage lines)");
  EXPECT_EQ(errorOf("relief 2km\n"), "p.preset:1: 'relief' has the bad value '2km'");
  EXPECT_NE(
      errorOf("\n\nstage rivers steps 2 Kq 3\n").find("p.preset:3: the rivers model has no parameter 'Kq'"),
      std::string::npos);
  EXPECT_NE(errorOf("stage lava steps 2\n").find("p.preset:1: "), std::string::npos);
  EXPECT_NE(errorOf("stage lava steps 2\n").find("rivers"), std::string::npos);  // lists the models
  EXPECT_EQ(errorOf("stage rivers droplets-per-cell 2\n"),
            "p.preset:1: the rivers stage needs its amount first: 'steps N'");
  // Amounts through the one table of limits, in its words, as the CLI's flags: 1e9 thermal iterations
  // would run for ever.
  EXPECT_EQ(errorOf("stage rivers steps 2.5\n"), "p.preset:1: steps: 2.5 is not a whole number");
  EXPECT_EQ(errorOf("stage thermal iterations 1e9\n"), "p.preset:1: iterations: 1e9 is outside [0, 1e6]");
  EXPECT_EQ(errorOf("stage droplet droplets-per-cell 1e9\n"),
            "p.preset:1: droplets-per-cell: 1e9 is outside [0, 1000]");
  EXPECT_EQ(errorOf("stage droplet droplets-per-cell -1\n"),
            "p.preset:1: droplets-per-cell: -1 is outside [0, 1000]");
  // An escape sequence is never echoed to the terminal; an empty preset is not a recipe.
  EXPECT_EQ(errorOf("title x\nseed \x1b]0;owned\x07\n"),
            "p.preset:2: holds a control byte (\\x1b) at byte 6: 'seed \\x1b]0;owned\\x07'");
  EXPECT_NE(errorOf("# nothing but a comment\n\n").find("p.preset: an empty preset"), std::string::npos);
  EXPECT_NE(errorOf("stage rivers steps 2 uplift nan\n").find("uplift"), std::string::npos);
  EXPECT_NE(errorOf("stage rivers steps 2 preset volcano\n").find("hills"), std::string::npos);
  EXPECT_NE(errorOf("size 99999\n").find("p.preset:1"), std::string::npos);
  EXPECT_EQ(errorOf("tileable maybe\n"), "p.preset:1: 'tileable' is yes or no, not 'maybe'");
  EXPECT_EQ(errorOf("seed 1 2\n"), "p.preset:1: 'seed' takes one value, not 'seed 1 2'");
  EXPECT_NE(errorOf("octaves 0\n").find("p.preset: "), std::string::npos);  // the generator's own check
  EXPECT_EQ(errorOf("seed 1\nrain drizzle\n"),
            "p.preset:2: rain is uniform, gradient or windward, not 'drizzle'");
  EXPECT_NE(errorOf("rain windward west 2 0\n").find("p.preset:1: rain: wet density: 2 is outside [0, 1]"),
            std::string::npos);
}

TEST(LandscapePreset, ItsRainReadsBackAndFallsWhereItSays) {
  const std::string text = std::string(kAlpine) + "rain gradient west 1 0.1\n";
  const LandscapePreset p = parsePreset(text, "alpine.preset", "alpine");
  ASSERT_TRUE(p.rain.has_value());
  EXPECT_EQ(rainPatternText(*p.rain), "gradient west 1 0.1");
  const LandscapePreset again = parsePreset(presetText(p), "again.preset", "alpine");
  ASSERT_TRUE(again.rain.has_value());
  EXPECT_EQ(rainPatternText(*again.rain), "gradient west 1 0.1");
  EXPECT_NE(describeStages(p).find("rain heaviest from the west"), std::string::npos);
  EXPECT_FALSE(parsePreset(kAlpine, "alpine.preset", "alpine").rain.has_value());

  // Made, the rain is laid over the map and the project keeps it; the stages eroded under it, so the
  // result differs from the same preset under rain everywhere.
  LandscapePreset riversOnly = p;
  riversOnly.stages.resize(1);
  LandscapePreset everywhere = riversOnly;
  everywhere.rain.reset();
  const MadeLandscape wet = makeLandscape(riversOnly, 96, 64, 1);
  const MadeLandscape plain = makeLandscape(everywhere, 96, 64, 1);
  ASSERT_TRUE(wet.rain);
  EXPECT_EQ(plain.rain, nullptr);
  EXPECT_GT(wet.rain->density(1, 30), 0.95f);
  EXPECT_LT(wet.rain->density(94, 30), 0.15f);
  EXPECT_FALSE(std::equal(wet.terrain.height.data(), wet.terrain.height.data() + 96 * 64,
                          plain.terrain.height.data()));
  // Less rain cuts less: the dry east lost less than the same ground under rain everywhere.
  double wetEast = 0, plainEast = 0;
  for (int y = 1; y < 63; ++y)
    for (int x = 64; x < 95; ++x) {
      wetEast += wet.base.height.at(x, y) - wet.terrain.height.at(x, y);
      plainEast += plain.base.height.at(x, y) - plain.terrain.height.at(x, y);
    }
  EXPECT_LT(wetEast, plainEast);
  const ProjectData project = landscapeProject(riversOnly, makeLandscape(riversOnly, 96, 64, 1));
  ASSERT_TRUE(project.rain);
  EXPECT_FLOAT_EQ(project.rain->density(1, 30), wet.rain->density(1, 30));
}

TEST(LandscapePreset, WrittenOutItReadsBackTheSame) {
  const LandscapePreset p = parsePreset(kAlpine, "alpine.preset", "alpine");
  const LandscapePreset again = parsePreset(presetText(p), "again.preset", "alpine");
  EXPECT_EQ(again.title, p.title);
  EXPECT_EQ(again.about, p.about);
  EXPECT_EQ(again.generator.kind, p.generator.kind);
  EXPECT_EQ(again.generator.seed, p.generator.seed);
  EXPECT_EQ(again.generator.exponent, p.generator.exponent);
  EXPECT_EQ(again.generator.rise, p.generator.rise);
  EXPECT_EQ(again.generator.width, p.generator.width);
  EXPECT_EQ(again.edges, p.edges);
  ASSERT_EQ(again.stages.size(), p.stages.size());
  for (size_t i = 0; i < p.stages.size(); ++i) {
    EXPECT_EQ(again.stages[i].model, p.stages[i].model);
    EXPECT_EQ(again.stages[i].amount, p.stages[i].amount);
    EXPECT_EQ(again.stages[i].values, p.stages[i].values);
  }
}

TEST(LandscapePreset, AnotherSizeKeepsTheExtentAndTheDropletsACell) {
  const LandscapePreset p = parsePreset(kAlpine, "alpine.preset", "alpine");
  const GeneratorSettings g = generatorAt(p, 2048, 1024);
  EXPECT_EQ(g.width, 2048);
  EXPECT_EQ(g.cellSize, 5.0f);  // 512 x 20 m = 2048 x 5 m
  EXPECT_EQ(effectiveRelief(g), 1500.0f);
  EXPECT_EQ(stageAmount(p.stages[0], 2048 * 1024), 3u);                 // steps stay steps
  EXPECT_EQ(stageAmount(p.stages[1], 2048 * 1024), 2048u * 1024u / 2);  // droplets scale with the cells
}

TEST(LandscapePreset, MakingOneIsTheSameOnAnyThreadCountAndReportsItsStages) {
  const LandscapePreset p = parsePreset(kAlpine, "alpine.preset", "alpine");
  MakeProgress progress;
  std::vector<int> stagesSeen;
  progress.onChunk = [&] {
    if (stagesSeen.empty() || stagesSeen.back() != progress.stage) stagesSeen.push_back(progress.stage);
    EXPECT_LE(progress.done.load(), progress.total.load());
  };
  const MadeLandscape one = makeLandscape(p, 96, 64, 1, &progress);
  const MadeLandscape two = makeLandscape(p, 96, 64, 2);
  EXPECT_EQ(stagesSeen, (std::vector<int>{0, 1}));
  EXPECT_EQ(progress.done.load(), progress.total.load());
  EXPECT_EQ(progress.total.load(), 96u * 64u / 2);  // the droplet stage's
  ASSERT_EQ(one.terrain.height.cellCount(), 96u * 64u);
  EXPECT_TRUE(
      std::equal(one.terrain.height.data(), one.terrain.height.data() + 96 * 64, two.terrain.height.data()));
  EXPECT_EQ(one.cellSize, 512.0f * 20.0f / 96.0f);
  // The stages changed the generated map.
  EXPECT_FALSE(
      std::equal(one.base.height.data(), one.base.height.data() + 96 * 64, one.terrain.height.data()));
  ASSERT_EQ(one.stages.size(), 2u);
  // The base is the generated map, with a zero record of its size (the editor's reset starts from it).
  const Heightmap generated = generate(generatorAt(p, 96, 64));
  EXPECT_TRUE(std::equal(generated.data(), generated.data() + 96 * 64, one.base.height.data()));
  ASSERT_EQ(one.base.eroded.cellCount(), 96u * 64u);
  ASSERT_EQ(one.base.deposited.cellCount(), 96u * 64u);
  EXPECT_EQ(*std::max_element(one.base.eroded.data(), one.base.eroded.data() + 96 * 64), 0.0f);
  EXPECT_EQ(*std::max_element(one.base.deposited.data(), one.base.deposited.data() + 96 * 64), 0.0f);
}

TEST(LandscapePreset, ACancelStopsTheMaking) {
  const LandscapePreset p = parsePreset(kAlpine, "alpine.preset", "alpine");
  MakeProgress progress;
  progress.onChunk = [&] { progress.requestCancel(); };
  EXPECT_THROW(makeLandscape(p, 96, 64, 1, &progress), MakeCancelled);
}

class PresetFolders : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("runnel-presets-test-" + std::to_string(getpid()) + "-" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "builtin");
    fs::create_directories(root_ / "config" / "runnel" / "presets");
    setenv("RUNNEL_PRESETS_DIR", (root_ / "builtin").c_str(), 1);
    setenv("XDG_CONFIG_HOME", (root_ / "config").c_str(), 1);
  }
  void TearDown() override {
    unsetenv("RUNNEL_PRESETS_DIR");
    unsetenv("XDG_CONFIG_HOME");
    fs::remove_all(root_);
  }
  void put(const fs::path& file, const std::string& text) { std::ofstream(root_ / file) << text; }
  fs::path root_;
};

TEST_F(PresetFolders, TheArtistsOwnReplaceBuiltInsAndABrokenFileIsReported) {
  put("builtin/hills.preset", "title Built-in hills\n");
  put("builtin/dunes.preset", "title Dunes\n");
  put("builtin/broken.preset", "title Broken\nrelief high\n");
  put("builtin/notes.txt", "not a preset\n");
  put("config/runnel/presets/hills.preset", "title My hills\n");
  std::vector<std::string> problems;
  const std::vector<LandscapePreset> presets = listPresets(&problems);
  ASSERT_EQ(presets.size(), 2u);
  EXPECT_EQ(presets[0].name, "dunes");
  EXPECT_EQ(presets[1].name, "hills");
  EXPECT_EQ(presets[1].title, "My hills");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("broken.preset:2: 'relief' has the bad value 'high'"), std::string::npos);

  EXPECT_EQ(findLandscapePreset("dunes").title, "Dunes");
  try {
    findLandscapePreset("volcano");
    FAIL() << "found a preset that does not exist";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no landscape preset 'volcano'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("dunes, hills"), std::string::npos);
  }
  // Asked for by name, the broken one says why it cannot be used.
  try {
    findLandscapePreset("broken");
    FAIL() << "a broken preset was used";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("broken.preset:2"), std::string::npos);
  }
}

TEST_F(PresetFolders, ASavedPresetIsFoundAgain) {
  LandscapePreset p = parsePreset(kAlpine, "alpine.preset", "mine");
  const std::string path = (fs::path(userPresetFolder()) / "mine.preset").string();
  writePreset(path, p);
  const LandscapePreset found = findLandscapePreset("mine");
  EXPECT_EQ(found.title, "Alpine test");
  EXPECT_EQ(found.path, path);
  ASSERT_EQ(found.stages.size(), 2u);
}

TEST(LandscapePreset, EveryBuiltInPresetIsValid) {
  unsetenv("RUNNEL_PRESETS_DIR");
  std::vector<std::string> problems;
  size_t builtIn = 0;
  for (const LandscapePreset& p : listPresets(&problems)) {
    if (p.path.find(presetFolders()[0]) != 0) continue;
    ++builtIn;
    EXPECT_FALSE(p.title.empty()) << p.path;
    EXPECT_FALSE(p.about.empty()) << p.path;
    EXPECT_FALSE(p.stages.empty()) << p.path;
    EXPECT_TRUE(fs::exists(fs::path(p.path).replace_extension(".png"))) << p.path << " has no thumbnail";
  }
  EXPECT_GE(builtIn, 4u);
  EXPECT_TRUE(problems.empty()) << problems.front();
}

}  // namespace
