// A map's range as a person reads it: the value a share of the cells stay under, so that a few extreme
// cells (a pit dug a metre deep among centimetre gullies) do not wash the rest of an overlay out.
#pragma once
#include <cstddef>

namespace runnel {

// The value that `share` (0..1) of the positive, finite values of v[0 .. count) stay at or under; 0 when none
// is positive. At most `samples` values are looked at, spread evenly over the map (a 4096² map in a few
// milliseconds), so the result is an estimate within the sampling's resolution.
float positivePercentile(const float* v, size_t count, double share, size_t samples = size_t(1) << 18);

struct ValueRange {
  float lo = 0, hi = 0;
};
// The values that `lowShare` and `highShare` of the finite values of v[0 .. count) stay at or under, any
// sign (a map of indices such as the wetness); {0, 0} when none is finite. Sampled as above.
ValueRange percentileRange(const float* v, size_t count, double lowShare, double highShare,
                           size_t samples = size_t(1) << 18);

}  // namespace runnel
