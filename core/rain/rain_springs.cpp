#include "rain_springs.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/base/error.h"
#include "core/base/value_limits.h"

namespace runnel {

namespace {

void checkIndex(const RainMap& rain, size_t index) {
  if (index >= rain.springs().size())
    throw Error("spring " + std::to_string(index) + ": there are " + std::to_string(rain.springs().size()) +
                " springs");
}

}  // namespace

void validate(const Spring& s, int width, int height) {
  if (!(s.x >= 0 && s.x < float(width) && s.y >= 0 && s.y < float(height)))
    throw Error("spring position (" + std::to_string(s.x) + ", " + std::to_string(s.y) + ") is outside the " +
                std::to_string(width) + "x" + std::to_string(height) + " map");
  checkValue(limits::kSpringRate, s.rate);
  checkValue(limits::kSpringRadius, s.radius);
}

size_t addSpring(RainMap& rain, const Spring& spring) {
  validate(spring, rain.width(), rain.height());
  if (rain.springs().size() >= kMaxSprings)
    throw Error("springs: a rain map holds at most " + std::to_string(kMaxSprings));
  rain.springs().push_back(spring);
  return rain.springs().size() - 1;
}

void moveSpring(RainMap& rain, size_t index, float x, float y) {
  checkIndex(rain, index);
  if (!std::isfinite(x) || !std::isfinite(y)) return;
  Spring& s = rain.springs()[index];
  // Just inside the far edge, so the spring's cell is on the map.
  s.x = std::clamp(x, 0.0f, std::nextafter(float(rain.width()), 0.0f));
  s.y = std::clamp(y, 0.0f, std::nextafter(float(rain.height()), 0.0f));
}

void removeSpring(RainMap& rain, size_t index) {
  checkIndex(rain, index);
  rain.springs().erase(rain.springs().begin() + ptrdiff_t(index));
}

int springNear(const RainMap& rain, float x, float y, float reach) {
  int best = -1;
  float bestDistance = reach;
  for (size_t i = 0; i < rain.springs().size(); ++i) {
    const Spring& s = rain.springs()[i];
    const float d = std::hypot(s.x - x, s.y - y);
    if (d <= bestDistance) best = int(i), bestDistance = d;
  }
  return best;
}

}  // namespace runnel
