// Fault formation: the terrain is raised on one side of many random fault lines and lowered on the other,
// with displacements shrinking from the first fault to the last. Used by generate(); not normalised.
#pragma once
#include "core/terrain/heightmap.h"
#include "generators.h"

namespace runnel {

// Fills `map` (already sized) with the summed fault displacements of `s` (faults, falloff, tileable, seed).
void fillFaults(Heightmap& map, const GeneratorSettings& s);

}  // namespace runnel
