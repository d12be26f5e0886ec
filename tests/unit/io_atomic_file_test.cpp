// Writes that appear whole or not at all, whatever the name, the link or an earlier crash left behind.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/base/error.h"
#include "core/io/atomic_file.h"
#include "core/io/heightmap_io.h"
#include "io_test_util.h"

namespace runnel {
namespace {

using testing::readBytes;
using testing::ScratchDir;
using testing::testMap;
using testing::writeBytes;

TEST(AtomicFile, AnAbandonedWriteLeavesTheTargetAlone) {
  ScratchDir dir;
  const std::string path = dir.file("t.bin");
  writeFileAtomically(path, "old");
  {
    AtomicFile f(path);
    f.write("new but unfinished", 18);
    EXPECT_EQ(dir.names().size(), 2u);  // the target and the temporary file
  }                                     // destroyed without publish, as when an exception unwinds a writer
  EXPECT_EQ(readBytes(path), "old");
  EXPECT_EQ(dir.names(), std::set<std::string>{"t.bin"});
  writeFileAtomically(path, "new");
  EXPECT_EQ(readBytes(path), "new");
  // A replaced file keeps its permissions.
  std::filesystem::permissions(path, std::filesystem::perms::owner_read |
                                         std::filesystem::perms::owner_write |
                                         std::filesystem::perms::group_read);
  writeFileAtomically(path, "newer");
  EXPECT_EQ(std::filesystem::status(path).permissions(), std::filesystem::perms::owner_read |
                                                             std::filesystem::perms::owner_write |
                                                             std::filesystem::perms::group_read);
}

// A name of 250 characters and its sidecar's of 255 (the limit): the temporary files' names must not grow
// from them.
TEST(AtomicFile, LongNamesWrite) {
  ScratchDir dir;
  const std::string path = dir.file(std::string(246, 'n') + ".r32");
  writeHeightmap(path, testMap(8, 8));
  EXPECT_EQ(readHeightmap(path, {8, 8, {}, false}).width(), 8);
  EXPECT_EQ(dir.names(),
            (std::set<std::string>{std::string(246, 'n') + ".r32", std::string(246, 'n') + ".r32.json"}));
}

// A name one byte over the folder's limit fails before anything is written: with a sidecar of 259 bytes
// beside a 255-byte PNG, the PNG alone once appeared (its heights then read back as raw levels).
TEST(AtomicFile, ANameTooLongFailsBeforeAnythingIsWritten) {
  ScratchDir dir;
  const std::string path = dir.file(std::string(251, 'n') + ".png");  // 255 bytes; its sidecar 260
  try {
    writeHeightmap(path, testMap(8, 8));
    FAIL() << "a sidecar name of 260 bytes was taken";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(".png.json: its name is 260 bytes"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(dir.names().empty());
}

// A named pipe (or a device) is never replaced by a file: it is refused, and stays what it was.
TEST(AtomicFile, WhatIsNotARegularFileIsRefusedAndKept) {
  ScratchDir dir;
  const std::string fifo = dir.file("pipe.r32");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_THROW(writeHeightmap(fifo, testMap(8, 8)), Error);
  EXPECT_TRUE(std::filesystem::is_fifo(fifo));
  EXPECT_THROW(writeFileAtomically(dir.file("."), "x"), Error);  // a folder
}

// Writing through a symbolic link replaces the file it points to; the link stays a link.
TEST(AtomicFile, ALinkKeepsPointingAtTheFileItNames) {
  ScratchDir dir;
  std::filesystem::create_directory(dir.file("real"));
  writeFileAtomically(dir.file("real/map.txt"), "old");
  std::filesystem::create_symlink("real/map.txt", dir.file("link.txt"));  // relative, as ln -s makes them
  writeFileAtomically(dir.file("link.txt"), "new");
  EXPECT_TRUE(std::filesystem::is_symlink(dir.file("link.txt")));
  EXPECT_EQ(readBytes(dir.file("real/map.txt")), "new");
  // A link to a file not made yet: the file is made where the link points.
  std::filesystem::create_symlink(dir.file("real/later.txt"), dir.file("ahead.txt"));
  writeFileAtomically(dir.file("ahead.txt"), "made");
  EXPECT_TRUE(std::filesystem::is_symlink(dir.file("ahead.txt")));
  EXPECT_EQ(readBytes(dir.file("real/later.txt")), "made");
  EXPECT_EQ(dir.names(), (std::set<std::string>{"ahead.txt", "link.txt", "real"}));
}

// The temporary files of a process killed mid-write are removed the next time Runnel writes in that
// folder; those of running processes, and files that only look alike, are left alone.
TEST(AtomicFile, TemporariesOfDeadProcessesAreRemoved) {
  ScratchDir dir;
  const pid_t child = fork();
  if (child == 0) _exit(0);
  ASSERT_GT(child, 0);
  waitpid(child, nullptr, 0);  // now a process id no process has
  const std::string dead = std::to_string(child), alive = std::to_string(getppid());
  for (const std::string& name :
       {".runnel-tmp-" + dead + "-0", ".map.png.tmp-" + dead + "-3", ".runnel-tmp-" + alive + "-0",
        ".runnel-tmp-" + dead + "-x", "notes.tmp-" + dead + "-1"})
    writeBytes(dir.file(name), "left behind");
  writeFileAtomically(dir.file("map.txt"), "new");
  EXPECT_EQ(dir.names(), (std::set<std::string>{".runnel-tmp-" + alive + "-0", ".runnel-tmp-" + dead + "-x",
                                                "map.txt", "notes.tmp-" + dead + "-1"}));
}

// The outputs of one run appear together or not at all: a write that fails after others were written (a
// full disk at the third output) leaves every file as it was, and no temporary file behind.
TEST(AtomicFile, AGroupOfFilesAppearsTogetherOrNotAtAll) {
  ScratchDir dir;
  const std::string a = dir.file("a.txt"), b = dir.file("b.txt"), c = dir.file("c.txt");
  writeFileAtomically(a, "old a");
  {
    PublishGroup outputs;
    writeFileAtomically(a, "new a");
    writeFileAtomically(b, "new b");
    EXPECT_EQ(readBytes(a), "old a");  // not before the group commits
    EXPECT_FALSE(std::filesystem::exists(b));
    EXPECT_THROW(writeFileAtomically(dir.file("missing/c.txt"), "c"), Error);
  }  // dropped without commit, as when the error unwinds the run
  EXPECT_EQ(readBytes(a), "old a");
  EXPECT_EQ(dir.names(), std::set<std::string>{"a.txt"});
  {
    PublishGroup outputs;
    writeFileAtomically(a, "new a");
    writeFileAtomically(b, "new b");
    {
      PublishGroup inner;  // joins the open group
      writeFileAtomically(c, "new c");
      inner.commit();
    }
    EXPECT_FALSE(std::filesystem::exists(c));
    outputs.commit();
  }
  EXPECT_EQ(readBytes(a), "new a");
  EXPECT_EQ(readBytes(b), "new b");
  EXPECT_EQ(readBytes(c), "new c");
  EXPECT_EQ(dir.names(), (std::set<std::string>{"a.txt", "b.txt", "c.txt"}));
  writeFileAtomically(a, "alone");  // no group open: published at once
  EXPECT_EQ(readBytes(a), "alone");
}

// A kill between a group's renames: the journal commit() wrote first lets the next process finish them, so
// the set ends all new; a journal that was not written whole changes nothing.
TEST(AtomicFile, AGroupKilledMidCommitIsFinishedByTheNextProcess) {
  ScratchDir dir, state;
  const char* before = std::getenv("XDG_STATE_HOME");
  const std::string saved = before ? before : "";
  setenv("XDG_STATE_HOME", state.path().c_str(), 1);
  const pid_t child = fork();
  if (child == 0) _exit(0);
  ASSERT_GT(child, 0);
  waitpid(child, nullptr, 0);  // the killed writer: a process id no process has
  const std::string dead = std::to_string(child);
  const std::string a = dir.file("a.txt"), b = dir.file("b.txt"), c = dir.file("c.txt");
  writeBytes(a, "new a");  // renamed before the kill
  writeBytes(b, "old b");
  writeBytes(c, "old c");
  const std::string tempB = dir.file(".runnel-tmp-" + dead + "-1"),
                    tempC = dir.file(".runnel-tmp-" + dead + "-2");
  writeBytes(tempB, "new b");
  writeBytes(tempC, "new c");
  const std::string commits = state.path().string() + "/runnel/commits";
  std::filesystem::create_directories(commits);
  writeBytes(commits + "/commit-" + dead + "-0",
             "runnel-commit 1\n" + dir.file(".runnel-tmp-" + dead + "-0") + "\t" + a + "\n" + tempB + "\t" +
                 b + "\n" + tempC + "\t" + c + "\nend\n");
  // A journal cut short (no "end"): its renames are not done.
  const std::string tempD = dir.file(".runnel-tmp-" + dead + "-3");
  writeBytes(tempD, "new d");
  writeBytes(dir.file("d.txt"), "old d");
  writeBytes(commits + "/commit-" + dead + "-1",
             "runnel-commit 1\n" + tempD + "\t" + dir.file("d.txt") + "\n");

  EXPECT_EQ(recoverInterruptedCommits(), 2u);
  EXPECT_EQ(readBytes(a), "new a");
  EXPECT_EQ(readBytes(b), "new b");
  EXPECT_EQ(readBytes(c), "new c");
  EXPECT_EQ(readBytes(dir.file("d.txt")), "old d");
  EXPECT_TRUE(std::filesystem::is_empty(commits));
  writeFileAtomically(dir.file("e.txt"), "e");  // the next write there removes the dead temporaries
  EXPECT_EQ(dir.names(), (std::set<std::string>{"a.txt", "b.txt", "c.txt", "d.txt", "e.txt"}));

  // A group's own commit leaves no journal behind.
  {
    PublishGroup outputs;
    writeFileAtomically(a, "newer a");
    writeFileAtomically(b, "newer b");
    outputs.commit();
  }
  EXPECT_EQ(readBytes(b), "newer b");
  EXPECT_TRUE(std::filesystem::is_empty(commits));
  if (before)
    setenv("XDG_STATE_HOME", saved.c_str(), 1);
  else
    unsetenv("XDG_STATE_HOME");
}

// A writer killed between the two renames of a two-file set (an export's .raw and .import.txt; erode's -o
// and --eroded) leaves a journal, and the next process finishes the set: both new, never one of each.
TEST(AtomicFile, ATwoFileSetKilledBetweenItsRenamesEndsAllNew) {
  ScratchDir dir, state;
  const char* before = std::getenv("XDG_STATE_HOME");
  const std::string saved = before ? before : "";
  setenv("XDG_STATE_HOME", state.path().c_str(), 1);
  const std::string a = dir.file("map.raw"), b = dir.file("map.import.txt");
  writeBytes(a, "old raw");
  writeBytes(b, "old steps");
  const pid_t child = fork();
  if (child == 0) {
    betweenCommitRenamesForTests = [] { _exit(0); };  // the kill, right after the first rename
    PublishGroup outputs;
    writeFileAtomically(a, "new raw");
    writeFileAtomically(b, "new steps");
    outputs.commit();
    _exit(1);  // not reached: the hook exits
  }
  ASSERT_GT(child, 0);
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the child did not stop between the renames";
  EXPECT_EQ(readBytes(a), "new raw");    // renamed before the kill
  EXPECT_EQ(readBytes(b), "old steps");  // not yet
  EXPECT_EQ(recoverInterruptedCommits(), 1u);
  EXPECT_EQ(readBytes(b), "new steps");
  if (before)
    setenv("XDG_STATE_HOME", saved.c_str(), 1);
  else
    unsetenv("XDG_STATE_HOME");
}

// Without HOME or XDG_STATE_HOME (cron, env -i) the set is journalled beside its files, and the next process
// to write into that folder finishes it.
TEST(AtomicFile, WithoutAStateFolderTheSetIsJournalledBesideItsFiles) {
  ScratchDir dir;
  const std::string a = dir.file("out.r32"), b = dir.file("out.r32.json");
  writeBytes(a, "old heights");
  writeBytes(b, "old sidecar");
  const pid_t child = fork();
  if (child == 0) {
    unsetenv("HOME");
    unsetenv("XDG_STATE_HOME");
    betweenCommitRenamesForTests = [] { _exit(0); };
    PublishGroup outputs;
    writeFileAtomically(a, "new heights");
    writeFileAtomically(b, "new sidecar");
    outputs.commit();
    _exit(1);
  }
  ASSERT_GT(child, 0);
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the child did not stop between the renames";
  EXPECT_EQ(readBytes(b), "old sidecar");
  writeFileAtomically(dir.file("next.txt"), "the next run here");
  EXPECT_EQ(readBytes(a), "new heights");
  EXPECT_EQ(readBytes(b), "new sidecar");
  EXPECT_EQ(dir.names(), (std::set<std::string>{"out.r32", "out.r32.json", "next.txt"}));  // no journal left
}

}  // namespace
}  // namespace runnel
