// The Erosion panel's state: which model, its parameter values, the settings every model shares, and how the
// worker paces the run. Builds the model the worker runs, from the model catalog.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <array>
#include "core/models/erosion_model.h"

#include "core/models/model_catalog.h"

namespace runnel::editor {

struct ErosionSettings {
  int model = 0;                           // index into modelCatalog()
  std::vector<std::vector<float>> values;  // per model, in the order of its ParamInfo table
  ModelCommon common;
  // Target length of a worker batch. 30 ms rather than the worker's 8: each droplet-model batch also pays a
  // pass over the whole map (its soil sums), which at 8 ms on a 1024 map with the view competing for the CPU
  // shrinks the batches to a few droplets. The view updates at most every 30 ms
  // anyway (the worker's publish interval).
  double batchMilliseconds = 30.0;
  // Where Play stops, in the current model's unit, in total since the last reset (0: never): per unit, so
  // a model switch brings a budget that means something for it. Droplets: about 1.5 a cell of a 512² map,
  // a visible result in under a minute; iterations: a few hundred; landscape steps: 0, the rivers model's
  // whole build of the map, coarse to fine (Editor::runBudget).
  std::array<uint64_t, 3> budgets{400000, 300, 0};
  uint64_t& budget() { return budgets[size_t(info().amount)]; }
  uint64_t budget() const { return budgets[size_t(info().amount)]; }
  // What Step runs, in the current model's unit: droplets, whole-grid iterations or landscape steps (one
  // rivers step is a whole landscape's worth of work, ten thousand would run for an hour).
  std::array<uint64_t, 3> stepAmounts{10000, 20, 1};
  uint64_t& stepAmount() { return stepAmounts[size_t(info().amount)]; }
  uint64_t stepAmount() const { return stepAmounts[size_t(info().amount)]; }

  ErosionSettings();  // every model at its defaults, the droplet model selected, defaultThreads()
  static int defaultThreads();
  const ModelInfo& info() const { return modelCatalog()[size_t(model)]; }
  // The model's preset the values are (its name), or "custom".
  std::string presetName() const;
  std::vector<float>& current() { return values[size_t(model)]; }
  const std::vector<float>& current() const { return values[size_t(model)]; }
  std::unique_ptr<ErosionModel> build() const;  // throws Error naming a bad parameter

  // By name, as the script and the project file say them: a parameter of the current model, or one of
  // seed, mode, edges, batch-ms, budget, step, threads, model. Throws Error naming the setting or the value.
  void set(const std::string& name, const std::string& value);
  std::string get(const std::string& name) const;
  std::vector<std::string> names() const;  // every name set() knows for the current model
};

}  // namespace runnel::editor
