// Particle erosion (article 002, second part): a particle starts with zero velocity, some water and no
// sediment. Each step it is accelerated by Ka times the horizontal part of the (unit) surface normal, slowed
// by friction Kf, and moved by its velocity. At the cell it reaches it compares its sediment s with what it
// could carry, Kc |v| w: Kd of an excess is dropped, Ks of a shortfall is taken from the ground. Water
// evaporates at a fixed rate; the particle stops when dry, off an open edge, or at the path limit.
// Positions are continuous; normals, erosion and deposits use the cell the particle is in, as the article
// allows. Erosion never takes a cell below its lowest neighbour, so extreme values cannot dig wells.
//
// Conserves: the total height plus sediment carried off an open (clamp) edge (stats.lost), up to float
// rounding: a particle that stops on the map drops what it still carries where it stops.
//
// One unit = one particle, drawn from the rain map with its own random numbers (seed, index).
#pragma once
#include <array>
#include <vector>

#include "core/models/param_fields.h"
#include "drop_run.h"

namespace runnel {

struct ParticleParams {
  float Ka = 0.5f;            // acceleration by the surface normal's horizontal part
  float Kf = 0.15f;           // friction: share of the velocity lost per step
  float Kc = 2.0f;            // sediment carrying capacity per unit of speed and water
  float Kd = 0.1f;            // deposition: share of the excess sediment dropped per step
  float Ks = 0.1f;            // soil softness: share of the capacity shortfall taken per step
  float initialWater = 1.0f;  // water a particle starts with
  float evaporation = 0.02f;  // water lost per step (lifetime = initialWater / evaporation steps)
};

const std::array<ParamField<ParticleParams>, 7>& particleParamFields();
std::vector<ParamInfo> particleParamInfo();

class ParticleErosion : public DropModel<ParticleParams, ParticleErosion, 7> {
 public:
  ParticleErosion(const ParticleParams& params, Edges edges = Edges::Wrap, uint64_t seed = 1)  // validates
      : DropModel(params, particleParamFields(), edges, seed) {}
  void run(Terrain& terrain, const RainMap* rain, uint64_t first, uint64_t count,
           ErosionStats& stats) override;
  const char* name() const override { return "particle"; }
};

}  // namespace runnel
