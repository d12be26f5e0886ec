// Binds a model's parameter struct to its ParamInfo table, so the defaults live only in the struct and the
// table, the CLI flags, the sliders and validation all come from one list of fields.
#pragma once
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "core/base/error.h"
#include "param_info.h"

namespace runnel {

template <class P>
struct ParamField {
  const char* name;
  float P::*field;
  float lo, hi;
  const char* tooltip;
  bool logScale = false;
  const char* unit = "";
};

// The table, with each default read from a default-constructed P.
template <class P, size_t N>
std::vector<ParamInfo> paramInfos(const std::array<ParamField<P>, N>& fields) {
  const P defaults{};
  std::vector<ParamInfo> out;
  for (const auto& f : fields)
    out.push_back({f.name, defaults.*(f.field), f.lo, f.hi, f.tooltip, f.logScale, f.unit});
  return out;
}

// Throws Error naming the first field that is NaN or outside its range.
template <class P, size_t N>
void validateFields(const std::array<ParamField<P>, N>& fields, const P& p) {
  const std::vector<ParamInfo> infos = paramInfos(fields);
  for (size_t i = 0; i < N; ++i) checkParam(infos[i], p.*(fields[i].field));
}

// Values in table order into a struct; throws Error when the count is wrong or a value is bad.
template <class P, size_t N>
P paramsFromValues(const std::array<ParamField<P>, N>& fields, const std::vector<float>& values,
                   const char* model) {
  if (values.size() != N)
    throw Error(std::string(model) + ": expected " + std::to_string(N) + " parameter values, got " +
                std::to_string(values.size()));
  P p{};
  for (size_t i = 0; i < N; ++i) p.*(fields[i].field) = values[i];
  validateFields(fields, p);
  return p;
}

// A struct's values in table order (for presets).
template <class P, size_t N>
std::vector<float> valuesOf(const std::array<ParamField<P>, N>& fields, const P& p) {
  std::vector<float> out;
  for (const auto& f : fields) out.push_back(p.*(f.field));
  return out;
}

}  // namespace runnel
