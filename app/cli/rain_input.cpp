#include "rain_input.h"

#include <algorithm>
#include <string>

#include "core/base/error.h"
#include "core/io/rain_map_io.h"
#include "core/rain/rain_springs.h"

namespace runnel::cli {

void addRainFlags(ArgParser& parser) {
  parser
      .add({"--rain", FlagKind::Value, "MAP",
            "rain density: 8/16-bit PNG (black no rain, white full) or float 0..1; resampled to the terrain"})
      .add({"--spring", FlagKind::Repeatable, "X,Y,RATE[,R]",
            "a source at cell X,Y; RATE in fully rained cells' worth; radius R cells (default 2, at most "
            "64); repeatable"})
      .add({"--no-rain", FlagKind::Switch, "", "no rain: droplets start only at the springs"});
}

static Spring parseSpring(const std::string& text) {
  // X,Y,RATE or X,Y,RATE,RADIUS.
  size_t commas = size_t(std::count(text.begin(), text.end(), ','));
  std::vector<float> v = parseFloatList("--spring", text, commas == 3 ? 4 : 3);
  Spring s;
  s.x = v[0];
  s.y = v[1];
  s.rate = v[2];
  if (v.size() == 4) s.radius = v[3];
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
    rain = std::make_unique<RainMap>(readRainMap(*path, width, height));  // resampled to the terrain's size
  else
    rain = std::make_unique<RainMap>(width, height, noRain ? 0.0f : 1.0f);
  for (const std::string& s : springs)
    addSpring(*rain, parseSpring(s));  // validates: on the map, rate, radius
  if (!(rain->totalWeight() > 0))
    throw Error(path.value_or("rain") + ": rain map has no rain and there are no springs");
  return rain;
}

}  // namespace runnel::cli
