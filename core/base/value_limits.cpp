#include "value_limits.h"

#include <cmath>
#include <cstdio>

#include "error.h"
#include "number_text.h"

namespace runnel {

namespace {
std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  // 1e12 and 1e6 as people type them, not 1e+12 and 1e+06.
  std::string text = buf;
  if (size_t e = text.find('e'); e != std::string::npos) {
    size_t digits = e + 1;
    if (text[digits] == '+')
      text.erase(digits, 1);
    else if (text[digits] == '-')
      ++digits;
    while (digits + 1 < text.size() && text[digits] == '0') text.erase(digits, 1);
  }
  return text;
}
}  // namespace

std::string rangeText(const ValueLimit& limit) {
  std::string r = (limit.loOpen ? "(" : "[") + number(limit.lo) + ", " + number(limit.hi) + "]";
  if (*limit.unit) r += std::string(" ") + limit.unit;
  return r;
}

namespace {
// `shown` is the value as the user wrote it, where there is text.
double check(const ValueLimit& limit, double value, const std::string& shown) {
  if (std::isnan(value)) throw Error(std::string(limit.name) + ": " + shown + " is not a number");
  // Written so that infinities fail too.
  const bool aboveLo = limit.loOpen ? value > limit.lo : value >= limit.lo;
  if (!(aboveLo && value <= limit.hi))
    throw Error(std::string(limit.name) + ": " + shown + " is outside " + rangeText(limit));
  if (limit.whole && value != std::floor(value))
    throw Error(std::string(limit.name) + ": " + shown + " is not a whole number");
  return value;
}

[[noreturn]] void notANumber(const ValueLimit& limit, std::string_view text) {
  throw Error(std::string(limit.name) + ": '" + std::string(text) + "' is not a " +
              (limit.whole ? "whole " : "") + "number");
}
}  // namespace

double checkValue(const ValueLimit& limit, double value) {
  return check(limit, value, number(value));
}

double valueFromText(const ValueLimit& limit, std::string_view text) {
  const std::optional<double> v = readNumber<double>(text);
  if (!v) notANumber(limit, text);
  return check(limit, *v, std::string(text));
}

double valueFromText(const ValueLimit& limit, std::string_view text, const std::string& where) {
  try {
    return valueFromText(limit, text);
  } catch (const Error& e) {
    throw Error(where + ": " + e.what());
  }
}

uint64_t countFromText(const ValueLimit& limit, std::string_view text) {
  const std::optional<uint64_t> n = readNumber<uint64_t>(text);
  if (!n) {
    // Written another way (1e6) it is taken when whole and in range; -1, 2.5 or 1e99 get the range message.
    if (const std::optional<double> v = readNumber<double>(text))
      return uint64_t(check(limit, *v, std::string(text)));
    notANumber(limit, text);
  }
  check(limit, double(*n), std::string(text));
  return *n;
}

}  // namespace runnel
