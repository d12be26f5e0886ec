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
  // - `riversBelow` given (the level below's cells, belowWidth x belowHeight, each covering 2 x 2 of these:
  //   1 on and beside its rivers, 0 on its hillsides): a cell that drains riverCells or more where the
  //   level below had a river is that river and counts its drainage as it is; any other cell (a gully new at
  //   this level, or a gully on the river's banks) counts it newGullyGain times over.
  // - otherwise a catchment of a few cells counts coarseAreaRatio times its area, the weight fading out
  //   past selfSimilarCells cells; ratio 1: every cell as it is.
  const uint8_t* riversBelow = nullptr;
  int belowWidth = 0, belowHeight = 0;
  float riverCells = 0.0f, newGullyGain = 1.0f;
  float selfSimilarCells = 0.0f, coarseAreaRatio = 1.0f;
};

// StreamPower::riversBelow from a level's drainage area (cells, w x h): 1 on each cell that drained at
// least `riverCells` and on its eight neighbours, else 0. Looked up on the river's own cells alone, a finer
// level's river that strayed a cell off the doubled one's path cut as a new gully 128 times over: a gorge
// with a one-cell slot, stepping along the level below's 2 x 2 blocks (the alpine preset at 4096², seed 7:
// grid marks 1.25, axis bias 1.18; 1.18 and 1.08 with the banks, and only the cells that drain as much as
// the river counted as it: the gullies on its banks keep their hollows).
MapVector<uint8_t> riversNear(const MapVector<float>& area, int w, int h, float riverCells, int threads);

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
