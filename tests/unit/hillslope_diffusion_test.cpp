// Creep (hillslope diffusion): the substeps of a sweep give the bytes of one substep at a time.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/base/huge_pages.h"
#include "core/base/random.h"
#include "core/models/rivers/hillslope_diffusion.h"

namespace runnel {
namespace {

// Creep's substeps, two a sweep through memory, give the bytes of one substep at a time (written out
// here: the nine-point stencil, rates capped at substeps x 0.25, border kept), for an even and an odd
// number of substeps, on one thread and on three.
TEST(Creep, TwoSubstepsASweepGiveTheBytesOfOneAtATime) {
  const int w = 37, hgt = 23;
  std::vector<float> start(size_t(w) * hgt), rate(start.size());
  for (size_t i = 0; i < start.size(); ++i) {
    DropletRandom r(5, i);
    start[i] = 100.0f * r.uniform();
    rate[i] = i % 7 == 0 ? 0.0f : r.uniform();
  }
  for (const float fastest : {1.0f, 0.75f}) {  // 4 substeps, 3 substeps
    rate[40] = fastest;
    for (float& v : rate) v = std::min(v, fastest);
    const int substeps = int(std::ceil(fastest / 0.25f));
    const float cap = float(substeps) * 0.25f, share = 1.0f / (6.0f * float(substeps));
    std::vector<float> expected = start, next = start;
    for (int s = 0; s < substeps; ++s) {
      for (int y = 1; y < hgt - 1; ++y)
        for (int x = 1; x < w - 1; ++x) {
          auto at = [&](int dx, int dy) { return expected[size_t(y + dy) * w + size_t(x + dx)]; };
          const float lap = 4.0f * ((at(0, -1) + at(0, 1)) + (at(-1, 0) + at(1, 0))) +
                            ((at(-1, -1) + at(1, -1)) + (at(-1, 1) + at(1, 1))) - 20.0f * at(0, 0);
          const float r = rate[size_t(y) * w + size_t(x)];
          next[size_t(y) * w + size_t(x)] = r > 0.0f ? at(0, 0) + std::min(r, cap) * share * lap : at(0, 0);
        }
      expected = next;
    }
    for (const int threads : {1, 3}) {
      std::vector<float> h = start;
      MapVector<float> scratch;
      rivers::diffuse(h.data(), rate.data(), w, hgt, threads, scratch);
      EXPECT_EQ(0, std::memcmp(h.data(), expected.data(), h.size() * sizeof(float)))
          << substeps << " substeps on " << threads << " threads";
    }
  }
}

}  // namespace
}  // namespace runnel
