#include "chunked_run.h"

#include <algorithm>
#include <chrono>

namespace runnel {

uint64_t chunkSize(uint64_t total, AmountKind amount, size_t cells) {
  uint64_t share = (total + 99) / 100;
  if (amount == AmountKind::Steps) return 1;  // a step is a whole landscape: report each
  if (amount == AmountKind::Iterations) return std::max<uint64_t>(16, share);
  uint64_t droplets = std::max<uint64_t>(share, uint64_t(cells) / 1024);
  uint64_t quanta = std::max<uint64_t>(1, (droplets + kDropletChunkQuantum - 1) / kDropletChunkQuantum);
  return quanta * kDropletChunkQuantum;
}

ErosionStats runInChunks(ErosionModel& model, Terrain& terrain, const RainMap* rain, uint64_t total,
                         uint64_t chunk, const ChunkDone& onChunk) {
  ErosionStats stats;
  // The soil totals cost a pass over the map each: measured once around the run when the model allows.
  const bool soilHere = model.setSoilTotals(false);
  const double soilBefore = soilHere ? terrain.height.sum() : 0;
  auto start = std::chrono::steady_clock::now();
  uint64_t done = 0;
  while (done < total) {
    uint64_t count = std::min(chunk, total - done);
    ErosionStats part;
    model.run(terrain, rain, done, count, part);
    stats.add(part);
    done += count;
    if (onChunk && !onChunk(done)) break;
  }
  if (total > 0 && done == total) model.finish(terrain);
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (soilHere) {
    stats.soilBefore = soilBefore;
    stats.soilAfter = terrain.height.sum();
  }
  return stats;
}

}  // namespace runnel
