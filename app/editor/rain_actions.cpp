// The rain actions the panel, the shortcuts and the script runner share. Each reports success or the error
// in the status line and leaves the rain map as it was when it fails.

#include "app/editor/editor.h"
#include "core/base/error.h"

namespace runnel::editor {

bool Editor::rainAction(const std::string& done, const std::function<void()>& action) {
  try {
    fitRain();  // the map the frame would have fitted to a new terrain by now
    if (rain.stroking()) rain.endStroke(history);
    action();
    status.ok(done, editorSeconds());
    return true;
  } catch (const std::exception& e) {
    status.fail(e.what(), editorSeconds());
    return false;
  }
}

// A new map rains everywhere, so painting rain on it changes nothing: say why instead of nothing.
void Editor::noteStrokeChangedNothing(bool erase) {
  status.ok(erase ? "erasing took no rain away: no rain falls under the brush here"
                  : "painting added no rain: it already rains fully here (a new map rains everywhere: Clear "
                    "the rain in the Rain panel, then paint where rain falls)",
            editorSeconds());
}

bool Editor::paintRain(const std::vector<glm::vec2>& path, bool erase) {
  bool changed = false;
  const bool ok = rainAction(erase ? "erased rain" : "painted rain", [&] {
    if (path.empty()) throw Error("rain stroke: no points");
    rain.beginStroke(path[0].x, path[0].y, erase);
    for (size_t i = 1; i < path.size(); ++i) rain.moveStroke(path[i].x, path[i].y);
    changed = rain.endStroke(history);
  });
  if (ok && !changed) noteStrokeChangedNothing(erase);
  return ok;
}

bool Editor::rainFill(float density) {
  return rainAction(density == 0 ? "cleared the rain map" : "filled the rain map",
                    [&] { rain.fill(density, history, density == 0 ? "clear rain" : "fill rain"); });
}

bool Editor::rainInvert() {
  return rainAction("inverted the rain map", [&] { rain.invert(history); });
}

bool Editor::rainBlur(int radius) {
  return rainAction("blurred the rain map", [&] { rain.blur(radius, history); });
}

bool Editor::layRain(const RainPattern& pattern) {
  return rainAction("rain laid: " + describe(pattern), [&] {
    rain.lay(makeRain(pattern, base_->height, cellSize()), history, "lay rain");
    madeRain = pattern;
    madeRainRevision = rain.revision();
  });
}

bool Editor::importRain(const std::string& path) {
  return rainAction("imported rain map " + path, [&] { rain.importPng(path, history); });
}

bool Editor::exportRain(const std::string& path, int bits) {
  return rainAction("exported rain map " + path, [&] { rain.exportPng(path, bits); });
}

bool Editor::addSpringAt(float x, float y) {
  return rainAction("added a spring", [&] { rain.addSpring(x, y, history); });
}

bool Editor::removeSpring(int index) {
  return rainAction("deleted spring " + std::to_string(index), [&] { rain.removeSpring(index, history); });
}

}  // namespace runnel::editor
