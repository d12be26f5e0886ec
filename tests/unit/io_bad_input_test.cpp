// Each bad input gives one clear Error naming the file, and nothing is written: the target keeps its old
// content (or stays absent) and no temporary file is left behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>

#include "core/base/error.h"
#include "core/io/atomic_file.h"
#include "core/io/formats.h"
#include "core/io/height_sidecar.h"
#include "core/io/heightmap_io.h"
#include "io_test_util.h"

namespace runnel {
namespace {

using testing::errorOf;
using testing::pngClaiming;
using testing::readBytes;
using testing::ScratchDir;
using testing::testMap;
using testing::writeBytes;

TEST(BadInput, APngClaiming100000x100000IsRefusedBeforeAllocating) {
  ScratchDir dir;
  const std::string path = dir.file("huge.png");
  writeBytes(path, pngClaiming(100000, 100000));
  std::string m = errorOf([&] { readHeightmap(path); });
  EXPECT_MENTIONS(m, path);
  EXPECT_MENTIONS(m, "100000x100000");
}

// Our own small TIFF and EXR with the size fields in their headers rewritten to 100000x100000.
TEST(BadInput, TiffAndExrClaiming100000x100000AreRefusedBeforeAllocating) {
  ScratchDir dir;
  const std::string tif = dir.file("huge.tif");
  writeHeightmap(tif, testMap(4, 4));
  std::string bytes = readBytes(tif);
  ASSERT_EQ(bytes.substr(0, 4), std::string("II*\0", 4));  // little-endian classic TIFF
  uint32_t ifd;
  std::memcpy(&ifd, &bytes[4], 4);
  uint16_t entries;
  std::memcpy(&entries, &bytes[ifd], 2);
  int patched = 0;
  for (uint16_t e = 0; e < entries; ++e) {
    char* entry = &bytes[ifd + 2 + 12 * e];
    uint16_t tag;
    std::memcpy(&tag, entry, 2);
    if (tag != 256 && tag != 257) continue;  // ImageWidth, ImageLength
    const uint16_t typeLong = 4;
    const uint32_t one = 1, huge = 100000;
    std::memcpy(entry + 2, &typeLong, 2);
    std::memcpy(entry + 4, &one, 4);
    std::memcpy(entry + 8, &huge, 4);
    ++patched;
  }
  ASSERT_EQ(patched, 2);
  writeBytes(tif, bytes);
  std::string m = errorOf([&] { readHeightmap(tif); });
  EXPECT_MENTIONS(m, tif);
  EXPECT_MENTIONS(m, "100000x100000");

  const std::string exr = dir.file("huge.exr");
  writeHeightmap(exr, testMap(4, 4));
  bytes = readBytes(exr);
  const std::string field("dataWindow\0box2i\0", 17);
  size_t at = bytes.find(field);
  ASSERT_NE(at, std::string::npos);
  const int32_t box[4] = {0, 0, 99999, 99999};  // xMin yMin xMax yMax
  std::memcpy(&bytes[at + field.size() + 4], box, 16);
  writeBytes(exr, bytes);
  m = errorOf([&] { readHeightmap(exr); });
  EXPECT_MENTIONS(m, exr);
  EXPECT_MENTIONS(m, "100000x100000");
}

TEST(BadInput, TruncatedAndCorruptPngs) {
  ScratchDir dir;
  writeHeightmap(dir.file("good.png"), testMap(64, 64));
  const std::string good = readBytes(dir.file("good.png"));

  const std::string cut = dir.file("cut.png");
  writeBytes(cut, good.substr(0, good.size() / 2));
  EXPECT_MENTIONS(errorOf([&] { readHeightmap(cut); }), cut);

  const std::string header = dir.file("header.png");
  std::string bad = good;
  bad[18] ^= 0x55;  // inside IHDR's width: the chunk's CRC no longer matches
  writeBytes(header, bad);
  EXPECT_MENTIONS(errorOf([&] { readHeightmap(header); }), header);

  const std::string notPng = dir.file("text.png");
  writeBytes(notPng, "hello, not an image");
  EXPECT_MENTIONS(errorOf([&] { readHeightmap(notPng); }), "not a PNG");

  const std::string empty = dir.file("empty.png");
  writeBytes(empty, "");
  EXPECT_MENTIONS(errorOf([&] { readHeightmap(empty); }), empty);

  const std::string missing = dir.file("missing.png");
  EXPECT_MENTIONS(errorOf([&] { readHeightmap(missing); }), missing);
}

TEST(BadInput, RawFilesWhoseLengthFitsNoSize) {
  ScratchDir dir;
  const std::string r16 = dir.file("odd.r16");
  writeBytes(r16, std::string(1000, '\0'));  // 500 samples: no square
  std::string m = errorOf([&] { readHeightmap(r16); });
  EXPECT_MENTIONS(m, r16);
  EXPECT_MENTIONS(m, "1000 bytes");

  ReadOptions o;
  o.width = 20;
  o.height = 20;  // needs 800 bytes
  m = errorOf([&] { readHeightmap(r16, o); });
  EXPECT_MENTIONS(m, r16);
  EXPECT_MENTIONS(m, "800");

  const std::string r32 = dir.file("odd.r32");
  writeBytes(r32, std::string(4 * 15, '\0'));
  EXPECT_MENTIONS(errorOf([&] { readHeightmap(r32); }), r32);
  writeBytes(r32, std::string(6, '\0'));  // not even whole samples
  EXPECT_MENTIONS(errorOf([&] { readHeightmap(r32); }), r32);
  o.width = 0;
  o.height = 3;
  writeBytes(r32, std::string(4 * 9, '\0'));
  EXPECT_MENTIONS(errorOf([&] { readHeightmap(r32, o); }), "both");
}

TEST(BadInput, NonFiniteSamplesAreRefusedNamingTheFirstBadPixel) {
  ScratchDir dir;
  Heightmap map = testMap(8, 8);
  for (const char* ext : {"r32", "pfm"}) {
    const std::string path = dir.file(std::string("nan.") + ext);
    writeHeightmap(path, map);
    // Poison the sample at x=3, y=2 (and a later one) in the file itself.
    std::string bytes = readBytes(path);
    size_t headerSize = bytes.size() - 8 * 8 * 4;
    size_t fileRow = std::string(ext) == "pfm" ? 7 - 2 : 2;  // PFM stores the south row first
    float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    std::memcpy(&bytes[headerSize + (fileRow * 8 + 3) * 4], &nan, 4);
    std::memcpy(&bytes[headerSize + (std::string(ext) == "pfm" ? 0 : 7 * 8 + 7) * 4], &inf, 4);
    writeBytes(path, bytes);
    std::string m = errorOf([&] { readHeightmap(path); });
    EXPECT_MENTIONS(m, path);
    EXPECT_MENTIONS(m, "x=3, y=2");
    EXPECT_MENTIONS(m, "NaN");
  }
}

// TIFF and EXR hold compressed data, so the NaN goes in through the format's own writer, which (unlike
// writeHeightmap) does not check.
TEST(BadInput, NonFiniteSamplesInTiffAndExr) {
  ScratchDir dir;
  Heightmap map = testMap(8, 8);
  map.at(3, 2) = -std::numeric_limits<float>::infinity();
  map.at(7, 7) = std::numeric_limits<float>::quiet_NaN();
  for (const char* ext : {"tif", "exr"}) {
    const std::string path = dir.file(std::string("bad.") + ext);
    {
      AtomicFile out(path);
      if (std::string(ext) == "tif")
        formats::writeTiff(out, map, 0.0f);
      else
        formats::writeExr(out, map, 0.0f);
      out.commit();
    }
    std::string m = errorOf([&] { readHeightmap(path); });
    EXPECT_MENTIONS(m, path);
    EXPECT_MENTIONS(m, "x=3, y=2 is -inf");
  }
}

TEST(BadInput, TruncatedAndCorruptTiffAndExr) {
  ScratchDir dir;
  for (const char* ext : {"tif", "exr"}) {
    const std::string good = dir.file(std::string("good.") + ext);
    writeHeightmap(good, testMap(64, 64));
    const std::string bytes = readBytes(good);
    const std::string cut = dir.file(std::string("cut.") + ext);
    writeBytes(cut, bytes.substr(0, bytes.size() / 2));
    EXPECT_MENTIONS(errorOf([&] { readHeightmap(cut); }), cut);
    const std::string junk = dir.file(std::string("junk.") + ext);
    writeBytes(junk, "definitely not an image at all, just some words");
    EXPECT_MENTIONS(errorOf([&] { readHeightmap(junk); }), junk);
    const std::string empty = dir.file(std::string("empty.") + ext);
    writeBytes(empty, "");
    EXPECT_MENTIONS(errorOf([&] { readHeightmap(empty); }), empty);
  }
}

TEST(BadInput, CorruptPfmHeaders) {
  ScratchDir dir;
  const std::string path = dir.file("bad.pfm");
  for (const char* text : {"P6\n2 2\n255\n", "Pf\n2 x\n-1.0\n", "Pf\n2 2\n0\n", "Pf\n2 2\n-1.0\nshort",
                           "Pf\n100000 100000\n-1.0\n", "Pf\n2 2"}) {
    writeBytes(path, text);
    EXPECT_MENTIONS(errorOf([&] { readHeightmap(path); }), path);
  }
}

// An EXR whose header declares an absurd size is refused, and the file is closed again: the check that
// refuses it once left it open, and a fuzzing campaign ran out of file descriptors.
TEST(BadInput, ARefusedExrLeavesNoFileOpen) {
  ScratchDir dir;
  writeHeightmap(dir.file("good.exr"), testMap());
  std::string bytes = readBytes(dir.file("good.exr"));
  const std::string key = std::string("dataWindow") + '\0' + "box2i" + '\0';
  const size_t at = bytes.find(key);
  ASSERT_NE(at, std::string::npos);
  const int32_t huge = 99999;  // x1: a window 100000 wide
  std::memcpy(&bytes[at + key.size() + 4 + 8], &huge, 4);
  writeBytes(dir.file("wide.exr"), bytes);
  auto openFiles = [] {
    return std::distance(std::filesystem::directory_iterator("/proc/self/fd"),
                         std::filesystem::directory_iterator{});
  };
  const auto before = openFiles();
  for (int i = 0; i < 50; ++i)
    EXPECT_MENTIONS(errorOf([&] { readHeightmap(dir.file("wide.exr")); }), "wide.exr");
  EXPECT_EQ(openFiles(), before);
}

// A PFM whose header lines end in "\r\n" (written on Windows) reads as the same map.
TEST(BadInput, APfmWithWindowsLineEndsReads) {
  ScratchDir dir;
  writeHeightmap(dir.file("unix.pfm"), testMap());
  std::string bytes = readBytes(dir.file("unix.pfm"));
  for (size_t at = 0, lines = 0; lines < 3; ++lines) {
    at = bytes.find('\n', at);
    bytes.insert(at, "\r");
    at += 2;
  }
  writeBytes(dir.file("windows.pfm"), bytes);
  const Heightmap a = readHeightmap(dir.file("unix.pfm")), b = readHeightmap(dir.file("windows.pfm"));
  ASSERT_EQ(a.cellCount(), b.cellCount());
  EXPECT_TRUE(std::equal(a.data(), a.data() + a.cellCount(), b.data()));
  bytes[bytes.find("\r\n", bytes.find("\r\n", bytes.find("\r\n") + 2) + 2) + 1] = 'x';  // "\r" then no "\n"
  writeBytes(dir.file("broken.pfm"), bytes);
  EXPECT_MENTIONS(errorOf([&] { readHeightmap(dir.file("broken.pfm")); }), "broken.pfm");
}

TEST(BadInput, UnknownExtensionsAndWriteOnlyFormats) {
  ScratchDir dir;
  const std::string path = dir.file("map.bmp");
  writeBytes(path, "x");
  EXPECT_MENTIONS(errorOf([&] { readHeightmap(path); }), path);
  EXPECT_MENTIONS(errorOf([&] { writeHeightmap(dir.file("out.jpeg"), testMap()); }), "out.jpeg");
  EXPECT_MENTIONS(errorOf([&] { readHeightmap(dir.file("mesh.obj")); }), "mesh.obj");
  EXPECT_EQ(dir.names(), std::set<std::string>{"map.bmp"});
}

// Each failing write leaves the folder exactly as it was: the old target intact, no sidecar, no temp file.
TEST(BadInput, FailedWritesLeaveTheOldFileAndNoTemporaryFile) {
  ScratchDir dir;
  Heightmap good = testMap(16, 16);
  Heightmap poisoned = good;
  poisoned.at(5, 9) = std::numeric_limits<float>::quiet_NaN();
  for (const char* ext : {"png", "r16", "r32", "pfm", "tif", "exr", "obj"}) {
    const std::string path = dir.file(std::string("keep.") + ext);
    writeHeightmap(path, good);
    const auto before = dir.names();
    const std::string bytes = readBytes(path);
    std::string m = errorOf([&] { writeHeightmap(path, poisoned); });
    EXPECT_MENTIONS(m, path);
    EXPECT_MENTIONS(m, "x=5, y=9");
    EXPECT_EQ(readBytes(path), bytes) << path;
    EXPECT_EQ(dir.names(), before) << path;
  }
}

TEST(BadInput, UnwritablePaths) {
  ScratchDir dir;
  writeBytes(dir.file("plain"), "a file, not a folder");
  for (std::string path :
       {dir.file("no/such/folder/out.png"), dir.file("plain/out.r32"), dir.file("plain/out.r16"),
        dir.file("plain/out.tif"), dir.file("plain/out.exr"), dir.file("plain/out.obj")}) {
    std::string m = errorOf([&] { writeHeightmap(path, testMap()); });
    EXPECT_MENTIONS(m, "cannot write " + path);
  }
  // A folder where the file should go: the rename fails, the folder stays, no temporary file is left.
  std::filesystem::create_directory(dir.file("taken.pfm"));
  EXPECT_MENTIONS(errorOf([&] { writeHeightmap(dir.file("taken.pfm"), testMap()); }), "taken.pfm");
  EXPECT_TRUE(std::filesystem::is_directory(dir.file("taken.pfm")));
  EXPECT_EQ(dir.names(), (std::set<std::string>{"plain", "taken.pfm"}));
}

// Damaged files of every format, byte flips and cuts at deterministic random places: each read gives a map
// or an Error naming the file, never a crash or another exception (the suite also runs under ASan).
TEST(BadInput, DamagedFilesOfEveryFormat) {
  ScratchDir dir;
  uint64_t state = 12345;
  auto next = [&state](uint64_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % n;
  };
  for (const char* ext : {"png", "r16", "r32", "pfm", "tif", "exr"}) {
    const std::string good = dir.file(std::string("good.") + ext);
    writeHeightmap(good, testMap(40, 40));
    const std::string bytes = readBytes(good);
    const std::string bad = dir.file(std::string("bad.") + ext);
    for (int round = 0; round < 150; ++round) {
      std::string damaged = bytes;
      if (round % 3 == 2) {
        damaged.resize(next(damaged.size()));
      } else {
        for (uint64_t k = 0, n = 1 + next(4); k < n; ++k)
          damaged[next(damaged.size())] ^= char(1 + next(255));
      }
      writeBytes(bad, damaged);
      try {
        Heightmap m = readHeightmap(bad);
        EXPECT_EQ(m.width() * m.height() > 0, true);
      } catch (const Error& e) {
        EXPECT_MENTIONS(e.what(), bad);
      } catch (const std::exception& e) {
        ADD_FAILURE() << ext << " round " << round << ": not a runnel::Error: " << e.what();
      }
    }
  }
}

TEST(BadInput, MalformedOrStaleSidecars) {
  ScratchDir dir;
  const std::string path = dir.file("m.png");
  writeHeightmap(path, testMap(16, 16));
  const std::string side = sidecarPath(path);
  for (const char* text : {"{", "{\"sample_bits\": 16}", "not json", "{\"a\": 1} trailing"}) {
    writeBytes(side, text);
    EXPECT_MENTIONS(errorOf([&] { readHeightmap(path); }), side);
  }
  writeBytes(side, heightSidecarJson(path, 32, 16, HeightRange{0, 1}));  // describes another image
  std::string m = errorOf([&] { readHeightmap(path); });
  EXPECT_MENTIONS(m, side);
  EXPECT_MENTIONS(m, "32x16");
  // A range from the caller does not need the sidecar.
  ReadOptions o;
  o.range = HeightRange{0, 1};
  EXPECT_NO_THROW(readHeightmap(path, o));
}

}  // namespace
}  // namespace runnel
