// Every erosion model by name, with its parameter table and a factory: runnel-cli's flags and the editor's
// sliders are both built from this one list.
#pragma once
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "core/base/value_limits.h"
#include "core/models/droplet/droplet_params.h"
#include "erosion_model.h"
#include "param_info.h"

namespace runnel {

// How a model's amount of work is counted: droplets (droplet, particle, normal, raindrop), whole-grid
// iterations (grid, thermal, smooth) or time steps of a landscape (rivers).
enum class AmountKind { Droplets, Iterations, Steps };

// Settings every model shares.
struct ModelCommon {
  uint64_t seed = 1;
  Edges edges = Edges::Wrap;
  DropletMode mode = DropletMode::Conserving;  // the droplet model's mode; others ignore it
  DropletOrder order = DropletOrder::Tiled;    // the droplet model's order; others ignore it
  // Threads for the droplet model's tiled order and the whole-grid passes (grid, thermal, smooth, the
  // raindrop model's blur); 0: all cores. The result does not depend on it. The particle, normal and
  // raindrop models' droplets run on one thread.
  int threads = 0;
  // Open edges: the outlet's level (see DropletSettings::baseLevel); NaN: the terrain's lowest height.
  float baseLevel = std::numeric_limits<float>::quiet_NaN();
  // Metres per cell (heights are metres). The rivers model works in metres; the models written in cells see
  // heights divided by the cell size (core/models/cell_units.h), so their slopes are in metres too.
  float cellSize = 1.0f;
};

struct ModelInfo {
  const char* name;         // droplet, grid, particle, normal, raindrop, thermal
  const char* description;  // one line for --help and the model list
  AmountKind amount;
  std::vector<ParamInfo> params;
  // Builds the model from values in the order of `params` (validated first; throws Error naming one).
  std::unique_ptr<ErosionModel> (*create)(const std::vector<float>& values, const ModelCommon& common);
  std::vector<ModelPreset> presets = {};  // the first, when there are any, is the defaults
};

// "droplets", "iterations" or "steps": the plural the CLI's flag and the progress bars use.
const char* amountUnit(AmountKind k);

// How much work one run or budget may ask of a model: limits::kDroplets, kIterations or kSteps.
const ValueLimit& amountLimit(AmountKind k);

const std::vector<ModelInfo>& modelCatalog();
const ModelInfo& findModel(const std::string& name);  // throws Error listing the known names
std::vector<float> defaultValues(const ModelInfo& model);
// The model's preset by name; throws Error listing the model's presets.
const ModelPreset& findPreset(const ModelInfo& model, const std::string& name);
void validateValues(const ModelInfo& model, const std::vector<float>& values);  // throws naming the parameter

}  // namespace runnel
