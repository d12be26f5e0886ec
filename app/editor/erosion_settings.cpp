#include "app/editor/erosion_settings.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <thread>

#include "core/base/error.h"
#include "core/base/names.h"
#include "core/base/number_text.h"
#include "core/base/value_limits.h"

namespace runnel::editor {

namespace {

uint64_t parseSeed(const std::string& text) {
  const std::optional<uint64_t> v = readNumber<uint64_t>(text);
  if (!v) throw Error("seed: '" + text + "' is not a whole number from 0 to 2^64-1");
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
  if (sameName(name, "model")) {
    const ModelInfo& m = findModel(value);
    model = int(&m - modelCatalog().data());
    return;
  }
  if (sameName(name, "seed")) return void(common.seed = parseSeed(value));
  if (sameName(name, "preset")) return void(current() = findPreset(info(), value).values);
  if (sameName(name, "mode")) return void(common.mode = dropletModeFromString(value));
  if (sameName(name, "edges")) return void(common.edges = edgesFromString(value));
  if (sameName(name, "cell-size"))
    throw Error(
        "cell-size is the terrain's own: generate with cell=M, or import with cell=M a file that records "
        "none");
  const ValueLimit& amount = amountLimit(info().amount);
  if (sameName(name, "budget")) return void(budget() = countFromText(named(amount, "budget"), value));
  if (sameName(name, "threads")) return void(common.threads = int(countFromText(limits::kThreads, value)));
  if (sameName(name, "step")) return void(stepAmount() = countFromText(named(amount, "step"), value));
  if (sameName(name, "batch-ms"))
    return void(batchMilliseconds = valueFromText(limits::kBatchMilliseconds, value));
  const std::vector<ParamInfo>& params = info().params;
  for (size_t i = 0; i < params.size(); ++i)
    if (sameName(name, params[i].name)) {
      const ParamInfo& p = params[i];
      return void(current()[i] = float(valueFromText({p.name, p.lo, p.hi}, value)));
    }
  // Projects saved before the thermal talus became an angle hold it as a rise per cell.
  if (sameName(info().name, "thermal") && sameName(name, "talus")) {
    const double rise = valueFromText({"talus", 0.0, 10.0}, value);
    return set("talusAngle", std::to_string(std::atan(rise) * 180.0 / M_PI));
  }
  std::string known;
  for (const std::string& n : names()) known += (known.empty() ? "" : ", ") + n;
  throw Error("set: '" + name + "' is not a setting of the " + info().name + " model (known: " + known + ")");
}

std::string ErosionSettings::get(const std::string& name) const {
  if (sameName(name, "model")) return info().name;
  if (sameName(name, "preset")) return presetName();
  if (sameName(name, "seed")) return std::to_string(common.seed);
  if (sameName(name, "mode")) return toString(common.mode);
  if (sameName(name, "edges")) return toString(common.edges);
  if (sameName(name, "budget")) return std::to_string(budget());
  if (sameName(name, "threads")) return std::to_string(common.threads);
  if (sameName(name, "step")) return std::to_string(stepAmount());
  if (sameName(name, "batch-ms")) return formatFloat(batchMilliseconds);
  if (sameName(name, "cell-size")) return formatFloat(common.cellSize);  // the terrain's metres per cell
  const std::vector<ParamInfo>& params = info().params;
  for (size_t i = 0; i < params.size(); ++i)
    if (sameName(name, params[i].name)) return formatFloat(current()[i]);
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
