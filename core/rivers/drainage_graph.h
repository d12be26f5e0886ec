// Where water goes on a heightmap, for the rivers model and the flow map: depressions resolved so every
// cell drains to the map's border (the base level), an order with every cell after all the cells that send
// it water, and the drainage area (discharge) weighted by the painted rain.
//
// Routing (outflow.h) is multiple-flow-direction on hillslopes and converges on the steepest direction
// of the surface, at any angle, as the drainage area grows past the channel scale.
//
// Puddles, depressions that spill within a few cells of their pit (most of those a step of creep and
// uplift leaves in a river bed), are breached where they are: a flood from the pit, lowest cell first,
// finds the nearest way out and a trench is graded along it. Only bigger depressions, lakes, need the
// whole map's drainage.
//
// Lakes (after Cordonnier et al. 2019): the pits, the basins of their steepest-descent paths (walked
// uphill from each pit, so only they are visited), the lowest passes between neighbouring basins as a
// minimum spanning tree rooted at the border; each pit drains through its basin's pass: the path from the
// pass down to the pit is reversed and a trench is cut from the pit, graded evenly down to the first cell
// below it. With lake fill f > 0 each basin is first filled a share f of the way from its pit to its spill
// level; f = 1 fills lakes to the brim (flat lakes that drain along the buried valley floor).
//
// Everything here is sequential or split by rows, so the result does not depend on the thread count.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "outflow.h"

namespace runnel {

class RainMap;

namespace rivers {

struct LakeReport {
  uint32_t pits = 0;         // basins that did not reach the border by steepest descent
  uint64_t cellsRaised = 0;  // by the lake fill
  uint64_t cellsCut = 0;     // lowered by a trench
  uint32_t puddles = 0;      // pits breached where they are
  uint32_t lakes = 0;        // pits drained through the whole map's basins
};

class DrainageGraph {
 public:
  // A cell drains by plain MFD while its drainage area is well below `convergeArea` (in cells) and more and
  // more towards its steepest neighbour above it.
  DrainageGraph(int width = 0, int height = 0, int threads = 0, float convergeArea = 1.0f);
  // The same graph for another map size or settings; keeps the buffers.
  void resize(int width, int height, int threads, float convergeArea);

  int width() const { return width_; }
  int height() const { return height_; }
  bool onBorder(size_t i) const {
    const size_t x = i % size_t(width_), y = i / size_t(width_);
    return x == 0 || y == 0 || x == size_t(width_) - 1 || y == size_t(height_) - 1;
  }

  // Fills and carves `h` (width x height, in metres) so that every cell off the border has a strictly
  // lower neighbour on a path to the border. `cellSize` sets the trenches' slope (a minimal grade).
  LakeReport resolveLakes(float* h, float lakeFill, float cellSize);
  // Works out where each cell's water goes on `h` (row by row, on the graph's threads) and orders every
  // cell after all its lower neighbours, the cells it can send water to: a depth-first walk downhill, so
  // neighbours stay close together in the order and the passes over it stay in cache.
  void route(const float* h);
  // Drainage area in cells, each cell contributing its rain density (1 without a rain map) plus the
  // springs' rates. Needs route() first.
  void accumulate(const RainMap* rain);

  // Every cell, receivers before donors, as entries: cellOf() the cell, onBorder() whether it is a border
  // cell (which only receives), so passes over the order need no division to tell.
  const std::vector<uint32_t>& order() const { return order_; }
  static constexpr uint32_t kBorderEntry = 0x80000000u;
  static uint32_t cellOf(uint32_t entry) { return entry & ~kBorderEntry; }
  static bool borderEntry(uint32_t entry) { return (entry & kBorderEntry) != 0; }
  // Drainage area per cell, in cells.
  const std::vector<float>& area() const { return area_; }

  // The share of interior cell i's water that goes to each neighbour (kDx, kDy's order; 0 where it is not
  // lower) when its drainage area is `cells`: spread by slope on hillslopes, more and more along the
  // steepest direction as the area grows past the channel scale. Needs route() first.
  void weights(size_t i, float cells, float share[8]) const {
    const Outflow& f = outflow_[i];
    const float converge = cells / (cells + convergeArea_);
    const float spread = (1.0f - converge) * (1.0f / float(Outflow::kShares));
    for (int k = 0; k < 8; ++k) share[k] = spread * float(f.spread[k]);
    if (f.facet == 0) return;
    const float steep = converge * (1.0f / float(Outflow::kShares));
    share[Outflow::cardinalOf(f.facet - 1)] += steep * float(Outflow::kShares - f.diagonalShare);
    share[Outflow::diagonalOf(f.facet - 1)] += steep * float(f.diagonalShare);
  }
  // Index offsets of the eight neighbours (kDx, kDy's order).
  int64_t offset(int k) const { return offset_[k]; }

 private:
  bool hasLowerNeighbour(const float* h, size_t i) const {
    bool lower = false;
    for (int k = 0; k < 8; ++k) lower |= h[size_t(int64_t(i) + offset_[k])] < h[i];
    return lower;
  }
  // Interior cells with no lower neighbour, in index order.
  std::vector<uint32_t> findPits(const float* h) const;
  // Breaches the pits whose way out a flood finds within a few cells; returns the others, the lakes.
  std::vector<uint32_t> breachPuddles(float* h, const std::vector<uint32_t>& pits, float cellSize,
                                      LakeReport& report);
  // Cuts a trench from a pit at `level` along `trench` down to `exit` (see the .cpp).
  void gradeTrench(float* h, float level, std::vector<uint32_t>& trench, std::vector<float>& along,
                   float length, uint32_t exit, float cellSize, LakeReport& report) const;
  // The steepest-descent receiver of a cell (the cell itself on the border or at a pit).
  uint32_t steepestNeighbour(const float* h, uint32_t i) const;

  int width_, height_, threads_;
  float convergeArea_;
  int64_t offset_[8];
  std::vector<uint32_t> receiver_, order_;
  std::vector<uint32_t> basin_;  // only in resolveLakes(): 0 reaches the border, b drains to pit b
  std::vector<uint8_t> seen_;
  std::vector<Outflow> outflow_;
  std::vector<float> area_;
};

}  // namespace rivers
}  // namespace runnel
