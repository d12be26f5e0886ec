#include "grid_erosion.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/base/row_bands.h"
#include "core/rain/rain_density.h"
#include "core/terrain/soil_record.h"
#include "core/terrain/soil_total.h"

namespace runnel {

namespace {

constexpr float kDiagonal = 0.70710678f;  // a diagonal neighbour is sqrt 2 away
// Floor of the total drop a cell divides by (keeps 1 / total finite).
constexpr float kFlat = 1e-30f;

const std::array<ParamField<GridParams>, 6> kFields{{
    {"rainAmount", &GridParams::rainAmount, 0.0f, 10.0f,
     "Rainfall amount: water added to every cell on a rain iteration (scaled by the rain map)", true},
    {"rainEvery", &GridParams::rainEvery, 1.0f, 10000.0f,
     "Rainfall frequency: more water is added every this many iterations", true},
    {"evaporation", &GridParams::evaporation, 0.0f, 1.0f,
     "Evaporation: share of each cell's water that evaporates every iteration"},
    {"Kc", &GridParams::Kc, 0.0f, 100.0f,
     "Kc, sediment carrying capacity: sediment that moving water can carry per unit of water moved", true},
    {"Kd", &GridParams::Kd, 0.0f, 1.0f,
     "Kd, deposition rate: share of the sediment beyond capacity dropped onto the ground each iteration"},
    {"Ks", &GridParams::Ks, 0.0f, 1.0f,
     "Ks, soil softness: share of the unused capacity taken from the ground as sediment"},
}};

// Pass 1 over rows [y0, y1): each cell's outflow of water and sediment, from the surfaces a + w in `surface`
// (which this pass does not write). Writes the cell's own a, w, s and record, and its outflow per unit of
// weighted surface drop into flowWater / flowSediment. Branch-free so the compiler can vectorise it.
void outflowRows(int y0, int y1, const GridParams& p, const PaddedGrid& surface, Terrain& terrain,
                 float* water, float* sediment, PaddedGrid& flowWater, PaddedGrid& flowSediment,
                 std::vector<double>& rowEroded, std::vector<double>& rowDeposited,
                 std::vector<float>& scratch) {
  const int w = surface.width();
  const float Kc = p.Kc, Kd = p.Kd, Ks = p.Ks;
  scratch.resize(size_t(w) * 2);
  for (int y = y0; y < y1; ++y) {
    const float* __restrict up = surface.row(y - 1);
    const float* __restrict mid = surface.row(y);
    const float* __restrict down = surface.row(y + 1);
    const size_t offset = size_t(y) * size_t(w);
    float* __restrict a = terrain.height.data() + offset;
    float* __restrict dep = terrain.deposited.data() + offset;
    float* __restrict ero = terrain.eroded.data() + offset;
    float* __restrict wat = water + offset;
    float* __restrict sed = sediment + offset;
    float* __restrict fw = flowWater.row(y);
    float* __restrict fs = flowSediment.row(y);
    float* __restrict erodedHere = scratch.data();
    float* __restrict depositedHere = scratch.data() + w;
#pragma GCC ivdep
    for (int x = 0; x < w; ++x) {
      const float h = mid[x];
      const float dW = std::max(h - mid[x - 1], 0.0f), dE = std::max(h - mid[x + 1], 0.0f);
      const float dN = std::max(h - up[x], 0.0f), dS = std::max(h - down[x], 0.0f);
      const float dNW = std::max(h - up[x - 1], 0.0f) * kDiagonal;
      const float dNE = std::max(h - up[x + 1], 0.0f) * kDiagonal;
      const float dSW = std::max(h - down[x - 1], 0.0f) * kDiagonal;
      const float dSE = std::max(h - down[x + 1], 0.0f) * kDiagonal;
      // Sums grouped so a transposed or mirrored map adds the same pairs: the result is exactly symmetric.
      const float total = ((dW + dE) + (dN + dS)) + ((dNW + dSE) + (dNE + dSW));
      const float steepest = std::max(std::max(std::max(dW, dE), std::max(dN, dS)),
                                      std::max(std::max(dNW, dNE), std::max(dSW, dSE)));
      // No branch: where total <= kFlat, moved <= steepest / 2 is so small that what it carries is nil,
      // and the gather pass weighs it by the same drops, so even then nothing is created or lost.
      const float inverse = 1.0f / std::max(total, kFlat);
      // Move at most half the steepest drop: that levels a pair of cells without overshooting.
      const float water0 = wat[x];
      const float moved = std::min(water0, 0.5f * steepest);
      const float capacity = Kc * moved;
      const float s = sed[x];
      const float excess = std::max(s - capacity, 0.0f);
      const float shortfall = std::max(capacity - s, 0.0f);
      const float deposit = Kd * excess;
      // Never dig the ground below half way down to the lowest neighbouring water surface in one
      // iteration: deep water or extreme Kc/Ks would otherwise dig pits without bound.
      const float erosion = std::min(Ks * shortfall, 0.5f * std::max(steepest - water0, 0.0f));
      a[x] += deposit - erosion;
      recordChange(dep[x], ero[x], deposit - erosion);
      wat[x] = water0 - moved;
      sed[x] = excess - deposit;
      fw[x] = moved * inverse;
      fs[x] = (std::min(s, capacity) + erosion) * inverse;
      erodedHere[x] = erosion;
      depositedHere[x] = deposit;
    }
    double e = 0, d = 0;
    for (int x = 0; x < w; ++x) {
      e += erodedHere[x];
      d += depositedHere[x];
    }
    rowEroded[size_t(y)] = e;
    rowDeposited[size_t(y)] = d;
  }
}

// Pass 2 over rows [y0, y1): each cell gathers what its higher neighbours send it, weighted exactly as
// pass 1 split their outflow, then evaporates.
void inflowRows(int y0, int y1, float keep, const PaddedGrid& surface, const PaddedGrid& flowWater,
                const PaddedGrid& flowSediment, float* water, float* sediment) {
  const int w = surface.width();
  for (int y = y0; y < y1; ++y) {
    const float* __restrict up = surface.row(y - 1);
    const float* __restrict mid = surface.row(y);
    const float* __restrict down = surface.row(y + 1);
    const float* __restrict wu = flowWater.row(y - 1);
    const float* __restrict wm = flowWater.row(y);
    const float* __restrict wd = flowWater.row(y + 1);
    const float* __restrict su = flowSediment.row(y - 1);
    const float* __restrict sm = flowSediment.row(y);
    const float* __restrict sd = flowSediment.row(y + 1);
    float* __restrict wat = water + size_t(y) * size_t(w);
    float* __restrict sed = sediment + size_t(y) * size_t(w);
#pragma GCC ivdep
    for (int x = 0; x < w; ++x) {
      const float h = mid[x];
      const float gW = std::max(mid[x - 1] - h, 0.0f), gE = std::max(mid[x + 1] - h, 0.0f);
      const float gN = std::max(up[x] - h, 0.0f), gS = std::max(down[x] - h, 0.0f);
      const float gNW = std::max(up[x - 1] - h, 0.0f), gNE = std::max(up[x + 1] - h, 0.0f);
      const float gSW = std::max(down[x - 1] - h, 0.0f), gSE = std::max(down[x + 1] - h, 0.0f);
      const float inWater =
          (gW * wm[x - 1] + gE * wm[x + 1]) + (gN * wu[x] + gS * wd[x]) +
          kDiagonal * ((gNW * wu[x - 1] + gSE * wd[x + 1]) + (gNE * wu[x + 1] + gSW * wd[x - 1]));
      const float inSediment =
          (gW * sm[x - 1] + gE * sm[x + 1]) + (gN * su[x] + gS * sd[x]) +
          kDiagonal * ((gNW * su[x - 1] + gSE * sd[x + 1]) + (gNE * su[x + 1] + gSW * sd[x - 1]));
      wat[x] = (wat[x] + inWater) * keep;
      sed[x] += inSediment;
    }
  }
}

// Sediment that border cells send past an open edge (clamp): the ghosts receive it but no cell gathers it.
double sedimentOverEdges(const PaddedGrid& surface, const PaddedGrid& flowSediment) {
  const int w = surface.width(), h = surface.height();
  double lost = 0;
  auto cell = [&](int x, int y) {
    const float hc = surface.row(y)[x];
    double out = 0;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int nx = x + dx, ny = y + dy;
        if (nx >= 0 && nx < w && ny >= 0 && ny < h) continue;
        const float k = (dx != 0 && dy != 0) ? kDiagonal : 1.0f;
        out += double(std::max(hc - surface.row(ny)[nx], 0.0f) * k);
      }
    lost += out * double(flowSediment.row(y)[x]);
  };
  for (int x = 0; x < w; ++x) {
    cell(x, 0);
    if (h > 1) cell(x, h - 1);
  }
  for (int y = 1; y < h - 1; ++y) {
    cell(0, y);
    if (w > 1) cell(w - 1, y);
  }
  return lost;
}

double sum(const std::vector<float>& v) {
  double total = 0;
  for (float x : v) total += x;
  return total;
}

}  // namespace

