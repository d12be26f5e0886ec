#include "height_sidecar.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "core/base/error.h"
#include "core/base/json_text.h"
#include "core/base/number_text.h"
#include "core/base/value_limits.h"
#include "input_file.h"

namespace runnel {

namespace {

std::string baseName(const std::string& path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool parseFloat(const std::string& text, float& v) {
  const std::optional<float> read = readNumber<float>(text);
  if (read) v = *read;
  return read && std::isfinite(*read);
}

// A flat JSON object of scalar values: enough for the sidecar, strict about everything else.
class FlatJson {
 public:
  FlatJson(std::string text, std::string name) : s_(std::move(text)), name_(std::move(name)) {}

  std::map<std::string, std::string> parse() {  // numbers and literals as their text, strings unquoted
    std::map<std::string, std::string> values;
    expect('{');
    if (peek() == '}') {
      ++i_;
      return values;
    }
    for (;;) {
      std::string key = string();
      expect(':');
      char c = peek();
      values[key] = c == '"' ? string() : scalar();
      if (peek() == ',') {
        ++i_;
        continue;
      }
      expect('}');
      break;
    }
    if (peek() != '\0') fail("text after the object");
    return values;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw Error(name_ + ": malformed height sidecar (" + what + " at byte " + std::to_string(i_) + ")");
  }
  char peek() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
    return i_ < s_.size() ? s_[i_] : '\0';
  }
  void expect(char c) {
    if (peek() != c) fail(std::string("expected '") + c + "'");
    ++i_;
  }
  std::string string() {
    expect('"');
    std::string out;
    while (i_ < s_.size() && s_[i_] != '"') {
      if (s_[i_] == '\\' && i_ + 1 < s_.size()) ++i_;  // keeps the escaped character; enough for our keys
      out += s_[i_++];
    }
    if (i_ >= s_.size()) fail("unterminated string");
    ++i_;
    return out;
  }
  std::string scalar() {
    size_t start = i_;
    while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || std::strchr("+-.", s_[i_])))
      ++i_;
    if (i_ == start) fail("expected a value");
    return s_.substr(start, i_ - start);
  }

  std::string s_, name_;
  size_t i_ = 0;
};

}  // namespace

HeightRange parseRange(const std::string& text) {
  size_t colon = text.find(':');
  HeightRange r;
  if (colon == std::string::npos || !parseFloat(text.substr(0, colon), r.lo) ||
      !parseFloat(text.substr(colon + 1), r.hi) || !(r.lo < r.hi))
    throw Error("range: '" + text + "' is not LO:HI with finite LO < HI (e.g. 236:1076)");
  return r;
}

std::string sidecarPath(const std::string& imagePath) {
  return imagePath + ".json";
}

std::string heightSidecarJson(const std::string& imagePath, int width, int height, HeightRange range,
                              float cellSize) {
  std::ostringstream j;
  j << "{\n"
    << "  \"runnel_height_sidecar\": 1,\n"
    << "  \"image\": " << jsonString(baseName(imagePath)) << ",\n"
    << "  \"width\": " << width << ",\n"
    << "  \"height\": " << height << ",\n"
    << "  \"sample_bits\": 16,\n"
    << "  \"world_height_at_0\": " << jsonNumber(range.lo) << ",\n"
    << "  \"world_height_at_65535\": " << jsonNumber(range.hi);
  if (cellSize > 0.0f) j << ",\n  \"cell_size_m\": " << jsonNumber(cellSize);
  j << "\n}\n";
  return j.str();
}

namespace {

// The sidecar's keys and values, or nullopt when there is none.
std::optional<std::map<std::string, std::string>> sidecarValues(const std::string& name) {
  requireRegularFile(name);
  std::ifstream in(name, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.size() > 65536) throw Error(name + ": malformed height sidecar (over 64 KiB)");
  return FlatJson(text, name).parse();
}

}  // namespace

std::optional<float> readSidecarCellSize(const std::string& imagePath, int width, int height) {
  if (!readHeightSidecar(imagePath, width, height)) return std::nullopt;  // checks it describes this image
  const std::string name = sidecarPath(imagePath);
  auto values = *sidecarValues(name);
  auto it = values.find("cell_size_m");
  if (it == values.end()) return std::nullopt;
  return float(valueFromText(limits::kCellSize, it->second, name + ": \"cell_size_m\""));
}

std::optional<HeightRange> readHeightSidecar(const std::string& imagePath, int width, int height) {
  const std::string name = sidecarPath(imagePath);
  auto parsed = sidecarValues(name);
  if (!parsed) return std::nullopt;
  auto& values = *parsed;

  auto number = [&](const char* key) {
    auto it = values.find(key);
    float v;
    if (it == values.end() || !parseFloat(it->second, v))
      throw Error(name + ": height sidecar lacks a finite \"" + key + "\"");
    return v;
  };
  if (number("sample_bits") != 16) throw Error(name + ": height sidecar is not for 16-bit samples");
  float w = number("width"), h = number("height");
  if (w != float(width) || h != float(height))
    throw Error(name + ": height sidecar is for a " + jsonNumber(w) + "x" + jsonNumber(h) + " image, not " +
                std::to_string(width) + "x" + std::to_string(height) +
                "; give the range (--range LO:HI) or remove the stale sidecar");
  HeightRange r{number("world_height_at_0"), number("world_height_at_65535")};
  if (!(r.lo < r.hi)) throw Error(name + ": height sidecar has world_height_at_0 >= world_height_at_65535");
  return r;
}

}  // namespace runnel
