#include "rain_brush.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/base/error.h"

namespace runnel {

namespace {

void checkSetting(const char* name, float value, float lo, float hi) {
  if (!(value >= lo && value <= hi))
    throw Error(std::string("rain brush ") + name + ": " + std::to_string(value) + " is outside [" +
                std::to_string(lo) + ", " + std::to_string(hi) + "]");
}

CellRect clipToMap(CellRect r, const RainMap& rain) {
  r.x0 = std::max(r.x0, 0);
  r.y0 = std::max(r.y0, 0);
  r.x1 = std::min(r.x1, rain.width());
  r.y1 = std::min(r.y1, rain.height());
  return r;
}

// The cells a dab at (x, y) can reach: those whose centre (i + 0.5, j + 0.5) is within the radius.
CellRect dabBounds(float x, float y, float radius) {
  return {int(std::floor(x - radius)), int(std::floor(y - radius)), int(std::ceil(x + radius)) + 1,
          int(std::ceil(y + radius)) + 1};
}

}  // namespace

void validate(const RainBrush& brush) {
  checkSetting("radius", brush.radius, 0.5f, 4096.0f);
  checkSetting("strength", brush.strength, 0.0f, 1.0f);
  checkSetting("falloff", brush.falloff, 0.0f, 1.0f);
  checkSetting("density", brush.density, 0.0f, 1.0f);
}

float brushWeight(const RainBrush& brush, float d) {
  if (!(d < brush.radius)) return 0.0f;
  const float fade = brush.falloff * brush.radius;
  const float inner = brush.radius - fade;
  if (d <= inner) return brush.strength;
  const float t = (brush.radius - d) / fade;  // 1 at the inner edge, 0 at the radius
  return brush.strength * t * t * (3.0f - 2.0f * t);
}

CellRect paintDab(RainMap& rain, float x, float y, const RainBrush& brush, bool erase) {
  const CellRect box = clipToMap(dabBounds(x, y, brush.radius), rain);
  if (box.empty() || !(brush.strength > 0.0f)) return {};
  const float target = erase ? 0.0f : float(RainMap::kFullLevel) * std::clamp(brush.density, 0.0f, 1.0f);
  const float r2 = brush.radius * brush.radius;
  const float inner = brush.radius * (1.0f - brush.falloff), inner2 = inner * inner;
  uint16_t row[2 * 4096 + 4];  // the widest dab the brush's radius allows, plus rounding
  CellRect changed;
  for (int j = box.y0; j < box.y1; ++j) {
    const float dy = float(j) + 0.5f - y;
    if (dy * dy >= r2) continue;
    // The cells of this row whose centre is inside the circle.
    const float half = std::sqrt(r2 - dy * dy);
    const int i0 = std::max(box.x0, int(std::floor(x - half - 0.5f)));
    const int i1 = std::min(box.x1, int(std::ceil(x + half - 0.5f)) + 1);
    if (i0 >= i1) continue;  // the circle's row lies off the map
    int first = i1, last = i0 - 1;
    for (int i = i0; i < i1; ++i) {
      const float dx = float(i) + 0.5f - x;
      const float d2 = dx * dx + dy * dy;
      // Inside the inner disc the weight is the strength; no square root needed.
      const float w = d2 <= inner2 ? brush.strength : brushWeight(brush, std::sqrt(d2));
      const uint16_t old = rain.level(i, j);
      const uint16_t now = uint16_t(float(old) + w * (target - float(old)) + 0.5f);  // rounded; never < 0
      row[i - i0] = now;
      if (now != old) {
        if (first == i1) first = i;
        last = i;
      }
    }
    if (last < first) continue;
    rain.setRowLevels(j, first, last + 1 - first, row + (first - i0));
    changed.include({first, j, last + 1, j + 1});
  }
  return changed;
}

RainPatch capturePatch(const RainMap& rain, CellRect rect) {
  RainPatch patch;
  patch.rect = clipToMap(rect, rain);
  if (patch.rect.empty()) return {};
  const CellRect& r = patch.rect;
  patch.levels.resize(size_t(r.x1 - r.x0) * size_t(r.y1 - r.y0));
  uint16_t* out = patch.levels.data();
  for (int j = r.y0; j < r.y1; ++j, out += r.x1 - r.x0)
    std::copy_n(rain.levels() + size_t(j) * size_t(rain.width()) + size_t(r.x0), r.x1 - r.x0, out);
  return patch;
}

void applyPatch(RainMap& rain, const RainPatch& patch) {
  const CellRect& r = patch.rect;
  if (r.empty()) return;
  if (r.x0 < 0 || r.y0 < 0 || r.x1 > rain.width() || r.y1 > rain.height() ||
      patch.levels.size() != size_t(r.x1 - r.x0) * size_t(r.y1 - r.y0))
    throw Error("rain map: a patch does not fit the " + std::to_string(rain.width()) + "x" +
                std::to_string(rain.height()) + " map");
  const int w = r.x1 - r.x0;
  for (int j = r.y0; j < r.y1; ++j) rain.setRowLevels(j, r.x0, w, patch.levels.data() + size_t(j - r.y0) * w);
}

RainStroke::RainStroke(const RainBrush& brush, bool erase) : brush_(brush), erase_(erase) {
  validate(brush_);
}

void RainStroke::remember(const RainMap& rain, CellRect need) {
  need = clipToMap(need, rain);
  if (need.empty()) return;
  const CellRect& have = before_.rect;
  if (!have.empty() && need.x0 >= have.x0 && need.y0 >= have.y0 && need.x1 <= have.x1 && need.y1 <= have.y1)
    return;
  // Grow by a margin so a long drag copies O(area log area), not O(area) per dab. Cells outside the old
  // rectangle are untouched so far, so the map still holds their levels from before the stroke.
  CellRect grown = have;
  grown.include(need);
  const int mx = (grown.x1 - grown.x0) / 2, my = (grown.y1 - grown.y0) / 2;
  if (!have.empty()) grown = {grown.x0 - mx, grown.y0 - my, grown.x1 + mx, grown.y1 + my};
  RainPatch next = capturePatch(rain, grown);
  if (!have.empty()) {
    const int hw = have.x1 - have.x0, nw = next.rect.x1 - next.rect.x0;
    for (int j = have.y0; j < have.y1; ++j)
      std::copy_n(before_.levels.data() + size_t(j - have.y0) * hw, hw,
                  next.levels.data() + size_t(j - next.rect.y0) * nw + (have.x0 - next.rect.x0));
  }
  before_ = std::move(next);
}

CellRect RainStroke::dab(RainMap& rain, float x, float y) {
  remember(rain, dabBounds(x, y, brush_.radius));
  ++dabs_;
  return paintDab(rain, x, y, brush_, erase_);
}

CellRect RainStroke::moveTo(RainMap& rain, float x, float y) {
  if (!std::isfinite(x) || !std::isfinite(y)) return {};
  if (!started_) {
    started_ = true;
    lastX_ = x, lastY_ = y;
    return dab(rain, x, y);
  }
  const float spacing = std::max(0.25f * brush_.radius, 0.5f);
  const float dx = x - lastX_, dy = y - lastY_;
  const float length = std::sqrt(dx * dx + dy * dy);
  CellRect changed;
  float t = spacing - carried_;  // distance along this segment of the next dab
  for (; t <= length; t += spacing)
    changed.include(dab(rain, lastX_ + dx * (t / length), lastY_ + dy * (t / length)));
  carried_ = length - (t - spacing);
  lastX_ = x, lastY_ = y;
  return changed;
}

void fillRain(RainMap& rain, float density) {
  rain.fill(density);
}

void invertRain(RainMap& rain) {
  std::vector<uint16_t> levels(rain.levels(), rain.levels() + size_t(rain.width()) * size_t(rain.height()));
  for (uint16_t& l : levels) l = uint16_t(RainMap::kFullLevel - l);
  rain.assignLevels(levels.data());
}

namespace {

// One box pass of half-width r along a line of n values read at `in` and written to `out`, with the end
// values extended past the ends.
void boxLine(const float* in, float* out, int n, int r) {
  const float scale = 1.0f / float(2 * r + 1);
  auto at = [&](int i) { return in[std::clamp(i, 0, n - 1)]; };
  double sum = 0;
  for (int i = -r; i <= r; ++i) sum += at(i);
  for (int i = 0; i < n; ++i) {
    out[i] = float(sum) * scale;
    sum += at(i + r + 1) - at(i - r);
  }
}

// One box pass of half-width r down the columns of a w x h grid, a row of running sums at a time (so the
// grid is read in rows, not strided).
void boxColumns(const float* in, float* out, int w, int h, int r) {
  const float scale = 1.0f / float(2 * r + 1);
  auto row = [&](int j) { return in + size_t(std::clamp(j, 0, h - 1)) * size_t(w); };
  std::vector<double> sum(size_t(w), 0.0);
  for (int j = -r; j <= r; ++j) {
    const float* src = row(j);
    for (int i = 0; i < w; ++i) sum[size_t(i)] += src[i];
  }
  for (int j = 0; j < h; ++j) {
    float* dst = out + size_t(j) * size_t(w);
    const float *add = row(j + r + 1), *drop = row(j - r);
    for (int i = 0; i < w; ++i) {
      dst[i] = float(sum[size_t(i)]) * scale;
      sum[size_t(i)] += double(add[i]) - double(drop[i]);
    }
  }
}

}  // namespace

void blurRain(RainMap& rain, int radius) {
  if (radius < 0) throw Error("rain blur radius: " + std::to_string(radius) + " is negative");
  if (radius == 0) return;
  const int w = rain.width(), h = rain.height();
  const size_t n = size_t(w) * size_t(h);
  std::vector<float> a(n), b(n);
  for (size_t k = 0; k < n; ++k) a[k] = float(rain.levels()[k]);
  for (int pass = 0; pass < 3; ++pass) {
    for (int j = 0; j < h; ++j) boxLine(a.data() + size_t(j) * w, b.data() + size_t(j) * w, w, radius);
    boxColumns(b.data(), a.data(), w, h, radius);
  }
  std::vector<uint16_t> levels(n);
  for (size_t k = 0; k < n; ++k) levels[k] = uint16_t(std::lround(std::clamp(a[k], 0.0f, 65535.0f)));
  rain.assignLevels(levels.data());
}

}  // namespace runnel
