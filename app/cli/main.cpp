// runnel-cli: generate, erode, inspect and benchmark heightmaps without the editor.
// Exit codes: 0 success, 1 a failure (bad file, bad value, unwritable output), 2 a usage error.
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <vector>

#include "args.h"
#include "commands.h"
#include "core/base/error.h"
#include "core/base/memory_budget.h"
#include "core/io/atomic_file.h"

namespace {

constexpr const char* kUsage =
    "runnel-cli: heightmap terrain erosion without the editor\n"
    "\n"
    "usage: runnel-cli COMMAND [ARGS...]\n"
    "\n"
    "commands:\n"
    "  generate   make a terrain from noise or faults          runnel-cli generate --kind fbm --size 512 -o "
    "t.png\n"
    "  erode      run an erosion model over a heightmap        runnel-cli erode t.png -o e.png --droplets "
    "200000\n"
    "  info       print a heightmap's size, heights and format runnel-cli info e.png\n"
    "  export-maps every map of a project or heightmap         runnel-cli export-maps t.runnel maps/\n"
    "  tiles      cut a map into tiles sharing their edges     runnel-cli tiles t.png --grid 2x2 -o out/t\n"
    "  export     a map as an engine takes it, with its import runnel-cli export t.png --for unity -o t.raw\n"
    "  presets    list the landscape presets                   runnel-cli presets\n"
    "  make       build a landscape preset, start to finish    runnel-cli make --preset alpine -o a.png\n"
    "  bench      time the droplet model on a generated map    runnel-cli bench --size 512\n"
    "\n"
    "The format comes from the file's extension: .png (16-bit grey; 8/16-bit and RGB read), .r16, .r32,\n"
    ".pfm, .tif/.tiff (32-bit float), .exr, .obj (write only). 16-bit outputs get a sidecar FILE.json\n"
    "with the world heights of samples 0 and 65535.\n"
    "\n"
    "Every command takes --max-memory SIZE: the most memory one file may ask for before its data is read\n"
    "(default 4G; e.g. 16G, 512M).\n"
    "\n"
    "Run 'runnel-cli COMMAND --help' for a command's flags.\n"
    "Exit status: 0 success, 1 failure (bad file or value), 2 usage error.\n";

struct Command {
  const char* name;
  int (*run)(const runnel::cli::Args&);
};

constexpr Command kCommands[] = {
    {"generate", runnel::cli::runGenerate}, {"erode", runnel::cli::runErode},
    {"info", runnel::cli::runInfo},         {"export-maps", runnel::cli::runExportMaps},
    {"tiles", runnel::cli::runTiles},       {"bench", runnel::cli::runBench},
    {"presets", runnel::cli::runPresets},   {"make", runnel::cli::runMake},
    {"export", runnel::cli::runExport},
};

// Takes --max-memory SIZE (or --max-memory=SIZE) out of the command's arguments, before any "--", and sets
// the limit. Throws UsageError for a value that is not a size.
std::vector<std::string> takeMemoryLimit(std::vector<std::string> args) {
  for (size_t i = 0; i < args.size() && args[i] != "--";) {
    std::string value;
    if (args[i] == "--max-memory") {
      if (i + 1 >= args.size()) throw runnel::cli::UsageError("--max-memory: needs a value");
      value = args[i + 1];
      args.erase(args.begin() + ptrdiff_t(i), args.begin() + ptrdiff_t(i) + 2);
    } else if (args[i].rfind("--max-memory=", 0) == 0) {
      value = args[i].substr(13);
      args.erase(args.begin() + ptrdiff_t(i));
    } else {
      ++i;
      continue;
    }
    const auto bytes = runnel::parseMemorySize(value);
    if (!bytes) throw runnel::cli::UsageError("--max-memory: '" + value + "' is not a size, e.g. 8G or 512M");
    runnel::setMemoryLimit(*bytes);
  }
  return args;
}

}  // namespace

int main(int argc, char** argv) {
  // Outputs of a run killed while it renamed them into place appear now, all of them (atomic_file.h).
  runnel::recoverInterruptedCommits();
  if (argc < 2) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    std::fputs(kUsage, stdout);
    return 0;
  }
  const Command* command = nullptr;
  for (const Command& c : kCommands)
    if (name == c.name) command = &c;
  if (!command) {
    std::fprintf(
        stderr,
        "runnel-cli: unknown command '%s' (commands: generate, erode, info, bench; see runnel-cli --help)\n",
        name.c_str());
    return 2;
  }
  try {
    const runnel::cli::Args args = takeMemoryLimit(runnel::cli::Args(argv + 2, argv + argc));
    return command->run(args);
  } catch (const runnel::cli::UsageError& e) {
    std::fprintf(stderr, "runnel-cli %s: %s (see runnel-cli %s --help)\n", command->name, e.what(),
                 command->name);
    return 2;
  } catch (const runnel::Error& e) {
    std::fprintf(stderr, "runnel-cli: %s\n", e.what());
    return 1;
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "runnel-cli: out of memory\n");
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "runnel-cli: %s\n", e.what());
    return 1;
  }
}
