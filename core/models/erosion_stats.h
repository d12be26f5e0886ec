// What an erosion run did, as the article prints it and more.
#pragma once
#include <cstdint>
#include <string>

namespace runnel {

struct ErosionStats {
  uint64_t droplets = 0;    // droplets (or particles, or grid iterations) run
  uint64_t steps = 0;       // droplet moves
  uint64_t longPaths = 0;   // paths cut at the length limit
  uint64_t randomDirs = 0;  // random directions picked on a zero gradient
  double seconds = 0.0;     // wall time spent running
  double eroded = 0.0;      // volume taken from the terrain
  double deposited = 0.0;   // volume put onto the terrain
  double lost = 0.0;        // sediment thrown away (classic path cut) or carried off an open edge
  double soilBefore = 0.0;  // total heights (and sediment in flight) when the run started (for massError)
  double soilAfter = 0.0;   // total heights when the run ended
  double carried = 0.0;     // sediment held by droplets still in flight when the run ended (tiled order)

  double avgPath() const { return droplets ? double(steps) / double(droplets) : 0.0; }
  double dropletsPerSecond() const { return seconds > 0 ? double(droplets) / seconds : 0.0; }
  double stepsPerSecond() const { return seconds > 0 ? double(steps) / seconds : 0.0; }
  // Soil created or destroyed beyond what is accounted as lost, relative to the volume eroded:
  // (after - before + lost + carried) / eroded. Float rounding only, in conserving mode.
  double massError() const;

  void add(const ErosionStats& o);  // sums counters and volumes; keeps the earliest soilBefore and the
                                    // latest soilAfter and carried
  // Keys: droplets steps avg_path long_paths random_dirs seconds droplets_per_s steps_per_s eroded
  // deposited lost mass_error. With another unit (the model's: "iterations", "steps"): that unit's count,
  // cell_updates, seconds, UNIT_per_s, eroded, deposited, lost, mass_error. A cellSize > 0 comes first, as
  // cell_size_m and cell_size_from (where it came from: "--cell-size", "x.r32.json", ...).
  std::string toJson(const std::string& unit = "droplets", float cellSize = 0.0f,
                     const std::string& cellSizeFrom = "") const;
  std::string summary() const;  // the article's two debug lines and the volumes
};

}  // namespace runnel
