// Springs on a rain map: sources where droplets start at a rate, besides the rain (the article's "streams
// from sources"). The editor places, drags and deletes them; runnel-cli takes them from --spring.
#pragma once
#include <cstddef>

#include "core/base/value_limits.h"
#include "rain_map.h"

namespace runnel {

constexpr float kMaxSpringRadius = float(limits::kSpringRadius.hi);  // for the sliders
// Springs one rain map holds (a project declaring 200,000 took 43 s and 2.8 GB to open).
constexpr size_t kMaxSprings = 10000;

// Throws Error naming the setting unless the spring lies on the map and its rate and radius are within
// limits::kSpringRate and kSpringRadius.
void validate(const Spring& spring, int width, int height);

// Returns the new spring's index. Validates first, and refuses a spring past kMaxSprings.
size_t addSpring(RainMap& rain, const Spring& spring);
// To (x, y), kept on the map. Throws Error when index is not a spring.
void moveSpring(RainMap& rain, size_t index, float x, float y);
void removeSpring(RainMap& rain, size_t index);
// The spring whose centre is nearest to (x, y) within `reach` cells (a click), or -1.
int springNear(const RainMap& rain, float x, float y, float reach);

}  // namespace runnel
