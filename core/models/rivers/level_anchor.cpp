#include "level_anchor.h"

#include <algorithm>

#include "core/base/row_bands.h"
#include "core/terrain/box_blur.h"

namespace runnel::rivers {

void LevelAnchor::blur(MapVector<float>& field, int threads) {
  boxBlur(field, scratch_, halfWidth_, halfHeight_, radius_, passes_, threads);
}

void LevelAnchor::capture(const float* h, int width, int height, int blurRadius, int blurPasses,
                          int threads) {
  const int halfWidth = halvedSide(width), halfHeight = halvedSide(height);
  // What was given back on the level below (held at its own halved cells) onto this level's halved cells,
  // which are the level below's own.
  if (!given_.empty() && halfWidth_ > 0 && (halfWidth != halfWidth_ || halfHeight != halfHeight_)) {
    MapVector<float> given(size_t(halfWidth) * size_t(halfHeight));
    const DoubledRows rows(given_.data(), halfWidth_, halfHeight_, halfWidth, halfHeight);
    forEachRowBand(halfHeight, size_t(halfWidth), threads, [&](int y0, int y1) {
      for (int y = y0; y < y1; ++y) rows.row(y, given.data() + size_t(y) * size_t(halfWidth));
    });
    given_ = std::move(given);
  }
  width_ = width, height_ = height, halfWidth_ = halfWidth, halfHeight_ = halfHeight;
  radius_ = blurRadius, passes_ = blurPasses;
  const size_t cells = size_t(halfWidth) * size_t(halfHeight);
  if (given_.size() != cells) given_.assign(cells, 0.0f);
  kept_.resize(cells);
  halveInto(h, width, height, kept_.data(), threads);
  blur(kept_, threads);
}

void LevelAnchor::hold(float* h, const std::vector<float>& share, int threads) {
  now_.resize(kept_.size());
  halveInto(h, width_, height_, now_.data(), threads);
  blur(now_, threads);
  const int hw = halfWidth_, hh = halfHeight_;
  forEachRowBand(hh, size_t(hw), threads, [&](int y0, int y1) {
    for (int y = y0; y < y1; ++y)
      for (int x = 0; x < hw; ++x) {
        const size_t i = size_t(y) * size_t(hw) + size_t(x);
        const int fromBorder = std::min({y, hh - 1 - y, x, hw - 1 - x});
        now_[i] = share[size_t(fromBorder)] * (kept_[i] - now_[i]);
        given_[i] += now_[i];
      }
  });
  const DoubledRows rows(now_.data(), hw, hh, width_, height_);
  forEachRowBand(height_, size_t(width_), threads, [&](int y0, int y1) {
    std::vector<float> back(static_cast<size_t>(width_));
    for (int y = y0; y < y1; ++y) {
      rows.row(y, back.data());
      float* row = h + size_t(y) * size_t(width_);
      for (int x = 0; x < width_; ++x) row[x] += back[size_t(x)];
    }
  });
}

DoubledRows LevelAnchor::givenRows() const {
  return DoubledRows(given_.data(), halfWidth_, halfHeight_, width_, height_);
}

void LevelAnchor::forgetGiven() {
  std::fill(given_.begin(), given_.end(), 0.0f);
}

void LevelAnchor::clear() {
  *this = LevelAnchor();
}

}  // namespace runnel::rivers
