// Names as a user types them: a model, preset, parameter, setting or overlay is found whatever its letter
// case and whether it is written in camelCase, kebab-case or snake_case (minSlope, min-slope, MinSlope and
// min_slope are one name). The name shown stays the table's own spelling.
#pragma once
#include <cctype>
#include <string>
#include <string_view>

namespace runnel {

// The name folded for comparing: lower case, without '-', '_' and spaces ("landscape-presets" finds the
// "Landscape presets" header).
inline std::string nameKey(std::string_view name) {
  std::string key;
  key.reserve(name.size());
  for (char c : name)
    if (c != '-' && c != '_' && c != ' ') key += char(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

inline bool sameName(std::string_view a, std::string_view b) {
  return nameKey(a) == nameKey(b);
}

}  // namespace runnel
