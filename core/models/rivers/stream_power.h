// River incision by the stream power law, dh/dt = -K A^m S^n, solved implicitly in time along the drainage
// graph (Braun & Willett 2013, extended to multiple flow directions): cells are visited receivers first, so
// each cell's new height follows from its receivers' new heights in one pass, stable for any time step.
#pragma once
#include <vector>

#include "drainage_graph.h"

namespace runnel::rivers {

struct StreamPower {
  float erodibility;       // K, per year (A in m²)
  float concavity;         // m
  float slopeExponent;     // n
  float channelHeadCells;  // A below which nothing is cut, in cells
  float years;             // time step
  float cellSize;          // metres
  float maxGrade;          // steepest ground that stands (rise per metre): steeper slides into the valley
  // Per cell, the steepest ground that stands there as a share of maxGrade (rock that holds steeper walls
  // or slides sooner); null: maxGrade everywhere.
  const float* gradeScale = nullptr;
  // A finer level of a coarse-to-fine build (see RiversModel), its drainage counted more than once:
  // - `areaBelow` given (the level below's drainage area in its own cells, belowWidth x belowHeight, each of
  //   its cells covering 2 x 2 of these): where the level below drained fewer than newGullyCells, a gully
  //   new at this level, the drainage counts newGullyGain times over; elsewhere as it is.
  // - otherwise a catchment of a few cells counts coarseAreaRatio times its area, the weight fading out
  //   past selfSimilarCells cells; ratio 1: every cell as it is.
  const float* areaBelow = nullptr;
  int belowWidth = 0, belowHeight = 0;
  float newGullyCells = 0.0f, newGullyGain = 1.0f;
  float selfSimilarCells = 0.0f, coarseAreaRatio = 1.0f;
};

// How deep each cell cuts per unit of slope in a step, K dt (A^m - Ac^m) with A = power x cell area (m²):
// 0 or less where nothing is cut (below the channel head). Row by row on `threads`.
void cuttingDepths(const MapVector<float>& power, MapVector<float>& cut, const StreamPower& p, int width,
                   int height, int threads);

// `h`: the heights the graph was built on, eroded in place (border cells keep theirs). Each cell is solved
// once, after its receivers, from its own height as it was and its receivers' new ones.
// Ground left steeper than maxGrade above its receivers slides away with the river (threshold hillslopes:
// without it a valley cut faster than its walls can follow leaves cliffs).
// `cut`: each cell's cuttingDepths(), from the graph's own drainage area or one spread wider.
void incise(const DrainageGraph& graph, const MapVector<float>& cut, float* h, const StreamPower& p);

}  // namespace runnel::rivers
