#include "terrain.h"

#include <utility>

namespace runnel {

Terrain::Terrain(Heightmap h)
    : height(std::move(h)),
      eroded(height.width(), height.height()),
      deposited(height.width(), height.height()) {}

}  // namespace runnel
