#include "rain_input.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/heightmap_io.h"

namespace runnel::cli {

void addRainFlags(ArgParser& parser) {
  parser
      .add({"--rain", FlagKind::Value, "MAP",
            "rain density map the terrain's size: 8/16-bit PNG (black no rain, white full) or float 0..1"})
      .add(
          {"--spring", FlagKind::Repeatable, "X,Y,RATE[,R]",
           "a source at cell X,Y; RATE in fully rained cells' worth; radius R cells (default 2); repeatable"})
      .add({"--no-rain", FlagKind::Switch, "", "no rain: droplets start only at the springs"});
}

static RainMap readRain(const std::string& path, int width, int height) {
  // Integer images map their samples to densities 0..1, whatever a sidecar says about heights.
  ReadOptions options;
  options.range = HeightRange{0.0f, 1.0f};
  Heightmap density = readHeightmap(path, options);
  if (density.width() != width || density.height() != height)
    throw Error(path + ": rain map is " + std::to_string(density.width()) + "x" +
                std::to_string(density.height()) + " but the terrain is " + std::to_string(width) + "x" +
                std::to_string(height));
  RainMap rain(width, height, 0.0f);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      float d = density.at(x, y);
      if (!(d >= -1e-6f && d <= 1.0f + 1e-6f))
        throw Error(path + ": rain density " + std::to_string(d) + " at (" + std::to_string(x) + ", " +
                    std::to_string(y) + ") is outside [0, 1]");
      rain.setDensity(x, y, d);
    }
  }
  return rain;
}

static Spring parseSpring(const std::string& text, int width, int height) {
  // X,Y,RATE or X,Y,RATE,RADIUS.
  size_t commas = size_t(std::count(text.begin(), text.end(), ','));
  std::vector<float> v = parseFloatList("--spring", text, commas == 3 ? 4 : 3);
  Spring s;
  s.x = v[0];
  s.y = v[1];
  s.rate = v[2];
  if (v.size() == 4) s.radius = v[3];
  std::string what = "spring " + text + ": ";
  if (!(s.x >= 0 && s.x < float(width) && s.y >= 0 && s.y < float(height)))
    throw Error(what + "position is outside the " + std::to_string(width) + "x" + std::to_string(height) +
                " map");
  if (!(s.rate > 0 && std::isfinite(s.rate))) throw Error(what + "rate must be a positive number");
  if (!(s.radius >= 0 && s.radius <= float(kMaxSide))) throw Error(what + "radius must be from 0 to 16384");
  return s;
}

std::unique_ptr<RainMap> rainFrom(const ParsedArgs& args, int width, int height) {
  auto path = args.value("--rain");
  std::vector<std::string> springs = args.values("--spring");
  bool noRain = args.has("--no-rain");
  if (path && noRain) throw UsageError("--rain and --no-rain contradict each other");
  if (noRain && springs.empty()) throw UsageError("--no-rain needs at least one --spring");
  if (!path && springs.empty()) return nullptr;

  std::unique_ptr<RainMap> rain;
  if (path)
    rain = std::make_unique<RainMap>(readRain(*path, width, height));
  else
    rain = std::make_unique<RainMap>(width, height, noRain ? 0.0f : 1.0f);
  for (const std::string& s : springs) rain->springs().push_back(parseSpring(s, width, height));
  if (!(rain->totalWeight() > 0))
    throw Error(path.value_or("rain") + ": rain map has no rain and there are no springs");
  return rain;
}

}  // namespace runnel::cli
