// The project file round-trips everything the editor saves and rejects damaged files with clear errors.
#include "core/io/project_file.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/base/error.h"

namespace runnel {
namespace {

std::string tempPath(const char* name) {
  return (std::filesystem::temp_directory_path() / (std::string("runnel_project_") + name)).string();
}

ProjectData sample() {
  ProjectData p;
  Heightmap base(5, 3);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 5; ++x) base.at(x, y) = float(x * 10 + y) * 0.5f;
  p.base = Terrain(base);
  p.current = Terrain(base);
  p.current.height.at(2, 1) -= 0.25f;
  p.current.eroded.at(2, 1) = 0.25f;
  p.current.deposited.at(3, 2) = 0.125f;
  p.description = "fbm 5x3, seed 9";
  p.model = "droplet";
  p.params = {{"Kq", 12.5f}, {"Kw", 0.002f}};
  p.common.seed = 1234567890123ull;
  p.common.edges = Edges::Clamp;
  p.common.mode = DropletMode::Classic;
  p.common.cellSize = 7.5f;
  p.budget = 50000;
  return p;
}

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void writeAll(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

TEST(ProjectFile, RoundTripsTerrainsAndSettings) {
  std::string path = tempPath("roundtrip.runnel");
  ProjectData p = sample();
  writeProject(path, p);
  ProjectData q = readProject(path);
  EXPECT_EQ(q.base.height, p.base.height);
  EXPECT_EQ(q.current.height, p.current.height);
  EXPECT_EQ(q.current.eroded, p.current.eroded);
  EXPECT_EQ(q.current.deposited, p.current.deposited);
  EXPECT_EQ(q.description, p.description);
  EXPECT_EQ(q.model, p.model);
  EXPECT_EQ(q.params, p.params);
  EXPECT_EQ(q.common.seed, p.common.seed);
  EXPECT_EQ(q.common.edges, Edges::Clamp);
  EXPECT_EQ(q.common.mode, DropletMode::Classic);
  EXPECT_EQ(q.common.cellSize, 7.5f);
  EXPECT_EQ(q.budget, 50000u);
  std::remove(path.c_str());
}

TEST(ProjectFile, RejectsATruncatedFileNamingIt) {
  std::string path = tempPath("cut.runnel");
  writeProject(path, sample());
  std::string bytes = readAll(path);
  writeAll(path, bytes.substr(0, bytes.size() - 7));
  try {
    readProject(path);
    FAIL() << "a truncated project was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("bytes of map data"), std::string::npos) << e.what();
  }
  std::remove(path.c_str());
}

TEST(ProjectFile, RejectsForeignAndDamagedHeaders) {
  std::string path = tempPath("bad.runnel");
  writeAll(path, "P5\n3 3\n255\n");
  EXPECT_THROW(readProject(path), Error);
  writeProject(path, sample());
  std::string bytes = readAll(path);
  std::string broken = bytes;
  broken.replace(broken.find("\nseed "), 6, "\nseed x");
  writeAll(path, broken);
  EXPECT_THROW(readProject(path), Error);
  broken = bytes;
  broken.replace(broken.find("size 5 3"), 8, "size 0 3");
  writeAll(path, broken);
  EXPECT_THROW(readProject(path), Error);
  for (const char* cell : {"cell_size 0", "cell_size -3", "cell_size nan"}) {
    broken = bytes;
    broken.replace(broken.find("cell_size 7.5"), 13, cell);
    writeAll(path, broken);
    try {
      readProject(path);
      ADD_FAILURE() << cell << " was accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("cell_size"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(readProject(tempPath("does_not_exist.runnel")), Error);
  std::remove(path.c_str());
}

// A header is read a bounded line at a time: a line of megabytes, a parameter given twice, or an escape
// sequence (which an error quoting the line would send to the terminal) is refused naming the line.
TEST(ProjectFile, RefusesOverlongRepeatedAndControlLines) {
  const std::string path = tempPath("hostile.runnel");
  writeProject(path, sample());
  const std::string bytes = readAll(path);
  auto refusal = [&](const std::string& broken) {
    writeAll(path, broken);
    try {
      readProject(path);
      return std::string("accepted");
    } catch (const Error& e) {
      return std::string(e.what());
    }
  };
  const size_t description = bytes.find("description ");
  std::string longLine = bytes;
  longLine.insert(description + 12, std::string(5'000'000, 'x'));
  EXPECT_NE(refusal(longLine).find("header line 2 is over 4096 bytes"), std::string::npos);
  std::string twice = bytes;
  twice.insert(bytes.find("seed "), "param Kq 3\nparam kq 4\n");
  EXPECT_NE(refusal(twice).find("the parameter 'Kq' is given twice"), std::string::npos) << refusal(twice);
  std::string model = bytes;
  model.replace(model.find("\nmodel "), 7, "\nmodel ../../etc/passwd #");
  EXPECT_NE(refusal(model).find("../../etc/passwd"), std::string::npos) << refusal(model);
  EXPECT_EQ(refusal(model).find("accepted"), std::string::npos);
  std::string escape = bytes;
  escape.insert(description + 12, "\x1b[2J");
  EXPECT_NE(refusal(escape).find("header line 2 holds a control byte (\\x1b) at byte 13"), std::string::npos)
      << refusal(escape);
  std::remove(path.c_str());
}

TEST(ProjectFile, AFailedWriteLeavesTheOldFile) {
  std::string path = tempPath("keep.runnel");
  writeProject(path, sample());
  std::string before = readAll(path);
  ProjectData bad = sample();
  bad.base = Terrain(Heightmap(4, 4));  // differs in size from current: refused before writing
  EXPECT_THROW(writeProject(path, bad), Error);
  EXPECT_EQ(readAll(path), before);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace runnel
