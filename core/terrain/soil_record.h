// The per-cell record of rock eroded and sediment deposited (Terrain::eroded / Terrain::deposited), kept the
// article's way: erosion takes deposited sediment first, then rock. Every model that changes heights updates
// it through these, so the editor's overlays mean the same thing for every model.
#pragma once
#include <algorithm>
#include <cstddef>
#include <functional>

#include "terrain.h"

namespace runnel {

// Records `amount` >= 0 removed from a cell whose record is (deposited, eroded).
inline void recordErosion(float& deposited, float& eroded, float amount) {
  float fromSediment = std::min(deposited, amount);
  deposited -= fromSediment;
  eroded += amount - fromSediment;
}
// The same for the cell at index i of the terrain.
inline void recordErosion(Terrain& t, size_t i, float amount) {
  recordErosion(t.deposited.data()[i], t.eroded.data()[i], amount);
}
inline void recordDeposit(Terrain& t, size_t i, float amount) {
  t.deposited.data()[i] += amount;
}

// Records a signed change of height (positive: deposit, negative: erosion).
// Written on values, not references, so loops over whole rows vectorise.
inline void recordChange(float& deposited, float& eroded, float delta) {
  const float sediment = deposited;
  const float gain = delta > 0.0f ? delta : 0.0f;
  const float loss = delta < 0.0f ? -delta : 0.0f;
  const float fromSediment = sediment < loss ? sediment : loss;
  deposited = sediment + gain - fromSediment;
  eroded += loss - fromSediment;
}

class RowChanges;

// Fills raised[0 .. width - 1] with how far rock rose in row y (uplift: neither erosion nor deposit).
using RaisedRow = std::function<void(int y, float* raised)>;

// Records what a pass changed, the terrain's heights now less `before` (the heights it started from),
// less the rock `raised` lifted when given, row bands on `threads`. `rows`, when given, gets each row's
// change.
void recordSince(Terrain& t, const Heightmap& before, int threads, RowChanges* rows = nullptr,
                 const RaisedRow& raised = {});

// Makes sure the record has the terrain's size (a terrain built from a bare Heightmap may lack it).
inline void ensureRecord(Terrain& t) {
  if (t.eroded.width() != t.height.width() || t.eroded.height() != t.height.height())
    t.eroded = Heightmap(t.height.width(), t.height.height());
  if (t.deposited.width() != t.height.width() || t.deposited.height() != t.height.height())
    t.deposited = Heightmap(t.height.width(), t.height.height());
}

}  // namespace runnel
