// A landscape preset's text (core/recipes/landscape_preset.h): any bytes parse or are refused (runnel::Error
// naming the line); a crash, a hang or a huge allocation is a bug. What parses writes out and parses back
// alike.
#include <cstdint>
#include <string>

#include "core/base/error.h"
#include "core/recipes/landscape_preset.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const runnel::LandscapePreset p = runnel::parsePreset(text, "fuzz.preset", "fuzz");
    const runnel::LandscapePreset again = runnel::parsePreset(runnel::presetText(p), "again.preset", "fuzz");
    if (again.stages.size() != p.stages.size() || again.generator.seed != p.generator.seed) __builtin_trap();
    if (again.rain.has_value() != p.rain.has_value()) __builtin_trap();
    if (p.rain && runnel::rainPatternText(*again.rain) != runnel::rainPatternText(*p.rain)) __builtin_trap();
  } catch (const runnel::Error&) {
  }
  return 0;
}
