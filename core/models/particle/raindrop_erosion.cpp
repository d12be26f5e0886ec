#include "raindrop_erosion.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/base/random.h"
#include "core/models/grid/smooth_filter.h"
#include "core/rain/rain_density.h"
#include "core/terrain/cell_access.h"
#include "core/terrain/soil_record.h"

namespace runnel {

namespace {

constexpr int kPathLimitFactor = 4;  // a drop stops after 4 x the larger map side moves
constexpr float kSqrt2 = 1.41421356f;

const std::array<ParamField<RaindropParams>, 5> kFields{{
    {"erosionRate", &RaindropParams::erosionRate, 0.0f, 10.0f,
     "Erosion rate: soil picked up on every move, times the slope (rise / run) to the lowest neighbour",
     true},
    {"depositRate", &RaindropParams::depositRate, 0.0f, 10.0f,
     "Deposit rate: each move deposits soilamount * depositrate / slope at the lower cell", true},
    {"pitDeposit", &RaindropParams::pitDeposit, 0.0f, 1.0f,
     "Share of the carried soil deposited where no neighbour is lower (1: all, may pile spikes; the rest "
     "leaves the system)"},
    {"blurEvery", &RaindropParams::blurEvery, 0.0f, 1000000.0f,
     "Blur the whole map every this many drops, standing in for wind (0: never)", true},
    {"blurStrength", &RaindropParams::blurStrength, 0.0f, 1.0f,
     "How far each blur moves the map towards its 3x3 blur (1: the full blur)"},
}};

// Neighbours in a fixed order; ties go to the first.
constexpr int kDx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

}  // namespace

const std::array<ParamField<RaindropParams>, 5>& raindropParamFields() {
  return kFields;
}
std::vector<ParamInfo> raindropParamInfo() {
  return paramInfos(kFields);
}

void RaindropErosion::run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
                          ErosionStats& stats) {
  DropRun drops(terrain, rain, edges_);
  CellAccess& cells = drops.cells;
  ErosionStats& run = drops.stats;
  const int w = cells.width(), h = cells.height();
  const RaindropParams& p = params_;
  const uint64_t blurEvery = uint64_t(std::llround(p.blurEvery));
  const int limit = kPathLimitFactor * std::max(w, h);
  const bool wrap = edges_ == Edges::Wrap;

  for (uint64_t i = first; i < first + count; ++i) {
    DropletRandom r(seed_, i);
    const DropStart s0 = drops.starts.draw(r);
    int x = int(s0.x), y = int(s0.y);
    float soil = 0;  // the article's totalsoil
    int step = 0;
    bool left = false;
    for (; step < limit; ++step) {
      const float here = cells.at(x, y);
      int best = -1;
      float lowest = here;
      bool border = false;
      for (int k = 0; k < 8; ++k) {
        int nx = x + kDx[k], ny = y + kDy[k];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) {
          if (!wrap) {
            border = true;
            continue;
          }
          nx = CellAccess::wrap(nx, w);
          ny = CellAccess::wrap(ny, h);
        }
        const float v = cells.at(nx, ny);
        if (v < lowest) {
          lowest = v;
          best = k;
        }
      }
      if (best < 0) {
        if (border) {
          left = true;  // an open edge: the water runs off the map
        } else {
          const float settle = p.pitDeposit * soil;
          cells.at(x, y) += settle;
          recordDeposit(terrain, cells.index(x, y), settle);
          run.deposited += settle;
          run.lost += soil - settle;
          soil = 0;
        }
        break;
      }
      const int lx = wrap ? CellAccess::wrap(x + kDx[best], w) : x + kDx[best];
      const int ly = wrap ? CellAccess::wrap(y + kDy[best], h) : y + kDy[best];
      const float rise = here - lowest;
      const float runLength = (kDx[best] != 0 && kDy[best] != 0) ? kSqrt2 : 1.0f;
      const float slope = rise / runLength;
      const float soilAmount = std::min(slope * p.erosionRate, 0.5f * rise);
      cells.at(x, y) -= soilAmount;
      recordErosion(terrain, cells.index(x, y), soilAmount);
      soil += soilAmount;
      const float deposit = std::min(soilAmount * p.depositRate / slope, soil);
      cells.at(lx, ly) += deposit;
      recordDeposit(terrain, cells.index(lx, ly), deposit);
      soil -= deposit;
      run.eroded += soilAmount;
      run.deposited += deposit;
      x = lx;
      y = ly;
    }
    run.steps += uint64_t(step);
    if (step >= limit) {
      ++run.longPaths;
      cells.at(x, y) += soil;  // cut: the soil settles where the drop is
      recordDeposit(terrain, cells.index(x, y), soil);
      run.deposited += soil;
    } else if (left) {
      run.lost += soil;
    }
    if (blurEvery > 0 && (i + 1) % blurEvery == 0 && p.blurStrength > 0)
      smoothTerrain(terrain, p.blurStrength, edges_, threads_, blurScratch_, run.eroded, run.deposited);
  }
  drops.finish(count, stats);
}

}  // namespace runnel
