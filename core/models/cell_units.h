// Models written in cells (the article's droplets, the grid, particle, normal, raindrop, thermal and smooth
// models) on a terrain in metres: the model sees heights divided by the cell size, so its slopes are
// metres per metre and its parameters keep the meaning they have on a map of 1 m cells, and the result
// goes back in metres.
//
// The divisor is the cell size rounded to a power of two (30 m cells: 32), so dividing and multiplying
// back are exact in floating point: a run split into any batches gives the same bytes, and cell sizes
// near 1 m leave the heights untouched. Slopes are then the true ones within a factor of at most 1.41.
#pragma once
#include <memory>

#include "erosion_model.h"

namespace runnel {

// The power of two nearest to cellSize (in log scale); 1 for cell sizes from 0.71 to 1.41 m.
float cellUnitScale(float cellSize);

// Wraps `inner` so it runs in cell units; returns `inner` itself when the scale is 1.
std::unique_ptr<ErosionModel> inCellUnits(std::unique_ptr<ErosionModel> inner, float cellSize);

}  // namespace runnel
