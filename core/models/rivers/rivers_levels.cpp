// The coarse-to-fine build's levels (see rivers_model.h): the plan of levels and the steps each gets, moving
// the build up a level (the level below doubled, with the input's own detail at the new scale), and a finer
// level keeping the landforms of the level below.
#include "rivers_model.h"

#include <algorithm>
#include <cmath>

#include "core/base/random.h"
#include "core/base/row_bands.h"
#include "core/terrain/box_blur.h"
#include "core/terrain/level_resample.h"
#include "stream_power.h"

namespace runnel {

namespace {

// Levels are halved while their cells stay at most this size and their sides at least kMinCoarseSide cells.
constexpr float kCoarseCellMetres = 60.0f;
constexpr int kMinCoarseSide = 64;
// How far, in the level below's cells, a doubled sample's position may move.
constexpr float kLevelJitter = 0.25f;
// The input's own detail at a finer level's scale, added to the doubled level this many times over: the
// seeds of that level's gullies (once over, the doubled slopes stayed smooth facets at 4096²).
constexpr float kDetailGain = 2.5f;
// A finer level keeps the landforms of the level below: after each step, the change its cells' 2 x 2 means
// show against the level below's result, box-blurred over this many of the level below's cells (two
// passes), is taken back. Left to change them, the finer levels cut the valleys the coarse level had left
// with floors into narrow Vs and wore the walls down (the alpine preset at 4096², averaged down to 512²,
// matched its own 512² build at slopes r 0.52); held, 0.79, and the slope-area law comes into range at
// 4096² (the rivers default's concavity 0.32 -> 0.36 on seed 7). Held cell by cell (no blur), the
// slope-area law went noisy (R² 0.65 at 4096²); over 4 cells, it flattened again (concavity 0.35).
constexpr int kHeldFormRadius = 2;

}  // namespace

std::vector<RiversModel::Level> RiversModel::levels(int width, int height) const {
  std::vector<Level> plan{{width, height, cellSize_}};
  for (;;) {
    const Level& top = plan.front();
    const Level next{halvedSide(top.width), halvedSide(top.height),
                     top.cellSize * float(top.width) / float(halvedSide(top.width))};
    if (next.cellSize > kCoarseCellMetres * 1.01f || std::min(next.width, next.height) < kMinCoarseSide)
      break;
    plan.insert(plan.begin(), next);
  }
  return plan;
}

uint64_t RiversModel::coarseSteps() const {
  return std::max<uint64_t>(1, uint64_t(std::llround(double(params_.age) / double(params_.timeStep))));
}

uint64_t RiversModel::levelSteps(int level) const {
  // The same steps at every finer level, whatever the map's size: a 1024² build is the first levels of a
  // 4096² one. (Twice as many each level down eroded a 4096² map more than a 1024² one: its large forms
  // then kept r 0.85-0.88 against 0.89-0.91.)
  return level == 0 ? coarseSteps() : uint64_t(params_.detailSteps);
}

uint64_t RiversModel::plannedUnits(int width, int height) const {
  const int count = int(levels(width, height).size());
  uint64_t total = 0;
  for (int l = 0; l < count; ++l) total += levelSteps(l);
  return total;
}

int RiversModel::levelOfUnit(uint64_t unit, int levelCount) const {
  for (int l = 0; l < levelCount; ++l) {
    const uint64_t steps = levelSteps(l);
    if (unit < steps) return l;
    unit -= steps;
  }
  return levelCount - 1;
}

void RiversModel::enterLevel(int level, Terrain& terrain) {
  const int last = int(plan_.size()) - 1;
  while (level_ < level) {
    const int next = level_ + 1;
    const Level& l = plan_[size_t(next)];
    if (next == 0) {
      if (last > 0) levelHeights_ = inputs_[0];
    } else {
      // The level below doubled, each sample's position jittered, with the input's own detail at this
      // level's scale added back (the input here less the input of the level below, doubled the same way).
      below_ = std::move(levelHeights_);
      // Where the level below's rivers ran (none known when no step ran there).
      riversBelow_ =
          graph_.area().size() == below_.cellCount()
              ? rivers::riversNear(graph_.area(), below_.width(), below_.height(), kNewGullyCells, threads_)
              : MapVector<uint8_t>();
      Heightmap up =
          doubleUp(below_, l.width, l.height, kLevelJitter, splitmix64(seed_ + uint64_t(next)), threads_);
      held_ = next == 1 ? Heightmap(below_.width(), below_.height())
                        : doubleUp(held_, below_.width(), below_.height(), 0.0f, 0, threads_);
      const Heightmap inputBelow = doubleUp(inputs_[size_t(next - 1)], l.width, l.height, 0.0f, 0, threads_);
      const Heightmap& input = inputs_[size_t(next)];
      float* out = up.data();
      forEachRowBand(l.height, size_t(l.width), threads_, [&](int y0, int y1) {
        for (size_t i = size_t(y0) * size_t(l.width); i < size_t(y1) * size_t(l.width); ++i)
          out[i] += kDetailGain * (input.data()[i] - inputBelow.data()[i]);
      });
      if (next == last)
        terrain.height = std::move(up);
      else
        levelHeights_ = std::move(up);
    }
    level_ = next;
  }
  if (level_ == last) {
    // The coarser levels are done: their inputs, uplift shapes and rains go now, not when the run returns
    // (2.7 bytes a cell less while the map's own level runs; at 8192², 57.7 bytes a cell beyond the map at
    // the peak, against 61.9).
    levelHeights_ = Heightmap();
    for (int l = 0; l < last; ++l)
      inputs_[size_t(l)] = Heightmap(), shapes_[size_t(l)] = MapVector<float>(), rains_[size_t(l)] = nullptr;
  }
  setLevelScale(level_);
}

void RiversModel::holdLevelBelow(Heightmap& h) {
  const int w = h.width(), hgt = h.height();
  const int cw = below_.width(), ch = below_.height();
  MapVector<float> drift(below_.cellCount()), scratch;
  {
    const Heightmap means = halve(h, threads_);
    forEachRowBand(ch, size_t(cw), threads_, [&](int y0, int y1) {
      for (size_t i = size_t(y0) * size_t(cw); i < size_t(y1) * size_t(cw); ++i)
        drift[i] = means.data()[i] - below_.data()[i];
    });
  }
  boxBlur(drift, scratch, cw, ch, kHeldFormRadius, 2, threads_);
  scratch = MapVector<float>();
  Heightmap back(cw, ch);
  float* raised = held_.data();
  forEachRowBand(ch, size_t(cw), threads_, [&](int y0, int y1) {
    for (size_t i = size_t(y0) * size_t(cw); i < size_t(y1) * size_t(cw); ++i)
      back.data()[i] = drift[i], raised[i] -= drift[i];
  });
  drift = MapVector<float>();
  const RowDoubler doubled(back, w, hgt);
  forEachRowBand(hgt, size_t(w), threads_, [&](int y0, int y1) {
    std::vector<float> row(static_cast<size_t>(w));
    for (int y = y0; y < y1; ++y) {
      doubled.row(y, row.data());
      float* out = h.row(y);
      for (int x = 0; x < w; ++x) out[x] -= row[size_t(x)];
    }
  });
}

}  // namespace runnel
