// runnel-cli make: builds a landscape preset (core/recipes/landscape_preset.h) headless, from nothing to a
// finished terrain, at any size over the preset's extent.
#include <cstdio>
#include <string>

#include "args.h"
#include "commands.h"
#include "core/base/error.h"
#include "core/io/atomic_file.h"
#include "core/io/heightmap_io.h"
#include "core/io/project_file.h"
#include "core/io/terrain_maps.h"
#include "core/models/model_catalog.h"
#include "core/recipes/make_landscape.h"
#include "files.h"
#include "model_flags.h"
#include "progress.h"

namespace runnel::cli {

static ArgParser makeParser() {
  ArgParser p("make");
  p.add({"--preset", FlagKind::Value, "NAME|FILE",
         "the landscape preset: a name from 'runnel-cli presets', or a .preset file"})
      .add({"--size", FlagKind::Value, "N|WxH",
            "map size in cells (default: the preset's); the extent stays the preset's, the cells finer or "
            "coarser"})
      .add({"--seed", FlagKind::Value, "S", "random seed instead of the preset's: another landscape alike"})
      .add({"--threads", FlagKind::Value, "T", "threads for the models (default: all cores)"})
      .add({"-o", FlagKind::Value, "OUT", "the finished heightmap (format from the extension)", "--output"})
      .add({"--project", FlagKind::Value, "OUT.runnel",
            "also an editor project: the generated map as its base, the result, the last stage's model and "
            "settings"})
      .add(hillshadeFlag())
      .add(outRangeFlag())
      .add(objStepFlag())
      .add(objTrianglesFlag())
      .add(byteOrderFlag())
      .add({"--progress", FlagKind::Switch, "", "progress bar on stderr from the start, even into a file"})
      .add({"--no-progress", FlagKind::Switch, "", "no progress bar"})
      .add(quietFlag());
  return p;
}

static bool looksLikeFile(const std::string& preset) {
  return preset.find('/') != std::string::npos ||
         (preset.size() > 7 && preset.compare(preset.size() - 7, 7, ".preset") == 0);
}

int runMake(const Args& args) {
  ArgParser parser = makeParser();
  if (wantsHelp(args)) {
    std::printf(
        "usage: runnel-cli make --preset NAME|FILE [--size N|WxH] [--seed S] -o OUT [--hillshade PNG]\n"
        "                       [--project OUT.runnel]\n"
        "\n"
        "Builds a landscape preset from nothing: its generator, then each erosion stage, and writes the\n"
        "result. 'runnel-cli presets' lists the presets. The same preset, size and seed give the same "
        "bytes.\n"
        "\n%s"
        "\nexamples:\n"
        "  runnel-cli make --preset alpine -o alpine.png --hillshade alpine-shade.png\n"
        "  runnel-cli make --preset canyon --size 4097 -o canyon.r16 --byte-order little\n",
        parser.flagHelp().c_str());
    return 0;
  }
  ParsedArgs a = parser.parse(args);
  if (!a.positionals().empty()) throw UsageError("unexpected argument '" + a.positionals()[0] + "'");
  auto name = a.value("--preset");
  if (!name) throw UsageError("--preset NAME is required ('runnel-cli presets' lists them)");
  auto out = a.value("-o");
  if (!out) throw UsageError("-o OUT is required");
  LandscapePreset preset = looksLikeFile(*name) ? readPreset(*name) : findLandscapePreset(*name);
  int width = preset.generator.width, height = preset.generator.height;
  if (auto v = a.value("--size")) {
    int64_t w, h;
    parseSize("--size", *v, w, h);
    checkSize(w, h, "--size");
    width = int(w);
    height = int(h);
  }
  if (auto v = a.value("--seed")) preset.generator.seed = parseSeed("--seed", *v);
  const int threads = threadsFrom(a);
  WriteOptions writeOptions = writeOptionsFrom(a);

  // Every output, before any work.
  std::vector<std::string> written = pathsWritten(*out, checkHeightmapOutput(*out));
  auto hillshade = a.value("--hillshade");
  if (hillshade) {
    checkPreviewOutput(*hillshade);
    written.push_back(*hillshade);
  }
  auto project = a.value("--project");
  if (project) {
    checkWritable(*project);
    written.push_back(*project);
  }
  checkDistinct(written);

  // One bar per stage ("make 1/2 rivers [####....] 10/20 steps"); the generator takes a second or two.
  const ProgressMode mode = progressMode(a.has("--progress"), a.has("--no-progress"));
  MakeProgress progress;
  std::unique_ptr<ProgressBar> bar;
  int barStage = -1;
  progress.onChunk = [&] {
    const int stage = progress.stage;
    if (stage != barStage) {
      if (bar) bar->finish();
      const ModelInfo& model = findModel(preset.stages[size_t(stage)].model);
      bar = std::make_unique<ProgressBar>(
          "make " + std::to_string(stage + 1) + "/" + std::to_string(preset.stages.size()) + " " + model.name,
          amountUnit(model.amount), progress.total.load(), mode);
      barStage = stage;
    }
    bar->update(progress.done);
  };
  MadeLandscape made = makeLandscape(preset, width, height, threads, &progress);
  if (bar) bar->finish();
  if (int64_t bad = made.terrain.height.firstNonFinite(); bad >= 0)
    throw Error("preset " + preset.name + ": a stage produced a non-finite height at cell " +
                std::to_string(bad) + "; nothing was written");

  double seconds = 0;
  for (const ErosionStats& s : made.stages) seconds += s.seconds;
  const float cellSize = made.cellSize;
  writeOptions.cellSize = cellSize;
  PublishGroup outputs;  // the outputs appear together or not at all
  writeHeightmap(*out, made.terrain.height, writeOptions);
  if (hillshade) writeTerrainMap(*hillshade, TerrainMap::Hillshade, made.terrain.height, writeOptions);
  if (project) writeProject(*project, landscapeProject(preset, std::move(made)));  // no copy of the maps
  outputs.commit();
  if (!a.has("--quiet"))
    std::printf("made %s (%s) at %dx%d, %s; erosion %.1f s\nwrote %s\n", preset.name.c_str(),
                preset.title.c_str(), width, height, describeExtent(width, height, cellSize).c_str(), seconds,
                out->c_str());
  return 0;
}

}  // namespace runnel::cli
