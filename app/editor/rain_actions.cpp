// The rain actions the panel, the shortcuts and the script runner share. Each reports success or the error
// in the status line and leaves the rain map as it was when it fails.
#include <cstdio>

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

// Painting where it already rains fully changes nothing: say why instead of nothing.
void Editor::noteStrokeChangedNothing(bool erase) {
  status.ok(erase ? "erasing took no rain away: no rain falls under the brush here"
                  : "painting added no rain: it already rains fully here (Clear the rain in the Rain panel, "
                    "then paint where rain falls)",
            editorSeconds());
}

bool Editor::beginRainStroke(float x, float y, bool erase) {
  // A map never painted rains fully everywhere, where painting rain would show nothing: the first rain
  // painted on it starts from a dry map, so the stroke is where rain falls (an undo step of its own).
  const bool startsDry =
      !erase && rain.evenRain() && rain.map().level(0, 0) == RainMap::kFullLevel && !rain.stroking();
  if (startsDry) rain.fill(0.0f, history, "start painting rain");
  rain.beginStroke(x, y, erase);
  return startsDry;
}

bool Editor::paintRain(const std::vector<glm::vec2>& path, bool erase) {
  bool changed = false, startedDry = false;
  const bool ok = rainAction(erase ? "erased rain" : "painted rain", [&] {
    if (path.empty()) throw Error("rain stroke: no points");
    startedDry = beginRainStroke(path[0].x, path[0].y, erase);
    for (size_t i = 1; i < path.size(); ++i) rain.moveStroke(path[i].x, path[i].y);
    changed = rain.endStroke(history);
  });
  if (ok && startedDry)
    noteStrokeStartedDry();
  else if (ok && !changed)
    noteStrokeChangedNothing(erase);
  return ok;
}

void Editor::noteStrokeStartedDry() {
  status.ok(
      "painted rain: rain now falls only where you paint (it fell everywhere; undo twice to get that "
      "back)",
      editorSeconds());
}

bool Editor::rainClear() {
  return rainAction("cleared the rain map: no rain falls until you paint where it does (springs stay)",
                    [&] { rain.fill(0.0f, history, "clear rain"); });
}

bool Editor::rainFill(float density) {
  char done[96];
  if (density >= 1.0f)
    std::snprintf(done, sizeof done, "filled the rain map: rain falls fully everywhere");
  else if (density > 0.0f)
    std::snprintf(done, sizeof done, "filled the rain map: rain falls everywhere at density %.3g", density);
  else
    std::snprintf(done, sizeof done, "filled the rain map with density 0: no rain falls anywhere");
  return rainAction(done, [&] { rain.fill(density, history, "fill rain"); });
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
