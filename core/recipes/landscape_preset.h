// A landscape preset: a named recipe that makes a finished terrain from nothing (a generator and its
// settings, then erosion stages: a model, its parameters, how much of it), at any size over the same
// extent. Presets are small text files, one "key value" a line ('#' starts a comment):
//
//   title Alpine
//   about Young high ranges: sharp ridges, deep V-shaped valleys, gullies on the slopes
//   size 1024                     the size the preset was tuned at (N or WxH) ...
//   cell-size 30                  ... and its cell size in metres: together, the extent
//   generator ridged              fbm, ridged or fault, then the generator's settings:
//   seed 11                       seed, relief, exponent, rise, scale, octaves, lacunarity, gain,
//   relief 2400                   faults, falloff, tileable (yes/no)
//   edges clamp                   the erosion models' edges (default: wrap when tileable, else clamp)
//   rain windward west 1 0.35     where rain falls (see core/rain/rain_pattern.h); none: everywhere
//   stage rivers steps 20 preset mountains uplift 2
//   stage droplet droplets-per-cell 0.25 Kr 0.3
//
// A stage names a model of the catalog, its amount in the model's unit (steps, iterations, or droplets per
// cell of the preset's own size: a droplet stage on a finer map runs at the preset's cells, see
// coarse_stage.h), optionally one of the model's parameter presets, then
// parameters by name. Built-in presets live in assets/presets, the artist's own in
// $XDG_CONFIG_HOME/runnel/presets (~/.config/runnel/presets); RUNNEL_PRESETS_DIR replaces the built-in
// folder.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/generate/generators.h"
#include "core/rain/rain_pattern.h"
#include "core/terrain/heightmap.h"

namespace runnel {

struct PresetStage {
  std::string model;          // a model of the catalog
  std::vector<float> values;  // its parameters, in the catalog's order (defaults, then the file's)
  double amount = 0;  // steps or iterations, or droplets per cell for the droplet models; 0 steps: the
                      // model's own build (the rivers model's levels, RiversModel::plannedUnits)
};

struct LandscapePreset {
  std::string name;             // the file's name without .preset: what `runnel-cli make --preset` takes
  std::string title;            // as an artist reads it: "Desert badlands"
  std::string about;            // one line
  GeneratorSettings generator;  // width, height and cell size are the preset's own
  Edges edges = Edges::Clamp;
  std::optional<RainPattern> rain;  // laid over the generated terrain before the stages; none: everywhere
  std::vector<PresetStage> stages;
  std::string path;  // where it was read from (empty for one made in memory)
};

// Parses a preset's text; `where` names it in errors ("alpine.preset"), which give the line:
// "alpine.preset:9: the rivers model has no parameter 'Kq' (its parameters: ...)".
LandscapePreset parsePreset(const std::string& text, const std::string& where, const std::string& name);
// Reads a .preset file (a regular file, at most 64 KiB).
LandscapePreset readPreset(const std::string& path);
// The file text of a preset (every parameter written out, so it reads back the same).
std::string presetText(const LandscapePreset& preset);
// Writes it atomically; throws Error naming the file.
void writePreset(const std::string& path, const LandscapePreset& preset);

// The built-in folder first, then the artist's own.
std::vector<std::string> presetFolders();
std::string userPresetFolder();
// Every preset in the folders, sorted by name (the artist's own replace built-ins of the same name). A file
// that does not parse is left out and its error added to `problems`.
std::vector<LandscapePreset> listPresets(std::vector<std::string>* problems = nullptr);
// By name; throws Error listing the names there are.
LandscapePreset findLandscapePreset(const std::string& name);

// The generator settings for a map of width x height over the preset's extent (the cell size scaled).
GeneratorSettings generatorAt(const LandscapePreset& preset, int width, int height);
// "rivers 20 steps, then droplet 0.1 droplets a cell; rain on a wind from the west: ...": the stages and
// the rain as an artist reads them.
std::string describeStages(const LandscapePreset& preset);
// A stage's amount on a map of `cells` cells, in the model's own unit (for a droplet stage, the cells it
// runs on: CoarseStage's).
uint64_t stageAmount(const PresetStage& stage, size_t cells);

}  // namespace runnel
