// DrainageGraph's lakes pass (resolveLakes; see drainage_graph.h): pits found, puddles breached where they
// are, lakes drained through the minimum spanning tree of passes between their basins, trenches graded.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

#include "core/base/cell_table.h"
#include "core/base/row_bands.h"
#include "core/base/wide_vectors.h"
#include "drainage_graph.h"

namespace runnel::rivers {

namespace {

// drains[x] = 1 where cell x of the row below `up` has a lower neighbour, 0 where it has none (a pit), for
// x = 1 .. w - 2. Every lakes pass scans the whole map this way, and nearly every cell drains.
RUNNEL_WIDE_VECTORS void markDrainingCells(const float* __restrict up, size_t w, uint8_t* __restrict drains) {
  const float* mid = up + w;
  const float* down = mid + w;
  for (size_t x = 1; x + 1 < w; ++x) {
    const float c = mid[x];
    drains[x] = uint8_t((up[x - 1] < c) | (up[x] < c) | (up[x + 1] < c) | (mid[x - 1] < c) |
                        (mid[x + 1] < c) | (down[x - 1] < c) | (down[x] < c) | (down[x + 1] < c));
  }
}

constexpr uint32_t kUnset = std::numeric_limits<uint32_t>::max();
// The grade of a trench cut through a sill, rise per metre: just enough that water knows its way.
constexpr float kTrenchGrade = 1e-5f;

// A pass between two basins: `inner` lies in one, `outer` in the other, `level` is the higher of the two.
struct Link {
  float level;
  uint32_t inner, outer;
};

// A level just below `h`, `distance` metres further along a trench.
float below(float h, float distance) {
  return std::min(h - kTrenchGrade * distance, std::nextafter(h, -std::numeric_limits<float>::infinity()));
}

// A flood that has not found a way out within this area is a lake, not a puddle (about 50 cells of 30 m;
// in square metres, so a map of finer cells sees the same lakes).
constexpr float kPuddleSquareMetres = 45000.0f;

// Metres between neighbouring cells a and b on a map `width` cells wide.
float distance(uint32_t a, uint32_t b, int width, float cellSize) {
  const uint32_t apart = a > b ? a - b : b - a;
  return apart == 1 || apart == uint32_t(width) ? cellSize : kSqrt2 * cellSize;
}

uint32_t findRoot(std::vector<uint32_t>& parent, uint32_t a) {
  while (parent[a] != a) {
    parent[a] = parent[parent[a]];
    a = parent[a];
  }
  return a;
}

}  // namespace

std::vector<uint32_t> DrainageGraph::findPits(const float* h) const {
  const size_t w = size_t(width_);
  std::vector<std::vector<uint32_t>> rowPits(static_cast<size_t>(height_));
  forEachRowBand(height_, w, threads_, [&](int y0, int y1) {
    std::vector<uint8_t> drains(w);
    for (int y = std::max(y0, 1); y < std::min(y1, height_ - 1); ++y) {
      markDrainingCells(h + size_t(y - 1) * w, w, drains.data());
      // Pits are few: eight cells at a time are skipped while all of them drain.
      for (size_t x = 1; x + 1 < w;) {
        uint64_t eight = 0;
        if (x + 9 <= w) std::memcpy(&eight, &drains[x], 8);
        if (eight == 0x0101010101010101ull) {
          x += 8;
          continue;
        }
        if (!drains[x]) rowPits[size_t(y)].push_back(uint32_t(size_t(y) * w + x));
        ++x;
      }
    }
  });
  std::vector<uint32_t> pits;
  for (const auto& row : rowPits) pits.insert(pits.end(), row.begin(), row.end());
  return pits;
}

uint32_t DrainageGraph::steepestNeighbour(const float* h, uint32_t i) const {
  if (onBorder(i)) return i;
  uint32_t to = i;
  float steepest = 0.0f;
  for (int k = 0; k < 8; ++k) {
    const uint32_t j = uint32_t(int64_t(i) + offset_[k]);
    const float slope = (h[i] - h[j]) * kInvDistance[k];
    if (slope > steepest) {
      steepest = slope;
      to = j;
    }
  }
  return to;
}

// Lowers `trench` (cells `along` metres from a pit at `level`, the last one `length` from it, at `exit`) to
// an even grade from the pit down to `exit`, which is lowered just below the pit if it is not already
// below it (a border cell: water leaves there). Every cell ends strictly below the one before it.
// With a `minGrade` (rise per metre), the trench goes on down the steepest way past the first cell below
// the pit until the ground there lies that grade below it. Ended at the first cell below the pit, a trench
// out through an old trench or a level valley floor was level too: the next step's uplift, rounded to a
// float, left a pit in it, the next trench was cut as level, and the reach stayed still water lifted with
// the land (6 km of seed 5's trunk river at 1024², 30 m, fell 2e-5 a metre; its slope-area fit R² 0.72).
void DrainageGraph::gradeTrench(float* h, float level, float minGrade, std::vector<uint32_t>& trench,
                                std::vector<float>& along, float length, uint32_t exit, float cellSize,
                                LakeReport& report) const {
  const float down = -std::numeric_limits<float>::infinity();
  // The even grade from the pit down to the exit, each cell strictly below the one before and never raised
  // (a cell past the first exit may lie lower): where it leaves the last cell, and written when `cut`.
  auto grade = [&](bool cut) {
    const float drop = h[exit] - level;
    float previous = level;
    for (size_t t = 0; t < trench.size(); ++t) {
      previous = std::min({level + drop * (along[t] / length), std::nextafter(previous, down), h[trench[t]]});
      if (cut) h[trench[t]] = previous;
    }
    return previous;
  };
  auto lastLevel = [&] { return grade(false); };
  // A gentle grade at fine cells can run out of floats: a trench longer than the steps between the pit's
  // height and the exit's would end below the exit, a pit. The trench then goes on past the exit, down its
  // lowest neighbour, until there is room (and the grade is `minGrade`).
  while (!onBorder(exit) && h[exit] < level &&
         (!(lastLevel() > h[exit]) || h[exit] > level - minGrade * length)) {
    uint32_t next = exit;
    for (int k = 0; k < 8; ++k) {
      const uint32_t j = uint32_t(int64_t(exit) + offset_[k]);
      if (h[j] < h[next]) next = j;
    }
    if (next == exit) break;  // another pit: its own pass drains it
    trench.push_back(exit);
    along.push_back(length);
    length += distance(exit, next, width_, cellSize);
    exit = next;
  }
  // The exit goes just below the trench's last cell when it is not below it already: a border cell (water
  // leaves there), or a pit the trench ran into when it went on (its own breach starts lower). Not
  // `minGrade` below the pit: flat land at the border's level (a plain that is not lifted) would be notched
  // with a trench as deep as that grade over its width.
  if (!(h[exit] < level) || !(lastLevel() > h[exit])) {
    h[exit] = std::min(below(level, length), std::nextafter(lastLevel(), down));
    ++report.cellsCut;
  }
  grade(true);
  report.cellsCut += trench.size();
}

std::vector<uint32_t> DrainageGraph::breachPuddles(float* h, const std::vector<uint32_t>& pits,
                                                   float cellSize, float minGrade, float puddleScale,
                                                   LakeReport& report) {
  const size_t n = size_t(width_) * size_t(height_);
  marks_.assign(n, 0);
  // A flood cell: where it is and which flood cell reached it first (the way back to the pit).
  struct Reached {
    uint32_t cell, from;
  };
  struct Front {
    float level;
    uint32_t cell, from;
    bool operator<(const Front& o) const { return level != o.level ? level > o.level : cell > o.cell; }
  };
  const size_t puddleCells =
      size_t(std::clamp(kPuddleSquareMetres / (cellSize * cellSize), 16.0f, 4096.0f) * puddleScale);
  std::vector<Reached> flood;
  std::vector<Front> front;
  std::vector<uint32_t> lakes, trench;
  std::vector<float> along;
  for (const uint32_t pit : pits) {
    // A cell breached earlier may have become this pit's way out.
    if (hasLowerNeighbour(h, pit)) continue;
    // The flood rises from the pit, lowest cell of its shore first, until it reaches a cell below the pit
    // (or the border): the path it came by is the shortest breach through the lowest sill.
    flood.clear();
    front.clear();
    flood.push_back({pit, kUnset});
    marks_[pit] = 1;
    auto reach = [&](uint32_t c, uint32_t from) {
      for (int k = 0; k < 8; ++k) {
        const uint32_t j = uint32_t(int64_t(c) + offset_[k]);
        if (marks_[j]) continue;
        marks_[j] = 1;
        front.push_back({h[j], j, from});
        std::push_heap(front.begin(), front.end());
      }
    };
    reach(pit, 0);
    uint32_t exit = kUnset;
    while (!front.empty() && flood.size() < puddleCells) {
      std::pop_heap(front.begin(), front.end());
      const Front f = front.back();
      front.pop_back();
      flood.push_back({f.cell, f.from});
      if (f.level < h[pit] || onBorder(f.cell)) {
        exit = f.cell;
        break;
      }
      reach(f.cell, uint32_t(flood.size() - 1));
    }
    for (const Reached& r : flood) marks_[r.cell] = 0;
    for (const Front& f : front) marks_[f.cell] = 0;
    if (exit == kUnset) {
      lakes.push_back(pit);
      continue;
    }
    // The way back from the exit to the pit, then graded from the pit down.
    trench.clear();
    for (uint32_t e = flood[flood.size() - 1].from; e != 0; e = flood[e].from)
      trench.push_back(flood[e].cell);
    std::reverse(trench.begin(), trench.end());
    along.clear();
    float length = 0.0f;
    uint32_t previous = pit;
    for (const uint32_t c : trench) {
      length += distance(previous, c, width_, cellSize);
      along.push_back(length);
      previous = c;
    }
    length += distance(previous, exit, width_, cellSize);
    gradeTrench(h, h[pit], minGrade, trench, along, length, exit, cellSize, report);
    ++report.puddles;
  }
  // A trench cut after a lake's flood gave up may have passed beside its pit.
  std::erase_if(lakes, [&](uint32_t pit) { return hasLowerNeighbour(h, pit); });
  return lakes;
}

LakeReport DrainageGraph::resolveAllLakes(float* h, float lakeFill, float cellSize, float puddleScale) {
  LakeReport first;
  for (int pass = 0; pass < 4; ++pass) {
    const LakeReport report = resolveLakes(h, lakeFill, cellSize, puddleScale);
    if (pass == 0) first = report;
    if (report.pits == 0) break;
  }
  return first;
}

LakeReport DrainageGraph::resolveLakes(float* h, float lakeFill, float cellSize, float puddleScale) {
  LakeReport report;
  const std::vector<uint32_t> found = findPits(h);
  report.pits = uint32_t(found.size());
  if (found.empty()) return report;
  // Filled to the brim means every depression filled: a puddle breached would stay a hollow beside its
  // trench (the uplift shape, blurred, would lift its rim more than its floor at every step).
  // Lakes filled to the brim spill over their pass, and what is filled there (the uplift's shape in
  // RiversModel, the discharge's copy) keeps its trenches at the pit's level.
  const float minGrade = lakeFill < 1.0f ? kBreachGrade : 0.0f;
  const std::vector<uint32_t> pit =
      lakeFill < 1.0f ? breachPuddles(h, found, cellSize, minGrade, puddleScale, report) : found;
  const uint32_t pits = uint32_t(pit.size());
  report.lakes = pits;
  if (pits == 0) return report;
  // Steepest-descent receivers, only of the cells the lakes need (a few dozen lakes a step in a map of
  // millions of cells), all from the heights as they are before anything is filled or cut: worked out
  // while fills and trenches change heights, two of them could point at each other and a trench walk go
  // round for ever. marks_: 0 not known yet, else kKnown (receiver known) or kWalked (its way to the border
  // known) in the low bits and the receiver's direction above them (kSelf: none). In the marks' byte a
  // cell: in a table of its own the receivers of the 60,000 pits a doubled level opens went dense, 4 bytes
  // a cell, and the alpine preset's 8192² build peaked there (65.9 bytes a cell beyond the map).
  // The basins are kept for the lakes' cells and their neighbours only.
  const size_t n = size_t(width_) * size_t(height_);
  if (lakeFill >= 1.0f) marks_.assign(n, 0);  // else breachPuddles left every mark 0
  CellTable basin(n);                         // basin: 0 (never set) reaches the border
  auto setReceiver = [&](uint32_t c, uint32_t r) {
    int direction = kSelf;
    for (int k = 0; k < 8; ++k)
      if (int64_t(c) + offset_[k] == int64_t(r) && r != c) direction = k;
    marks_[c] = uint8_t((marks_[c] & kStateBits) | direction << kDirectionShift);
  };
  auto receiverOf = [&](uint32_t c) {
    if (marks_[c] == 0) {
      marks_[c] = kKnown;
      setReceiver(c, steepestNeighbour(h, c));
    }
    const int direction = marks_[c] >> kDirectionShift;
    return direction == kSelf ? c : uint32_t(int64_t(c) + offset_[direction]);
  };
  auto basinOf = [&](uint32_t c) { return basin.get(c); };

  // Basins 1..pits: each pit and every cell whose steepest path ends in it, found by walking uphill from
  // the pit (cells of basin b are members[first[b] .. first[b + 1]), receivers before donors). All other
  // cells keep basin 0: they reach the border.
  std::vector<uint32_t> members, first(pits + 2, 0);
  for (uint32_t b = 1; b <= pits; ++b) {
    first[b] = uint32_t(members.size());
    members.push_back(pit[b - 1]);
    basin.set(pit[b - 1], b);
    receiverOf(pit[b - 1]);
    for (size_t q = first[b]; q < members.size(); ++q) {
      const uint32_t c = members[q];
      for (int k = 0; k < 8; ++k) {
        const uint32_t j = uint32_t(int64_t(c) + offset_[k]);
        if (j != c && receiverOf(j) == c) {
          basin.set(j, b);
          members.push_back(j);
        }
      }
    }
  }
  first[pits + 1] = uint32_t(members.size());

  // Passes: every neighbour of a basin's cells in another basin (each pair of pit basins once).
  std::vector<Link> links;
  for (uint32_t b = 1; b <= pits; ++b)
    for (uint32_t q = first[b]; q < first[b + 1]; ++q) {
      const uint32_t i = members[q];
      for (int k = 0; k < 8; ++k) {
        const uint32_t j = uint32_t(int64_t(i) + offset_[k]);
        const uint32_t other = basinOf(j);
        if (other == b || (other != 0 && other < b)) continue;
        links.push_back({std::max(h[i], h[j]), i, j});
      }
    }
  std::sort(links.begin(), links.end(), [](const Link& p, const Link& q) {
    if (p.level != q.level) return p.level < q.level;
    if (p.inner != q.inner) return p.inner < q.inner;
    return p.outer < q.outer;
  });

  // The lowest passes that join every basin to the border: a minimum spanning tree (Kruskal). The path
  // from a basin to the border in it climbs no higher than it must.
  std::vector<uint32_t> root(pits + 1);
  std::iota(root.begin(), root.end(), 0u);
  std::vector<uint32_t> tree;
  for (uint32_t l = 0; l < links.size() && tree.size() < pits; ++l) {
    const uint32_t a = findRoot(root, basinOf(links[l].inner)), b = findRoot(root, basinOf(links[l].outer));
    if (a == b) continue;
    root[a] = b;
    tree.push_back(l);
  }
  // The tree walked from the border: each basin's outlet (a pass cell inside, the cell across) and the
  // level its lake would spill at.
  std::vector<uint32_t> adjacencyStart(pits + 2, 0), adjacency(2 * tree.size());
  for (uint32_t l : tree) {
    ++adjacencyStart[basinOf(links[l].inner) + 1];
    ++adjacencyStart[basinOf(links[l].outer) + 1];
  }
  std::partial_sum(adjacencyStart.begin(), adjacencyStart.end(), adjacencyStart.begin());
  {
    std::vector<uint32_t> slot(adjacencyStart.begin(), adjacencyStart.end() - 1);
    for (uint32_t l : tree) {
      adjacency[slot[basinOf(links[l].inner)]++] = l;
      adjacency[slot[basinOf(links[l].outer)]++] = l;
    }
  }
  std::vector<uint32_t> outletInside(pits + 1, kUnset), outletAcross(pits + 1, kUnset), queue{0};
  std::vector<float> spill(pits + 1, -std::numeric_limits<float>::infinity());
  std::vector<uint8_t> reached(pits + 1, 0);
  reached[0] = 1;
  for (size_t q = 0; q < queue.size(); ++q) {
    const uint32_t from = queue[q];
    for (uint32_t e = adjacencyStart[from]; e < adjacencyStart[from + 1]; ++e) {
      const Link& link = links[adjacency[e]];
      const bool innerSide = basinOf(link.inner) != from;
      const uint32_t inside = innerSide ? link.inner : link.outer,
                     across = innerSide ? link.outer : link.inner;
      const uint32_t b = basinOf(inside);
      if (reached[b]) continue;
      reached[b] = 1;
      outletInside[b] = inside;
      outletAcross[b] = across;
      spill[b] = std::max(link.level, spill[from]);
      queue.push_back(b);
    }
  }

  // Every way a trench may take out of a basin, walked now while the heights are as they were: from each
  // pass across to the border (a cell outside every basin drains there by steepest descent).
  for (uint32_t b = 1; b <= pits; ++b)
    for (uint32_t c = outletAcross[b];
         c != kUnset && basinOf(c) == 0 && (marks_[c] & kStateBits) != kWalked;) {
      const uint32_t r = receiverOf(c);
      marks_[c] = uint8_t((marks_[c] & ~kStateBits) | kWalked);
      if (r == c) break;
      c = r;
    }

  // Lake fill: each basin raised a share of the way from its pit to its spill level, then graded towards
  // its pit along the buried valley floor (donors before receivers), so the lake bed still drains.
  if (lakeFill > 0.0f) {
    for (uint32_t b = 1; b <= pits; ++b) {
      const float level = h[pit[b - 1]] + lakeFill * (spill[b] - h[pit[b - 1]]);
      for (uint32_t q = first[b]; q < first[b + 1]; ++q) {
        float& z = h[members[q]];
        if (z < level) {
          z = level;
          ++report.cellsRaised;
        }
      }
      for (uint32_t q = first[b + 1]; q-- > first[b] + 1;) {
        const uint32_t c = members[q], r = receiverOf(c);
        h[r] = std::min(h[r], below(h[c], distance(c, r, width_, cellSize)));
      }
    }
  }

  // Each pit drains through its outlet: the steepest path from the pass cell down to the pit is reversed.
  for (uint32_t b = 1; b <= pits; ++b) {
    uint32_t c = outletInside[b], next = outletAcross[b];
    for (;;) {
      const uint32_t r = receiverOf(c);
      setReceiver(c, next);
      if (r == c) break;
      next = c;
      c = r;
    }
  }

  // Trenches: from each pit along its new route to the first cell below the pit, graded evenly from the pit
  // down to that cell (a flat trench would be a long reach of still water). Lowest pits first: a later,
  // higher trench ends where it meets one already cut. A trench that reaches the border through a higher
  // border cell notches it: water leaves there.
  std::vector<uint32_t> byLevel(pit);
  std::sort(byLevel.begin(), byLevel.end(),
            [&](uint32_t a, uint32_t b) { return h[a] != h[b] ? h[a] < h[b] : a < b; });
  std::vector<uint32_t> trench;
  std::vector<float> along;
  for (uint32_t pitCell : byLevel) {
    const float level = h[pitCell];
    trench.clear();
    along.clear();
    float length = 0.0f;
    uint32_t c = pitCell, exit = kUnset;
    for (;;) {
      const uint32_t r = receiverOf(c);  // known already: the basins and the walks from their passes
      if (r == c) break;
      length += distance(c, r, width_, cellSize);
      if (h[r] < level || onBorder(r)) {
        exit = r;
        break;
      }
      trench.push_back(r);
      along.push_back(length);
      c = r;
      if (trench.size() > n) break;  // routes form a tree; a loop would be a bug, not a hang
    }
    if (exit != kUnset) gradeTrench(h, level, minGrade, trench, along, length, exit, cellSize, report);
  }
  return report;
}

}  // namespace runnel::rivers
