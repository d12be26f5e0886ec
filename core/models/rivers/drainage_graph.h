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
// Everything here is sequential, split by rows, or split into bands fixed by the map's size, so the result
// does not depend on the thread count.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/base/huge_pages.h"
#include "outflow.h"

namespace runnel {

class RainMap;

namespace rivers {

// Below a lake drained through a cut (lake fill under 1), its outlet falls at least this much a metre until
// it meets ground as low (see gradeTrench): 0.3%, a mountain river's grade.
constexpr float kBreachGrade = 3e-3f;

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
  // A pit whose flood finds a way out within puddleScale times a puddle's area (about 50 cells of 30 m) is
  // breached where it is; the others are lakes, worked out over the whole map's basins.
  LakeReport resolveLakes(float* h, float lakeFill, float cellSize, float puddleScale = 1.0f);
  // resolveLakes until a pass finds no pit, at most four passes (rounding, the slope limit and a lake
  // filled part of the way can leave a few cells a hair below their neighbours); the first pass's report.
  LakeReport resolveAllLakes(float* h, float lakeFill, float cellSize, float puddleScale = 1.0f);
  // Works out where each cell's water goes on `h` (row by row, on the graph's threads).
  void route(const float* h);
  // After route(): every cell's steepest-facet water sent to one lower neighbour instead, drawn with odds in
  // proportion to its slope share by a hash of (seed, cell): on a plane, water then gathers where the
  // draws meet, as on real ground, where the surface's own direction keeps every path parallel.
  void chooseReceivers(uint64_t seed);
  // Drainage area in cells, each cell contributing its rain density (1 without a rain map) plus the
  // springs' rates, and the order it was summed in. Needs route() first.
  //
  // The map's rows are cut into bands (by the map's size alone), summed side by side on the threads in
  // phases: in a phase each band sums every cell whose water is all in, and water crossing into another
  // band waits at its edge for the next phase. Each cell's sum comes out the same on any thread count.
  void accumulate(const RainMap* rain);

  // Calls visit(cells, count) for every interior cell, every cell after its lower neighbours (its
  // receivers), when each call reads its cells backwards (cells[count - 1] first): pieces of the order
  // accumulate() summed in, phase by phase from the last, the bands of a phase side by side on the graph's
  // threads. A piece reads only its own cells' and earlier pieces' heights. Border cells are not visited.
  void visitReceiversFirst(const std::function<void(const uint32_t* cells, size_t count)>& visit) const;
  // The whole order in one list, every cell after the cells that send it water (for tests).
  std::vector<uint32_t> donorsFirstOrder() const;
  // Drainage area per cell, in cells.
  const MapVector<float>& area() const { return area_; }
  // Where each cell's water goes, as route() found it.
  const Outflow* outflows() const { return outflow_.data(); }

  // The share of interior cell i's water that goes to each neighbour (kDx, kDy's order; 0 where it is not
  // lower) when its drainage area is `cells`: spread by slope on hillslopes, more and more along the
  // steepest direction as the area grows past the channel scale. Needs route() first.
  void weights(size_t i, float cells, float share[8]) const {
    sharesOf(outflow_[i], cells, convergeArea_, share);
  }
  static void sharesOf(const Outflow& f, float cells, float convergeArea, float share[8]) {
    const float converge = cells / (cells + convergeArea);
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
                                      float minGrade, float puddleScale, LakeReport& report);
  // Cuts a trench from a pit at `level` along `trench` down to `exit` and on, at `minGrade` or more
  // (see the .cpp).
  void gradeTrench(float* h, float level, float minGrade, std::vector<uint32_t>& trench,
                   std::vector<float>& along, float length, uint32_t exit, float cellSize,
                   LakeReport& report) const;
  // The steepest-descent receiver of a cell (the cell itself on the border or at a pit).
  uint32_t steepestNeighbour(const float* h, uint32_t i) const;
  // accumulate()'s work for band b in one phase.
  void sumBand(size_t b, int phase);
  // Water crossing the edge between bands b and b + 1: kDown into b + 1's first row, kUp into b's last
  // row; two of each, one written while the other is taken in.
  enum Crossing { kDown = 0, kUp = 1 };
  static size_t inboxSlot(size_t edge, Crossing way, int parity) {
    return (edge * 2 + way) * 2 + size_t(parity);
  }
  static constexpr int kBandRows = 128, kMaxBands = 16;
  // accumulate(): how far ahead in the queue cells are fetched; spare slots after each band's stretch of
  // the order, written past the queue's tail and never read.
  static constexpr size_t kLookAhead = 16, kQueueSlack = 8;

  int width_, height_, threads_;
  float convergeArea_;
  int64_t offset_[8];
  MapVector<uint32_t> order_;
  // A byte a cell: the floods' marks in resolveLakes(); from route() to accumulate(), how many higher
  // neighbours a cell still waits for (kDone once it is summed, kNeverDue on the border).
  MapVector<uint8_t> marks_;
  static constexpr uint8_t kDone = 0x40, kNeverDue = 0x80;
  // resolveLakes(): which receivers it has worked out (the low bits), and where each leads (the direction
  // above them; kSelf: none).
  static constexpr uint8_t kKnown = 1, kWalked = 2, kStateBits = 3;
  static constexpr int kDirectionShift = 2, kSelf = 8;
  // The order, by band: band b's cells at [bandBegin_[b], bandEnd_[b]), its phases ending at phaseEnd_[b].
  std::vector<int> bandRow_;  // band b covers rows [bandRow_[b], bandRow_[b + 1])
  std::vector<size_t> bandBegin_, bandEnd_;
  std::vector<std::vector<uint32_t>> phaseEnd_;
  int phases_ = 0;
  std::vector<float> inboxWater_;      // per inbox slot a row: water crossing into it
  std::vector<uint8_t> inboxSenders_;  // and how many cells sent it
  std::vector<uint8_t> inboxTouched_;  // per slot: anything sent
  MapVector<Outflow> outflow_;
  MapVector<float> area_;
};

}  // namespace rivers
}  // namespace runnel
