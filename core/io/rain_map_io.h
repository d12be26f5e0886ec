// Rain maps as grey images: black is no rain, white is full rain. Read through the heightmap readers
// (8/16-bit PNG, RGB as luminance, or float formats holding 0..1); written as 8- or 16-bit grey PNG with no
// height sidecar. 16-bit keeps the stored levels exactly; 8-bit levels are multiples of 257.
#pragma once
#include <string>

#include "core/rain/rain_map.h"

namespace runnel {

// The map at the file's size, no springs. Throws Error naming the file (and the first bad cell of a float
// file outside [0, 1]).
RainMap readRainMap(const std::string& path);
// As above, resampled (bilinear) to width x height when the file's size differs.
RainMap readRainMap(const std::string& path, int width, int height);

// bits is 8 or 16; the path must end in .png. Atomic; throws Error naming the file.
void writeRainMap(const std::string& path, const RainMap& rain, int bits = 16);

// The map resampled to width x height (bilinear between cell centres), springs scaled with it.
RainMap resampleRain(const RainMap& rain, int width, int height);

}  // namespace runnel
