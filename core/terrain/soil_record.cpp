#include "soil_record.h"

#include <vector>

#include "core/base/row_bands.h"
#include "soil_total.h"

namespace runnel {

void recordSince(Terrain& t, const Heightmap& before, int threads, RowChanges* rows,
                 const RaisedRow& raised) {
  const int w = t.width(), h = t.heightCells();
  if (rows) rows->resize(h);
  forEachRowBand(h, size_t(w), threads, [&](int y0, int y1) {
    std::vector<float> change(static_cast<size_t>(w)), rose(raised ? static_cast<size_t>(w) : 0);
    for (int y = y0; y < y1; ++y) {
      const float* now = t.height.row(y);
      const float* was = before.row(y);
      for (int x = 0; x < w; ++x) change[size_t(x)] = now[x] - was[x];
      if (raised) {
        raised(y, rose.data());
        for (int x = 0; x < w; ++x) change[size_t(x)] -= rose[size_t(x)];
      }
      float* dep = t.deposited.row(y);
      float* ero = t.eroded.row(y);
      for (int x = 0; x < w; ++x) recordChange(dep[x], ero[x], change[size_t(x)]);
      if (rows) rows->record(y, change.data(), w);
    }
  });
}

}  // namespace runnel
