#include "cell_units.h"

#include <cmath>

#include "core/terrain/heightmap.h"

namespace runnel {

namespace {

void scaleMap(Heightmap& map, float factor) {
  float* v = map.data();
  for (size_t i = 0; i < map.cellCount(); ++i) v[i] *= factor;
}

void scaleTerrain(Terrain& t, float factor) {
  scaleMap(t.height, factor);
  scaleMap(t.eroded, factor);
  scaleMap(t.deposited, factor);
}

class CellUnitsModel : public ErosionModel {
 public:
  CellUnitsModel(std::unique_ptr<ErosionModel> inner, float scale)
      : inner_(std::move(inner)), scale_(scale) {}

  void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
           ErosionStats& stats) override {
    ErosionStats part;
    inCells(terrain, [&] { inner_->run(terrain, rain, first, count, part); });
    const double s = scale_;
    part.eroded *= s;
    part.deposited *= s;
    part.lost *= s;
    part.carried *= s;
    part.soilBefore *= s;
    part.soilAfter *= s;
    stats.add(part);
  }
  std::unique_ptr<ErosionModel> clone() const override {
    return std::make_unique<CellUnitsModel>(inner_->clone(), scale_);
  }
  const char* name() const override { return inner_->name(); }
  void continueFrom(const ErosionModel& previous) override {
    if (auto* p = dynamic_cast<const CellUnitsModel*>(&previous); p && p->scale_ == scale_)
      inner_->continueFrom(*p->inner_);
  }
  bool setSoilTotals(bool measure) override { return inner_->setSoilTotals(measure); }
  void finish(Terrain& terrain) override {
    inCells(terrain, [&] { inner_->finish(terrain); });
  }

 private:
  std::unique_ptr<ErosionModel> inner_;
  float scale_;

  // Runs `work` on the terrain in cell units, giving it back in metres however the work ends.
  template <class Work>
  void inCells(Terrain& terrain, Work work) {
    scaleTerrain(terrain, 1.0f / scale_);
    try {
      work();
    } catch (...) {
      scaleTerrain(terrain, scale_);
      throw;
    }
    scaleTerrain(terrain, scale_);
  }
};

}  // namespace

float cellUnitScale(float cellSize) {
  if (!(cellSize > 0.0f) || !std::isfinite(cellSize)) return 1.0f;
  return std::exp2(std::round(std::log2(cellSize)));
}

std::unique_ptr<ErosionModel> inCellUnits(std::unique_ptr<ErosionModel> inner, float cellSize) {
  const float scale = cellUnitScale(cellSize);
  if (scale == 1.0f) return inner;
  return std::make_unique<CellUnitsModel>(std::move(inner), scale);
}

}  // namespace runnel
