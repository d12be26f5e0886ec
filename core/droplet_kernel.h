// The droplet model's inner loop: one droplet from its start cell to its end, on a view of the terrain.
// Private to core: DropletModel drives it in index order; the parallel tile scheduler (issue 6) will
// drive the same function per tile.
//
// Determinism plan. Droplet i draws every random number from DropletRandom(seed, i) and sees only the
// terrain it finds, so running droplets in index order gives the same terrain for any batch split. A
// parallel schedule changes the order in which droplets touch the terrain, so it must fix that order
// independently of the thread count and of the batch boundaries: it works in epochs of kDropletEpoch
// droplets aligned to absolute indices ([k E, (k + 1) E)), runs an epoch's droplets tile by tile in phases
// (tiles of one phase are far enough apart that brushes, which reach 2 cells, cannot touch), and hands a
// droplet that walks out of its tile to that tile's queue for the next phase in index order. Batches of
// such a run must then start and end at multiples of kDropletEpoch; the one-at-a-time order used by
// DropletModel::run has no such constraint. What the tile scheduler adds here: the loop's state (position,
// direction, corners, h, s, v, w, step count, the generator) as a struct it can park and resume, and a
// tile's bounds in place of the map's in the interior test (the `stepsInside` countdown already knows
// how far the droplet is from leaving a rectangle).
#pragma once
#include <cstdint>

#include "droplet_params.h"
#include "random.h"
#include "terrain.h"

namespace runnel {

constexpr uint64_t kDropletEpoch = 4096;

// Raw pointers to the three per-cell arrays of a terrain (all width x rows, row-major).
struct TerrainView {
  float* height = nullptr;
  float* eroded = nullptr;     // rock removed
  float* deposited = nullptr;  // sediment lying on the rock
  int width = 0, rows = 0;
  Edges edges = Edges::Wrap;
};
TerrainView viewOf(Terrain& t, Edges edges);

// The parameters in the form the loop uses them.
struct DropletConstants {
  float Kq, Kr, Kd, Ki, minSlope;
  float Kg;           // 2 g, as the seed writes it
  float evaporation;  // 1 - Kw
  uint32_t maxPath;   // pathLimitFactor x the larger map side
  float baseLevel;    // erosion stops at this height (open edges); -infinity on wrapping maps
  DropletMode mode;
};
// `baseLevel` is the resolved DropletSettings::baseLevel (used on open edges only).
DropletConstants dropletConstants(const DropletSettings& s, int width, int rows, float baseLevel);

// What droplets did, summed in double per droplet.
struct DropletTally {
  uint64_t steps = 0, longPaths = 0, randomDirs = 0;
  double eroded = 0, deposited = 0, lost = 0;
};

// Runs one droplet starting exactly at cell (x, z) (0 <= x < width, 0 <= z < rows). `rng` is the
// droplet's own generator, already used to draw the start cell.
void runDroplet(const TerrainView& t, const DropletConstants& k, int x, int z, DropletRandom& rng,
                DropletTally& tally);

// The erosion brush alone: removes `ds` with the bell brush around (xp, zp), as one erosion step does
// (classic: the seed's weights; conserving: normalised). For tests of the brush.
void erodeWithBrush(const TerrainView& t, DropletMode mode, float xp, float zp, float ds);

}  // namespace runnel
