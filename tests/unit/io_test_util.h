// Helpers for the file-format tests: a scratch folder, file listings and small maps with a recognisable
// shape.
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "core/base/error.h"
#include "core/terrain/heightmap.h"

namespace runnel::testing {

// A fresh folder under the system's temporary folder, removed with everything in it at the end.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "runnel-io-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all, ec);
    std::filesystem::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }
  // Every name in the folder, hidden temporary files included.
  std::set<std::string> names() const {
    std::set<std::string> out;
    for (auto& e : std::filesystem::directory_iterator(path_)) out.insert(e.path().filename().string());
    return out;
  }

 private:
  std::filesystem::path path_;
};

inline std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

inline void writeBytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), std::streamsize(bytes.size()));
}

// A non-square map with negative and fractional heights whose rows and columns all differ, so a flipped,
// transposed or shifted read cannot pass for the original.
inline Heightmap testMap(int w = 37, int h = 23) {
  Heightmap m(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      m.at(x, y) = 40.0f * std::sin(0.31f * float(x)) +
                   25.0f * std::cos(0.17f * float(y) + 0.05f * float(x)) + 0.37f * float(y) - 3.0f;
  m.at(0, 0) = 101.25f;  // the north-west corner stands out
  return m;
}

inline float maxAbsDiff(const Heightmap& a, const Heightmap& b) {
  float d = 0;
  for (size_t i = 0; i < a.cellCount(); ++i) d = std::max(d, std::fabs(a.data()[i] - b.data()[i]));
  return d;
}

inline uint32_t crc32(const std::string& bytes) {
  uint32_t c = 0xffffffffu;
  for (unsigned char b : bytes) {
    c ^= b;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
  }
  return ~c;
}

inline std::string bigEndian32(uint32_t v) {
  return {char(v >> 24), char(v >> 16), char(v >> 8), char(v)};
}

inline std::string pngChunk(const std::string& type, const std::string& data) {
  return bigEndian32(uint32_t(data.size())) + type + data + bigEndian32(crc32(type + data));
}

// A well-formed PNG header for a w x h 16-bit grey image, followed by a tiny IDAT and IEND: 65 bytes.
inline std::string pngClaiming(uint32_t w, uint32_t h, bool interlaced = false) {
  std::string ihdr = bigEndian32(w) + bigEndian32(h) + std::string("\x10\x00\x00\x00", 4) + char(interlaced);
  return std::string("\x89PNG\r\n\x1a\n", 8) + pngChunk("IHDR", ihdr) +
         pngChunk("IDAT", std::string("\x78\x9c\x03\x00\x00\x00\x00\x01", 8)) + pngChunk("IEND", "");
}

// The message of the Error `f` throws; fails the test when it throws nothing or something else.
template <class F>
inline std::string errorOf(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not a runnel::Error: " << e.what();
    return "";
  }
  ADD_FAILURE() << "no error";
  return "";
}

// What a shell command prints on its standard output.
inline std::string commandOutput(const std::string& command) {
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  if (!p) return out;
  char buf[256];
  while (fgets(buf, sizeof buf, p)) out += buf;
  pclose(p);
  return out;
}

}  // namespace runnel::testing

// EXPECT_MENTIONS(message, text): the message contains the text.
#define EXPECT_MENTIONS(message, text) \
  EXPECT_NE(std::string(message).find(text), std::string::npos) << "message: " << (message)
