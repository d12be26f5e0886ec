// The editor's actions without a window: an Editor made with no window draws nothing
// (render::NullTerrainView) and runs the same actions the buttons, shortcuts and scripts do. Undo and redo of
// a new terrain and of a rain stroke, a model switch that the worker runs, a script's commands and its
// mistakes. Runs in the plain and the ASan+UBSan builds, no display needed.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "../unit/io_test_util.h"
#include "app/editor/editor.h"
#include "app/editor/script_runner.h"
#include "core/io/heightmap_io.h"

namespace runnel::editor {
namespace {

using runnel::testing::ScratchDir;

// Runs a script to its end as the editor's frame loop does, a command and an update a frame (at most
// `frames`, a millisecond apart).
bool runScript(Editor& e, const std::string& path, int frames = 20000) {
  ScriptRunner script(path);
  for (int i = 0; i < frames && !script.done(); ++i) {
    script.advance(e);
    e.update();
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return script.done() && !script.failed();
}

// Each test's editor keeps its recent files, presets and state in a folder of its own, not the user's.
class EditorActions : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* name : {"XDG_CONFIG_HOME", "XDG_STATE_HOME"}) {
      const char* was = std::getenv(name);
      saved_.push_back({name, was ? std::optional<std::string>(was) : std::nullopt});
      setenv(name, home_.path().c_str(), 1);
    }
  }
  void TearDown() override {
    for (const auto& [name, was] : saved_) was ? setenv(name, was->c_str(), 1) : unsetenv(name);
  }
  ScratchDir home_;

 private:
  std::vector<std::pair<const char*, std::optional<std::string>>> saved_;
};

std::string writeScript(const ScratchDir& dir, const std::string& text) {
  const std::string path = dir.file("script.txt");
  std::ofstream(path) << text;
  return path;
}

TEST_F(EditorActions, UndoAndRedoANewTerrain) {
  ScratchDir dir;
  Heightmap ramp(64, 48);
  for (int y = 0; y < 48; ++y)
    for (int x = 0; x < 64; ++x) ramp.at(x, y) = float(x) * 2.0f;
  const std::string path = dir.file("ramp.r32");
  writeHeightmap(path, ramp);

  Editor e(nullptr);
  const Terrain before = e.worker().copyTerrain();
  ASSERT_EQ(before.width(), 512);  // the default terrain
  e.importSize = "64x48";
  e.importCellSize = 2.0f;  // the file records none: 45 degrees (at 1 m it would be refused as too steep)
  ASSERT_TRUE(e.importHeightmap(path, false)) << e.status.text;
  EXPECT_EQ(e.worker().copyTerrain().height, ramp);
  EXPECT_TRUE(e.unsaved());

  ASSERT_TRUE(e.undo()) << e.status.text;
  EXPECT_EQ(e.worker().copyTerrain().height, before.height);
  EXPECT_NE(e.status.text.find("undid"), std::string::npos) << e.status.text;
  ASSERT_TRUE(e.redo()) << e.status.text;
  EXPECT_EQ(e.worker().copyTerrain().height, ramp);
  EXPECT_FALSE(e.redo());  // nothing left to redo: said, nothing changes
  EXPECT_TRUE(e.status.error);
  EXPECT_EQ(e.worker().copyTerrain().height, ramp);
}

TEST_F(EditorActions, ARainStrokeIsOneUndoStep) {
  Editor e(nullptr);
  ASSERT_FLOAT_EQ(e.rain.map().density(100, 100), 1.0f);  // a new map rains everywhere
  // An erasing stroke across the middle of the map takes the rain away under the brush.
  ASSERT_TRUE(e.paintRain({{80.0f, 100.0f}, {120.0f, 100.0f}}, true)) << e.status.text;
  const float painted = e.rain.map().density(100, 100);
  EXPECT_LT(painted, 0.5f);
  EXPECT_FLOAT_EQ(e.rain.map().density(400, 400), 1.0f);  // far from the stroke
  ASSERT_TRUE(e.undo());
  EXPECT_FLOAT_EQ(e.rain.map().density(100, 100), 1.0f);
  ASSERT_TRUE(e.redo());
  EXPECT_FLOAT_EQ(e.rain.map().density(100, 100), painted);
  // A stroke with no points is refused and leaves the map.
  EXPECT_FALSE(e.paintRain({}, false));
  EXPECT_FLOAT_EQ(e.rain.map().density(100, 100), painted);
}

// The first rain painted on a map that rains everywhere starts from a dry map, so the stroke is where rain
// falls; undo takes the stroke back, then the drying.
TEST_F(EditorActions, TheFirstRainPaintedStartsFromADryMap) {
  Editor e(nullptr);
  ASSERT_TRUE(e.paintRain({{80.0f, 100.0f}, {120.0f, 100.0f}}, false)) << e.status.text;
  EXPECT_NE(e.status.text.find("rain now falls only where you paint"), std::string::npos) << e.status.text;
  EXPECT_GT(e.rain.map().density(100, 100), 0.5f);
  EXPECT_FLOAT_EQ(e.rain.map().density(400, 400), 0.0f);  // far from the stroke: dry
  ASSERT_TRUE(e.undo());
  EXPECT_FLOAT_EQ(e.rain.map().density(100, 100), 0.0f);
  ASSERT_TRUE(e.undo());
  EXPECT_FLOAT_EQ(e.rain.map().density(400, 400), 1.0f);
}

