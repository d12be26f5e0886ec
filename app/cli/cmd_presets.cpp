// runnel-cli presets: the landscape presets there are (core/recipes/landscape_preset.h), for people to choose
// from and for `runnel-cli make --preset NAME`.
#include <cstdio>

#include "args.h"
#include "commands.h"
#include "core/models/model_catalog.h"
#include "core/recipes/landscape_preset.h"

namespace runnel::cli {

int runPresets(const Args& args) {
  ArgParser parser("presets");
  if (wantsHelp(args)) {
    std::printf(
        "usage: runnel-cli presets\n"
        "\n"
        "Lists the landscape presets: recipes that make a finished terrain (a generator, then erosion\n"
        "stages), built by 'runnel-cli make --preset NAME -o OUT' at any size over the same extent.\n"
        "Built-in presets are read from the first folder below, your own from the second (a preset of\n"
        "yours replaces a built-in one of the same name):\n");
    for (const std::string& folder : presetFolders()) std::printf("  %s\n", folder.c_str());
    std::printf(
        "\nA preset is a text file NAME.preset, one 'key value' a line ('#' starts a comment):\n"
        "  title, about          its name and one line on what it makes\n"
        "  size N|WxH, cell-size M   the size it was tuned at and its cell size (metres): the extent\n"
        "  generator fbm|ridged|fault, then seed, relief, exponent, scale, octaves, lacunarity, gain,\n"
        "                        faults, falloff, tileable yes|no (runnel-cli generate --help explains "
        "them)\n"
        "  edges wrap|clamp      the erosion models' edges (default: wrap when tileable, else clamp)\n"
        "  rain uniform D | rain gradient FROM WET DRY | rain windward FROM WET DRY\n"
        "                        where rain falls on the generated terrain (densities 0 to 1; FROM in\n"
        "                        degrees, 0 north, 90 east, or north ... northwest): everywhere alike, "
        "heaviest\n"
        "                        on the FROM side, or on a wind from FROM: wet windward slopes, dry lee and\n"
        "                        rain shadow (default: rain everywhere)\n"
        "  stage MODEL AMOUNT N [preset NAME] [PARAM VALUE]...\n"
        "                        an erosion stage: AMOUNT is steps, iterations or droplets-per-cell as the\n"
        "                        model counts (runnel-cli erode --help lists models and parameters);\n"
        "                        rivers steps 0: the model's whole build, coarse to fine over its age;\n"
        "                        on a map finer than the preset's cell-size, a droplet stage runs on\n"
        "                        the map halved to the preset's cells (as many droplets a cell of\n"
        "                        those), what it changed is brought up to the map's cells, and the\n"
        "                        hollows its lumps leave on the valley floors are cut through\n"
        "example: stage rivers steps 0 preset hills uplift 0.5\n");
    return 0;
  }
  ParsedArgs a = parser.parse(args);
  if (!a.positionals().empty()) throw UsageError("unexpected argument '" + a.positionals()[0] + "'");
  std::vector<std::string> problems;
  const std::vector<LandscapePreset> presets = listPresets(&problems);
  for (const LandscapePreset& p : presets) {
    const GeneratorSettings& g = p.generator;
    std::printf("%-16s %s: %s\n", p.name.c_str(), p.title.c_str(), p.about.c_str());
    std::printf("%-16s %dx%d, %s; %s generator, then %s\n", "", g.width, g.height,
                describeExtent(g.width, g.height, g.cellSize).c_str(), toString(g.kind),
                describeStages(p).c_str());
  }
  if (presets.empty())
    std::printf("no landscape presets found (runnel-cli presets --help lists the folders)\n");
  for (const std::string& problem : problems)
    std::fprintf(stderr, "runnel-cli presets: %s\n", problem.c_str());
  return problems.empty() ? 0 : 1;
}

}  // namespace runnel::cli
