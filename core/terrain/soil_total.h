// The total soil of a map for the stats' soilBefore/soilAfter, summed on the whole-grid models' threads:
// on a 1024^2 map four serial sums per run cost about as much as a grid iteration. And how much a pass over
// the map lowered and raised it, for the stats' eroded and deposited.
#pragma once
#include <vector>

#include "heightmap.h"

namespace runnel {

// Sum of the heights plus, when `extra` is not null, a per-cell amount of the same layout (the grid model's
// suspended sediment). Rows are summed in double on any number of threads and added in row order, so the
// total does not depend on the thread count.
double soilTotal(const Heightmap& heights, const float* extra, int threads);

// What a pass took from and added to the map, kept a row at a time (the rows on any threads) and added up
// in row order, so the totals do not depend on the thread count.
class RowChanges {
 public:
  void resize(int rows) {
    lowered_.assign(size_t(rows), 0.0);
    raised_.assign(size_t(rows), 0.0);
  }
  // Row y changed by delta[0 .. width - 1].
  void record(int y, const float* delta, int width);
  // Adds every row's, in row order.
  void addTotals(double& lowered, double& raised) const;

 private:
  std::vector<double> lowered_, raised_;
};

}  // namespace runnel
