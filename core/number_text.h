// A number read from a line of a text file (a project header, a preset), all of the text or an error that
// names where it came from: "alpine.preset:7: 'relief' has the bad value '2k'".
#pragma once
#include <charconv>
#include <string>

#include "error.h"

namespace runnel {

template <class T>
T numberFromText(const std::string& where, const std::string& key, const std::string& text) {
  T v{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty())
    throw Error(where + ": '" + key + "' has the bad value '" + text + "'");
  return v;
}

}  // namespace runnel
