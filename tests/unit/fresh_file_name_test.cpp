// One-key saves (the editor's F12 screenshot) get a new name from the time, and never one that is taken.
#include "core/io/fresh_file_name.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace runnel {
namespace {

TEST(FreshFileName, TheTimeNamesTheFileAndATakenNameGetsANumber) {
  const std::filesystem::path folder = std::filesystem::temp_directory_path() / "runnel-fresh-name-test";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  std::tm when{};
  when.tm_year = 2026 - 1900;
  when.tm_mon = 10;  // November
  when.tm_mday = 25;
  when.tm_hour = 21;
  when.tm_min = 58;
  when.tm_sec = 7;
  const std::string first = freshFileName(folder.string(), "runnel", ".png", when);
  EXPECT_EQ(first, (folder / "runnel-20261125-215807.png").string());
  std::ofstream(first) << "x";
  const std::string second = freshFileName(folder.string(), "runnel", ".png", when);
  EXPECT_EQ(second, (folder / "runnel-20261125-215807-2.png").string());
  std::ofstream(second) << "x";
  EXPECT_EQ(freshFileName(folder.string(), "runnel", ".png", when),
            (folder / "runnel-20261125-215807-3.png").string());
  when.tm_sec = 8;  // a second later the plain name is free again
  EXPECT_EQ(freshFileName(folder.string(), "runnel", ".png", when),
            (folder / "runnel-20261125-215808.png").string());
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace runnel
