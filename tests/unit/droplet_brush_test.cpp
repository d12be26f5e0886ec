// The bell brush: the article's 16 weights (1 - r^2/4) / (2 pi) do not sum to 1; conserving mode's do.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/models/droplet/droplet_kernel.h"

namespace runnel {
namespace {

// Soil one erosion of 1 unit removes around (x, z) on a flat 16 x 16 map, and the largest single take.
struct Taken {
  double total;
  float peak;
  int peakX, peakZ;
};
Taken erodeOnce(DropletMode mode, Edges edges, float x, float z) {
  Terrain t(Heightmap(16, 16, 0.0f));  // from 0, so the height change is exact
  erodeWithBrush(viewOf(t, edges), mode, x, z, 1.0f);
  Taken r{0, 0, -1, -1};
  for (int j = 0; j < 16; ++j)
    for (int i = 0; i < 16; ++i) {
      const float d = -t.height.at(i, j);
      EXPECT_GE(d, 0.0f);
      EXPECT_FLOAT_EQ(t.eroded.at(i, j), d);  // no sediment to take first, so all of it is rock
      r.total += d;
      if (d > r.peak) r = {r.total, d, i, j};
    }
  return r;
}

TEST(DropletBrush, ClassicWeightsSumBetween0955And1035DependingOnTheOffset) {
  double lo = 2, hi = 0;
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b < 16; ++b) {
      const float x = 7 + a / 16.0f, z = 7 + b / 16.0f;
      const Taken t = erodeOnce(DropletMode::Classic, Edges::Wrap, x, z);
      lo = std::min(lo, t.total);
      hi = std::max(hi, t.total);
      // The bell peaks at the cell nearest the droplet.
      if (a == 8 || b == 8) continue;  // two cells tie
      EXPECT_EQ(t.peakX, int(x + 0.5f));
      EXPECT_EQ(t.peakZ, int(z + 0.5f));
    }
  EXPECT_GE(lo, 0.9549);  // 6 / (2 pi), at a cell centre
  EXPECT_LE(hi, 1.035);
  EXPECT_LT(lo, 0.97);  // really unnormalised, both ways
  EXPECT_GT(hi, 1.02);
  // At a cell centre (where every droplet starts) the four 2-away cells on the axes get nothing.
  const Taken c = erodeOnce(DropletMode::Classic, Edges::Wrap, 8, 8);
  EXPECT_NEAR(c.total, (1 + 4 * 0.75 + 4 * 0.5 + 0) / 6.283185307179586, 1e-6);
}

TEST(DropletBrush, ConservingWeightsSumToOneAlsoAtAnOpenEdge) {
  for (float x : {7.0f, 7.3f, 7.77f, 0.0f, 0.4f, 14.9f})
    for (float z : {7.0f, 7.5f, 0.2f, 15.0f}) {
      const Taken t = erodeOnce(DropletMode::Conserving, Edges::Clamp, x, z);
      EXPECT_NEAR(t.total, 1.0, 1e-6) << x << "," << z;
      const Taken w = erodeOnce(DropletMode::Conserving, Edges::Wrap, x, z);
      EXPECT_NEAR(w.total, 1.0, 1e-6) << x << "," << z;
    }
  // Classic at an open edge loses the cells off the map.
  EXPECT_LT(erodeOnce(DropletMode::Classic, Edges::Clamp, 0.0f, 0.0f).total, 0.7);
}

TEST(DropletBrush, ErosionTakesDepositedSedimentFirst) {
  Terrain t(Heightmap(16, 16, 10.0f));
  t.deposited.at(8, 8) = 0.05f;
  t.height.at(8, 8) = 10.05f;
  erodeWithBrush(viewOf(t, Edges::Wrap), DropletMode::Conserving, 8, 8, 1.0f);
  EXPECT_EQ(t.deposited.at(8, 8), 0.0f);
  const float took = 10.05f - t.height.at(8, 8);
  EXPECT_NEAR(t.eroded.at(8, 8), took - 0.05f, 1e-6);
  t.deposited.at(9, 8) = 1.0f;
  const float before = t.height.at(9, 8), rock = t.eroded.at(9, 8);
  erodeWithBrush(viewOf(t, Edges::Wrap), DropletMode::Conserving, 9, 8, 1.0f);
  EXPECT_EQ(t.eroded.at(9, 8), rock);  // all from the sediment
  EXPECT_NEAR(t.deposited.at(9, 8), 1.0f - (before - t.height.at(9, 8)), 1e-6);
}

}  // namespace
}  // namespace runnel
