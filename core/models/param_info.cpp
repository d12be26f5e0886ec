#include "param_info.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "core/base/error.h"

namespace runnel {

namespace {
std::string number(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", double(v));
  return buf;
}
}  // namespace

void checkParam(const ParamInfo& info, float value) {
  if (std::isnan(value)) throw Error(std::string(info.name) + ": " + number(value) + " is not a number");
  // Written so that infinities fail too.
  if (!(value >= info.lo && value <= info.hi)) {
    throw Error(std::string(info.name) + ": " + number(value) + " is outside [" + number(info.lo) + ", " +
                number(info.hi) + "]");
  }
}

}  // namespace runnel