const std::array<ParamField<GridParams>, 6>& gridParamFields() {
  return kFields;
}
std::vector<ParamInfo> gridParamInfo() {
  return paramInfos(kFields);
}

GridErosion::GridErosion(const GridParams& params, Edges edges) : params_(params), edges_(edges) {
  validateFields(kFields, params_);
}

void GridErosion::continueFrom(const ErosionModel& previous) {
  const auto* grid = dynamic_cast<const GridErosion*>(&previous);
  if (!grid || grid == this || grid->water_.empty()) return;
  resetState(grid->width_, grid->height_);
  water_ = grid->water_;
  sediment_ = grid->sediment_;
}

double GridErosion::suspendedSediment() const {
  return sum(sediment_);
}

void GridErosion::resetState(int width, int height) {
  width_ = width;
  height_ = height;
  water_.assign(size_t(width) * size_t(height), 0.0f);
  sediment_.assign(water_.size(), 0.0f);
  surface_.resize(width, height);
  flowWater_.resize(width, height);
  flowSediment_.resize(width, height);
  rowEroded_.assign(size_t(height), 0.0);
  rowDeposited_.assign(size_t(height), 0.0);
}

void GridErosion::iterate(Terrain& terrain, const RainMap* rain, bool raining, ErosionStats& stats) {
  const int w = width_, h = height_;
  const float rainAmount = raining ? params_.rainAmount : 0.0f;
  // Rain, then the water surface a + w that both passes read.
  forEachRowBand(h, size_t(w), threads_, [&](int y0, int y1) {
    RainDensity density(rain, w, h);
    std::vector<float> rowDensity;
    for (int y = y0; y < y1; ++y) {
      density.row(y, rowDensity);
      const float* a = terrain.height.row(y);
      float* wat = water_.data() + size_t(y) * size_t(w);
      float* s = surface_.row(y);
      for (int x = 0; x < w; ++x) {
        wat[x] += rainAmount * rowDensity[size_t(x)];
        s[x] = a[x] + wat[x];
      }
    }
  });
  if (edges_ == Edges::Wrap)
    surface_.wrapGhosts();
  else
    surface_.clampGhostsFrom(terrain.height);  // open edge: past it lies dry ground at the edge's altitude

  forEachRowBand(h, size_t(w), threads_, [&](int y0, int y1) {
    std::vector<float> scratch;
    outflowRows(y0, y1, params_, surface_, terrain, water_.data(), sediment_.data(), flowWater_,
                flowSediment_, rowEroded_, rowDeposited_, scratch);
  });
  if (edges_ == Edges::Wrap) {
    flowWater_.wrapGhosts();
    flowSediment_.wrapGhosts();
  } else {
    stats.lost += sedimentOverEdges(surface_, flowSediment_);
    flowWater_.fillGhosts(0.0f);  // nothing flows in from past an open edge
    flowSediment_.fillGhosts(0.0f);
  }

  const float keep = 1.0f - params_.evaporation;
  forEachRowBand(h, size_t(w), threads_, [&](int y0, int y1) {
    inflowRows(y0, y1, keep, surface_, flowWater_, flowSediment_, water_.data(), sediment_.data());
  });
  for (int y = 0; y < h; ++y) {
    stats.eroded += rowEroded_[size_t(y)];
    stats.deposited += rowDeposited_[size_t(y)];
  }
}

void GridErosion::run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
                      ErosionStats& stats) {
  const auto start = std::chrono::steady_clock::now();
  ensureRecord(terrain);
  const int w = terrain.width(), h = terrain.heightCells();
  if (first == 0 || w != width_ || h != height_) resetState(w, h);
  ErosionStats run;
  run.soilBefore = soilTotal(terrain.height, sediment_.data(), threads_);
  const uint64_t every = uint64_t(std::max(1.0f, std::round(params_.rainEvery)));
  for (uint64_t i = first; i < first + count; ++i) iterate(terrain, rain, i % every == 0, run);
  run.droplets = count;
  run.steps = count * uint64_t(w) * uint64_t(h);
  run.soilAfter = soilTotal(terrain.height, sediment_.data(), threads_);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  stats.add(run);
}

}  // namespace runnel
