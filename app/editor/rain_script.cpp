#include "app/editor/rain_script.h"

#include <charconv>

#include "app/editor/editor.h"
#include "core/base/error.h"
#include "core/base/number_text.h"
#include "core/rain/rain_pattern.h"

namespace runnel::editor {

namespace {

float number(const std::string& what, const std::string& text) {
  const std::optional<float> v = readNumber<float>(text);
  if (!v) throw Error(what + ": '" + text + "' is not a valid number");
  return *v;
}

int whole(const std::string& what, const std::string& text) {
  const std::optional<int> v = readNumber<int>(text);
  if (!v) throw Error(what + ": '" + text + "' is not a whole number");
  return *v;
}

bool stroke(Editor& e, const std::vector<std::string>& w) {
  std::vector<float> coords;
  bool erase = false;
  RainBrush brush = e.rain.brush;
  for (size_t i = 2; i < w.size(); ++i) {
    const std::string& a = w[i];
    const size_t eq = a.find('=');
    if (a == "erase") {
      erase = true;
    } else if (eq == std::string::npos) {
      coords.push_back(number("rain stroke", a));
    } else {
      const std::string key = a.substr(0, eq), value = a.substr(eq + 1);
      float v = number("rain stroke " + key, value);
      if (key == "radius")
        brush.radius = v;
      else if (key == "strength")
        brush.strength = v;
      else if (key == "falloff")
        brush.falloff = v;
      else if (key == "density")
        brush.density = v;
      else
        throw Error("rain stroke: unknown setting '" + key + "' (radius, strength, falloff, density)");
    }
  }
  if (coords.size() < 2 || coords.size() % 2 != 0)
    throw Error("rain stroke: needs points as X Y pairs, at least one");
  std::vector<glm::vec2> path;
  for (size_t i = 0; i < coords.size(); i += 2) path.emplace_back(coords[i], coords[i + 1]);
  const RainBrush panel = e.rain.brush;
  e.rain.brush = brush;  // the settings hold for this stroke; the panel's come back after
  const bool ok = e.paintRain(path, erase);
  e.rain.brush = panel;
  return ok;
}

}  // namespace

std::optional<bool> runRainCommand(Editor& e, const std::vector<std::string>& w) {
  if (w.empty() || (w[0] != "rain" && w[0] != "spring")) return std::nullopt;
  auto need = [&](size_t lo, size_t hi) {
    if (w.size() < lo + 1 || w.size() > hi + 1)
      throw Error(w[0] + (w.size() > 1 ? " " + w[1] : "") + ": wrong number of arguments");
  };
  if (w.size() < 2) throw Error(w[0] + ": needs a subcommand");
  const std::string& sub = w[1];
  if (w[0] == "rain") {
    if (sub == "stroke") return stroke(e, w);
    if (sub == "fill") return need(2, 2), e.rainFill(number("rain fill", w[2]));
    if (sub == "clear") return need(1, 1), e.rainClear();
    if (sub == "invert") return need(1, 1), e.rainInvert();
    if (sub == "blur") return need(2, 2), e.rainBlur(whole("rain blur", w[2]));
    if (sub == "pattern") {
      std::string text;
      for (size_t i = 2; i < w.size(); ++i) text += (i > 2 ? " " : "") + w[i];
      return e.layRain(parseRainPattern(text, "rain pattern"));
    }
    if (sub == "import") return need(2, 2), e.importRain(w[2]);
    if (sub == "export")
      return need(2, 3), e.exportRain(w[2], w.size() == 4 ? whole("rain export", w[3]) : 16);
    if (sub == "cursor") {
      if (w.size() == 3 && w[2] == "off") return e.rain.cursor.reset(), true;
      need(3, 4);
      e.rain.cursor = glm::vec2(number("rain cursor x", w[2]), number("rain cursor y", w[3]));
      if (w.size() == 5) e.rain.brush.radius = number("rain cursor radius", w[4]);
      return true;
    }
    if (sub == "overlay") {
      need(2, 2);
      if (w[2] != "on" && w[2] != "off") throw Error("rain overlay: on or off, not '" + w[2] + "'");
      e.rain.showOverlay = w[2] == "on";
      return true;
    }
    throw Error("rain: unknown subcommand '" + sub + "'");
  }
  if (sub == "add") {
    need(3, 5);
    if (w.size() > 4) e.rain.springRate = number("spring rate", w[4]);
    if (w.size() > 5) e.rain.springRadius = number("spring radius", w[5]);
    return e.addSpringAt(number("spring x", w[2]), number("spring y", w[3]));
  }
  if (sub == "remove") return need(2, 2), e.removeSpring(whole("spring", w[2]));
  if (sub == "move") {
    need(4, 4);
    const int i = whole("spring", w[2]);
    return e.rainAction("moved spring " + w[2], [&] {
      e.rain.beginSpringDrag(i);
      if (e.rain.selectedSpring != i) throw Error("spring " + w[2] + ": no such spring");
      e.rain.dragSpring(number("spring x", w[3]), number("spring y", w[4]));
      e.rain.endSpringDrag(e.history);
    });
  }
  throw Error("spring: unknown subcommand '" + sub + "' (add, move, remove)");
}

}  // namespace runnel::editor
