#include "param_info.h"

#include "core/base/value_limits.h"

namespace runnel {

void checkParam(const ParamInfo& info, float value) {
  checkValue({info.name, info.lo, info.hi}, value);
}

}  // namespace runnel
