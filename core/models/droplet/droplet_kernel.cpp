// The droplet loop of article 000. The arithmetic follows the article's code expression by expression (same
// operations in the same order), so `classic` reproduces its look; tests/unit/droplet_reference_test.cpp
// holds a plain transcription and checks this loop against it bit for bit.
//
// Speed: most steps happen away from the map's border, where the 4 x 4 brush and the 2 x 2 corners are
// plain rows of memory. There the brush runs four cells at a time (droplet_brush.h), or two rows of four
// on CPUs with AVX2 (droplet_brush_avx2.h; the whole loop is built a second time for them and picked once
// per run), with branch-free bookkeeping. Only cells whose corners or brush leave the map take the
// general path (droplet_border.cpp), which wraps or skips cells with the same arithmetic. A step that
// lands well inside the droplet's region grants the next few steps leave to skip every check; those
// "unchecked" steps run as a copy of the step of their own, with no flags, two copies in turn (so the
// state passes from one to the other without register moves). Each of the four variants (mode x edges)
// is a function of its own, so that each gets the registers to itself.
//
// Two deliberate differences from the article, in both modes: the position is wrapped into the map when it
// crosses a wrapping border (the article lets it run on and masks the index; the difference is one float
// rounding at the crossing), and a negative v^2 from rounding is taken as 0 instead of giving NaN.
#include "droplet_kernel.h"

#include <algorithm>
#include <atomic>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string_view>
#include <type_traits>

#include "core/base/simd4.h"
#include "droplet_border.h"
#include "droplet_brush.h"
#include "droplet_brush_avx2.h"

