// A model parameter as the CLI, the editor's sliders and validation see it: one table per model.
#pragma once
#include <vector>

namespace runnel {

struct ParamInfo {
  const char* name;  // as typed after -- on the command line and shown on the slider
  float defaultValue;
  float lo, hi;           // allowed range, inclusive
  const char* tooltip;    // what it does, in the article's words where the article has them
  bool logScale = false;  // slider hint for values spanning decades
  const char* unit = "";  // shown after the value on the slider and in the help ("yr", "m²"); "" for a ratio
};

// Throws Error "NAME: VALUE is not a number" or "NAME: VALUE is outside [LO, HI]" (core/base/value_limits.h).
void checkParam(const ParamInfo& info, float value);

// A named set of a model's parameter values that gives a kind of landscape (in the order of its params).
struct ModelPreset {
  const char* name;
  const char* description;
  std::vector<float> values;
};

}  // namespace runnel
