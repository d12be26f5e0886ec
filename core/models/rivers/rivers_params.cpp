#include "rivers_params.h"

namespace runnel {

namespace {

const std::array<ParamField<RiversParams>, 12> kFields{{
    {"erodibility", &RiversParams::erodibility, 0.0f, 0.01f,
     "Erodibility K: how fast rivers cut rock (dh/dt = U - K A^m S^n, A in m², per year). Soft rock is "
     "higher, granite lower",
     true, "/yr"},
    {"concavity", &RiversParams::concavity, 0.2f, 0.8f,
     "Concavity m: how much more a big river cuts than a small one. Higher values give long gentle valley "
     "floors under steep heads"},
    {"slopeExponent", &RiversParams::slopeExponent, 0.5f, 2.0f,
     "Slope exponent n: how strongly the cutting grows with the river's slope (1 in most landscapes)"},
    {"uplift", &RiversParams::uplift, 0.0f, 20.0f,
     "Uplift in mm per year at the highest point: rock rising while rivers cut. Zero wears the land down",
     false, "mm/yr"},
    {"keepShape", &RiversParams::keepShape, 0.0f, 1.0f,
     "Keep my shape: 1 lifts each place in proportion to its starting height, so your mountains stay where "
     "you drew them while rivers cut in; 0 lifts everything alike"},
    {"diffusion", &RiversParams::diffusion, 0.0f, 10.0f,
     "Hillslope diffusion in m² per year: soil creep that rounds ridges and slopes. It fades out in "
     "channels, "
     "so valley floors stay sharp",
     true, "m²/yr"},
    {"timeStep", &RiversParams::timeStep, 100.0f, 1e6f,
     "Years per step. Each step is solved implicitly, so big steps stay stable; smaller steps follow the "
     "landscape's change more finely",
     true, "yr"},
    {"channelHead", &RiversParams::channelHead, 0.0f, 1e8f,
     "Channel-head area in m²: drainage area where channels begin. Above it rivers cut; below it slopes "
     "stay smooth and only creep",
     true, "m²"},
    {"lakeFill", &RiversParams::lakeFill, 0.0f, 1.0f,
     "Lakes: 0 cuts each closed basin's outlet through its sill (dendritic valleys); 1 fills lakes to the "
     "brim (flat lake beds); between, a share of each"},
    {"maxSlope", &RiversParams::maxSlope, 10.0f, 89.0f,
     "Steepest slope in degrees that ground holds over 30 m (a little steeper over finer cells): where "
     "rivers cut faster, their walls slide in after them (a talus angle for bedrock)",
     false, "°"},
    {"age", &RiversParams::age, 0.0f, 2e7f,
     "Age in years: how long rivers have worked on the land, from lightly eroded (a few 100,000) to a "
     "fully formed range (a few million). Spent at the coarsest level, so an old range costs little more",
     true, "yr"},
    {"detailSteps", &RiversParams::detailSteps, 0.0f, 100.0f,
     "Steps at each finer level: how deep each level's own generation of small valleys cuts into the "
     "slopes the level below left",
     false, "steps"},
}};

}  // namespace

const std::array<ParamField<RiversParams>, 12>& riversParamFields() {
  return kFields;
}
std::vector<ParamInfo> riversParamInfo() {
  return paramInfos(kFields);
}

std::vector<ModelPreset> riversPresets() {
  RiversParams hills;  // old, worn ranges: soil creep wins, valleys wide apart and soft
  hills.erodibility = 2e-6f;
  hills.uplift = 0.1f;
  hills.diffusion = 0.05f;
  hills.channelHead = 8e4f;
  hills.maxSlope = 35.0f;
  RiversParams badlands;  // soft rock, little soil: dense gullies to the ridge tops
  badlands.erodibility = 1e-5f;
  badlands.concavity = 0.5f;
  badlands.diffusion = 0.0005f;
  badlands.channelHead = 4e3f;
  // 50 degrees over the badlands preset's 15 m cells, as before maxSlope was an angle over 30 m.
  badlands.maxSlope = 47.5f;
  RiversParams lakes;  // every closed basin kept as a lake, filled to the brim
  lakes.lakeFill = 1.0f;
  return {
      {"mountains", "young ranges: sharp ridges, V-shaped valleys (the defaults)",
       valuesOf(kFields, RiversParams{})},
      {"hills", "old worn hills: rounded tops, wide soft valleys", valuesOf(kFields, hills)},
      {"badlands", "soft rock: dense branching gullies up to the ridges", valuesOf(kFields, badlands)},
      {"lakes", "mountains whose closed basins stay lakes, filled to the brim", valuesOf(kFields, lakes)},
  };
}

}  // namespace runnel
