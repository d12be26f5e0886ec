// Progress of long file work: shares nest, nothing is reported with no progress open, and every format's
// reader and writer (and the whole map folder) reports its way from 0 to 1 in many steps, never back.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <vector>

#include "core/base/work_progress.h"
#include "core/io/heightmap_io.h"
#include "core/io/map_folder.h"
#include "io_test_util.h"

namespace {

using namespace runnel;

TEST(WorkProgress, SharesNestInsideTheirWholeAndCloseAtTheirEnd) {
  std::atomic<float> fraction{-1.0f};
  std::vector<float> heard;
  {
    WorkProgress whole(fraction, [&](float f) { heard.push_back(f); });
    EXPECT_EQ(fraction.load(), 0.0f);
    {
      WorkProgress second(0.5, 1.0);
      {
        WorkProgress quarter(0.5, 1.0);  // the last quarter of the whole
        reportWork(1, 2);
        EXPECT_FLOAT_EQ(fraction.load(), 0.875f);
      }
      EXPECT_FLOAT_EQ(fraction.load(), 1.0f);  // the inner one closed at its end, the end of `second`
      reportWork(0, 4);
      EXPECT_FLOAT_EQ(fraction.load(), 0.5f);  // `second` reports again once the inner one is gone
    }
  }
  EXPECT_EQ(fraction.load(), 1.0f);
  EXPECT_EQ(heard.front(), 0.0f);
  EXPECT_EQ(heard.back(), 1.0f);
}

TEST(WorkProgress, NothingHappensWithNoProgressOpen) {
  reportWork(3, 4);  // no progress open on this thread: nothing to report into, nothing breaks
  WorkProgress orphan(0.2, 0.4);
  reportWork(1, 2);
  std::atomic<float> fraction{0.0f};
  {
    WorkProgress whole(fraction);
    reportWork(1, 4);
    EXPECT_FLOAT_EQ(fraction.load(), 0.25f);
  }
  reportWork(1, 2);  // closed: the fraction stays where it ended
  EXPECT_EQ(fraction.load(), 1.0f);
}

// The reports a piece of work made, from 0 to 1.
template <class Work>
std::vector<float> reportsOf(Work work) {
  std::atomic<float> fraction{0.0f};
  std::vector<float> heard;
  {
    WorkProgress whole(fraction, [&](float f) { heard.push_back(f); });
    work();
  }
  return heard;
}

// Rising from 0 to 1 through at least `steps` values strictly between.
void expectSteadyRise(const std::vector<float>& heard, size_t steps, const std::string& what) {
  ASSERT_FALSE(heard.empty()) << what;
  EXPECT_EQ(heard.front(), 0.0f) << what;
  EXPECT_EQ(heard.back(), 1.0f) << what;
  size_t between = 0;
  for (size_t i = 0; i < heard.size(); ++i) {
    if (i > 0) {
      EXPECT_GE(heard[i], heard[i - 1]) << what << " went back at report " << i;
    }
    between += heard[i] > 0.0f && heard[i] < 1.0f;
  }
  EXPECT_GE(between, steps) << what;
}

Heightmap bumps(int w, int h) {
  Heightmap m(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) m.at(x, y) = float((x * 7 + y * 13) % 50) * 3.0f;
  return m;
}

TEST(WorkProgress, EveryFormatReportsItsRowsWrittenAndRead) {
  runnel::testing::ScratchDir dir;
  const Heightmap map = bumps(40, 600);
  for (const char* ext : {"png", "tif", "exr", "pfm", "r32", "raw", "obj"}) {
    const std::string path = dir.file(std::string("m.") + ext);
    expectSteadyRise(reportsOf([&] { writeHeightmap(path, map); }), ext == std::string("exr") ? 2 : 5,
                     std::string("writing .") + ext);
    if (ext == std::string("obj")) continue;  // a mesh, not read back
    ReadOptions options;
    options.width = 40;  // the raw files are not square
    options.height = 600;
    expectSteadyRise(reportsOf([&] { readHeightmap(path, options); }), ext == std::string("exr") ? 2 : 5,
                     std::string("reading .") + ext);
  }
}

TEST(WorkProgress, AMapFolderReportsEachMapInTurn) {
  runnel::testing::ScratchDir dir;
  MapSource source;
  source.source = "test";
  source.cellSize = 10.0f;
  source.height = bumps(64, 300);
  source.eroded = bumps(64, 300);
  source.deposited = bumps(64, 300);
  const std::vector<float> heard = reportsOf(
      [&] { writeMapFolder(source, dir.file("maps"), formatEntry(FileFormat::Tiff), WriteOptions{}, 1); });
  expectSteadyRise(heard, 50, "the map folder");
  // Each of the eight maps closes its share: 1/8, 2/8, ... are all heard.
  for (int k = 1; k <= 8; ++k)
    EXPECT_NE(
        std::find_if(heard.begin(), heard.end(), [&](float f) { return std::abs(f - k / 8.0f) < 1e-6f; }),
        heard.end())
        << k << "/8";
}

}  // namespace
