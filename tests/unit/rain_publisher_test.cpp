// Handing the painted rain map to another thread: a published copy equals the painted map and never
// changes while held, released copies are recycled (no whole copy per stroke), and a reader thread sampling
// published copies while the painter goes on is race-free (this suite runs under TSan).
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include "core/rain/rain_brush.h"
#include "core/rain/rain_publisher.h"
#include "core/rain/rain_springs.h"

namespace runnel {
namespace {

std::vector<uint16_t> levelsOf(const RainMap& rain) {
  return {rain.levels(), rain.levels() + size_t(rain.width()) * size_t(rain.height())};
}

// A stroke across the map, marked on the publisher.
void stroke(RainMap& rain, RainPublisher& publisher, float x0, float y0, float x1, float y1, bool erase) {
  RainStroke s(RainBrush{7.0f, 0.6f, 0.5f, 1.0f}, erase);
  CellRect r = s.moveTo(rain, x0, y0);
  r.include(s.moveTo(rain, x1, y1));
  publisher.markChanged(r.y0, r.y1);
}

TEST(RainPublisher, CopiesEqualThePaintedMapAndNeverChangeWhileHeld) {
  RainMap painted(120, 90, 1.0f);
  RainPublisher publisher;
  std::shared_ptr<const RainMap> first = publisher.publish(painted);
  stroke(painted, publisher, 10, 10, 100, 20, true);
  addSpring(painted, {50.0f, 50.0f, 30.0f, 2.0f});
  std::shared_ptr<const RainMap> second = publisher.publish(painted);
  EXPECT_NE(first.get(), second.get());
  EXPECT_EQ(levelsOf(*second), levelsOf(painted));
  EXPECT_EQ(second->springs().size(), 1u);
  EXPECT_TRUE(second->samplerMatchesCells());
  EXPECT_TRUE(first->uniform());  // still what it was when published

  // Release the first: the next publish reuses it, catching up the rows painted since it was made.
  const RainMap* firstAddress = first.get();
  first.reset();
  stroke(painted, publisher, 30, 80, 60, 60, true);
  std::shared_ptr<const RainMap> third = publisher.publish(painted);
  EXPECT_EQ(third.get(), firstAddress);
  EXPECT_EQ(levelsOf(*third), levelsOf(painted));
  EXPECT_EQ(third->springs().size(), 1u);
  EXPECT_TRUE(third->samplerMatchesCells());
  EXPECT_DOUBLE_EQ(third->totalWeight(), painted.totalWeight());
  EXPECT_NE(levelsOf(*second), levelsOf(painted));  // the held one did not move
  EXPECT_EQ(publisher.fullCopies(), 2u);

  // A whole-map operation is marked as such.
  second.reset();
  blurRain(painted, 2);
  publisher.markAllChanged();
  std::shared_ptr<const RainMap> fourth = publisher.publish(painted);
  EXPECT_EQ(levelsOf(*fourth), levelsOf(painted));
  EXPECT_EQ(publisher.fullCopies(), 3u);
}

TEST(RainPublisher, ManyStrokesNeedOnlyAFewWholeCopies) {
  RainMap painted(256, 256, 0.5f);
  RainPublisher publisher;
  std::shared_ptr<const RainMap> held = publisher.publish(painted);
  for (int i = 0; i < 50; ++i) {
    stroke(painted, publisher, float(i * 5), 20.0f + float(i), float(i * 5 + 30), 40.0f, i % 2 == 1);
    std::shared_ptr<const RainMap> next = publisher.publish(painted);
    held = std::move(next);  // the consumer drops the older copy once it has the newer one
    ASSERT_EQ(levelsOf(*held), levelsOf(painted)) << i;
  }
  EXPECT_LE(publisher.fullCopies(), 2u);
  EXPECT_LT(publisher.rowsCopied(), 50u * 40u);
}

TEST(RainPublisher, CopiesOutliveThePublisher) {
  std::shared_ptr<const RainMap> kept;
  {
    RainMap painted(16, 16, 0.25f);
    RainPublisher publisher;
    kept = publisher.publish(painted);
  }
  EXPECT_NEAR(kept->density(3, 3), 0.25f, 1e-4f);
}

// A stand-in for the worker's command queue: the painter hands copies over under a mutex and the reader
// takes the newest, samples from it and checks it is whole.
TEST(RainPublisherThreaded, ReaderSamplesPublishedCopiesWhilePaintingGoesOn) {
  RainMap painted(200, 150, 1.0f);
  RainPublisher publisher;
  std::mutex slotMutex;
  std::shared_ptr<const RainMap> slot = publisher.publish(painted);
  std::atomic<bool> done{false};
  std::atomic<int> reads{0}, bad{0};
  std::thread reader([&] {
    std::shared_ptr<const RainMap> mine;
    uint64_t index = 0;
    while (!done.load()) {
      {
        std::lock_guard<std::mutex> lock(slotMutex);
        mine = slot;
      }
      for (int k = 0; k < 200; ++k) {
        DropletRandom r(1, index++);
        const StartCell c = mine->sample(r);
        if (mine->density(c.x, c.y) <= 0.0f) ++bad;
      }
      if (!mine->samplerMatchesCells()) ++bad;
      ++reads;
    }
  });
  for (int i = 0; i < 200 || reads.load() < 20; ++i) {
    const float y = float((i * 37) % 150);
    stroke(painted, publisher, float((i * 53) % 200), y, float((i * 29) % 200), 150.0f - y, i % 3 == 0);
    if (i % 10 == 0) publisher.markAllChanged();
    std::shared_ptr<const RainMap> next = publisher.publish(painted);
    std::lock_guard<std::mutex> lock(slotMutex);
    slot = std::move(next);
    if (i > 5000) break;
  }
  done = true;
  reader.join();
  EXPECT_EQ(bad.load(), 0);
  EXPECT_GE(reads.load(), 20);
}

}  // namespace
}  // namespace runnel
