// The optimised droplet loop (core/models/droplet/droplet_kernel.cpp) against a plain transcription of the
// article's genDropletErosion, written here independently and kept deliberately naive: every cell through one
// edge-aware accessor, the brush cell by cell with the article's `continue`, the bookkeeping with its branch.
// The two must give bit-identical terrains and identical counts, in both modes and on both edges.
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "core/base/random.h"
#include "core/generate/generators.h"
#include "core/models/droplet/droplet_model.h"

namespace runnel {
namespace {

// An fBm terrain from the generator, `relief` units high, tileable so wrapping maps have no seam.
Heightmap fbm(int w, int h, float relief, uint64_t seed) {
  GeneratorSettings g;
  g.kind = GeneratorKind::Fbm;
  g.width = w, g.height = h;
  g.relief = relief;
  g.seed = seed;
  g.tileable = true;
  return generate(g);
}

struct Reference {
  Terrain& t;
  DropletSettings s;
  int W, H;
  float base = 0;  // open edges: the lowest height when the run starts
  double lost = 0;
  uint64_t steps = 0, longPaths = 0, randomDirs = 0;

  bool on(int x, int z) const { return x >= 0 && z >= 0 && x < W && z < H; }
  int wrapX(int x) const { return ((x % W) + W) % W; }
  int wrapZ(int z) const { return ((z % H) + H) % H; }
  // Reads: wrapped, or clamped to the border on an open map.
  float HMAP(int x, int z) const {
    if (s.edges == Edges::Wrap) return t.height.at(wrapX(x), wrapZ(z));
    return t.height.at(std::clamp(x, 0, W - 1), std::clamp(z, 0, H - 1));
  }
  // Writes: wrapped, or nothing off an open map.
  bool cell(int x, int z, int& cx, int& cz) const {
    if (s.edges == Edges::Wrap) {
      cx = wrapX(x), cz = wrapZ(z);
      return true;
    }
    cx = x, cz = z;
    return on(x, z);
  }

  void depositAt(int xi, int zi, float xf, float zf, float ds) {
    const int xs[4] = {xi, xi + 1, xi, xi + 1}, zs[4] = {zi, zi, zi + 1, zi + 1};
    const float ws[4] = {(1 - xf) * (1 - zf), xf * (1 - zf), (1 - xf) * zf, xf * zf};
    bool all = true;
    float inside = 0;
    for (int c = 0; c < 4; ++c) {
      int cx, cz;
      if (cell(xs[c], zs[c], cx, cz))
        inside += ws[c];
      else
        all = false;
    }
    for (int c = 0; c < 4; ++c) {
      int cx, cz;
      if (!cell(xs[c], zs[c], cx, cz)) continue;
      const float W_ = (s.mode == DropletMode::Conserving && !all) ? ws[c] * (1 / inside) : ws[c];
      const float delta = ds * W_;
      t.deposited.at(cx, cz) += delta;
      t.height.at(cx, cz) += delta;
    }
  }

  // Returns what the floor held back (open edges: no cell is cut below the base level).
  float erodeAt(int xi, int zi, float xp, float zp, float ds, float floor) {
    float wt[4][4] = {};
    for (int z = zi - 1; z <= zi + 2; ++z) {
      const float zo = z - zp;
      const float zo2 = zo * zo;
      for (int x = xi - 1; x <= xi + 2; ++x) {
        const float xo = x - xp;
        float w = 1 - (xo * xo + zo2) * 0.25f;
        if (w <= 0) continue;
        int cx, cz;
        if (!cell(x, z, cx, cz)) continue;
        wt[z - zi + 1][x - xi + 1] = w * 0.1591549430918953f;
      }
    }
    float scale = ds;
    if (s.mode == DropletMode::Conserving) {
      float col[4];
      for (int i = 0; i < 4; ++i) col[i] = (wt[0][i] + wt[1][i]) + (wt[2][i] + wt[3][i]);
      scale = ds / ((col[0] + col[2]) + (col[1] + col[3]));
    }
    float held[4][4] = {};
    for (int z = zi - 1; z <= zi + 2; ++z)
      for (int x = xi - 1; x <= xi + 2; ++x) {
        const float w = wt[z - zi + 1][x - xi + 1];
        if (w <= 0) continue;
        int cx, cz;
        cell(x, z, cx, cz);
        const float delta = std::min(w * scale, std::max(t.height.at(cx, cz) - floor, 0.0f));
        held[z - zi + 1][x - xi + 1] = w * scale - delta;
        t.height.at(cx, cz) -= delta;
        float r = t.eroded.at(cx, cz), d = t.deposited.at(cx, cz);
        if (delta <= d)
          d -= delta;
        else {
          r += delta - d;
          d = 0;
        }
        t.eroded.at(cx, cz) = r;
        t.deposited.at(cx, cz) = d;
      }
    float col[4];
    for (int i = 0; i < 4; ++i) col[i] = (held[0][i] + held[1][i]) + (held[2][i] + held[3][i]);
    return (col[0] + col[2]) + (col[1] + col[3]);
  }

