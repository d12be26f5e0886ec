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

std::string heightSidecarJson(const std::string& imagePath, int width, int height,
                              std::optional<HeightRange> range, float cellSize) {
  std::ostringstream j;
  j << "{\n"
    << "  \"runnel_height_sidecar\": 1,\n"
    << "  \"image\": " << jsonString(baseName(imagePath)) << ",\n"
    << "  \"width\": " << width << ",\n"
    << "  \"height\": " << height << ",\n"
    << "  \"sample_bits\": " << (range ? 16 : 32);
  if (range)
    j << ",\n  \"world_height_at_0\": " << jsonNumber(range->lo) << ",\n"
      << "  \"world_height_at_65535\": " << jsonNumber(range->hi);
  if (cellSize > 0.0f) j << ",\n  \"cell_size_m\": " << jsonNumber(cellSize);
  j << "\n}\n";
  return j.str();
}

namespace {

// What a sidecar says, each value checked on its own (not yet against the image).
struct Sidecar {
  std::string name;  // the sidecar's path, for messages
  int width = 0, height = 0, sampleBits = 0;
  std::optional<HeightRange> range;  // 16-bit samples only
  std::optional<float> cellSize;
};

// The sidecar beside imagePath, or nullopt when there is none. Its size is checked before it is read whole.
std::optional<Sidecar> readSidecar(const std::string& imagePath) {
  Sidecar s;
  s.name = sidecarPath(imagePath);
  requireRegularFile(s.name);
  std::ifstream in(s.name, std::ios::binary);
  if (!in) return std::nullopt;
  // Its length first: a 2 GiB sidecar is refused without reading it, and a small one costs only its size.
  constexpr std::streamoff kLimit = 65536;
  in.seekg(0, std::ios::end);
  const std::streamoff length = in.tellg();
  if (length < 0 || length > kLimit) throw Error(s.name + ": malformed height sidecar (over 64 KiB)");
  in.seekg(0, std::ios::beg);
  std::string text(size_t(length), '\0');
  in.read(text.data(), length);
  text.resize(size_t(in.gcount()));
  std::map<std::string, std::string> values = FlatJson(text, s.name).parse();

  auto number = [&](const char* key) {
    auto it = values.find(key);
    float v;
    if (it == values.end() || !parseFloat(it->second, v))
      throw Error(s.name + ": height sidecar lacks a finite \"" + key + "\"");
    return v;
  };
  const float bits = number("sample_bits"), w = number("width"), h = number("height");
  if (bits != 16 && bits != 32)
    throw Error(s.name + ": height sidecar is for neither 16- nor 32-bit samples");
  if (!(w >= 1 && w <= float(kMaxSide) && h >= 1 && h <= float(kMaxSide) && w == std::floor(w) &&
        h == std::floor(h)))
    throw Error(s.name + ": height sidecar's width and height (" + jsonNumber(w) + "x" + jsonNumber(h) +
                ") are not a map's size");
  s.sampleBits = int(bits);
  s.width = int(w);
  s.height = int(h);
  if (s.sampleBits == 16) {
    s.range = HeightRange{number("world_height_at_0"), number("world_height_at_65535")};
    if (!(s.range->lo < s.range->hi))
      throw Error(s.name + ": height sidecar has world_height_at_0 >= world_height_at_65535");
  }
  if (auto it = values.find("cell_size_m"); it != values.end())
    s.cellSize = float(valueFromText(limits::kCellSize, it->second, s.name + ": \"cell_size_m\""));
  return s;
}

// The sidecar beside imagePath when it describes a width x height image; throws Error when it describes
// another (a stale sidecar would silently give wrong heights or cell sizes).
std::optional<Sidecar> sidecarFor(const std::string& imagePath, int width, int height) {
  std::optional<Sidecar> s = readSidecar(imagePath);
  if (s && (s->width != width || s->height != height))
    throw Error(s->name + ": height sidecar is for a " + std::to_string(s->width) + "x" +
                std::to_string(s->height) + " image, not " + std::to_string(width) + "x" +
                std::to_string(height) + "; " +
                (s->range ? "give the range (--range LO:HI) or remove the stale sidecar"
                          : "remove the stale sidecar"));
  return s;
}

}  // namespace

std::optional<float> readSidecarCellSize(const std::string& imagePath, int width, int height) {
  std::optional<Sidecar> s = sidecarFor(imagePath, width, height);
  return s ? s->cellSize : std::nullopt;
}

std::optional<std::pair<int, int>> readSidecarSize(const std::string& imagePath) {
  std::optional<Sidecar> s = readSidecar(imagePath);
  if (!s) return std::nullopt;
  return std::pair{s->width, s->height};
}

std::optional<HeightRange> readHeightSidecar(const std::string& imagePath, int width, int height) {
  std::optional<Sidecar> s = sidecarFor(imagePath, width, height);
  if (!s) return std::nullopt;
  if (!s->range) throw Error(s->name + ": height sidecar is not for 16-bit samples");
  return s->range;
}

}  // namespace runnel