namespace runnel {

TerrainView viewOf(Terrain& t, Edges edges) {
  return {t.height.data(), t.eroded.data(), t.deposited.data(), t.width(), t.heightCells(), edges};
}

namespace {
DropletLoop pickLoop(DropletMode mode, bool floor, bool avx2);  // (below the loop it picks from)
}

// The loop computes an interior cell's index in 32 bits.
static_assert(int64_t(kMaxSide) * kMaxSide < (int64_t(1) << 31));

DropletConstants dropletConstants(const DropletSettings& s, int width, int rows, float baseLevel) {
  const DropletParams& p = s.params;
  DropletConstants k;
  k.Kq = p.Kq;
  k.minusKr = -p.Kr;
  k.Kd = p.Kd;
  k.Ki = p.Ki;
  k.minSlope = p.minSlope;
  k.Kg = p.g * 2;
  k.evaporation = 1 - p.Kw;
  k.maxPath = uint32_t(s.pathLimitFactor) * uint32_t(width > rows ? width : rows);
  k.mode = s.mode;
  k.baseLevel = s.edges == Edges::Clamp ? baseLevel : -std::numeric_limits<float>::infinity();
  k.loop = pickLoop(k.mode, std::isfinite(k.baseLevel), dropletCpu() == DropletCpu::Avx2);
  k.water.resize(size_t(k.maxPath) + 1);
  k.water[0] = 1;
  for (size_t n = 1; n < k.water.size(); ++n) k.water[n] = k.water[n - 1] * k.evaporation;
  return k;
}

using namespace droplet;

namespace {

// The bilinear weights of a position, from u = {1 - xf, xf, 1 - zf, zf}: {1 - xf, xf, 1 - xf, xf} and
// {1 - zf, 1 - zf, zf, zf}. The loop carries u alone, which leaves a register free.
RUNNEL_INLINE F4 weightsX(F4 u) {
  return u.shuffle<0, 1, 0, 1>();
}
RUNNEL_INLINE F4 weightsZ(F4 u) {
  return u.shuffle<2, 2, 3, 3>();
}

// The height and sediment maps as the loop keeps them: each with its next row (the same pointer + W).
struct Rows {
  float *hgt, *hgtBelow, *dep, *depBelow;
};

// Bilinear deposit where the droplet stands, plain where the cell's 2 x 2 corners are on the map.
template <bool kConserving>
RUNNEL_INLINE void depositHere(const TerrainView& t, const Rows& r, bool cornersIn, int64_t cell, F4 u,
                               float ds) {
  if (cornersIn)
    depositInterior<false>(r.hgt, r.hgtBelow, r.dep, r.depBelow, cell, weightsX(u), weightsZ(u), ds, 0);
  else
    depositNearBorder(t, kConserving, cell, weightsX(u), weightsZ(u), ds);
}

// (h00 (1 - xf) + h10 xf) (1 - zf) + (h01 (1 - xf) + h11 xf) zf, the article's order.
RUNNEL_INLINE float bilinear(F4 corners, F4 wx, F4 wz) {
  const F4 rows = corners * wx;
  const F4 mix = (rows + rows.shuffle<1, 1, 3, 3>()) * wz;
  return mix.lane<0>() + mix.lane<2>();
}

// sqrt(max(x, 0)), in the encoding of the path it runs on.
template <bool kAvx2>
RUNNEL_INLINE float speedOf(float x) {
  if constexpr (kAvx2)
    return squareRootAvx2(atLeastZeroAvx2(x));
  else
    return squareRoot(atLeastZero(x));
}

// Vectors hold (x, z) pairs in lanes 0 and 1 (repeated in 2 and 3), the four corner heights
// {h00, h10, h01, h11}, and the bilinear weights; every lane does the article's scalar operation.
// Runs droplet `d` from where it stands until it ends (true) or steps out of `region` (false).
// kFloor (open edges): the brush cuts no cell below the base level. kAvx2: the AVX2 brush (the caller
// must be compiled for AVX2).
template <bool kConserving, bool kFloor, bool kAvx2>
RUNNEL_INLINE bool runDropletIn(const TerrainView& t, const DropletConstants& k, const DropletRegion& region,
                                DropletState& d) {
  float* const hgt = t.height;
  float* const ero = t.eroded;
  float* const dep = t.deposited;
  const int W = t.width, H = t.rows;
  // The next row's cells, from the same index (the corners' second row needs no address arithmetic).
  float* const hgtBelow = hgt + W;
  float* const depBelow = dep + W;
  const Rows rows{hgt, hgtBelow, dep, depBelow};
  // A cell is interior when its whole 4 x 4 brush (x - 1 .. x + 2) is on the map: 1 <= x < W - 2. The
  // loop's fast path takes interior cells; in the fast area (interior cells of the region) it skips even
  // the checks.
  const int loX = std::max(region.x0, 1), hiX = std::min(region.x1, W - 2);
  const int loZ = std::max(region.z0, 1), hiZ = std::min(region.z1, H - 2);
  // The fast area's test and a checked step's room in one vector (fastRoom).
  const I4 bounds = kAvx2 ? roomBoundsAvx2(loX, loZ, hiX, hiZ) : roomBounds(loX, loZ, hiX, hiZ);
  // The step counter: a pointer to this step's water in k.water (the step index is wAt - water), moved on
  // by every step that does not stop the droplet.
  const float* const water = k.water.data();
  const float* wAt = water + d.moves;
  // A droplet moves at most one cell along each axis per step, so from a fast cell m cells away from the
  // fast area's edge the next m steps stay in it. Those of them below the path limit need no check at
  // all: they run while wAt < fastEnd.
  const float* fastEnd = wAt;
  const F4 one = F4::splat(1), Ki = F4::splat(k.Ki);

  F4 pos = F4::make(d.x, d.z, d.x, d.z);
  const int xi = floorToInt(d.x), zi = floorToInt(d.z);
  F4 u;  // {1 - xf, xf, 1 - zf, zf}
  {
    const F4 frac = pos - F4::make(float(xi), float(zi), float(xi), float(zi));
    u = F4::interleaveLow(one - frac, frac);
  }
  const unsigned interiorX = unsigned(std::max(W - 3, 0)), interiorZ = unsigned(std::max(H - 3, 0));
  bool inside = unsigned(xi) - 1u < interiorX && unsigned(zi) - 1u < interiorZ;
  // The cell's 2 x 2 corners are on the map (a wider band than the brush's): plain loads and deposits.
  const unsigned cornersX = unsigned(std::max(W - 1, 0)), cornersZ = unsigned(std::max(H - 1, 0));
  bool cornersIn = unsigned(xi) < cornersX && unsigned(zi) < cornersZ;
  int64_t cell = int64_t(zi) * W + xi;
  F4 corners = F4::load(d.corners);
  float h = d.h;
  float s = d.s, v = d.v;  // (its water w is water[step index])
  F4 dir = F4::make(d.dx, d.dz, d.dx, d.dz);
  double eroded = d.eroded;  // what this droplet took; all of it is laid down again except what it loses
  uint32_t randomDirs = d.randomDirs;
  DropletRandom rng = d.rng;
  // The path limit, as the water of the step index that may not run; leaving the region ends the loop
  // after the step that does it (the limit drops to that step + 1).
  const float* limitAt = water + k.maxPath;
  bool leaving = false;

  // One step; true when the droplet stops in it. kFast: an unchecked step, whose cell and next cell are
  // both in the fast area. The loop below runs the two as separate copies, so the fast one carries no
  // flags and no checks.
  const auto step = [&](auto fastTag) __attribute__((always_inline))->bool {
    constexpr bool kFast = decltype(fastTag)::value;
    const bool here = kFast || inside;            // the brush's 4 x 4 cells around this cell are on the map
    const bool cornersHere = kFast || cornersIn;  // its 2 x 2 corners are
    // Gradient from the cell's four corners: gx = h00 + h01 - h10 - h11, gz = h00 + h10 - h01 - h11.
    const F4 g =
        ((corners.shuffle<0, 0, 0, 0>() + corners.shuffle<2, 1, 2, 1>()) - corners.shuffle<1, 2, 1, 2>()) -
        corners.shuffle<3, 3, 3, 3>();
    dir = (dir - g) * Ki + g;  // inertia
    F4 length;                 // in every lane
    if constexpr (kAvx2) {
      length = lengthAvx2(dir);
    } else {
      const F4 dir2 = dir * dir;
      length = F4::splat(squareRoot(dir2.lane<0>() + dir2.lane<1>()));
    }
    if (!(length.lane<0>() > FLT_EPSILON)) {  // (NaN too; written so, it compares with FLT_EPSILON in memory)
      const float a = rng.uniform() * 6.28318530718f;
      const float dx = std::cos(a), dz = std::sin(a);
      dir = F4::make(dx, dz, dx, dz);
      ++randomDirs;
    } else {
      dir = dir / length;
    }

    // Next position and its height. Truncation is floor for the interior (x >= 1); a position that
    // truncates wrongly (-1 < x < 0) is outside the interior and floored properly near the border.
    // nextInside: the brush's 4 x 4 cells are on the map; nextCornersIn: the 2 x 2 corners are.
    pos = pos + dir;
    const I4 cellOf = pos.truncate();
    const int nxi = cellOf.lane<0>(), nzi = cellOf.lane<1>();
    bool nextInside = kFast, nextCornersIn = kFast;
    if (!kFast) {
      const int room = kAvx2 ? fastRoomAvx2(cellOf, bounds) : fastRoom(cellOf, bounds);
      if (room >= 0) {  // in the fast area
        nextInside = nextCornersIn = true;
        // the next steps, up to the room and below the limit
        fastEnd = wAt + 1 + std::min(unsigned(room), unsigned(limitAt - wAt) - 1u);
      } else if (pos.lane<0>() >= 0 && pos.lane<1>() >= 0 && unsigned(nxi) < cornersX &&
                 unsigned(nzi) < cornersZ) {
        // On the map but outside the region's fast area (truncation is floor here, as x >= 0): plain
        // loads, the brush's fast path where its 4 x 4 cells are on the map, and a check whether the step
        // leaves the region (most steps near a tile's edge do not).
        nextCornersIn = true;
        nextInside = unsigned(nxi) - 1u < interiorX && unsigned(nzi) - 1u < interiorZ;
        if (nxi < region.x0 || nxi >= region.x1 || nzi < region.z0 || nzi >= region.z1) {
          leaving = true;
          limitAt = wAt + 1;
        }
      }
    }
    F4 nfrac;
    int64_t ncell;
    if (nextCornersIn) {
      nfrac = pos - F4::fromInt(cellOf);
      // In 32 bits (0 <= nxi, nzi here, and a map holds fewer than 2^31 cells): no sign extensions.
      ncell = int64_t(uint32_t(nzi) * uint32_t(W) + uint32_t(nxi));
      corners = F4::loadPairs(hgt + ncell, hgtBelow + ncell);  // the gradient is done with the old ones
    } else {
      const NextCell n = nextNearBorder(t, pos);
      if (!n.onMap) return true;
      pos = n.pos, nfrac = n.frac, corners = n.corners, ncell = n.cell;
      const int cx = n.x, cz = n.z;
      if (cx < region.x0 || cx >= region.x1 || cz < region.z0 || cz >= region.z1) {
        leaving = true;
        limitAt = wAt + 1;
      }
    }
    // {1 - nxf, nxf, 1 - nzf, nzf}
    const F4 nu = F4::interleaveLow(one - nfrac, nfrac);
    float nh;
    if constexpr (kAvx2)
      nh = bilinearAvx2(corners, weightsX(nu), nu);
    else
      nh = bilinear(corners, weightsX(nu), weightsZ(nu));

    if (nh >= h) {
      // The pit rule: fill up to the next height and go on from rest, or drop everything and stop.
      const float fill = (nh - h) + 0.001f;
      if (fill >= s) {
        depositHere<kConserving>(t, rows, cornersHere, cell, u, s);
        s = 0;
        return true;
      }
      h += fill;
      s -= fill;
      // From rest the capacity is 0, so Kd of the remaining load is dropped too, in the same step and
      // at the same place (the article does both); one pass over the corners does the two deposits.
      const float ds = s * k.Kd;
      if (cornersHere)
        depositInterior<true>(hgt, hgtBelow, dep, depBelow, cell, weightsX(u), weightsZ(u), fill, ds);
      else
        depositHere<kConserving>(t, rows, false, cell, u, fill),
            depositHere<kConserving>(t, rows, false, cell, u, ds);
      const float dh = (h - nh) + ds;  // the article's DEPOSIT(dh)
      s -= ds;
      v = speedOf<kAvx2>(k.Kg * dh);  // v * v + Kg dh with v = 0 (0 + x is x)
    } else {
      float dh = h - nh;
      const float q = (dh > k.minSlope ? dh : k.minSlope) * v * *wAt * k.Kq;
      float ds = s - q;
      if (s >= q) {  // ds >= 0 (x - y is 0 only when x == y)
        ds *= k.Kd;
        depositHere<kConserving>(t, rows, cornersHere, cell, u, ds);
        dh += ds;  // the article's DEPOSIT(dh)
        s -= ds;
      } else {
        ds *= k.minusKr;
        // Never more than the drop to the next position (the article's dh * 0.99), nor below the base level
        // on open edges.
        float most = dh * 0.99f;
        if constexpr (kFloor) {
          const float floor = nh > k.baseLevel ? nh : k.baseLevel;
          most = (h > floor ? h - floor : 0.0f) * 0.99f;
        }
        ds = ds < most ? ds : most;
        // The brush spreads ds over 4 x 4 cells; on open edges it cuts none below the base level, and the
        // droplet takes only what the brush took.
        if (here) {
          if constexpr (kAvx2)
            ds -= erodeInteriorAvx2<kConserving, kFloor>(hgt, ero, dep, W, cell - W - 1, u.lane<1>(),
                                                         u.lane<3>(), ds, k.baseLevel);
          else
            ds -= erodeInterior<kConserving, kFloor>(hgt, ero, dep, W, cell - W - 1, F4::broadcast<1>(u),
                                                     F4::broadcast<3>(u), ds, k.baseLevel);
        } else {
          ds -= erodeNearBorder(t, kConserving, int(cell % W), int(cell / W), u.lane<1>(), u.lane<3>(), ds,
                                k.baseLevel);
        }
        eroded += ds;
        dh -= ds;
        s += ds;
      }
      v = speedOf<kAvx2>(v * v + k.Kg * dh);
    }
    ++wAt;  // (w *= evaporation)

    // Move on, carrying the next cell's heights as read before this step's changes (as the article does).
    cell = ncell;
    u = nu;
    h = nh;
    if (!kFast) {
      inside = nextInside;  // (unchecked steps keep both: their cells are all inside)
      cornersIn = nextCornersIn;
    }
    return false;
  };

  // The unchecked steps as a loop of their own, which the register allocator favours, two at a time so
  // that the two copies can hand the state over without moving it between registers.
  for (bool stopped = false; !stopped;) {
    while (fastEnd - wAt >= 2 && !stopped) {
      if ((stopped = step(std::true_type{}))) break;
      stopped = step(std::true_type{});
    }
    if (fastEnd - wAt == 1 && !stopped) stopped = step(std::true_type{});
    if (!stopped) stopped = wAt >= limitAt || step(std::false_type{});
  }

  const uint32_t moves = uint32_t(wAt - water);
  d.s = s;
  d.moves = moves;
  d.randomDirs = randomDirs;
  d.eroded = eroded;
  d.rng = rng;
  if (leaving && wAt == limitAt) {  // (not when a pit stopped it in the step that left)
    d.x = pos.lane<0>(), d.z = pos.lane<1>();
    d.dx = dir.lane<0>(), d.dz = dir.lane<1>();
    corners.store(d.corners);
    readCorners(t, floorToInt(d.x), floorToInt(d.z), d.ground[0], d.ground[1], d.ground[2], d.ground[3]);
    d.h = h;
    d.v = v, d.w = *wAt;
    return false;
  }
  if (moves >= k.maxPath) {
    d.longPath = true;
    if (kConserving) {
      depositHere<kConserving>(t, rows, cornersIn, cell, u, s);  // drop the load where the path is cut
      d.s = 0;
    }
  }
  return true;
}

}  // namespace

void erodeWithBrush(const TerrainView& t, DropletMode mode, float xp, float zp, float ds) {
  const int xi = floorToInt(xp), zi = floorToInt(zp);
  const bool conserving = mode == DropletMode::Conserving;
  if (t.width > 3 && t.rows > 3 && unsigned(xi) - 1u < unsigned(t.width - 3) &&
      unsigned(zi) - 1u < unsigned(t.rows - 3)) {
    const float xf = xp - float(xi), zf = zp - float(zi);
    const int64_t first = int64_t(zi - 1) * t.width + (xi - 1);
    if (conserving)
      erodeInterior<true>(t.height, t.eroded, t.deposited, t.width, first, F4::splat(xf), F4::splat(zf), ds);
    else
      erodeInterior<false>(t.height, t.eroded, t.deposited, t.width, first, F4::splat(xf), F4::splat(zf), ds);
  } else {
    erodeNearBorder(t, conserving, xi, zi, xp - float(xi), zp - float(zi), ds,
                    -std::numeric_limits<float>::infinity());
  }
}

DropletState startDroplet(const TerrainView& t, int x, int z, const DropletRandom& rng) {
  DropletState d;
  d.x = float(x), d.z = float(z);
  readCorners(t, x, z, d.corners[0], d.corners[1], d.corners[2], d.corners[3]);
  d.h = d.corners[0];
  d.rng = rng;
  return d;
}

void refreshDroplet(const TerrainView& t, DropletState& d) {
  const int xi = floorToInt(d.x), zi = floorToInt(d.z);
  float now[4];
  readCorners(t, xi, zi, now[0], now[1], now[2], now[3]);
  for (int c = 0; c < 4; ++c) d.corners[c] += now[c] - d.ground[c];
  const F4 frac = F4::make(d.x, d.z, d.x, d.z) - F4::make(float(xi), float(zi), float(xi), float(zi));
  const F4 u = F4::interleaveLow(F4::splat(1) - frac, frac);
  d.h = bilinear(F4::load(d.corners), u.shuffle<0, 1, 0, 1>(), u.shuffle<2, 2, 3, 3>());
}

namespace {

template <bool kConserving, bool kFloor>
__attribute__((noinline)) bool loopBaseline(const TerrainView& t, const DropletConstants& k,
                                            const DropletRegion& region, DropletState& d) {
  return runDropletIn<kConserving, kFloor, false>(t, k, region, d);
}

#ifdef RUNNEL_HAS_AVX2_PATH
// The same loop compiled for AVX2 (VEX encoding, the two-row brush). flatten pulls the AVX2 helpers in
// (with the inline limit core/CMakeLists.txt raises for this file: the brush is inlined four times).
template <bool kConserving, bool kFloor>
__attribute__((target("avx2"), flatten, noinline)) bool loopAvx2(const TerrainView& t,
                                                                 const DropletConstants& k,
                                                                 const DropletRegion& region,
                                                                 DropletState& d) {
  return runDropletIn<kConserving, kFloor, true>(t, k, region, d);
}
#endif

std::atomic<DropletCpu> gCpu{DropletCpu::Auto};

bool hasAvx2() {
#ifdef RUNNEL_HAS_AVX2_PATH
  static const bool has = __builtin_cpu_supports("avx2");
  return has;
#else
  return false;
#endif
}

}  // namespace

void setDropletCpu(DropletCpu cpu) {
  gCpu.store(cpu, std::memory_order_relaxed);
}

DropletCpu dropletCpu() {
  // RUNNEL_DROPLET_CPU=baseline picks the SSE2 path for Auto (to compare the two, or rule one out).
  static const bool baselineAsked = [] {
    const char* e = std::getenv("RUNNEL_DROPLET_CPU");
    return e && std::string_view(e) == "baseline";
  }();
  DropletCpu chosen = gCpu.load(std::memory_order_relaxed);
  if (chosen == DropletCpu::Auto && baselineAsked) chosen = DropletCpu::Baseline;
  if (chosen == DropletCpu::Baseline || !hasAvx2()) return DropletCpu::Baseline;
  return DropletCpu::Avx2;
}

namespace {

template <bool kConserving, bool kFloor>
DropletLoop loopFor(bool avx2) {
#ifdef RUNNEL_HAS_AVX2_PATH
  if (avx2) return &loopAvx2<kConserving, kFloor>;
#endif
  return &loopBaseline<kConserving, kFloor>;
}

// floor: a finite base level (open edges; wrapping maps have -infinity).
DropletLoop pickLoop(DropletMode mode, bool floor, bool avx2) {
  const bool conserving = mode == DropletMode::Conserving;
  if (floor) return conserving ? loopFor<true, true>(avx2) : loopFor<false, true>(avx2);
  return conserving ? loopFor<true, false>(avx2) : loopFor<false, false>(avx2);
}

}  // namespace

void tallyDroplet(const DropletState& d, DropletTally& tally) {
  // The droplet laid down everything it took except what it still carries (float rounding aside):
  // that is lost (classic path cut, or carried off an open edge).
  tally.lost += double(d.s);
  tally.deposited += d.eroded - double(d.s);
  tally.steps += d.moves;
  tally.randomDirs += d.randomDirs;
  tally.longPaths += d.longPath;
  tally.eroded += d.eroded;
}

void runDroplet(const TerrainView& t, const DropletConstants& k, int x, int z, DropletRandom& rng,
                DropletTally& tally) {
  DropletState d = startDroplet(t, x, z, rng);
  continueDroplet(t, k, DropletRegion{0, 0, t.width, t.rows}, d);
  tallyDroplet(d, tally);
  rng = d.rng;
}

}  // namespace runnel
