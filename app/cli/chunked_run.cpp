#include "chunked_run.h"

#include "core/base/error.h"

namespace runnel::cli {

ErosionStats runInChunks(ErosionModel& model, Terrain& terrain, const RainMap* rain, uint64_t total,
                         uint64_t chunk, ProgressBar* progress) {
  ErosionStats stats = runnel::runInChunks(model, terrain, rain, total, chunk, [&](uint64_t done) {
    if (progress) progress->update(done);
    return true;
  });
  if (progress) progress->finish();
  return stats;
}

std::optional<uint64_t> chunkFlag(const ParsedArgs& args, AmountKind amount) {
  auto v = args.value("--chunk");
  if (!v) return std::nullopt;
  int64_t n = parseInt("--chunk", *v);
  if (n < 1) throw Error("chunk: " + *v + " must be at least 1");
  return uint64_t(n);
}

}  // namespace runnel::cli
