// Makes a landscape preset's terrain: generates the map, then runs each erosion stage over it in chunks. On
// the caller's thread; another thread can watch `progress` and cancel.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/generate/generators.h"
#include "core/io/project_file.h"
#include "core/models/erosion_stats.h"
#include "core/terrain/terrain.h"
#include "landscape_preset.h"

namespace runnel {

struct MakeProgress {
  GenerateProgress generate;           // while the map is generated (its cancel stops that part)
  std::atomic<int> stage{-1};          // -1 while generating, then the stage running (0 = the first)
  std::atomic<uint64_t> done{0};       // units of the running stage done ...
  std::atomic<uint64_t> total{0};      // ... of this many
  std::atomic<bool> cancel{false};     // makeLandscape() throws MakeCancelled at the next chunk
  std::function<void()> onChunk = {};  // on the working thread as a stage starts and after each chunk
  // From any thread: stops the generator at its next row or the stage at its next chunk.
  void requestCancel() {
    cancel = true;
    generate.cancel = true;
  }
};
struct MakeCancelled : std::exception {
  const char* what() const noexcept override { return "make: cancelled"; }
};

struct MadeLandscape {
  Terrain base;     // as generated
  Terrain terrain;  // after every stage, with its eroded and deposited amounts
  float cellSize = 1.0f;
  std::shared_ptr<const RainMap> rain;  // the preset's rain over the generated terrain; null: everywhere
  std::vector<ErosionStats> stages;
};

// The preset at width x height over its own extent, with the models on `threads` threads (0: all cores).
// The same preset and size give the same bytes on any thread count.
MadeLandscape makeLandscape(const LandscapePreset& preset, int width, int height, int threads = 0,
                            MakeProgress* progress = nullptr);

// The made landscape as an editor project: the generated map as its base, the result as its terrain, its
// rain, the last stage's model, parameters and amount as its settings (so Play goes on from where the
// preset ended).
ProjectData landscapeProject(const LandscapePreset& preset, MadeLandscape made);

}  // namespace runnel
