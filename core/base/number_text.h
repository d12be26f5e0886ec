// Numbers as text: read from a line of a text file (a project header, a preset), all of the text or an
// error that names where it came from ("alpine.preset:7: 'relief' has the bad value '2k'"); and written
// short for a progress line or a status line ("1.23M").
#pragma once
#include <charconv>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "error.h"

namespace runnel {

// All of `text` as a T (an integer type or float/double; no sign '+', no spaces, nothing after it), or
// nothing. Every reader of numbers in text goes through here and adds its own message.
template <class T>
std::optional<T> readNumber(std::string_view text) {
  T v{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

template <class T>
T numberFromText(const std::string& where, const std::string& key, const std::string& text) {
  const std::optional<T> v = readNumber<T>(text);
  if (!v) throw Error(where + ": '" + key + "' has the bad value '" + text + "'");
  return *v;
}

// 1234567 -> "1.23M", 23456 -> "23.5k", 987 -> "987".
inline std::string shortCount(double n) {
  char text[32];
  if (n >= 1e9)
    std::snprintf(text, sizeof text, "%.2fG", n / 1e9);
  else if (n >= 1e6)
    std::snprintf(text, sizeof text, "%.2fM", n / 1e6);
  else if (n >= 1e4)
    std::snprintf(text, sizeof text, "%.1fk", n / 1e3);
  else
    std::snprintf(text, sizeof text, "%.0f", n);
  return text;
}

}  // namespace runnel
