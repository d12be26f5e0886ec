#include "rain_pattern.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>
#include <utility>
#include <vector>

#include "core/base/error.h"
#include "core/base/json_text.h"
#include "core/base/number_text.h"
#include "core/base/value_limits.h"
#include "core/terrain/box_blur.h"

namespace runnel {

namespace {

constexpr double kPi = 3.14159265358979323846;
// The wind climbs over landforms of about this size (metres; the terrain is blurred this much first):
// rain does not follow every gully.
constexpr double kWeatherMetres = 1000.0;
// Air that rises this many metres rains out its moisture (about a moisture scale height). What falls on
// level ground and in the lee, where air does not rise, is the pattern's `dry` density.
constexpr double kRainOutMetres = 2500.0;

const std::array<std::pair<const char*, float>, 8> kCompass{{{"north", 0.0f},
                                                             {"northeast", 45.0f},
                                                             {"east", 90.0f},
                                                             {"southeast", 135.0f},
                                                             {"south", 180.0f},
                                                             {"southwest", 225.0f},
                                                             {"west", 270.0f},
                                                             {"northwest", 315.0f}}};

const char* kindName(RainPattern::Kind kind) {
  switch (kind) {
    case RainPattern::Kind::Uniform:
      return "uniform";
    case RainPattern::Kind::Gradient:
      return "gradient";
    case RainPattern::Kind::Windward:
      return "windward";
  }
  return "uniform";
}

float directionFromText(const std::string& where, const std::string& text) {
  for (const auto& [name, degrees] : kCompass)
    if (text == name) return degrees;
  const std::optional<float> degrees = readNumber<float>(text);
  if (!degrees || !std::isfinite(*degrees))
    throw Error(where + ": rain's direction '" + text +
                "' should be degrees (0 north, 90 east, 180 south, 270 west) or north, northeast, east, "
                "southeast, south, southwest, west or northwest");
  return *degrees;
}

const char* compassName(float degrees) {
  for (const auto& [name, d] : kCompass)
    if (degrees == d) return name;
  return nullptr;
}

std::string directionText(float degrees) {
  const char* name = compassName(degrees);
  return name ? name : jsonNumber(degrees);
}

// Which way the air moves, as (east, south) components: wind from the west moves east.
std::pair<double, double> travel(float windFrom) {
  const double a = double(windFrom) * kPi / 180.0;
  return {-std::sin(a), std::cos(a)};
}

std::vector<float> gradient(const RainPattern& p, int width, int height) {
  const auto [tx, ty] = travel(p.windFrom);
  // Position along the way the rain goes, 0 on the wet side's corner, 1 on the far one.
  double lo = 0, hi = 0;
  for (const double x : {0.0, double(width)})
    for (const double y : {0.0, double(height)}) {
      lo = std::min(lo, x * tx + y * ty);
      hi = std::max(hi, x * tx + y * ty);
    }
  std::vector<float> density(size_t(width) * size_t(height));
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const double t = hi > lo ? ((x + 0.5) * tx + (y + 0.5) * ty - lo) / (hi - lo) : 0.0;
      density[size_t(y) * size_t(width) + size_t(x)] = float(p.wet + (p.dry - p.wet) * t);
    }
  return density;
}

// Rain per metre of the wind's way at every cell: air enters moist at the upwind edge and moves across the
// map a line of cells at a time; over each cell it rains out a share of what it carries in proportion to
// how far it is lifted, so a second range behind the first gets less (its rain shadow). Lines run across
// the wind's main axis; the air over a cell came from the line before, between two cells when the wind
// blows at an angle.
std::vector<float> windward(const RainPattern& p, const Heightmap& terrain, float cellSize) {
  const int width = terrain.width(), height = terrain.height();
  MapVector<float> smooth(terrain.data(), terrain.data() + terrain.cellCount()), scratch;
  // At most the map's size: a wider window only repeats the edges (and a tiny cell size would ask for
  // billions of cells).
  const int radius =
      int(std::clamp(std::round(kWeatherMetres / double(cellSize)), 1.0, double(std::max(width, height))));
  boxBlur(smooth, scratch, width, height, radius, 3, 0);

  const auto [tx, ty] = travel(p.windFrom);
  const bool alongX = std::abs(tx) >= std::abs(ty);
  const int lines = alongX ? width : height, across = alongX ? height : width;
  const bool forward = (alongX ? tx : ty) > 0;
  const double drift = alongX ? ty / std::abs(tx) : tx / std::abs(ty);  // across, per line
  const double step = double(cellSize) * std::sqrt(1.0 + drift * drift);
  auto cell = [&](int line, int t) {
    const int s = forward ? line : lines - 1 - line;
    return alongX ? size_t(t) * size_t(width) + size_t(s) : size_t(s) * size_t(width) + size_t(t);
  };
  // Linear between the two cells of the previous line around position u; outside the map, `outside`.
  auto between = [&](const std::vector<double>& line, double u, double outside) {
    if (u < 0.0 || u > double(across - 1)) return outside;
    const int i = std::clamp(int(u), 0, std::max(across - 2, 0));
    const double f = u - double(i);
    return i + 1 < across ? line[size_t(i)] * (1.0 - f) + line[size_t(i + 1)] * f : line[size_t(i)];
  };

  std::vector<float> rain(terrain.cellCount());
  std::vector<double> moistureLeft(size_t(across), 1.0), heightBefore(size_t(across), 0.0);
  std::vector<double> nextMoisture(moistureLeft.size()), nextHeight(moistureLeft.size());
  for (int line = 0; line < lines; ++line) {
    for (int t = 0; t < across; ++t) {
      const size_t c = cell(line, t);
      const double here = smooth[c];
      const double from = double(t) - drift;
      const double moisture = line == 0 ? 1.0 : between(moistureLeft, from, 1.0);
      const double before =
          line == 0 ? here : between(heightBefore, std::clamp(from, 0.0, double(across - 1)), here);
      const double share = std::min(1.0, std::max(0.0, here - before) / kRainOutMetres);
      const double falls = moisture * share;
      rain[c] = float(falls / step);
      nextMoisture[size_t(t)] = moisture - falls;
      nextHeight[size_t(t)] = here;
    }
    std::swap(moistureLeft, nextMoisture);
    std::swap(heightBefore, nextHeight);
  }
  // The wettest cells (the 99th percentile and above) get `wet`, level ground and the lee `dry`.
  std::vector<float> sorted(rain);
  const size_t k = sorted.size() * 99 / 100;
  std::nth_element(sorted.begin(), sorted.begin() + ptrdiff_t(k), sorted.end());
  const double wettest = sorted[k];
  for (float& r : rain)
    r = float(p.dry + (p.wet - p.dry) * (wettest > 0.0 ? std::min(1.0, double(r) / wettest) : 1.0));
  return rain;
}

}  // namespace

