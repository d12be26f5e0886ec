// Splits a map's rows into one contiguous band per hardware thread. For work where each row is computed on
// its own, so the result is the same for any thread count.
#pragma once
#include <cstddef>
#include <functional>

namespace runnel {

// Runs fn(y0, y1) over bands covering rows [0, rows), on the calling thread when the map is small.
// Rethrows the first exception a band threw.
void forEachRowBand(int rows, size_t cellsPerRow, const std::function<void(int y0, int y1)>& fn);

// The same on exactly `threads` bands (at most one per row); threads <= 0 chooses as above. For models
// that let tests and benchmarks pick the thread count.
void forEachRowBand(int rows, size_t cellsPerRow, int threads, const std::function<void(int y0, int y1)>& fn);

}  // namespace runnel
