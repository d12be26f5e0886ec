// The droplet loop's two instruction sets (droplet_kernel.h: DropletCpu): the AVX2 path must give the same
// terrain and stats to the bit as the baseline SSE2 path, in both modes, on wrapping and open maps (where
// the brush's floor is on), sequential and tiled.
#include <gtest/gtest.h>
#include <algorithm>

#include "core/generate/generators.h"
#include "core/models/droplet/droplet_kernel.h"
#include "core/models/droplet/droplet_model.h"

namespace runnel {
namespace {

struct CpuReset {
  ~CpuReset() { setDropletCpu(DropletCpu::Auto); }
};

Terrain eroded(DropletCpu cpu, DropletMode mode, Edges edges, DropletOrder order, ErosionStats& stats) {
  setDropletCpu(cpu);
  GeneratorSettings g;
  g.width = 160, g.height = 128, g.seed = 21;
  g.relief = float(std::max(g.width, g.height)) / 4.0f;  // in cells: the droplet model's classic setting
  Terrain t(generate(g));
  DropletSettings s;
  s.mode = mode;
  s.edges = edges;
  s.order = order;
  s.threads = 1;
  s.seed = 5;
  DropletModel model(s);
  model.run(t, nullptr, 0, 6000, stats);
  return t;
}

TEST(DropletCpu, Avx2GivesTheBaselinesTerrainToTheBit) {
  CpuReset reset;
  setDropletCpu(DropletCpu::Avx2);
  if (dropletCpu() != DropletCpu::Avx2) GTEST_SKIP() << "this CPU has no AVX2";
  setDropletCpu(DropletCpu::Baseline);
  ASSERT_EQ(dropletCpu(), DropletCpu::Baseline);

  for (DropletMode mode : {DropletMode::Conserving, DropletMode::Classic})
    for (Edges edges : {Edges::Wrap, Edges::Clamp})
      for (DropletOrder order : {DropletOrder::Sequential, DropletOrder::Tiled}) {
        SCOPED_TRACE(testing::Message()
                     << "mode " << int(mode) << " edges " << int(edges) << " order " << int(order));
        ErosionStats a, b;
        const Terrain base = eroded(DropletCpu::Baseline, mode, edges, order, a);
        const Terrain avx2 = eroded(DropletCpu::Avx2, mode, edges, order, b);
        ASSERT_GT(a.eroded, 0.0);  // the droplets did something to compare
        EXPECT_EQ(a.steps, b.steps);
        EXPECT_EQ(a.eroded, b.eroded);
        EXPECT_EQ(a.deposited, b.deposited);
        EXPECT_EQ(a.lost, b.lost);
        EXPECT_TRUE(base.height == avx2.height);
        EXPECT_TRUE(base.eroded == avx2.eroded);
        EXPECT_TRUE(base.deposited == avx2.deposited);
      }
}

}  // namespace
}  // namespace runnel
