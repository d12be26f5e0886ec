// The droplet model of seed 000 (E-DOG, "Water erosion on heightmap terrain"), in two modes.
#pragma once
#include "droplet_params.h"
#include "erosion_model.h"

namespace runnel {

class DropletModel : public ErosionModel {
 public:
  explicit DropletModel(const DropletSettings& settings);  // validates the parameters
  void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
           ErosionStats& stats) override;
  std::unique_ptr<ErosionModel> clone() const override;
  const char* name() const override { return "droplet"; }
  const DropletSettings& settings() const { return settings_; }

 private:
  DropletSettings settings_;
};

}  // namespace runnel
