#include "make_landscape.h"

#include <algorithm>

#include "coarse_stage.h"
#include "core/models/model_catalog.h"
#include "core/models/rivers/drain_terrain.h"
#include "core/sim/chunked_run.h"

namespace runnel {

MadeLandscape makeLandscape(const LandscapePreset& preset, int width, int height, int threads,
                            MakeProgress* progress) {
  const GeneratorSettings settings = generatorAt(preset, width, height);
  MadeLandscape made;
  made.cellSize = settings.cellSize;
  try {
    made.base.height = generate(settings, progress ? &progress->generate : nullptr);
  } catch (const GenerateCancelled&) {
    throw MakeCancelled();
  }
  // The base's record (all zeros) is made at the end: held through the stages, its 8 bytes a cell sat on
  // top of the rivers model's peak (alpine at 8192², 76 bytes a cell beyond the map).
  made.terrain = Terrain(made.base.height);
  // The weather falls on the land as generated, and stays put while the stages carve it.
  if (preset.rain)
    made.rain = std::make_shared<const RainMap>(makeRain(*preset.rain, made.base.height, settings.cellSize));
  for (size_t i = 0; i < preset.stages.size(); ++i) {
    const PresetStage& stage = preset.stages[i];
    const ModelInfo& info = findModel(stage.model);
    // A droplet stage at the preset's own cells (coarse_stage.h); every other stage at the map's.
    const int halvings = info.amount == AmountKind::Droplets
                             ? halvingsToCells(width, height, settings.cellSize, preset.generator.cellSize)
                             : 0;
    CoarseStage at(made.terrain, made.rain.get(), settings.cellSize, halvings, threads, preset.edges);
    ModelCommon common;
    common.seed = settings.seed;
    common.edges = preset.edges;
    common.threads = threads;
    common.cellSize = at.cellSize();
    std::unique_ptr<ErosionModel> model = info.create(stage.values, common);
    Terrain& terrain = at.terrain();
    uint64_t total = stageAmount(stage, terrain.height.cellCount());
    // No amount: the model's own build of the map (the rivers model's levels, coarse to fine), in twenty
    // chunks: its coarse steps take milliseconds, and each call shows the map at full size.
    const bool planned = total == 0;
    if (planned) total = model->plannedUnits(terrain.width(), terrain.heightCells());
    if (progress) {
      progress->done = 0;
      progress->total = total;
      progress->stage = int(i);
      if (progress->onChunk) progress->onChunk();  // the stage starts
    }
    const uint64_t chunk = planned ? std::max<uint64_t>(1, total / 20)
                                   : chunkSize(total, info.amount, terrain.height.cellCount());
    ErosionStats ran = runInChunks(*model, terrain, at.rain(), total, chunk, [&](uint64_t done) {
      if (!progress) return true;
      progress->done = done;
      if (progress->onChunk) progress->onChunk();
      return !progress->cancel.load();
    });
    if (progress && progress->cancel) throw MakeCancelled();
    at.bringBack(ran);
    // A droplet stage's change brought up from coarser cells lies on the valley floors the rivers cut at
    // the map's cells in lumps of the coarser cells, and dams them: 86,000 pits in the alpine preset at
    // 4096², whose rivers then measured 0.02-0.03 steep over their last 40 m where they run at 0.003, and
    // the slope-area concavity fell to 0.26 (0.44 cut through). They are cut through to the border, as the
    // rivers model's lakes are. At the preset's own cells, where it was tuned, the stage's result stays as
    // it is (cut through there too, the alpine concavity rose to 0.50-0.62 on six seeds at 1024²).
    if (at.halvings() > 0) rivers::drainTerrain(made.terrain, settings.cellSize, threads);
    made.stages.push_back(ran);
  }
  made.base = Terrain(std::move(made.base.height));
  return made;
}

ProjectData landscapeProject(const LandscapePreset& preset, MadeLandscape made) {
  ProjectData p;
  const int width = made.terrain.width(), height = made.terrain.heightCells();
  p.description = "preset " + preset.name + " " + std::to_string(width) + "x" + std::to_string(height) +
                  ", seed " + std::to_string(preset.generator.seed);
  p.common.seed = preset.generator.seed;
  p.common.edges = preset.edges;
  p.common.cellSize = made.cellSize;
  if (!preset.stages.empty()) {
    const PresetStage& last = preset.stages.back();
    const ModelInfo& model = findModel(last.model);
    p.model = last.model;
    for (size_t i = 0; i < model.params.size(); ++i)
      p.params.emplace_back(model.params[i].name, last.values[i]);
    p.budget = stageAmount(last, made.terrain.height.cellCount());
  }
  p.rain = made.rain;
  p.base = std::move(made.base);
  p.current = std::move(made.terrain);
  return p;
}

}  // namespace runnel
