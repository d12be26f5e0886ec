// Whole-grid passes split into bands of rows run on a few threads. A pass must compute each cell from state
// that the pass does not write (two-pass form), so the result never depends on how the rows are banded.
#pragma once
#include <functional>

namespace runnel {

// Threads used by whole-grid passes when a model does not say: the machine's cores, at least 1.
int defaultThreadCount();

// Calls band(y0, y1) for contiguous bands covering rows [0, rows), on up to `threads` threads (the calling
// thread runs one band). Maps under 64k cells run on the calling thread alone, where starting threads would
// cost more than the pass. `threads` <= 0 means defaultThreadCount().
void parallelRows(int rows, int width, int threads, const std::function<void(int y0, int y1)>& band);

}  // namespace runnel
