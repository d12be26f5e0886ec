// A rectangle of a map's cells: what a brush stroke touched, what changed since a snapshot.
#pragma once
#include <algorithm>

namespace runnel {

// Cells [x0, x1) x [y0, y1); empty when x0 >= x1 or y0 >= y1.
struct CellRect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x0 >= x1 || y0 >= y1; }
  // Grows to the bounding rectangle of both (an empty one adds nothing).
  void include(const CellRect& o) {
    if (o.empty()) return;
    if (empty()) {
      *this = o;
      return;
    }
    x0 = std::min(x0, o.x0);
    y0 = std::min(y0, o.y0);
    x1 = std::max(x1, o.x1);
    y1 = std::max(y1, o.y1);
  }
};

}  // namespace runnel
