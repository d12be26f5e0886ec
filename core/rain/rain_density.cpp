#include "rain_density.h"

#include <algorithm>
#include <cmath>

namespace runnel {

RainDensity::RainDensity(const RainMap* rain, int width, int height)
    : rain_(rain && rain->width() > 0 && rain->height() > 0 ? rain : nullptr),
      width_(width),
      height_(height) {}

void RainDensity::row(int y, std::vector<float>& out) const {
  out.resize(size_t(width_));
  if (!rain_) {
    std::fill(out.begin(), out.end(), 1.0f);
    return;
  }
  const int ry = int((long long)y * rain_->height() / height_);
  for (int x = 0; x < width_; ++x)
    out[size_t(x)] = rain_->density(int((long long)x * rain_->width() / width_), ry);
}

DropStarts::DropStarts(const RainMap* rain, int width, int height)
    : rain_(rain && rain->width() > 0 && rain->height() > 0 && rain->totalWeight() > 0 ? rain : nullptr),
      width_(width),
      height_(height) {}

DropStart DropStarts::draw(DropletRandom& r) const {
  float x, y;
  if (rain_) {
    const StartCell c = rain_->sample(r);
    // A map of another size: the same place as a fraction of the map.
    x = (float(c.x) + r.uniform()) * float(width_) / float(rain_->width());
    y = (float(c.y) + r.uniform()) * float(height_) / float(rain_->height());
  } else {
    x = float(r.below(uint32_t(width_))) + r.uniform();
    y = float(r.below(uint32_t(height_))) + r.uniform();
  }
  // Float rounding may reach the far edge on a large map.
  return {std::min(x, std::nextafter(float(width_), 0.0f)),
          std::min(y, std::nextafter(float(height_), 0.0f))};
}

}  // namespace runnel
