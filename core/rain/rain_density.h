// The rain map as the models read it at the terrain's resolution: grid models scale rain per cell by the
// density, droplet-like models draw start cells from it. A null map is uniform rain; a map of another size
// is read at the nearest cell (the editor keeps them the same size; a CLI --rain map may differ).
#pragma once
#include <cstddef>
#include <vector>

#include "core/base/random.h"
#include "rain_map.h"

namespace runnel {

class RainDensity {
 public:
  RainDensity(const RainMap* rain, int width, int height);
  // Densities of terrain row y, in [0, 1].
  void row(int y, std::vector<float>& out) const;

 private:
  const RainMap* rain_;
  int width_, height_;
};

// Where droplets start: a position in [0, width) x [0, height), a cell drawn from the rain map (uniform when
// the map is null or has no weight) plus a uniform offset within it.
struct DropStart {
  float x, y;
};
class DropStarts {
 public:
  DropStarts(const RainMap* rain, int width, int height);
  DropStart draw(DropletRandom& r) const;

 private:
  const RainMap* rain_;
  int width_, height_;
};

}  // namespace runnel
