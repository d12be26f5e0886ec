// A tileable map is told from any other by its heights alone, so a file from anywhere erodes with the edges
// it was made for (wrap for a tileable map, open otherwise).
#include "core/terrain/seamless_edges.h"

#include <gtest/gtest.h>

#include "core/generate/generators.h"

namespace runnel {
namespace {

TEST(SeamlessEdges, EveryGeneratorsTileableMapWrapsAndItsPlainMapDoesNot) {
  for (GeneratorKind kind : {GeneratorKind::Fbm, GeneratorKind::Ridged, GeneratorKind::Fault})
    for (uint64_t seed : {1, 2, 3}) {
      GeneratorSettings s;
      s.kind = kind;
      s.width = 128;
      s.height = 96;
      s.seed = seed;
      EXPECT_FALSE(wrapsSeamlessly(generate(s))) << toString(kind) << " seed " << seed;
      s.tileable = true;
      EXPECT_TRUE(wrapsSeamlessly(generate(s))) << toString(kind) << " seed " << seed << " tileable";
    }
}

TEST(SeamlessEdges, AMapSeamlessOneWayOnlyOrFlatOrTinyIsNotTileable) {
  Heightmap ramp(64, 64);  // rises northwards: seamless east-west, a cliff north-south
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x) ramp.at(x, y) = float(y) + 0.1f * float((x * 7) % 5);
  EXPECT_FALSE(wrapsSeamlessly(ramp));
  EXPECT_FALSE(wrapsSeamlessly(Heightmap(64, 64)));
  EXPECT_FALSE(wrapsSeamlessly(Heightmap(4, 4)));
}

}  // namespace
}  // namespace runnel
