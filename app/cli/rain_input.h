// Where rain falls in a headless run: --rain MAP (a density image the size of the terrain), --spring
// X,Y,RATE[,RADIUS] (repeatable) and --no-rain (springs only), through core/io/rain_map_io.h and
// rain_springs.h as the editor uses them.
#pragma once
#include <memory>

#include "args.h"
#include "core/rain/rain_map.h"

namespace runnel::cli {

void addRainFlags(ArgParser& parser);

// Null for uniform rain without springs (the model's fast path). Reads and checks everything before any
// erosion starts: a map of another size is resampled; a density outside [0, 1], a spring off the map or a
// run with no rain at all are runnel::Errors naming the file or the spring.
std::unique_ptr<RainMap> rainFrom(const ParsedArgs& args, int width, int height);

}  // namespace runnel::cli
