#include "chunked_run.h"

#include <algorithm>
#include <chrono>

#include "core/error.h"

namespace runnel::cli {

uint64_t chunkSize(uint64_t total, AmountKind amount, size_t cells) {
  uint64_t share = (total + 99) / 100;
  if (amount == AmountKind::Steps) return 1;  // a step is a whole landscape: report each
  if (amount == AmountKind::Iterations) return std::max<uint64_t>(16, share);
  uint64_t droplets = std::max<uint64_t>(share, uint64_t(cells) / 1024);
  uint64_t quanta = std::max<uint64_t>(1, (droplets + kDropletChunkQuantum - 1) / kDropletChunkQuantum);
  return quanta * kDropletChunkQuantum;
}

std::optional<uint64_t> chunkFlag(const ParsedArgs& args, AmountKind amount) {
  auto v = args.value("--chunk");
  if (!v) return std::nullopt;
  int64_t n = parseInt("--chunk", *v);
  if (n < 1) throw Error("chunk: " + *v + " must be at least 1");
  return uint64_t(n);
}

ErosionStats runInChunks(ErosionModel& model, Terrain& terrain, const RainMap* rain, uint64_t total,
                         uint64_t chunk, ProgressBar* progress) {
  ErosionStats stats;
  // The soil totals cost a pass over the map each: measured once around the run when the model allows.
  const bool soilHere = model.setSoilTotals(false);
  const double soilBefore = soilHere ? terrain.height.sum() : 0;
  auto start = std::chrono::steady_clock::now();
  for (uint64_t first = 0; first < total; first += chunk) {
    uint64_t count = std::min(chunk, total - first);
    ErosionStats part;
    model.run(terrain, rain, first, count, part);
    stats.add(part);
    if (progress) progress->update(first + count);
  }
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (soilHere) {
    stats.soilBefore = soilBefore;
    stats.soilAfter = terrain.height.sum();
  }
  if (progress) progress->finish();
  return stats;
}

}  // namespace runnel::cli
