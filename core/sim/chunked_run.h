// Runs a model over many units in chunks, so progress can be shown and the run cancelled between chunks. A
// chunk boundary never changes the result: unit i depends on (seed, i) only, and the tiled droplet order
// carries its droplets in flight from one chunk to the next (ErosionModel's contract).
#pragma once
#include <cstdint>
#include <functional>

#include "core/models/erosion_model.h"
#include "core/models/erosion_stats.h"
#include "core/models/model_catalog.h"
#include "core/rain/rain_map.h"
#include "core/terrain/terrain.h"

namespace runnel {

constexpr uint64_t kDropletChunkQuantum = 4096;

// About 1% of `total`, so a progress bar moves. But a model that measures its soil totals itself sums the
// whole map twice per run() call, so a chunk is also large enough to keep that under a few percent: at
// least cells/1024 droplets (a droplet walks ~100+ steps at ~100 ns) or 16 whole-grid iterations. Droplet
// chunks are rounded up to multiples of 4096, so they end on the tiled order's wave boundaries. Each
// landscape step is a chunk of its own.
uint64_t chunkSize(uint64_t total, AmountKind amount, size_t cells);

// Called after each chunk with the units done so far; returning false stops the run there.
using ChunkDone = std::function<bool(uint64_t done)>;

// Runs units [0, total) in chunks of `chunk` units and returns the run's stats. A run that reaches `total`
// is a whole job: the model's finish() tidies up after its last unit (the droplet model settles the walls
// dug since its last settling), so `erode`, a preset's stage and the editor's budget end alike; a stopped
// run is not finished. seconds is the wall time of the runs and the finish; soilBefore and soilAfter are
// the terrain's totals before and after (so massError covers the whole run, or the part done when stopped).
ErosionStats runInChunks(ErosionModel& model, Terrain& terrain, const RainMap* rain, uint64_t total,
                         uint64_t chunk, const ChunkDone& onChunk = {});

}  // namespace runnel
