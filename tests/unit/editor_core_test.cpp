// The editor's window-free library (app/CMakeLists.txt, RUNNEL_EDITOR_CORE_FILES), tested without a window:
// the Erosion panel's settings by name (as the script and the project file set them), the undo history,
// the recent files, the timelapse recorder, the Export panel's path check and the command line.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/editor/editor_options.h"
#include "app/editor/erosion_settings.h"
#include "app/editor/export_settings.h"
#include "app/editor/frame_recorder.h"
#include "app/editor/recent_files.h"
#include "app/editor/undo_history.h"
#include "core/base/error.h"
#include "io_test_util.h"

namespace runnel::editor {
namespace {

using runnel::testing::errorOf;

TEST(EditorSettings, SetByNameAndReadBack) {
  ErosionSettings s;
  EXPECT_EQ(s.get("model"), "droplet");
  s.set("Kq", "12.5");
  EXPECT_EQ(s.get("Kq"), "12.5");
  s.set("seed", "18446744073709551615");
  EXPECT_EQ(s.get("seed"), "18446744073709551615");
  s.set("edges", "clamp");
  EXPECT_EQ(s.get("edges"), "clamp");
  // Each model keeps its own values and its budget in its own unit.
  s.set("budget", "1234");
  s.set("model", "rivers");
  EXPECT_EQ(s.get("model"), "rivers");
  EXPECT_EQ(s.get("budget"), "0");  // rivers: its own build, coarse to fine
  s.set("model", "droplet");
  EXPECT_EQ(s.get("budget"), "1234");
  EXPECT_EQ(s.get("Kq"), "12.5");
  EXPECT_NE(s.build(), nullptr);
}

// The thermal talus is an angle; a project saved when it was a rise per cell still opens at the same angle.
TEST(EditorSettings, AnOldProjectsTalusRiseBecomesItsAngle) {
  ErosionSettings s;
  s.set("model", "thermal");
  s.set("talus", "1");
  EXPECT_EQ(s.get("talusAngle"), "45");
  s.set("talus-angle", "35");
  EXPECT_EQ(s.get("talusAngle"), "35");
}

// Every name in the design's spelling, in kebab-case and in any letter case; the table's spelling is shown.
TEST(EditorSettings, NamesInAnySpelling) {
  ErosionSettings s;
  s.set("minSlope", "0.25");
  EXPECT_EQ(s.get("min-slope"), "0.25");
  s.set("MIN_SLOPE", "0.5");
  EXPECT_EQ(s.get("minslope"), "0.5");
  s.set("Model", "Rivers");
  EXPECT_EQ(s.get("model"), "rivers");
  s.set("channel-head", "5000");
  EXPECT_EQ(s.get("channelHead"), "5000");
  s.set("preset", "Hills");
  EXPECT_EQ(s.get("preset"), "hills");
  s.set("BATCH_MS", "12");
  EXPECT_EQ(s.get("batch-ms"), "12");
  EXPECT_NE(errorOf([&] { s.set("channel-heads", "1"); }).find("channelHead"), std::string::npos);
}

TEST(EditorSettings, ABadNameOrValueIsNamedAndChangesNothing) {
  ErosionSettings s;
  const std::string kq = s.get("Kq");
  EXPECT_NE(errorOf([&] { s.set("Kq", "nan"); }).find("Kq"), std::string::npos);
  EXPECT_NE(errorOf([&] { s.set("Kq", "1e9"); }).find("Kq"), std::string::npos);
  EXPECT_NE(errorOf([&] { s.set("Kq", "12x"); }).find("'12x' is not a number"), std::string::npos);
  EXPECT_EQ(s.get("Kq"), kq);
  EXPECT_EQ(errorOf([&] { s.set("threads", "0"); }), "threads: 0 is outside [1, 1024]");
  EXPECT_EQ(errorOf([&] { s.set("budget", "-1"); }), "budget: -1 is outside [0, 1e12]");
  EXPECT_NE(
      errorOf([&] { s.set("minSlopes", "0.1"); }).find("'minSlopes' is not a setting of the droplet model"),
      std::string::npos);
  EXPECT_NE(errorOf([&] { s.set("model", "lava"); }).find("lava"), std::string::npos);
  EXPECT_EQ(s.get("model"), "droplet");
}

std::shared_ptr<const Terrain> flat(int side, float h) {
  auto t = std::make_shared<Terrain>(Heightmap(side, side, h));
  return t;
}

TEST(EditorUndo, UndoAndRedoWalkTheStatesInOrder) {
  UndoHistory history;
  TerrainState a{flat(8, 0), flat(8, 0)}, b{a.base, flat(8, 1)}, c{a.base, flat(8, 2)};
  history.record("generate", a);  // before generate; `b` after
  history.record("erode", b);     // before erode; `c` after
  EXPECT_EQ(history.undoLabel(), "erode");
  TerrainState now = history.undo(c);
  EXPECT_EQ(now.current, b.current);
  now = history.undo(now);
  EXPECT_EQ(now.current, a.current);
  EXPECT_FALSE(history.canUndo());
  EXPECT_EQ(history.redoLabel(), "generate");
  now = history.redo(now);
  EXPECT_EQ(now.current, b.current);
  history.record("reset", now);  // a new action clears what could be redone
  EXPECT_FALSE(history.canRedo());
}

TEST(EditorUndo, TheOldestStatesGoWhenTheHistoryPassesItsCap) {
  const size_t oneMap = 64 * 64 * sizeof(float) * 3;  // heights, eroded, deposited
  UndoHistory history(oneMap * 4);
  for (int i = 0; i < 10; ++i) history.record("step " + std::to_string(i), {flat(64, 0), flat(64, float(i))});
  EXPECT_LT(history.undoCount(), 10u);
  EXPECT_LE(history.memoryUsed(), oneMap * 4);
  EXPECT_EQ(history.undoLabel(), "step 9");  // the newest stay
}

TEST(EditorRecentFiles, NewestFirstNoTwiceAtMostTen) {
  std::vector<std::string> files;
  for (int i = 0; i < 12; ++i) addRecentFile(files, "/maps/m" + std::to_string(i) + ".png");
  addRecentFile(files, "/maps/m5.png");
  ASSERT_EQ(files.size(), kMaxRecentFiles);
  EXPECT_EQ(files[0], "/maps/m5.png");
  EXPECT_EQ(files[1], "/maps/m11.png");
  EXPECT_EQ(std::count(files.begin(), files.end(), "/maps/m5.png"), 1);
  addRecentFile(files, "relative/../x.png");  // kept absolute, as the editor reopens it from anywhere
  EXPECT_EQ(files[0], (std::filesystem::current_path() / "x.png").string());
}

TEST(EditorRecorder, AFrameEveryNDropletsNumberedInOrder) {
  FrameRecorder r;
  r.folder = "out";
  r.everyDroplets = 1000;
  EXPECT_FALSE(r.due(5000));  // not enabled
  r.enabled = true;
  EXPECT_TRUE(r.due(0));
  EXPECT_EQ(r.nextPath(), "out/frame_000000.png");
  r.advance(2500);  // a batch may pass several marks: the next is the one after
  EXPECT_FALSE(r.due(2999));
  EXPECT_TRUE(r.due(3000));
  EXPECT_EQ(r.nextPath(), "out/frame_000001.png");
}

TEST(EditorExport, APathThatDisagreesWithTheFormatIsRefused) {
  ExportSettings s;
  s.format = FileFormat::Exr;
  s.path = "terrain.png";
  const std::string e = errorOf([&] { checkPathMatchesFormat(s); });
  EXPECT_NE(e.find("terrain.png"), std::string::npos) << e;
  s.path = withExtension(s.path, ".exr");
  EXPECT_EQ(s.path, "terrain.exr");
  EXPECT_NO_THROW(checkPathMatchesFormat(s));
}

TEST(EditorOptions, TheCommandLineAndItsMistakes) {
  auto parse = [](std::vector<std::string> args) {
    args.insert(args.begin(), "runnel");
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    return parseOptions(int(argv.size()), argv.data());
  };
  const EditorOptions o = parse({"--size", "1280x720", "--autosave-seconds", "30", "map.png"});
  EXPECT_EQ(o.width, 1280);
  EXPECT_EQ(o.height, 720);
  EXPECT_EQ(o.autosaveSeconds, 30);
  EXPECT_EQ(o.open, "map.png");
  EXPECT_NE(errorOf([&] { parse({"--frames", "-3"}); }).find("--frames"), std::string::npos);
  EXPECT_NE(errorOf([&] { parse({"--size", "big"}); }).find("--size"), std::string::npos);
  EXPECT_NE(errorOf([&] { parse({"--no-such-option"}); }).find("--no-such-option"), std::string::npos);
}

}  // namespace
}  // namespace runnel::editor
