#include "model_flags.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>

#include "core/base/error.h"
#include "core/base/value_limits.h"

namespace runnel::cli {

std::string paramFlagName(const std::string& paramName) {
  std::string out = "--";
  for (size_t i = 0; i < paramName.size(); ++i) {
    char c = paramName[i];
    bool afterLower = i > 0 && std::islower(static_cast<unsigned char>(paramName[i - 1]));
    if (std::isupper(static_cast<unsigned char>(c)) && afterLower) {
      out += '-';
      out += char(std::tolower(static_cast<unsigned char>(c)));
    } else {
      out += c;
    }
  }
  return out;
}

std::string amountFlag(AmountKind k) {
  return std::string("--") + amountUnit(k);
}

void addModelFlags(ArgParser& parser) {
  parser.add({"--model", FlagKind::Value, "M", "erosion model (default droplet; list below)"})
      .add({"--droplets", FlagKind::Value, "N",
            "droplets to run (droplet, particle, normal, raindrop), " + rangeText(limits::kDroplets)})
      .add({"--iterations", FlagKind::Value, "N",
            "whole-grid iterations to run (grid, thermal, smooth), " + rangeText(limits::kIterations)})
      .add({"--steps", FlagKind::Value, "N",
            "time steps to run (rivers; default: its whole build, coarse to fine), " +
                rangeText(limits::kSteps)})
      .add({"--preset", FlagKind::Value, "P",
            "start from a model's preset (rivers: mountains, hills, badlands, lakes); parameter flags change "
            "it further"})
      .add({"--cell-size", FlagKind::Value, "M",
            "metres per cell, " + rangeText(limits::kCellSize) +
                " (default: what a 16-bit input's sidecar records, else 1); every model measures slopes in "
                "metres"})
      .add({"--mode", FlagKind::Value, "M",
            "droplet model: conserving (default) or classic (the article's arithmetic)"})
      .add({"--seed", FlagKind::Value, "S",
            "random seed, 0 to 2^64-1 (default " + std::to_string(ModelCommon{}.seed) + ")"})
      .add({"--edges", FlagKind::Value, "E",
            "wrap (water crosses the border: a tileable map, as in the article) or clamp (open: water leaves "
            "the map at its base level); default: wrap for a map that is seamless across its borders, clamp "
            "for any other, as the editor"})
      .add({"--threads", FlagKind::Value, "T",
            "threads for the droplet model and the whole-grid passes, " + rangeText(limits::kThreads) +
                " (default: all cores; the same result for any T)"})
      .add({"--order", FlagKind::Value, "O",
            "droplet model: tiled (default, parallel) or sequential (one droplet at a time, one thread)"});
  std::set<std::string> added;
  for (const ModelInfo& m : modelCatalog()) {
    for (const ParamInfo& p : m.params) {
      std::string flag = paramFlagName(p.name);
      if (!added.insert(flag).second) continue;
      // The other spelling: the table's camelCase name as a flag (--maxSlope), or a dashed name in the
      // design's camelCase (min-slope: --minSlope).
      std::string alias = "--";
      for (size_t i = 0; p.name[i]; ++i)
        alias += p.name[i] == '-' && p.name[i + 1]
                     ? char(std::toupper(static_cast<unsigned char>(p.name[++i])))
                     : p.name[i];
      parser.add({flag, FlagKind::Value, "X", std::string("model parameter ") + p.name,
                  alias == flag ? std::string() : alias, /*listed=*/false});
    }
  }
}

const ModelInfo& modelFrom(const ParsedArgs& args) {
  std::string name = args.value("--model").value_or("droplet");
  try {
    return findModel(name);
  } catch (const Error& e) {
    throwUsage("--model", e);
  }
}

std::vector<float> modelValuesFrom(const ModelInfo& model, const ParsedArgs& args) {
  std::vector<float> values = defaultValues(model);
  if (auto v = args.value("--preset")) {
    try {
      values = findPreset(model, *v).values;
    } catch (const Error& e) {
      throwUsage("--preset", e);
    }
  }
  std::set<std::string> own;
  for (size_t i = 0; i < model.params.size(); ++i) {
    std::string flag = paramFlagName(model.params[i].name);
    own.insert(flag);
    if (auto v = args.value(flag)) values[i] = parseFloat(flag, *v);
  }
  // A parameter of another model is a mistake worth naming, not something to ignore.
  std::set<std::string> others;
  for (const ModelInfo& m : modelCatalog())
    for (const ParamInfo& p : m.params) others.insert(paramFlagName(p.name));
  for (const std::string& flag : args.given())
    if (others.count(flag) && !own.count(flag))
      throw UsageError(flag + " is not a parameter of the " + model.name + " model");
  validateValues(model, values);
  return values;
}

ModelCommon modelCommonFrom(const ModelInfo& model, const ParsedArgs& args) {
  ModelCommon c;
  c.threads = threadsFrom(args);
  if (auto v = args.value("--seed")) c.seed = parseSeed("--seed", *v);
  if (auto v = args.value("--cell-size")) {
    c.cellSize = float(limitedFloat("--cell-size", limits::kCellSize, *v));
  }
  if (auto v = args.value("--edges")) {
    try {
      c.edges = edgesFromString(*v);
    } catch (const Error& e) {
      throwUsage("--edges", e);
    }
  }
  if (auto v = args.value("--order")) {
    if (std::string(model.name) != "droplet")
      throw UsageError(std::string("--order applies to the droplet model only, not ") + model.name);
    try {
      c.order = dropletOrderFromString(*v);
    } catch (const Error& e) {
      throwUsage("--order", e);
    }
  }
  if (auto v = args.value("--mode")) {
    if (std::string(model.name) != "droplet")
      throw UsageError(std::string("--mode applies to the droplet model only, not ") + model.name);
    try {
      c.mode = dropletModeFromString(*v);
    } catch (const Error& e) {
      throwUsage("--mode", e);
    }
  }
  return c;
}

uint64_t amountFrom(const ModelInfo& model, const ParsedArgs& args, int64_t fallback) {
  const std::string flag = amountFlag(model.amount);
  for (AmountKind k : {AmountKind::Droplets, AmountKind::Iterations, AmountKind::Steps}) {
    const std::string other = amountFlag(k);
    if (other != flag && args.has(other))
      throw UsageError(other + " does not apply to the " + model.name + " model; it counts " + flag);
  }
  auto v = args.value(flag);
  if (!v) {
    if (fallback >= 0) return uint64_t(fallback);
    throw UsageError(flag + " N is required");
  }
  return limitedCount(flag, amountLimit(model.amount), *v);
}

int threadsFrom(const ParsedArgs& args) {
  auto v = args.value("--threads");
  if (!v) return 0;
  return int(limitedCount("--threads", limits::kThreads, *v));
}

std::string modelHelp() {
  std::string out;
  char line[512];
  for (const ModelInfo& m : modelCatalog()) {
    std::snprintf(line, sizeof line, "  %s (%s N): %s\n", m.name, amountFlag(m.amount).c_str(),
                  m.description);
    out += line;
    for (const ModelPreset& p : m.presets) {
      std::snprintf(line, sizeof line, "    --preset %-10s %s\n", p.name, p.description);
      out += line;
    }
    for (const ParamInfo& p : m.params) {
      char range[64];
      std::snprintf(range, sizeof range, "[%g, %g]%s%s", p.lo, p.hi, *p.unit ? " " : "", p.unit);
      std::snprintf(line, sizeof line, "    %-14s %-7g %-18s %s\n", paramFlagName(p.name).c_str(),
                    p.defaultValue, range, p.tooltip);
      out += line;
    }
  }
  return out;
}

}  // namespace runnel::cli
