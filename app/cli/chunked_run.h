// Runs a model over many units in chunks so the progress bar moves. A chunk boundary never changes the
// result: unit i depends on (seed, i) only, and the tiled droplet order carries its droplets in flight from
// one chunk to the next (ErosionModel's contract).
#pragma once
#include <cstdint>
#include <optional>

#include "args.h"
#include "core/erosion_model.h"
#include "core/erosion_stats.h"
#include "core/model_catalog.h"
#include "core/rain_map.h"
#include "core/terrain.h"
#include "progress.h"

namespace runnel::cli {

constexpr uint64_t kDropletChunkQuantum = 4096;

// About 1% of `total`, so the bar moves. But a model that measures its soil totals itself sums the whole map
// twice per run() call, so a chunk is also large enough to keep that under a few percent: at least
// cells/1024 droplets (a droplet walks ~100+ steps at ~100 ns) or 16 whole-grid iterations. Droplet chunks
// are rounded up to multiples of 4096, so they end on the tiled order's wave boundaries.
uint64_t chunkSize(uint64_t total, AmountKind amount, size_t cells);

// Runs units [0, total) in chunks of `chunk` units and returns the run's stats. seconds is the wall time of
// the runs; soilBefore and soilAfter are the terrain's totals before and after (so massError covers the whole
// run).
ErosionStats runInChunks(ErosionModel& model, Terrain& terrain, const RainMap* rain, uint64_t total,
                         uint64_t chunk, ProgressBar* progress);
// --chunk N if given (at least 1, else a runnel::Error); checked before any work.
std::optional<uint64_t> chunkFlag(const ParsedArgs& args, AmountKind amount);

}  // namespace runnel::cli
