#include "coarse_stage.h"

#include <algorithm>

#include "core/base/row_bands.h"
#include "core/terrain/level_resample.h"
#include "core/terrain/soil_record.h"
#include "core/terrain/soil_total.h"

namespace runnel {

namespace {
// A halved map keeps at least this many cells a side: below it a droplet's brush covers the map.
constexpr int kMinHalvedSide = 32;
}  // namespace

int halvingsToCells(int width, int height, float cellSize, float presetCellSize) {
  int halvings = 0;
  for (;;) {
    const int w = halvedSide(width), h = halvedSide(height);
    const float coarser = cellSize * float(width) / float(w);
    if (!(coarser <= presetCellSize * 1.01f) || std::min(w, h) < kMinHalvedSide) return halvings;
    width = w, height = h, cellSize = coarser;
    ++halvings;
  }
}

CoarseStage::CoarseStage(Terrain& map, const RainMap* rain, float cellSize, int halvings, int threads,
                         Edges edges)
    : map_(map), rain_(rain), cellSize_(cellSize), threads_(threads), edges_(edges) {
  widths_.push_back(map.width());
  heights_.push_back(map.heightCells());
  if (halvings <= 0) return;
  Heightmap heights = halve(map.height, threads);
  for (int i = 1; i < halvings; ++i) heights = halve(heights, threads);
  for (int i = 0; i < halvings; ++i) {
    widths_.push_back(halvedSide(widths_.back()));
    heights_.push_back(halvedSide(heights_.back()));
    if (rain) halvedRain_ = halveRain(halvedRain_ ? *halvedRain_ : *rain);
  }
  cellSize_ *= float(map.width()) / float(heights.width());
  before_ = heights;
  coarse_ = Terrain(std::move(heights));
}

void CoarseStage::bringBack(ErosionStats& stats) {
  if (halvings() == 0) return;
  Terrain& fine = map_;
  const size_t levels = widths_.size();
  // The change on the halved map, doubled up level by level (bilinear, no jitter: a halved and doubled
  // smooth change keeps its shape and mean).
  Heightmap change(before_.width(), before_.height());
  for (size_t i = 0; i < change.cellCount(); ++i)
    change.data()[i] = coarse_.height.data()[i] - before_.data()[i];
  for (size_t l = levels - 1; l-- > 0;)
    change = doubleUp(change, widths_[l], heights_[l], 0.0f, 0, threads_, edges_);

  ensureRecord(fine);
  const double coarseCell = double(fine.width()) * double(fine.heightCells()) / double(before_.cellCount());
  stats.lost *= coarseCell;
  stats.carried *= coarseCell;
  stats.soilBefore = soilTotal(fine.height, nullptr, threads_);
  const int w = fine.width();
  RowChanges rows;
  rows.resize(fine.heightCells());
  forEachRowBand(fine.heightCells(), size_t(w), threads_, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y) {
      const float* delta = change.row(y);
      float* h = fine.height.row(y);
      float* dep = fine.deposited.row(y);
      float* ero = fine.eroded.row(y);
      for (int x = 0; x < w; ++x) {
        h[x] += delta[x];
        recordChange(dep[x], ero[x], delta[x]);
      }
      rows.record(y, delta, w);
    }
  });
  stats.eroded = stats.deposited = 0;
  rows.addTotals(stats.eroded, stats.deposited);
  stats.soilAfter = soilTotal(fine.height, nullptr, threads_);
}

}  // namespace runnel
