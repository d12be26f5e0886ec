// Whether a map wraps seamlessly at its borders (made tileable): the step from its last column to its first,
// and from its last row to its first, is as small as the steps between neighbours inside it. A command that
// reads a map from a file takes its edges from this (wrap for a tileable map, open otherwise), as the editor
// does for a map it generates, so the same terrain erodes alike whichever way it arrived.
#pragma once
#include "heightmap.h"

namespace runnel {

bool wrapsSeamlessly(const Heightmap& map);

}  // namespace runnel
