// runnel-cli's commands. Each takes the arguments after its name, prints its --help on request, and
// returns the exit code; failures are thrown (UsageError -> 2, runnel::Error -> 1; see main.cpp).
#pragma once
#include <string>
#include <vector>

namespace runnel::cli {

using Args = std::vector<std::string>;

int runGenerate(const Args& args);
int runErode(const Args& args);
int runInfo(const Args& args);
int runExportMaps(const Args& args);
int runTiles(const Args& args);
int runExport(const Args& args);
int runBench(const Args& args);
int runPresets(const Args& args);
int runMake(const Args& args);

}  // namespace runnel::cli
