// How fast the droplets will run, before the artist has pressed Play: a short run of the model on a copy of
// the middle of the terrain, off the UI thread, so the Play button can say "Play: 400k droplets, ~30 s" from
// the first frame (after a run it says what the run measured). Only for models counted in droplets: a grid
// or rivers build changes speed from level to level, and a few units would mislead.
#pragma once
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>

#include "core/models/erosion_model.h"
#include "core/terrain/heightmap.h"

namespace runnel::editor {

class SpeedProbe {
 public:
  // Starts measuring `model` (which it keeps) on the middle `kSide` x `kSide` cells of `heights`, unless the
  // same `key` (model, settings and terrain) was measured or is being measured.
  void start(const std::string& key, std::unique_ptr<ErosionModel> model, const Heightmap& heights);
  // Units a second for `key`, once measured; nullopt before (or for another key).
  std::optional<double> rate(const std::string& key);
  bool running() const { return pending_.valid(); }
  // Called on the probe's thread when its answer is ready (the editor wakes its sleeping event loop).
  std::function<void()> onDone;
  const std::string& key() const { return key_; }

  static constexpr int kSide = 256;
  static constexpr double kSeconds = 0.25;  // about this long, at most 20000 droplets

 private:
  std::string key_;
  std::future<double> pending_;
  std::optional<double> rate_;
};

}  // namespace runnel::editor
