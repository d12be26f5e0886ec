// Counter-based random numbers: a droplet's numbers come from (seed, droplet index) alone, so a run split
// into batches or threads draws the same numbers for the same droplet.
#pragma once
#include <cstdint>

namespace runnel {

inline uint64_t splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// A small generator seeded from (seed, index). Fast enough to draw inside the droplet loop.
class DropletRandom {
 public:
  DropletRandom(uint64_t seed, uint64_t index) : state_(splitmix64(seed ^ splitmix64(index))) {}
  uint64_t next() {
    state_ += 0x9E3779B97F4A7C15ull;
    return splitmix64(state_);
  }
  // Uniform in [0, 1).
  float uniform() { return float(next() >> 40) * (1.0f / 16777216.0f); }
  double uniformDouble() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
  // Uniform integer in [0, n).
  uint32_t below(uint32_t n) { return uint32_t((uint64_t(uint32_t(next() >> 32)) * n) >> 32); }

 private:
  uint64_t state_;
};

}  // namespace runnel
