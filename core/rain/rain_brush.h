// Painting the rain map: brush dabs and strokes that update the sampler incrementally (only the cells a dab
// touches), the patches that undo them, and the whole-map operations of the rain panel (fill, clear,
// invert, blur), which rebuild the sampler once.
#pragma once
#include <cstdint>
#include <vector>

#include "core/terrain/cell_rect.h"
#include "rain_map.h"

namespace runnel {

struct RainBrush {
  float radius = 32.0f;   // cells
  float strength = 0.5f;  // share of the way to `density` one dab moves a cell at the brush's centre
  float falloff = 0.5f;   // outer share of the radius over which the dab fades smoothly (0: a hard edge)
  float density = 1.0f;   // what painting moves cells towards; erasing moves them towards 0
};

// Throws Error naming the setting when it is not a number or outside its range (radius 0.5 to 4096, the
// others 0 to 1).
void validate(const RainBrush& brush);

// The dab's weight at distance `d` from its centre, in [0, strength]: full inside (1 - falloff) * radius,
// then a smoothstep down to 0 at the radius.
float brushWeight(const RainBrush& brush, float d);

// One dab centred at map coordinates (x, y); cell (i, j) spans [i, i + 1) x [j, j + 1). Cells whose centre
// lies within the radius move towards the brush's density (or towards 0 when erasing) by the weight. Returns
// the cells it changed, clipped to the map.
CellRect paintDab(RainMap& rain, float x, float y, const RainBrush& brush, bool erase);

// The levels of some cells, to put back later (undo and redo of strokes and whole-map operations).
struct RainPatch {
  CellRect rect;
  std::vector<uint16_t> levels;  // row-major over rect
};
RainPatch capturePatch(const RainMap& rain, CellRect rect);  // rect is clipped to the map
void applyPatch(RainMap& rain, const RainPatch& patch);      // incremental: O(area log W)

// A drag of the brush: dabs a quarter radius apart along the mouse's path. It keeps the levels from before
// the stroke of every cell it may have changed (a rectangle that grows with the stroke), so it can be undone.
class RainStroke {
 public:
  RainStroke(const RainBrush& brush, bool erase);  // validates the brush
  // The first call dabs at (x, y); later calls dab along the way from the last dab, evenly spaced, and the
  // distance short of the next dab carries over to the next call. Returns the cells this call changed.
  CellRect moveTo(RainMap& rain, float x, float y);
  const RainBrush& brush() const { return brush_; }
  bool erase() const { return erase_; }
  int dabCount() const { return dabs_; }
  // The levels before the stroke over a rectangle holding every cell it changed.
  const RainPatch& before() const { return before_; }

 private:
  CellRect dab(RainMap& rain, float x, float y);
  void remember(const RainMap& rain, CellRect need);  // grows before_ to cover `need`
  RainBrush brush_;
  bool erase_;
  bool started_ = false;
  float lastX_ = 0, lastY_ = 0, carried_ = 0;
  int dabs_ = 0;
  RainPatch before_;
};

// Whole-map operations, O(W H). Springs are kept.
void fillRain(RainMap& rain, float density);  // clear is fillRain(rain, 0)
void invertRain(RainMap& rain);               // density d becomes 1 - d
// A blur of about `radius` cells: three box passes per axis (close to a Gaussian of sigma ~ radius / 1.4);
// the border cells extend past the edges. Radius 0 leaves the map as it is.
void blurRain(RainMap& rain, int radius);

}  // namespace runnel
