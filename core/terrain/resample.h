// A heightmap resampled to another size, for engines that take only some sizes (Unity 2^n + 1, Unreal's
// landscape sizes). The corner samples stay where they are: sample i of n lies i / (n - 1) of the way
// across, so the terrain spans the same ground from first to last sample (an engine's first to last
// vertex) at a new spacing. Catmull-Rom cubic, widened by the shrink factor when shrinking, so every input
// sample weighs in (no ridge aliased into a moiré) and a same-size resample returns the map unchanged.
// Each sample is clamped to the range of the samples it is made from: the cubic's ringing next to a cliff
// or the border took a Unity export of a map whose lowest point was 0.88 m down to -26.96 m.
#pragma once
#include "heightmap.h"

namespace runnel {

// `width` x `height` within kMinSide..kMaxSide (Error otherwise, naming the size). Separable: rows, then
// columns, a band of rows per thread (the same result on any thread count).
Heightmap resample(const Heightmap& map, int width, int height, int threads = 0);

// The spacing of the resampled map's samples: the same ground from first to last sample.
inline float resampledCellSize(float cellSize, int side, int newSide) {
  return newSide > 1 ? cellSize * float(side - 1) / float(newSide - 1) : cellSize;
}

}  // namespace runnel
