// The droplet model's inner loop: one droplet from its start cell to its end, on a view of the terrain.
// Private to core: DropletModel drives it in index order (the sequential order); the tile scheduler
// (droplet_tiles.h) drives the same loop per tile, stopping a droplet where it leaves its tile.
//
// Determinism plan. Droplet i draws every random number from DropletRandom(seed, i) and sees only the
// terrain it finds, so running droplets in index order gives the same terrain for any batch split. A
// parallel schedule changes the order in which droplets touch the terrain, so it must fix that order
// independently of the thread count and of the batch boundaries: it runs droplets in waves aligned to
// absolute indices, tile by tile in phases (tiles of one phase are far enough apart that brushes, which
// reach 2 cells, cannot touch), hands a droplet that walks out of its tile to that tile's queue for the
// next phase in index order, and at a batch boundary keeps the droplets still in flight for the next
// batch. droplet_tiles.h implements this plan.
#pragma once
#include <cstdint>
#include <vector>

#include "core/base/random.h"
#include "core/terrain/terrain.h"
#include "droplet_params.h"

namespace runnel {

// Raw pointers to the three per-cell arrays of a terrain (all width x rows, row-major).
struct TerrainView {
  float* height = nullptr;
  float* eroded = nullptr;     // rock removed
  float* deposited = nullptr;  // sediment lying on the rock
  int width = 0, rows = 0;
  Edges edges = Edges::Wrap;
};
TerrainView viewOf(Terrain& t, Edges edges);

struct DropletConstants;
struct DropletRegion;
struct DropletState;
// One build of the droplet loop: for a mode, an edge rule and a CPU (continueDroplet's contract).
using DropletLoop = bool (*)(const TerrainView&, const DropletConstants&, const DropletRegion&,
                             DropletState&);

// The parameters in the form the loop uses them.
struct DropletConstants {
  float Kq, Kd, Ki, minSlope;
  float minusKr;      // -Kr: an eroding step multiplies its (negative) load - capacity by it
  float Kg;           // 2 g, as the article writes it
  float evaporation;  // 1 - Kw
  uint32_t maxPath;   // pathLimitFactor x the larger map side
  float baseLevel;    // erosion stops at this height (open edges); -infinity on wrapping maps
  DropletMode mode;
  DropletLoop loop;  // picked once per run rather than at each of its thousands of calls
  // water[n]: a droplet's water after n steps (1, then times `evaporation` each step: every droplet's w
  // is the same function of its step index), for n = 0 .. maxPath. The loop reads w from here and keeps
  // a pointer into it as its step counter.
  std::vector<float> water;
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

// A droplet between two steps: everything its next step needs, so the tile scheduler can stop it where
// it leaves a tile and go on later, on any thread, with the same arithmetic as an unbroken run.
struct DropletState {
  float x = 0, z = 0;     // position, on the map
  float dx = 0, dz = 0;   // direction
  float corners[4] = {};  // h00 h10 h01 h11 of its cell, read before the last step's changes (as the article)
  float h = 0;            // its height, read likewise
  float ground[4] = {};   // when stopped: the corner heights right after its last step
  float s = 0, v = 0, w = 1;
  uint32_t moves = 0, randomDirs = 0;
  bool longPath = false;  // ended at the path limit
  double eroded = 0;      // soil it took so far
  DropletRandom rng{0, 0};
};
// A droplet at rest on cell (x, z), about to take its first step.
DropletState startDroplet(const TerrainView& t, int x, int z, const DropletRandom& rng);

// The cells a droplet may stand on, [x0, x1) x [z0, z1).
struct DropletRegion {
  int x0, z0, x1, z1;
};
// Runs the droplet until it ends (returns true; tallyDroplet adds its result) or until a step takes it
// onto a cell outside `region` (returns false: `d` is the droplet after that step). A step reads and
// changes cells at most one row and column before and two after the droplet's own cell.
inline bool continueDroplet(const TerrainView& t, const DropletConstants& k, const DropletRegion& region,
                            DropletState& d) {
  return k.loop(t, k, region, d);
}
// For a stopped droplet that waited while other droplets changed the ground under it: adds their changes
// (the corners now minus `ground`) to the corner heights it carries, and takes its height from them. Its
// own last step's changes stay unseen, as in an unbroken run (it would otherwise turn back into the dip its
// own brush just made). When nothing changed, it goes on exactly as an unbroken droplet.
void refreshDroplet(const TerrainView& t, DropletState& d);
// Adds an ended droplet to the tally, in the same way runDroplet does.
void tallyDroplet(const DropletState& d, DropletTally& tally);

// Which instructions the loop uses. Both give the same terrain to the bit; AVX2 takes fewer instructions
// (three-operand encoding, the brush two rows at a time). Auto: AVX2 where the CPU has it, unless the
// environment says RUNNEL_DROPLET_CPU=baseline.
enum class DropletCpu { Auto, Baseline, Avx2 };
void setDropletCpu(DropletCpu cpu);  // for tests; process-wide, read by dropletConstants
DropletCpu dropletCpu();             // the one in use: Baseline or Avx2

// The erosion brush alone: removes `ds` with the bell brush around (xp, zp), as one erosion step does
// (classic: the article's weights; conserving: normalised). For tests of the brush.
void erodeWithBrush(const TerrainView& t, DropletMode mode, float xp, float zp, float ds);

}  // namespace runnel
