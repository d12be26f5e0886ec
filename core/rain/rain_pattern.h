// Rain as the weather lays it out rather than as painted cells: the same everywhere, falling off across the
// map, or carried by a prevailing wind that rains out on the slopes it climbs and leaves the lee dry
// (orographic rain: the wet windward side of a range and its rain shadow). A pattern is a few numbers, so a
// landscape preset can carry one and it fits a map of any size; made into a RainMap it is the rain the
// erosion models and the editor's brush work with.
#pragma once
#include <string>

#include "core/terrain/heightmap.h"
#include "rain_map.h"

namespace runnel {

struct RainPattern {
  enum class Kind { Uniform, Gradient, Windward };
  Kind kind = Kind::Uniform;
  float wet = 1.0f;      // density (0..1) where the most rain falls; all of it for Uniform
  float dry = 1.0f;      // density where the least falls (Gradient, Windward)
  float windFrom = 270;  // compass degrees the wet side or the wind comes from: 0 north, 90 east, 270 west
};

// "uniform 0.6", "gradient west 1 0.3", "windward 250 1 0.2": a kind, then for Gradient and Windward where
// the rain comes from (degrees or north, northeast, east, ... northwest) and the wet and dry densities.
// Throws Error naming `where` and what is wrong.
RainPattern parseRainPattern(const std::string& text, const std::string& where);
// The text parseRainPattern reads back.
std::string rainPatternText(const RainPattern& pattern);
// As an artist reads it: "rain from the west, wet windward slopes (1 to 0.2)".
std::string describe(const RainPattern& pattern);
// Throws Error naming the field unless the densities are in [0, 1] and the direction is finite.
void validate(const RainPattern& pattern);

// The pattern over `terrain` (north is row 0, east is +x), whose cells are `cellSize` metres: Windward
// follows the terrain's large landforms (a kilometre and more), so the same pattern on the same landscape
// at another resolution puts the rain in the same places.
RainMap makeRain(const RainPattern& pattern, const Heightmap& terrain, float cellSize);

}  // namespace runnel
