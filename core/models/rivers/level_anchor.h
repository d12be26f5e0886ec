// A finer level of a coarse-to-fine build keeps the landforms of the level below: after each of its steps,
// what the heights drifted at the scale of the level below (box-blurred over a few of its cells) is given
// back, so the level's own valleys are cut into the land the coarser levels made rather than wearing it
// down. Without it, the finest level of a 4096² build deepened the big rivers as well as cutting its own
// gullies: heights box-averaged to the 512² coarse level correlated r 0.98 with it but slopes only 0.37,
// and the slope-area law flattened (θ 0.28, against 0.34 with it).
//
// Everything is held at the level below's cells (halved), a quarter of the level's: the give-back is
// smooth at that scale and is added doubled up (bilinear) a row at a time. What was given back counts as
// uplift, not as erosion or deposit, in the map's record.
#pragma once
#include <vector>

#include "core/base/huge_pages.h"
#include "core/terrain/level_resample.h"

namespace runnel::rivers {

class LevelAnchor {
 public:
  // The level's start, `h` (width x height): what it keeps. What was given back on the levels below
  // carries over, doubled up onto this level's halved cells.
  void capture(const float* h, int width, int height, int blurRadius, int blurPasses, int threads);
  // Gives back the drift since capture at the kept scale, times `share(distance from the border in the
  // halved cells)`: 0 at the border, the base level, which keeps no landform of its own.
  void hold(float* h, const std::vector<float>& share, int threads);
  // What was given back since the record's start, a row of the level's cells at a time (when active).
  DoubledRows givenRows() const;
  void forgetGiven();  // the record starts again from the heights as they are
  bool active() const { return !kept_.empty(); }
  void clear();

 private:
  void blur(MapVector<float>& field, int threads);
  int width_ = 0, height_ = 0;  // the level's
  int halfWidth_ = 0, halfHeight_ = 0;
  int radius_ = 1, passes_ = 1;
  MapVector<float> kept_;   // the level's start, halved and blurred
  MapVector<float> given_;  // everything given back since the record's start, halved
  MapVector<float> now_, scratch_;
};

}  // namespace runnel::rivers
