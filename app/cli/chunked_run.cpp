#include "chunked_run.h"

#include <algorithm>
#include <chrono>

#include "core/error.h"

namespace runnel::cli {

uint64_t chunkSize(uint64_t total, AmountKind amount) {
  uint64_t share = (total + 99) / 100;
  if (amount == AmountKind::Iterations) return std::max<uint64_t>(1, share);
  uint64_t quanta = std::max<uint64_t>(1, (share + kDropletChunkQuantum - 1) / kDropletChunkQuantum);
  return quanta * kDropletChunkQuantum;
}

uint64_t chunkFrom(const ParsedArgs& args, uint64_t total, AmountKind amount) {
  auto v = args.value("--chunk");
  if (!v) return chunkSize(total, amount);
  int64_t n = parseInt("--chunk", *v);
  if (n < 1) throw Error("chunk: " + *v + " must be at least 1");
  if (amount == AmountKind::Droplets && n % int64_t(kDropletChunkQuantum) != 0)
    throw Error("chunk: " + *v + " droplets is not a multiple of 4096");
  return uint64_t(n);
}

ErosionStats runInChunks(ErosionModel& model, Terrain& terrain, const RainMap* rain, uint64_t total,
                         uint64_t chunk, ProgressBar* progress) {
  ErosionStats stats;
  double soilBefore = terrain.height.sum();
  auto start = std::chrono::steady_clock::now();
  for (uint64_t first = 0; first < total; first += chunk) {
    uint64_t count = std::min(chunk, total - first);
    ErosionStats part;
    model.run(terrain, rain, first, count, part);
    stats.add(part);
    if (progress) progress->update(first + count);
  }
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (progress) progress->finish();
  // The CLI knows the whole run; a model's per-chunk totals may each cover only their chunk.
  stats.soilBefore = soilBefore;
  stats.soilAfter = terrain.height.sum();
  return stats;
}

}  // namespace runnel::cli
