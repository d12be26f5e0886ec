#include "droplet_params.h"

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
// Tooltips are the article's own words, with what the range means for an artist; defaults are the struct's
// (the article's). Names are spelt as on the command line (--min-slope).
const std::array<ParamField<DropletParams>, kDropletParamCount> kFields{{
    {"Kq", &DropletParams::Kq, 0.0f, 100.0f,
     "Soil carry capacity: q = max(slope, minSlope) * v * w * Kq. Higher cuts deeper channels.", true},
    {"Kw", &DropletParams::Kw, 0.0f, 0.5f,
     "Water evaporation speed: each step keeps (1 - Kw) of the water. Higher makes shorter-lived flows.",
     true},
    {"Kr", &DropletParams::Kr, 0.0f, 1.0f,
     "Erosion speed: how fast the soil is removed (the share of the missing load taken per step).", false},
    {"Kd", &DropletParams::Kd, 0.0f, 1.0f,
     "Deposition speed: how fast the extra sediment is dropped (the share of the excess per step).", true},
    {"Ki", &DropletParams::Ki, 0.0f, 1.0f, "Direction inertia. Higher values make channel turns smoother.",
     false},
    {"minSlope", &DropletParams::minSlope, 0.0f, 10.0f,
     "Lowest slope used for the soil carry capacity, so flat water still carries some soil.", true},
    {"g", &DropletParams::g, 0.0f, 1000.0f, "Gravity that accelerates the flows by the height they drop.",
     true},
    {"sedimentAngle", &DropletParams::sedimentAngle, 1.0f, 90.0f,
     "Sediment angle: the steepest slope what the droplets laid down stands at (sand and gravel 30-40 "
     "degrees); steeper deposits slide. Conserving mode; 90 never. The same angle at any cell size",
     false, "°"},
    {"rockAngle", &DropletParams::rockAngle, 1.0f, 90.0f,
     "Rock angle: the steepest wall the droplets may leave where they dug (loose rock 40-50 degrees, hard "
     "rock more); steeper walls slide into the channel. Conserving mode; 90 never. The same at any cell size",
     false, "°"},
}};
}  // namespace

const std::array<ParamField<DropletParams>, kDropletParamCount>& dropletParamFields() {
  return kFields;
}
std::vector<ParamInfo> dropletParamInfo() {
  return paramInfos(kFields);
}

void validate(const DropletParams& p) {
  validateFields(kFields, p);
}

}  // namespace runnel
