#include "droplet_params.h"

#include <stdexcept>

#include "core/base/error.h"

namespace runnel {

const char* toString(DropletMode m) {
  return m == DropletMode::Classic ? "classic" : "conserving";
}

DropletMode dropletModeFromString(const std::string& s) {
  if (s == "conserving") return DropletMode::Conserving;
  if (s == "classic") return DropletMode::Classic;
  throw Error("mode: '" + s + "' is not one of conserving, classic");
}

const char* toString(DropletOrder o) {
  return o == DropletOrder::Sequential ? "sequential" : "tiled";
}

DropletOrder dropletOrderFromString(const std::string& s) {
  if (s == "tiled") return DropletOrder::Tiled;
  if (s == "sequential") return DropletOrder::Sequential;
  throw Error("order: '" + s + "' is not one of tiled, sequential");
}

namespace {
// Defaults are the article's; tooltips are the article's own words, with what the range means for an artist.
// Names are spelt as on the command line (--min-slope).
const ParamInfo kDropletParams[kDropletParamCount] = {
    {"Kq", 10.0f, 0.0f, 100.0f,
     "Soil carry capacity: q = max(slope, minSlope) * v * w * Kq. Higher cuts deeper channels.", true},
    {"Kw", 0.001f, 0.0f, 0.5f,
     "Water evaporation speed: each step keeps (1 - Kw) of the water. Higher makes shorter-lived flows.",
     true},
    {"Kr", 0.9f, 0.0f, 1.0f,
     "Erosion speed: how fast the soil is removed (the share of the missing load taken per step).", false},
    {"Kd", 0.02f, 0.0f, 1.0f,
     "Deposition speed: how fast the extra sediment is dropped (the share of the excess per step).", true},
    {"Ki", 0.1f, 0.0f, 1.0f, "Direction inertia. Higher values make channel turns smoother.", false},
    {"min-slope", 0.05f, 0.0f, 10.0f,
     "Lowest slope used for the soil carry capacity, so flat water still carries some soil.", true},
    {"g", 20.0f, 0.0f, 1000.0f, "Gravity that accelerates the flows by the height they drop.", true},
};
}  // namespace

const ParamInfo* dropletParamInfo() {
  return kDropletParams;
}

float* dropletParamField(DropletParams& p, int index) {
  switch (index) {
    case 0:
      return &p.Kq;
    case 1:
      return &p.Kw;
    case 2:
      return &p.Kr;
    case 3:
      return &p.Kd;
    case 4:
      return &p.Ki;
    case 5:
      return &p.minSlope;
    case 6:
      return &p.g;
  }
  throw std::out_of_range("droplet parameter index " + std::to_string(index));
}

void validate(const DropletParams& p) {
  for (int i = 0; i < kDropletParamCount; ++i) checkParam(kDropletParams[i], dropletParamValue(p, i));
}

}  // namespace runnel