void validate(const RainPattern& p) {
  checkValue(named(limits::kRainDensity, "rain: wet density"), p.wet);
  checkValue(named(limits::kRainDensity, "rain: dry density"), p.dry);
  if (!std::isfinite(p.windFrom)) throw Error("rain: the direction must be a number of degrees");
}

RainPattern parseRainPattern(const std::string& text, const std::string& where) {
  std::istringstream words(text);
  std::string kind, direction, wet, dry, extra;
  words >> kind;
  RainPattern p;
  if (kind == "uniform") {
    if (!(words >> wet) || (words >> extra))
      throw Error(where + ": 'rain uniform' takes one density, e.g. 'rain uniform 0.6'");
    p.wet = p.dry = numberFromText<float>(where, "rain uniform", wet);
  } else if (kind == "gradient" || kind == "windward") {
    if (!(words >> direction >> wet >> dry) || (words >> extra))
      throw Error(where + ": 'rain " + kind +
                  "' takes where the rain comes from, the wet density and the dry one, " + "e.g. 'rain " +
                  kind + " west 1 0.3'");
    p.kind = kind == "gradient" ? RainPattern::Kind::Gradient : RainPattern::Kind::Windward;
    p.windFrom = directionFromText(where, direction);
    p.wet = numberFromText<float>(where, "rain " + kind + " wet", wet);
    p.dry = numberFromText<float>(where, "rain " + kind + " dry", dry);
  } else {
    throw Error(where + ": rain is uniform, gradient or windward, not '" + kind + "'");
  }
  try {
    validate(p);
  } catch (const Error& e) {
    throw Error(where + ": " + e.what());
  }
  return p;
}

std::string rainPatternText(const RainPattern& p) {
  if (p.kind == RainPattern::Kind::Uniform) return "uniform " + jsonNumber(p.wet);
  return std::string(kindName(p.kind)) + " " + directionText(p.windFrom) + " " + jsonNumber(p.wet) + " " +
         jsonNumber(p.dry);
}

std::string describe(const RainPattern& p) {
  const char* name = compassName(p.windFrom);
  const std::string side = name ? std::string("the ") + name : jsonNumber(p.windFrom) + " degrees";
  const std::string range = " (" + jsonNumber(p.wet) + " to " + jsonNumber(p.dry) + ")";
  switch (p.kind) {
    case RainPattern::Kind::Uniform:
      return "rain " + jsonNumber(p.wet) + " everywhere";
    case RainPattern::Kind::Gradient:
      return "rain heaviest from " + side + ", lighter across the map" + range;
    case RainPattern::Kind::Windward:
      return "rain on a wind from " + side + ": wet windward slopes, dry lee" + range;
  }
  return "";
}

RainMap makeRain(const RainPattern& p, const Heightmap& terrain, float cellSize) {
  validate(p);
  checkValue(named(limits::kCellSize, "rain: cell size"), cellSize);
  const int width = terrain.width(), height = terrain.height();
  RainMap rain(width, height, p.wet);
  if (p.kind == RainPattern::Kind::Uniform || terrain.empty()) return rain;
  const std::vector<float> density =
      p.kind == RainPattern::Kind::Gradient ? gradient(p, width, height) : windward(p, terrain, cellSize);
  std::vector<uint16_t> levels(density.size());
  for (size_t i = 0; i < density.size(); ++i) levels[i] = RainMap::toLevel(density[i]);
  rain.assignLevels(levels.data());
  return rain;
}

}  // namespace runnel
