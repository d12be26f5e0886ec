// The limits of every value a user gives Runnel (a project file, a preset, an editor script, a command-line
// flag, a slider), in one table with one message, so the three ways in accept the same values and say the
// same thing about a bad one: "threads: 0 is outside [1, 1024]", "cell size: 'abc' is not a number".
// Callers put where the value came from in front ("p.runnel:4: ", "--cell-size: "). A model's parameters
// have their own table (core/models/param_info.h) and check through here too.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace runnel {

struct ValueLimit {
  const char* name;  // as the user knows it
  double lo, hi;     // inclusive, unless loOpen
  const char* unit = "";
  bool whole = false;   // a whole number
  bool loOpen = false;  // lo itself is refused (a cell size of 0)
};

namespace limits {
inline constexpr ValueLimit kCellSize{"cell size", 0.001, 100000, "metres"};
inline constexpr ValueLimit kThreads{"threads", 1, 1024, "", true};
// Past these a run would not end in any sensible time (a 4096² map: 1e12 droplets are weeks, a million
// rivers steps days): a typo, not a plan.
inline constexpr ValueLimit kDroplets{"droplets", 0, 1e12, "", true};
inline constexpr ValueLimit kIterations{"iterations", 0, 1e6, "", true};
inline constexpr ValueLimit kSteps{"steps", 0, 1e6, "", true};
// A preset's droplet stage per cell of the map: a thousand is far past any look (a 4096² map: 1.7e10).
inline constexpr ValueLimit kDropletsPerCell{"droplets-per-cell", 0, 1000};
inline constexpr ValueLimit kSpringRate{"spring rate", 0, 1e9};              // 0 pauses a spring
inline constexpr ValueLimit kSpringRadius{"spring radius", 0, 64, "cells"};  // broad sources are painted rain
inline constexpr ValueLimit kRainDensity{"rain density", 0, 1};
inline constexpr ValueLimit kBatchMilliseconds{"batch-ms", 0.5, 200, "ms"};
}  // namespace limits

// The same limit under the name it has in one place ("dry density" for kRainDensity).
constexpr ValueLimit named(ValueLimit limit, const char* name) {
  limit.name = name;
  return limit;
}

// `value` when it is within the limit; otherwise throws Error "NAME: VALUE is outside [LO, HI] UNIT" (NaN
// and infinities included; a whole-number limit also refuses fractions).
double checkValue(const ValueLimit& limit, double value);

// All of `text` as a number within the limit, or Error "NAME: 'TEXT' is not a number" (or "whole number"),
// or the range message above.
double valueFromText(const ValueLimit& limit, std::string_view text);
// The same, its errors starting with where the text came from ("p.runnel: cell_size: ...").
double valueFromText(const ValueLimit& limit, std::string_view text, const std::string& where);
uint64_t countFromText(const ValueLimit& limit, std::string_view text);  // a whole limit with lo >= 0

// "[1, 1024]", "(0, 100000] metres": the range as the messages and help texts write it.
std::string rangeText(const ValueLimit& limit);

}  // namespace runnel
