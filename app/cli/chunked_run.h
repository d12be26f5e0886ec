// runnel-cli's side of core/sim/chunked_run.h: the --chunk flag, and a run that draws a progress bar.
#pragma once
#include <cstdint>
#include <optional>

#include "args.h"
#include "core/sim/chunked_run.h"
#include "progress.h"

namespace runnel::cli {

// Runs units [0, total) in chunks (core/sim/chunked_run.h), drawing `progress` after each and finishing it.
ErosionStats runInChunks(ErosionModel& model, Terrain& terrain, const RainMap* rain, uint64_t total,
                         uint64_t chunk, ProgressBar* progress);
// --chunk N if given (at least 1, else a runnel::Error); checked before any work.
std::optional<uint64_t> chunkFlag(const ParsedArgs& args, AmountKind amount);

}  // namespace runnel::cli
