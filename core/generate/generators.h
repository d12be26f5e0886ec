// Terrain generators, deterministic by seed.
#pragma once
#include <atomic>
#include <cstdint>
#include <string>

#include "core/terrain/heightmap.h"

namespace runnel {

enum class GeneratorKind { Fbm, Ridged, Fault };
const char* toString(GeneratorKind k);
GeneratorKind generatorKindFromString(const std::string& s);  // throws Error naming the value

struct GeneratorSettings {
  GeneratorKind kind = GeneratorKind::Fbm;
  int width = 512, height = 512;
  uint64_t seed = 7;       // the editor's default terrain and runnel-cli generate's: one default everywhere
  float cellSize = 30.0f;  // metres per cell: the map spans width x cellSize by height x cellSize metres
  float relief = -1.0f;    // max - min in metres; < 0: the default for the map's extent (see effectiveRelief)
  // Height curve: heights as a share of the relief raised to this power. Above 1 the lowlands and valley
  // floors widen and the peaks sharpen, as on real land (plain noise has as much high ground as low: a
  // hypsometric integral of 0.52, real mountains 0.34-0.36); 1 leaves the noise as it is.
  float exponent = 1.5f;
  // The land rises from the map's edges inland by this share of the relief (see effectiveRise); < 0: the
  // default.
  float rise = -1.0f;
  bool tileable = false;
  // fBm and ridged noise
  float scale = 0.25f;  // size of the largest features as a fraction of the map's larger side
  int octaves = 8;
  float lacunarity = 2.0f;
  float gain = 0.5f;
  // fault formation
  int faults = 200;
  float falloff = 0.0f;  // 0: sharp step faults; > 0 softens the step over about 1/falloff cells
};

// Throws Error naming the setting that is out of range.
void validate(const GeneratorSettings& s);

// A generate() running on another thread: how far it is, and a way to stop it.
struct GenerateProgress {
  std::atomic<int> rowsDone{0};     // of the map's height (noise); the fault generator does not count
  std::atomic<bool> cancel{false};  // set it and generate() throws GenerateCancelled at its next row
};
struct GenerateCancelled : std::exception {
  const char* what() const noexcept override { return "generate: cancelled"; }
};
// Validates, then builds the map with heights spanning exactly [0, effectiveRelief(s)]. The same settings
// give the same map bit for bit (on any thread count). Tileable maps wrap seamlessly at every edge.
Heightmap generate(const GeneratorSettings& s, GenerateProgress* progress = nullptr);
// The relief generate() uses: s.relief, or when s.relief < 0 that of a mountain range as wide as the map,
// growing with its larger side E in metres and bounded: kMaxRelief x E / (E + kHalfReliefExtent), about 5% of
// the extent for small maps (15.4 km: 612 m; 30.7 km: 1,015 m; 123 km: 2,016 m; never over 3,000 m). The same
// extent gives the same relief at any cell count. Eroded, a range of about 1,000 m over 30 km has median
// slopes of 25-30 degrees at 30 m cells, as real ranges do; 2,000 m over the same 30 km (6.5% of the side,
// the old default) eroded into walls at the critical slope (median 40-43 degrees: issue 30).
constexpr float kMaxRelief = 3000.0f;
constexpr float kHalfReliefExtent = 60000.0f;
float effectiveRelief(const GeneratorSettings& s);
// The rise generate() uses: s.rise, or when s.rise < 0, kDefaultRise (0 for a tileable map, whose tiles
// should all look alike). The land rises smoothly from the edges over kRiseReach of the smaller side, by that
// share of the relief, and the map is scaled back to its relief: a range whose rivers leave at its edges, as
// the rivers model (the border is its base level) and real ranges have them. Plain noise has closed basins
// below its own border (a quarter of a 1024² map under water if they were filled); eroded, their rivers ran
// to the border in canals cut level through the sills, which take millions of years to grade (the rivers'
// slope-area concavity 0.74 with R² 0.73 on seed 5; with the rise 0.49, 0.73 and level river beds 0.009 of
// the map instead of 0.019).
constexpr float kDefaultRise = 0.3f;
constexpr float kRiseReach = 0.3f;
float effectiveRise(const GeneratorSettings& s);
// The rise inland at cell (x, y) of a width x height map, 0..1: 0 at the edges, 1 from kRiseReach of the
// smaller side in, smoothly between.
float riseAt(int x, int y, int width, int height);
// "15.4 km x 15.4 km, 30 m cells": a map's extent as an artist reads it.
std::string describeExtent(int width, int height, float cellSize);

}  // namespace runnel
