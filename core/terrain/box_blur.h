// Box blurs of a whole map, repeated: a few passes of a box make a smooth, nearly Gaussian kernel whose cost
// does not grow with its width (running sums). Edges are clamped (the map's edge values extend outwards).
#pragma once
#include "core/base/huge_pages.h"

namespace runnel {

// The variance, in cells², of `passes` box passes of `radius` cells along one axis.
inline double boxBlurVariance(int radius, int passes) {
  return double(passes) * double(radius) * double(radius + 1) / 3.0;
}

// Blurs `map` (width x height) with `passes` box passes of `radius` cells along the rows and down the
// columns, on `threads` (the same bytes on any thread count). `scratch` is working space (resized to the
// map); the buffers may be swapped, so the result is in `map` either way.
void boxBlur(MapVector<float>& map, MapVector<float>& scratch, int width, int height, int radius, int passes,
             int threads);

}  // namespace runnel