// An imported terrain starts with rain everywhere and no springs: the last terrain's painting is not its own.
TEST_F(EditorActions, AnImportStartsWithRainEverywhere) {
  ScratchDir dir;
  Heightmap land(64, 64);
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x) land.at(x, y) = float(x + y) * 0.5f;
  const std::string path = dir.file("land.r32");
  writeHeightmap(path, land);

  Editor e(nullptr);
  ASSERT_TRUE(e.rainFill(0.2f));
  ASSERT_TRUE(e.addSpringAt(10.0f, 10.0f)) << e.status.text;
  ASSERT_TRUE(e.importHeightmap(path, false)) << e.status.text;
  EXPECT_NE(e.status.text.find("rain falls everywhere again"), std::string::npos) << e.status.text;
  EXPECT_TRUE(e.rain.uniform());
  EXPECT_FLOAT_EQ(e.rain.map().density(30, 30), 1.0f);
  ASSERT_TRUE(e.undo());  // the rain the last terrain had, fitted to this one
  EXPECT_NEAR(e.rain.map().density(30, 30), 0.2f, 1e-3f);
  EXPECT_EQ(e.rain.map().springs().size(), 1u);
}

TEST_F(EditorActions, ASwitchedModelIsTheOneThatRuns) {
  Editor e(nullptr);
  const Terrain base = e.worker().copyTerrain();
  e.erosion.set("model", "rivers");
  ASSERT_TRUE(e.applyErosionSettings()) << e.status.text;
  // The rivers model counts steps, and has its own budget: its whole build of this map, coarse to fine.
  EXPECT_EQ(e.erosion.budget(), 0u);
  const auto model = e.erosion.build();
  EXPECT_EQ(e.runBudget(), model->plannedUnits(base.width(), base.heightCells()));
  EXPECT_GT(e.runBudget(), 2u);
  e.step(2);
  e.worker().waitIdle();
  EXPECT_EQ(e.worker().latestSnapshot()->dropletsDone, 2u);
  const Terrain rivers = e.worker().copyTerrain();
  EXPECT_NE(rivers.height, base.height);  // two steps of the rivers cut valleys

  // A bad value is refused by name and changes nothing: the worker keeps the rivers model.
  EXPECT_THROW(e.erosion.set("erodibility", "5"), Error);
  e.erosion.set("model", "smooth");
  ASSERT_TRUE(e.applyErosionSettings()) << e.status.text;
  e.step(1);
  e.worker().waitIdle();
  const Terrain smoothed = e.worker().copyTerrain();
  EXPECT_NE(smoothed.height, rivers.height);
  EXPECT_EQ(e.worker().latestSnapshot()->dropletsDone, 3u);  // units count on from the last reset
}

TEST_F(EditorActions, AScriptRunsItsCommandsThroughTheActions) {
  ScratchDir dir;
  Editor e(nullptr);
  const std::string script = writeScript(dir, R"(# comments and blank lines are skipped

generate fbm size=128 seed=3 cell=30
wait
set model thermal
expect-error set threads 0
expect-error view exaggeration nan
rain fill 0.25
erode 3
wait
view overlay wetness
)");
  ASSERT_TRUE(runScript(e, script)) << e.status.text;
  EXPECT_EQ(std::string(e.erosion.info().name), "thermal");
  EXPECT_EQ(e.worker().copyTerrain().width(), 128);
  EXPECT_FLOAT_EQ(e.cellSize(), 30.0f);
  EXPECT_NEAR(e.rain.map().density(10, 10), 0.25f, 1e-4f);
  EXPECT_EQ(e.worker().latestSnapshot()->dropletsDone, 3u);
  EXPECT_EQ(e.style.overlay, render::Overlay::Wetness);
  EXPECT_FLOAT_EQ(e.style.exaggeration, 1.0f);  // the refused value left it
}

TEST_F(EditorActions, AScriptMistakeFailsTheScriptAndSaysWhy) {
  ScratchDir dir;
  Editor e(nullptr);
  auto said = [&](const std::string& text) {
    ::testing::internal::CaptureStderr();
    ::testing::internal::CaptureStdout();
    const bool ok = runScript(e, writeScript(dir, text));
    std::string out = ::testing::internal::GetCapturedStderr() + ::testing::internal::GetCapturedStdout();
    return ok ? std::string("no failure") : out;
  };
  EXPECT_NE(said("set threads 0\n").find("threads: 0 is outside [1, 1024]"), std::string::npos);
  EXPECT_NE(said("set Kq lots\n").find("Kq: 'lots' is not a number"), std::string::npos);
  EXPECT_NE(said("fly to the moon\n").find("fly"), std::string::npos);
  EXPECT_EQ(e.erosion.common.threads, ErosionSettings::defaultThreads());  // nothing was set
  EXPECT_THROW(ScriptRunner(dir.file("missing.txt")), Error);
}

TEST_F(EditorActions, SaveAsPresetKeepsRainFilledEvenly) {
  Editor e(nullptr);
  ASSERT_TRUE(e.rainFill(0.6f)) << e.status.text;
  ASSERT_TRUE(e.saveLandscapePreset("even", "Even rain")) << e.status.text;
  std::ifstream in(home_.file("runnel/presets/even.preset"));
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("rain uniform 0.6\n"), std::string::npos) << text.str();
  // Rain everywhere (the default) needs no line.
  ASSERT_TRUE(e.rainFill(1.0f));
  ASSERT_TRUE(e.saveLandscapePreset("full", "Full rain")) << e.status.text;
  std::ifstream full(home_.file("runnel/presets/full.preset"));
  std::stringstream fullText;
  fullText << full.rdbuf();
  EXPECT_EQ(fullText.str().find("rain "), std::string::npos) << fullText.str();
}

}  // namespace
}  // namespace runnel::editor
