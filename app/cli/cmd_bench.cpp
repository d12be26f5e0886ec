// runnel-cli bench: times a model on a generated fBm map (relief N/4, fixed seed) so figures compare across
// builds and machines. For repeatable counts, run it under valgrind --tool=callgrind and divide the
// instructions by the steps it prints.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "args.h"
#include "chunked_run.h"
#include "commands.h"
#include "core/base/error.h"
#include "core/generate/generators.h"
#include "files.h"
#include "model_flags.h"
#include "progress.h"

namespace runnel::cli {

// The benchmark's fixed set-up: the 256 map, relief 64, 20,000 droplets of the instruction target.
constexpr uint64_t kBenchTerrainSeed = 12345;
constexpr int kBenchSize = 256;
constexpr uint64_t kBenchDroplets = 20000, kBenchIterations = 100, kBenchSteps = 10;

static ArgParser benchParser() {
  ArgParser p("bench");
  p.add({"--size", FlagKind::Value, "N", "map side in cells (default " + std::to_string(kBenchSize) + ")"});
  addModelFlags(p);
  p.add({"--progress", FlagKind::Switch, "", "progress bar on stderr from the start, even into a file"})
      .add({"--no-progress", FlagKind::Switch, "", "no progress bar"});
  return p;
}

int runBench(const Args& args) {
  ArgParser parser = benchParser();
  if (wantsHelp(args)) {
    std::printf(
        "usage: runnel-cli bench [--size N] [--droplets N] [--mode M] [--model M] [--threads T] "
        "[parameters...]\n"
        "\n"
        "Generates an fBm map (N x N, default %d; relief N/4; fixed seed %llu), runs a model on it "
        "(default:\n"
        "droplet, %llu droplets, or %llu iterations for grid models) and prints droplets/s, steps/s and "
        "ns/step.\n"
        "Instructions per droplet step, repeatable on a noisy machine (divide the I refs by the steps):\n"
        "  valgrind --tool=callgrind --toggle-collect='runnel::DropletModel::run*' runnel-cli bench\n"
        "\n%s\nmodels and their parameters (default, [range]):\n%s",
        kBenchSize, static_cast<unsigned long long>(kBenchTerrainSeed),
        static_cast<unsigned long long>(kBenchDroplets), static_cast<unsigned long long>(kBenchIterations),
        parser.flagHelp().c_str(), modelHelp().c_str());
    return 0;
  }
  ParsedArgs a = parser.parse(args);
  if (!a.positionals().empty()) throw UsageError("unexpected argument '" + a.positionals()[0] + "'");
  GeneratorSettings g;
  g.kind = GeneratorKind::Fbm;
  g.seed = kBenchTerrainSeed;
  g.width = g.height = kBenchSize;
  if (auto v = a.value("--size")) {
    int64_t w, h;
    parseSize("--size", *v, w, h);
    checkSize(w, h, "--size");
    g.width = int(w);
    g.height = int(h);
  }
  const ModelInfo& info = modelFrom(a);
  std::vector<float> values = modelValuesFrom(info, a);
  ModelCommon common = modelCommonFrom(info, a);
  const uint64_t byDefault = info.amount == AmountKind::Droplets ? kBenchDroplets
                             : info.amount == AmountKind::Steps  ? kBenchSteps
                                                                 : kBenchIterations;
  uint64_t amount = amountFrom(info, a, int64_t(byDefault));

  auto t0 = std::chrono::steady_clock::now();
  g.relief = float(std::max(g.width, g.height)) / 4.0f;  // in cells: the droplet model's classic setting
  Terrain terrain(generate(g));
  double genSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::unique_ptr<ErosionModel> model = info.create(values, common);
  ProgressBar progress("bench", amountUnit(info.amount), amount,
                       progressMode(a.has("--progress"), a.has("--no-progress")));
  ErosionStats s = runInChunks(*model, terrain, nullptr, amount,
                               chunkSize(amount, info.amount, terrain.height.cellCount()), &progress);

  const bool droplets = info.amount == AmountKind::Droplets;
  const char* unit = droplets ? "droplet" : info.amount == AmountKind::Steps ? "step" : "iteration";
  const bool droplet = std::string(info.name) == "droplet";
  std::string threads = common.threads > 0 ? std::to_string(common.threads) : "all cores";
  if (droplet && common.order == DropletOrder::Sequential)
    threads = "1 (sequential order)";
  else if (droplets && !droplet)
    threads = "1 (this model's droplets run on one thread)";
  std::printf("map: %dx%d fBm, relief %g, seed %llu, generated in %.3f s\n", g.width, g.height,
              effectiveRelief(g), static_cast<unsigned long long>(g.seed), genSeconds);
  std::printf("model: %s%s%s, %llu %ss, seed %llu, edges %s, threads %s\n", info.name, droplet ? " " : "",
              droplet ? toString(common.mode) : "", static_cast<unsigned long long>(amount), unit,
              static_cast<unsigned long long>(common.seed), toString(common.edges), threads.c_str());
  std::printf("steps: %llu (%.1f per %s)\n", static_cast<unsigned long long>(s.steps), s.avgPath(), unit);
  std::printf("seconds: %.3f\n", s.seconds);
  std::printf("%ss/s: %.0f\n", unit, s.dropletsPerSecond());
  std::printf("steps/s: %.0f\n", s.stepsPerSecond());
  std::printf("ns/step: %.2f\n", s.steps ? s.seconds * 1e9 / double(s.steps) : 0.0);
  std::printf("mass error: %.3g\n", s.massError());
  return 0;
}

}  // namespace runnel::cli