  void droplet(uint64_t index) {
    const DropletParams& p = s.params;
    const float Kq = p.Kq, Kw = p.Kw, Kr = p.Kr, Kd = p.Kd, Ki = p.Ki, minSlope = p.minSlope, Kg = p.g * 2;
    const unsigned MAX_PATH_LEN = unsigned(s.pathLimitFactor) * unsigned(std::max(W, H));
    DropletRandom rng(s.seed, index);
    int xi = int(rng.below(uint32_t(W)));
    int zi = int(rng.below(uint32_t(H)));
    float xp = xi, zp = zi;
    float xf = 0, zf = 0;
    float h = HMAP(xi, zi);
    float sed = 0, v = 0, w = 1;
    float h00 = h, h10 = HMAP(xi + 1, zi), h01 = HMAP(xi, zi + 1), h11 = HMAP(xi + 1, zi + 1);
    float dx = 0, dz = 0;
    unsigned numMoves = 0;
    for (; numMoves < MAX_PATH_LEN; ++numMoves) {
      float gx = h00 + h01 - h10 - h11;
      float gz = h00 + h10 - h01 - h11;
      dx = (dx - gx) * Ki + gx;
      dz = (dz - gz) * Ki + gz;
      float dl = sqrtf(dx * dx + dz * dz);
      if (dl <= FLT_EPSILON) {
        float a = rng.uniform() * 6.28318530718f;
        dx = cosf(a);
        dz = sinf(a);
        ++randomDirs;
      } else {
        dx /= dl;
        dz /= dl;
      }
      float nxp = xp + dx;
      float nzp = zp + dz;
      if (s.edges == Edges::Wrap) {  // Runnel keeps the position on the map
        if (nxp < 0) nxp += W;
        if (nxp >= W) nxp -= W;
        if (nzp < 0) nzp += H;
        if (nzp >= H) nzp -= H;
      }
      int nxi = int(std::floor(nxp));
      int nzi = int(std::floor(nzp));
      if (s.edges == Edges::Clamp && (nxi < 0 || nzi < 0 || nxi > W - 2 || nzi > H - 2)) break;
      float nxf = nxp - nxi;
      float nzf = nzp - nzi;
      float nh00 = HMAP(nxi, nzi), nh10 = HMAP(nxi + 1, nzi), nh01 = HMAP(nxi, nzi + 1),
            nh11 = HMAP(nxi + 1, nzi + 1);
      float nh = (nh00 * (1 - nxf) + nh10 * nxf) * (1 - nzf) + (nh01 * (1 - nxf) + nh11 * nxf) * nzf;
      if (nh >= h) {
        float ds = (nh - h) + 0.001f;
        if (ds >= sed) {
          ds = sed;
          depositAt(xi, zi, xf, zf, ds);
          h += ds;
          sed = 0;
          break;
        }
        depositAt(xi, zi, xf, zf, ds);
        h += ds;
        sed -= ds;
        v = 0;
      }
      float dh = h - nh;
      float slope = dh;
      float q = std::max(slope, minSlope) * v * w * Kq;
      float ds = sed - q;
      if (ds >= 0) {
        ds *= Kd;
        depositAt(xi, zi, xf, zf, ds);
        dh += ds;
        sed -= ds;
      } else {
        ds *= -Kr;
        // Runnel's open edges drain to a base level (the article has none; on wrapping maps this is dh).
        const float floor = s.edges == Edges::Clamp ? std::max(nh, base) : nh;
        ds = std::min(ds, std::max(h - floor, 0.0f) * 0.99f);
        ds -= erodeAt(xi, zi, xp, zp, ds, s.edges == Edges::Clamp ? base : -INFINITY);
        dh -= ds;
        sed += ds;
      }
      v = sqrtf(std::max(v * v + Kg * dh, 0.0f));
      w *= 1 - Kw;
      xp = nxp, zp = nzp;
      xi = nxi, zi = nzi;
      xf = nxf, zf = nzf;
      h = nh;
      h00 = nh00, h10 = nh10, h01 = nh01, h11 = nh11;
    }
    if (numMoves >= MAX_PATH_LEN) {
      ++longPaths;
      if (s.mode == DropletMode::Conserving) {
        depositAt(xi, zi, xf, zf, sed);
        sed = 0;
      }
    }
    lost += sed;
    steps += numMoves;
  }
};

struct Case {
  DropletMode mode;
  Edges edges;
  int w, h;
  float relief;
};

class DropletReference : public ::testing::TestWithParam<Case> {};

TEST_P(DropletReference, KernelMatchesPlainTranscriptionBitForBit) {
  const Case c = GetParam();
  DropletSettings s;
  s.mode = c.mode;
  s.edges = c.edges;
  s.seed = 7;
  s.order = DropletOrder::Sequential;  // the kernel itself, droplet after droplet
  // The droplets' own arithmetic: no slides between them (the angles of repose have their own tests).
  s.params.sedimentAngle = s.params.rockAngle = 90.0f;
  Terrain fast(fbm(c.w, c.h, c.relief, 3));
  Terrain plain = fast;

  DropletModel model(s);
  ErosionStats stats;
  const uint64_t n = 3000;
  model.run(fast, nullptr, 0, n, stats);

  Reference ref{plain, s, c.w, c.h};
  float hi;
  plain.height.minMax(ref.base, hi);
  for (uint64_t i = 0; i < n; ++i) ref.droplet(i);

  EXPECT_EQ(stats.steps, ref.steps);
  EXPECT_EQ(stats.longPaths, ref.longPaths);
  EXPECT_EQ(stats.randomDirs, ref.randomDirs);
  EXPECT_NEAR(stats.lost, ref.lost, 1e-9 * (1 + ref.lost));
  EXPECT_GT(stats.steps, c.w > 8 ? n * 5 : n / 4);  // the droplets really ran
  EXPECT_TRUE(fast.height == plain.height);
  EXPECT_TRUE(fast.eroded == plain.eroded);
  EXPECT_TRUE(fast.deposited == plain.deposited);
}

INSTANTIATE_TEST_SUITE_P(ModesEdgesSizes, DropletReference,
                         ::testing::Values(Case{DropletMode::Classic, Edges::Wrap, 64, 64, 16},
                                           Case{DropletMode::Conserving, Edges::Wrap, 64, 64, 16},
                                           Case{DropletMode::Classic, Edges::Clamp, 64, 64, 16},
                                           Case{DropletMode::Conserving, Edges::Clamp, 64, 64, 16},
                                           Case{DropletMode::Conserving, Edges::Wrap, 45, 37, 12},
                                           Case{DropletMode::Classic, Edges::Clamp, 45, 37, 12},
                                           Case{DropletMode::Conserving, Edges::Clamp, 37, 45, 12},
                                           Case{DropletMode::Classic, Edges::Wrap, 3, 5, 1},
                                           Case{DropletMode::Conserving, Edges::Wrap, 2, 2, 1}),
                         [](const ::testing::TestParamInfo<Case>& i) {
                           return std::string(toString(i.param.mode)) + "_" + toString(i.param.edges) + "_" +
                                  std::to_string(i.param.w) + "x" + std::to_string(i.param.h);
                         });

}  // namespace
}  // namespace runnel
