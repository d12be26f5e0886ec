// The interface every erosion model offers the simulation worker and runnel-cli.
#pragma once
#include <cstdint>
#include <memory>

#include "core/terrain/terrain.h"
#include "erosion_stats.h"

namespace runnel {

class RainMap;

class ErosionModel {
 public:
  virtual ~ErosionModel() = default;
  // Runs units [first, first + count) (droplets for the droplet-like models, iterations for grid models).
  // Unit i draws its random numbers from (seed, i) only, so a run split into any batches gives a
  // bit-identical terrain. `rain` may be null (uniform rain).
  virtual void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
                   ErosionStats& stats) = 0;
  // A copy with the same settings, so a worker can own one.
  virtual std::unique_ptr<ErosionModel> clone() const = 0;
  virtual const char* name() const = 0;
  // Takes over what a model of the same kind keeps between units besides the terrain (the grid model's
  // water and suspended sediment, the droplet model's droplets in flight), so replacing a model mid-run (a
  // slider change) neither drains the map nor loses the sediment in suspension. Models without such state
  // ignore it.
  virtual void continueFrom(const ErosionModel& previous) {}
  // run() measures the soil (stats.soilBefore/soilAfter, one pass over every cell each) unless told not
  // to. A caller running short batches on a big map turns it off and, when this returns true (the model
  // honours it and its soil is the heights' sum), measures terrain.height.sum() itself around its batches.
  virtual bool setSoilTotals(bool /*measure*/) { return false; }
  // How many units the model's own build of a width x height map takes (the rivers model's schedule of
  // levels); 0: the model has none, the caller says how many.
  virtual uint64_t plannedUnits(int /*width*/, int /*height*/) const { return 0; }
  // Called once a whole job's units have run (runInChunks reaching its total: `erode`, a preset's stage;
  // the editor's worker reaching its budget): a model that tidies up every so many units (the droplet
  // model settling its slopes) tidies up what came after the last time, so the job ends as the model
  // means it to whatever its length. Not called between the editor's batches nor at a pause.
  virtual void finish(Terrain& /*terrain*/) {}
};

// A model whose clone is a plain copy: `class MyModel : public CopyableModel<MyModel>` instead of writing
// clone() out.
template <class Model>
class CopyableModel : public ErosionModel {
 public:
  std::unique_ptr<ErosionModel> clone() const override {
    return std::make_unique<Model>(static_cast<const Model&>(*this));
  }
};

}  // namespace runnel
