// The droplet model's parameters (article 000) with the article's defaults, in one place.
#pragma once
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/models/param_fields.h"
#include "core/terrain/heightmap.h"

namespace runnel {

struct DropletParams {
  float Kq = 10.0f;        // soil carry capacity multiplier
  float Kw = 0.001f;       // water evaporation per step
  float Kr = 0.9f;         // erosion speed: share of the capacity deficit taken
  float Kd = 0.02f;        // deposition speed: share of the excess sediment dropped
  float Ki = 0.1f;         // direction inertia: higher makes smoother turns
  float minSlope = 0.05f;  // lowest slope used in the capacity formula
  float g = 20.0f;         // gravity accelerating the flow
  // Conserving mode: the steepest slopes, in degrees, that what the droplets laid down (sediment) and what
  // they dug into (rock) stand at; steeper ground slides (DropletModel::settleEvery).
  // 90: never.
  float sedimentAngle = 35.0f;
  float rockAngle = 40.0f;
};

// classic:    the article's arithmetic step for step, quirks included (DESIGN.md lists them).
// conserving: brush normalised over the cells it touches, sediment at a path cut is dropped where the
//             droplet stands, so total soil changes only by float rounding (plus what leaves an open edge).
enum class DropletMode { Conserving, Classic };
const char* toString(DropletMode m);
DropletMode dropletModeFromString(const std::string& s);  // throws Error naming the value

// The order in which droplets touch the terrain.
// tiled:      the parallel schedule (core/models/droplet/droplet_tiles.h): the same terrain for any thread
// count and any
//             batch split. On maps under 128 cells a side it is one tile: the sequential order itself,
//             except that a run ending inside a wave has run the wave's later droplets too. Against
//             sequential on a 512 fBm map (relief 128, 200k droplets): eroded volume +0.26%, steps +0.76%,
//             height-change maps correlate 0.994 (tests/bench/bench_parallel --compare).
// sequential: one droplet after another in index order on one thread (the article's order), the reference;
//             the same terrain for any batch split.
enum class DropletOrder { Tiled, Sequential };
const char* toString(DropletOrder o);
DropletOrder dropletOrderFromString(const std::string& s);  // throws Error naming the value

struct DropletSettings {
  DropletParams params;
  DropletMode mode = DropletMode::Conserving;
  Edges edges = Edges::Wrap;
  uint64_t seed = 1;
  // A droplet stops after this many steps times the larger map side (the article: 4 x HMAP_SIZE).
  int pathLimitFactor = 4;
  // Open (clamp) edges: the outlet's level. Water leaving the map drains to it, and erosion never takes
  // the ground below it, as rivers cut down to the sea and no further; without it the border, which is
  // eroded but never filled, digs itself down without limit. NaN: the terrain's lowest height when the
  // model first runs. Wrapping maps have no outlet and ignore it.
  float baseLevel = std::numeric_limits<float>::quiet_NaN();
  DropletOrder order = DropletOrder::Tiled;
  int threads = 0;  // tiled order: threads to run on (0: every hardware thread); the result does not change
  // The model's heights per cell for a slope of 1 (a metre a metre): the angles in world units
  // (cell_units.h).
  float cellRise = 1.0f;
};

// The article's seven parameters in the order Kq, Kw, Kr, Kd, Ki, minSlope, g, then the two angles, in the
// parameter table every model uses (core/models/param_fields.h): names, ranges, tooltips; the defaults are
// DropletParams'.
constexpr size_t kDropletParamCount = 9;
const std::array<ParamField<DropletParams>, kDropletParamCount>& dropletParamFields();
std::vector<ParamInfo> dropletParamInfo();

// Throws Error naming the first parameter that is NaN or out of range.
void validate(const DropletParams& p);

}  // namespace runnel
