// The editor's recovery folder: what a crash leaves behind is found, newest first, and nothing else; the
// folder stays bounded.
#include "app/editor/recovery_folder.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "core/base/error.h"

namespace fs = std::filesystem;
using runnel::editor::Autosave;
using runnel::editor::RecoveryFolder;

namespace {

class RecoveryFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("runnel-recovery-test-" + std::to_string(getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A file named for process `pid`, written `age` seconds ago.
  std::string put(long pid, int number, int age) {
    fs::create_directories(dir_);
    const fs::path p = dir_ / ("autosave-" + std::to_string(pid) + "-" + std::to_string(number) + ".runnel");
    std::ofstream(p) << "runnel project";
    fs::last_write_time(p, fs::file_time_type::clock::now() - std::chrono::seconds(age));
    return p.string();
  }
  // The pid of a process that has exited (and been reaped): no process has it now.
  static long deadPid() {
    const pid_t child = fork();
    if (child == 0) _exit(0);
    int status = 0;
    waitpid(child, &status, 0);
    return long(child);
  }
  static std::vector<std::string> names(const std::vector<Autosave>& saves) {
    std::vector<std::string> out;
    for (const Autosave& a : saves) out.push_back(fs::path(a.path).filename().string());
    return out;
  }

  fs::path dir_;
};

TEST_F(RecoveryFolderTest, AutosavesAreNamedForThisProcessAndCountUp) {
  RecoveryFolder folder(dir_.string());
  const std::string first = folder.nextPath(), second = folder.nextPath();
  EXPECT_TRUE(fs::is_directory(dir_)) << "made when first needed";
  const std::string pid = std::to_string(getpid());
  EXPECT_EQ(fs::path(first).filename(), "autosave-" + pid + "-1.runnel");
  EXPECT_EQ(fs::path(second).filename(), "autosave-" + pid + "-2.runnel");
  // A new folder object on the same folder (a restart that got the same pid) goes on from there.
  std::ofstream(second) << "x";
  EXPECT_EQ(fs::path(RecoveryFolder(dir_.string()).nextPath()).filename(), "autosave-" + pid + "-3.runnel");
}

TEST_F(RecoveryFolderTest, OrphansAreTheWorkOfProcessesThatNoLongerRunNewestFirst) {
  const long dead = deadPid(), self = long(getpid());
  put(dead, 1, 300);
  put(dead, 2, 100);
  put(self, 1, 10);  // this process's own: not an orphan
  put(1, 1, 50);     // init runs: not an orphan
  fs::create_directories(dir_);
  std::ofstream(dir_ / "notes.txt") << "not an autosave";
  std::ofstream(dir_ / ("autosave-" + std::to_string(dead) + "-x.runnel")) << "badly named";

  RecoveryFolder folder(dir_.string());
  const std::vector<Autosave> orphans = folder.orphans();
  ASSERT_EQ(orphans.size(), 2u);
  EXPECT_EQ(names(orphans)[0], "autosave-" + std::to_string(dead) + "-2.runnel") << "newest first";
  EXPECT_EQ(orphans[0].pid, dead);
  EXPECT_GT(orphans[0].writtenNs, orphans[1].writtenNs);
  EXPECT_EQ(folder.list().size(), 4u) << "other files are not autosaves";
}

TEST_F(RecoveryFolderTest, NoFolderMeansNothingToRecover) {
  RecoveryFolder folder((dir_ / "never-made").string());
  EXPECT_TRUE(folder.orphans().empty());
  EXPECT_TRUE(folder.list().empty());
}

TEST_F(RecoveryFolderTest, PruneKeepsThisProcessesNewestAndBoundsTheFolder) {
  const long self = long(getpid());
  for (int i = 1; i <= 5; ++i) put(self, i, 100 - i);  // 5 is the newest
  const long dead = deadPid();
  for (int i = 1; i <= 4; ++i) put(dead, i, 1000 - i);
  RecoveryFolder(dir_.string(), /*keep=*/2, /*maxFiles=*/4).prune();
  std::vector<std::string> left = names(RecoveryFolder(dir_.string()).list());
  const std::string s = std::to_string(self), d = std::to_string(dead);
  EXPECT_EQ(left, (std::vector<std::string>{"autosave-" + s + "-5.runnel", "autosave-" + s + "-4.runnel",
                                            "autosave-" + d + "-4.runnel", "autosave-" + d + "-3.runnel"}));
}

TEST_F(RecoveryFolderTest, RemoveOfTakesOneProcessesFilesOnly) {
  const long dead = deadPid(), self = long(getpid());
  put(dead, 1, 20);
  put(self, 1, 10);
  RecoveryFolder folder(dir_.string());
  folder.removeOf(dead);
  EXPECT_EQ(names(folder.list()), std::vector<std::string>{"autosave-" + std::to_string(self) + "-1.runnel"});
}

TEST_F(RecoveryFolderTest, AFolderThatCannotBeMadeIsNamedInTheError) {
  fs::create_directories(dir_);
  std::ofstream(dir_ / "file") << "in the way";
  RecoveryFolder folder((dir_ / "file" / "recovery").string());
  try {
    folder.nextPath();
    FAIL() << "expected an error";
  } catch (const runnel::Error& e) {
    EXPECT_NE(std::string(e.what()).find((dir_ / "file" / "recovery").string()), std::string::npos)
        << e.what();
  }
}

TEST(RecoveryFolderDefault, FollowsXdgStateHome) {
  const char* old = std::getenv("XDG_STATE_HOME");
  const std::string saved = old ? old : "";
  setenv("XDG_STATE_HOME", "/some/state", 1);
  EXPECT_EQ(RecoveryFolder::defaultFolder(), "/some/state/runnel/recovery");
  if (old)
    setenv("XDG_STATE_HOME", saved.c_str(), 1);
  else
    unsetenv("XDG_STATE_HOME");
}

}  // namespace
