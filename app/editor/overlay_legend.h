// The overlay's key, drawn in the 3D view's corner: its colour ramp as a bar with values and units at the
// ends and the middle, so an overlay can be read and not only seen. And the eroded and deposited maps'
// automatic ranges it shows (the 99th percentile of each: a few deep pits do not wash the rest out).
#pragma once
#include <cstdint>
#include <string>

#include <glm/glm.hpp>

namespace runnel {
struct Terrain;
}

namespace runnel::editor {

class Editor;

// The eroded (x) and deposited (y) amounts, in metres, that the overlays show at full colour.
class OverlayRanges {
 public:
  // Works the ranges out again when `version` is new, at most twice a second (`now` in seconds).
  void update(const Terrain& terrain, uint64_t version, double now);
  glm::vec2 ranges() const { return ranges_; }

 private:
  uint64_t version_ = ~uint64_t(0);
  double at_ = -1e9;
  glm::vec2 ranges_{1.0f, 1.0f};
};

// An area given as log10 of m², in words: "2.0 ha", "154 km²".
std::string areaText(float log10SquareMetres);
// A depth in metres, in words: "4.2 mm", "3.1 cm", "1.25 m".
std::string depthText(float metres);

// Draws the key of e.style.overlay over the view (nothing when no overlay shows).
void drawOverlayLegend(const Editor& e);

}  // namespace runnel::editor
