// The Play button's estimate before the first run: a short probe of the droplets on the middle of the
// terrain, off the UI thread, answered once per model, settings and terrain.
#include "app/editor/speed_probe.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "app/editor/erosion_settings.h"
#include "core/generate/generators.h"

namespace runnel::editor {
namespace {

TEST(SpeedProbe, MeasuresTheDropletsOnceForAKeyAndNotForAnother) {
  GeneratorSettings g;
  g.width = g.height = 300;  // larger than the probe's middle
  const Heightmap land = generate(g);
  ErosionSettings settings;
  settings.common.threads = 1;
  SpeedProbe probe;
  EXPECT_FALSE(probe.rate("a").has_value());
  probe.start("a", settings.build(), land);
  EXPECT_TRUE(probe.running());
  std::optional<double> rate;
  for (int i = 0; i < 400 && !rate; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    rate = probe.rate("a");
  }
  ASSERT_TRUE(rate.has_value()) << "no answer in 4 s";
  EXPECT_GT(*rate, 100.0);  // droplets a second: any machine runs hundreds
  EXPECT_FALSE(probe.rate("b").has_value()) << "an answer for other settings";
  probe.start("a", settings.build(), land);  // the same key: kept, not measured again
  EXPECT_FALSE(probe.running());
  EXPECT_EQ(probe.rate("a"), rate);
}

}  // namespace
}  // namespace runnel::editor
