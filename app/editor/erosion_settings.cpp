#include "app/editor/erosion_settings.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <thread>

#include "core/base/error.h"
#include "core/base/number_text.h"

namespace runnel::editor {

namespace {

double parseNumber(const std::string& name, const std::string& text) {
  const std::optional<double> v = readNumber<double>(text);
  if (!v) throw Error(name + ": '" + text + "' is not a number");
  return *v;
}

uint64_t parseCount(const std::string& name, const std::string& text) {
  const std::optional<uint64_t> v = readNumber<uint64_t>(text);
  if (!v) throw Error(name + ": '" + text + "' is not a whole number >= 0");
  return *v;
}

std::string formatFloat(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

}  // namespace

ErosionSettings::ErosionSettings() {
  for (const ModelInfo& m : modelCatalog()) values.push_back(defaultValues(m));
  for (size_t i = 0; i < modelCatalog().size(); ++i)
    if (std::string(modelCatalog()[i].name) == "droplet") model = int(i);
  common.threads = defaultThreads();
}

int ErosionSettings::defaultThreads() {
  // Every core but the one drawing the view; the terrain is the same for any count.
  return std::max(1, int(std::thread::hardware_concurrency()) - 1);
}

std::unique_ptr<ErosionModel> ErosionSettings::build() const {
  validateValues(info(), current());
  return info().create(current(), common);
}

void ErosionSettings::set(const std::string& name, const std::string& value) {
  if (name == "model") {
    const ModelInfo& m = findModel(value);
    model = int(&m - modelCatalog().data());
    return;
  }
  if (name == "seed") return void(common.seed = parseCount(name, value));
  if (name == "preset") return void(current() = findPreset(info(), value).values);
  if (name == "mode") return void(common.mode = dropletModeFromString(value));
  if (name == "edges") return void(common.edges = edgesFromString(value));
  if (name == "budget") return void(budget() = parseCount(name, value));
  if (name == "threads") {
    const uint64_t n = parseCount(name, value);
    if (n < 1 || n > 256) throw Error("threads: " + value + " is outside [1, 256]");
    return void(common.threads = int(n));
  }
  if (name == "step") return void(stepAmount() = parseCount(name, value));
  if (name == "batch-ms") {
    double ms = parseNumber(name, value);
    if (!(ms >= 0.5 && ms <= 200)) throw Error("batch-ms: " + value + " is outside [0.5, 200]");
    batchMilliseconds = ms;
    return;
  }
  const std::vector<ParamInfo>& params = info().params;
  for (size_t i = 0; i < params.size(); ++i)
    if (name == params[i].name) {
      float v = float(parseNumber(name, value));
      checkParam(params[i], v);
      current()[i] = v;
      return;
    }
  std::string known;
  for (const std::string& n : names()) known += (known.empty() ? "" : ", ") + n;
  throw Error("set: '" + name + "' is not a setting of the " + info().name + " model (known: " + known + ")");
}

std::string ErosionSettings::get(const std::string& name) const {
  if (name == "model") return info().name;
  if (name == "preset") return presetName();
  if (name == "seed") return std::to_string(common.seed);
  if (name == "mode") return toString(common.mode);
  if (name == "edges") return toString(common.edges);
  if (name == "budget") return std::to_string(budget());
  if (name == "threads") return std::to_string(common.threads);
  if (name == "step") return std::to_string(stepAmount());
  if (name == "batch-ms") return formatFloat(batchMilliseconds);
  const std::vector<ParamInfo>& params = info().params;
  for (size_t i = 0; i < params.size(); ++i)
    if (name == params[i].name) return formatFloat(current()[i]);
  throw Error("get: '" + name + "' is not a setting of the " + std::string(info().name) + " model");
}

std::vector<std::string> ErosionSettings::names() const {
  std::vector<std::string> n = {"model", "seed", "mode", "edges", "budget", "step", "batch-ms", "threads"};
  if (!info().presets.empty()) n.push_back("preset");
  for (const ParamInfo& p : info().params) n.push_back(p.name);
  return n;
}

std::string ErosionSettings::presetName() const {
  for (const ModelPreset& p : info().presets)
    if (p.values == current()) return p.name;
  return "custom";
}

}  // namespace runnel::editor
