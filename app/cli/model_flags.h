// The erosion models' command-line flags, built from core/models/model_catalog.h so the CLI and the editor's
// sliders share one table: --model NAME picks a model, and each of its parameters is a flag named after the
// parameter, camelCase spelled with dashes (minSlope -> --min-slope; --minSlope is accepted too).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "args.h"
#include "core/models/model_catalog.h"

namespace runnel::cli {

// "minSlope" -> "--min-slope", "Kq" -> "--Kq".
std::string paramFlagName(const std::string& paramName);

// --model, --droplets, --iterations, --mode, --seed, --edges and every model's parameters.
void addModelFlags(ArgParser& parser);

// The model named by --model (default droplet); an unknown name is a usage error.
const ModelInfo& modelFrom(const ParsedArgs& args);
// The model's parameters: defaults, then the flags given. A parameter flag of another model, --mode for a
// model other than droplet, or --droplets/--iterations for the wrong kind of model is a usage error; a
// value out of range is a runnel::Error naming the parameter.
std::vector<float> modelValuesFrom(const ModelInfo& model, const ParsedArgs& args);
// seed, edges, mode, order, threads
ModelCommon modelCommonFrom(const ModelInfo& model, const ParsedArgs& args);
// --droplets N or --iterations N, whichever the model counts; required unless `fallback` is given.
// "--droplets", "--iterations" or "--steps".
std::string amountFlag(AmountKind k);
uint64_t amountFrom(const ModelInfo& model, const ParsedArgs& args, int64_t fallback = -1);
// --threads T (1 to 1024; absent: 0, all cores), passed on in ModelCommon::threads: the droplet model's tiled
// order and the whole-grid passes use it.
int threadsFrom(const ParsedArgs& args);

// Each model with its amount flag and parameters (default, range, what it does), for --help.
std::string modelHelp();

}  // namespace runnel::cli
