#include "model_catalog.h"
#include "core/base/names.h"

#include <string>

#include "cell_units.h"
#include "core/base/error.h"
#include "core/models/droplet/droplet_model.h"
#include "core/models/grid/grid_erosion.h"
#include "core/models/grid/smooth_filter.h"
#include "core/models/grid/thermal_erosion.h"
#include "core/models/particle/normal_drop_erosion.h"
#include "core/models/particle/particle_erosion.h"
#include "core/models/particle/raindrop_erosion.h"
#include "core/models/rivers/rivers_model.h"

namespace runnel {

namespace {

std::unique_ptr<ErosionModel> createDroplet(const std::vector<float>& values, const ModelCommon& common) {
  DropletSettings s;
  s.params = paramsFromValues(dropletParamFields(), values, "droplet");
  s.mode = common.mode;
  s.edges = common.edges;
  s.seed = common.seed;
  s.baseLevel = common.baseLevel / cellUnitScale(common.cellSize);
  s.order = common.order;
  s.threads = common.threads;
  // The angles are in world units; the model sees heights divided by inCellUnits' scale, a cell as 1.
  s.cellRise = common.cellSize / cellUnitScale(common.cellSize);
  return inCellUnits(std::make_unique<DropletModel>(s), common.cellSize);
}

std::unique_ptr<ErosionModel> createGrid(const std::vector<float>& values, const ModelCommon& common) {
  auto model =
      std::make_unique<GridErosion>(paramsFromValues(gridParamFields(), values, "grid"), common.edges);
  model->setThreads(common.threads);
  return inCellUnits(std::move(model), common.cellSize);
}

std::unique_ptr<ErosionModel> createParticle(const std::vector<float>& values, const ModelCommon& common) {
  return inCellUnits(
      std::make_unique<ParticleErosion>(paramsFromValues(particleParamFields(), values, "particle"),
                                        common.edges, common.seed),
      common.cellSize);
}

std::unique_ptr<ErosionModel> createNormal(const std::vector<float>& values, const ModelCommon& common) {
  return inCellUnits(
      std::make_unique<NormalDropErosion>(paramsFromValues(normalDropParamFields(), values, "normal"),
                                          common.edges, common.seed),
      common.cellSize);
}

std::unique_ptr<ErosionModel> createRaindrop(const std::vector<float>& values, const ModelCommon& common) {
  auto model = std::make_unique<RaindropErosion>(paramsFromValues(raindropParamFields(), values, "raindrop"),
                                                 common.edges, common.seed);
  model->setThreads(common.threads);
  return inCellUnits(std::move(model), common.cellSize);
}

std::unique_ptr<ErosionModel> createThermal(const std::vector<float>& values, const ModelCommon& common) {
  // The angle is in world units; the model sees heights divided by inCellUnits' scale, a cell as 1.
  const float cellRise = common.cellSize / cellUnitScale(common.cellSize);
  auto model = std::make_unique<ThermalErosion>(paramsFromValues(thermalParamFields(), values, "thermal"),
                                                common.edges, cellRise);
  model->setThreads(common.threads);
  return inCellUnits(std::move(model), common.cellSize);
}

std::unique_ptr<ErosionModel> createSmooth(const std::vector<float>& values, const ModelCommon& common) {
  auto model =
      std::make_unique<SmoothModel>(paramsFromValues(smoothParamFields(), values, "smooth"), common.edges);
  model->setThreads(common.threads);
  return inCellUnits(std::move(model), common.cellSize);
}

std::unique_ptr<ErosionModel> createRivers(const std::vector<float>& values, const ModelCommon& common) {
  return std::make_unique<RiversModel>(paramsFromValues(riversParamFields(), values, "rivers"),
                                       common.cellSize, common.threads, common.seed);
}

std::vector<ModelInfo> buildCatalog() {
  std::vector<ModelInfo> models;
  models.push_back({"droplet",
                    "Droplets with inertia carve channels and fill pits (article 000, E-DOG): the main model",
                    AmountKind::Droplets, dropletParamInfo(), createDroplet});
  models.push_back(
      {"grid", "Water, sediment and altitude on every cell, flowing to lower neighbours (article 002, grid)",
       AmountKind::Iterations, gridParamInfo(), createGrid});
  models.push_back(
      {"particle",
       "Particles accelerated by the surface normal, with friction, water and sediment (article 002)",
       AmountKind::Droplets, particleParamInfo(), createParticle});
  models.push_back(
      {"normal", "Drops that follow the surface normal, eroding slopes and depositing on flats (article 001)",
       AmountKind::Droplets, normalDropParamInfo(), createNormal});
  models.push_back({"raindrop",
                    "Drops that step to the lowest neighbour, with a periodic blur for wind (article 003)",
                    AmountKind::Droplets, raindropParamInfo(), createRaindrop});
  models.push_back({"thermal", "Material steeper than the talus angle slides down to lower neighbours",
                    AmountKind::Iterations, thermalParamInfo(), createThermal});
  models.push_back(
      {"smooth",
       "A 3x3 blur that softens sharp features, like wind (articles 001, 003); only where rain is painted",
       AmountKind::Iterations, smoothParamInfo(), createSmooth});
  models.push_back(
      {"rivers",
       "Landscape evolution: rivers cut valley networks by the stream power law, with uplift and "
       "hillslope creep, in metres and years; the border is the base level",
       AmountKind::Steps, riversParamInfo(), createRivers, riversPresets()});
  return models;
}

}  // namespace

const ValueLimit& amountLimit(AmountKind k) {
  switch (k) {
    case AmountKind::Droplets:
      return limits::kDroplets;
    case AmountKind::Iterations:
      return limits::kIterations;
    case AmountKind::Steps:
      break;
  }
  return limits::kSteps;
}

const char* amountUnit(AmountKind k) {
  switch (k) {
    case AmountKind::Droplets:
      return "droplets";
    case AmountKind::Iterations:
      return "iterations";
    case AmountKind::Steps:
      return "steps";
  }
  return "?";
}

const std::vector<ModelInfo>& modelCatalog() {
  static const std::vector<ModelInfo> catalog = buildCatalog();
  return catalog;
}

const ModelInfo& findModel(const std::string& name) {
  std::string known;
  for (const ModelInfo& m : modelCatalog()) {
    if (sameName(name, m.name)) return m;
    known += known.empty() ? "" : ", ";
    known += m.name;
  }
  throw Error("model: '" + name + "' is not one of " + known);
}

std::vector<float> defaultValues(const ModelInfo& model) {
  std::vector<float> values;
  for (const ParamInfo& p : model.params) values.push_back(p.defaultValue);
  return values;
}

void validateValues(const ModelInfo& model, const std::vector<float>& values) {
  if (values.size() != model.params.size())
    throw Error(std::string(model.name) + ": expected " + std::to_string(model.params.size()) +
                " parameter values, got " + std::to_string(values.size()));
  for (size_t i = 0; i < values.size(); ++i) checkParam(model.params[i], values[i]);
}

const ModelPreset& findPreset(const ModelInfo& model, const std::string& name) {
  std::string names;
  for (const ModelPreset& p : model.presets) {
    if (sameName(name, p.name)) return p;
    names += std::string(names.empty() ? "" : ", ") + p.name;
  }
  if (names.empty()) throw Error(std::string("the ") + model.name + " model has no presets");
  throw Error("preset '" + name + "': the " + model.name + " model's presets are " + names);
}

}  // namespace runnel
