// The droplet loop of seed 000. The arithmetic follows the seed's code expression by expression (same
// operations in the same order), so `classic` reproduces its look; tests/unit/droplet_reference_test.cpp
// holds a plain transcription and checks this loop against it bit for bit.
//
// Speed: most steps happen away from the map's border, where the 4 x 4 brush and the 2 x 2 corners are
// plain rows of memory. There the brush runs four cells at a time (simd4.h) with branch-free bookkeeping;
// cells near the border take the general path, which wraps or skips cells one by one.
//
// Two deliberate differences from the seed, in both modes: the position is wrapped into the map when it
// crosses a wrapping border (the seed lets it run on and masks the index; the difference is one float
// rounding at the crossing), and a negative v^2 from rounding is taken as 0 instead of giving NaN.
#include "droplet_kernel.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "simd4.h"

namespace runnel {

TerrainView viewOf(Terrain& t, Edges edges) {
  return {t.height.data(), t.eroded.data(), t.deposited.data(), t.width(), t.heightCells(), edges};
}

DropletConstants dropletConstants(const DropletSettings& s, int width, int rows) {
  const DropletParams& p = s.params;
  DropletConstants k;
  k.Kq = p.Kq;
  k.Kr = p.Kr;
  k.Kd = p.Kd;
  k.Ki = p.Ki;
  k.minSlope = p.minSlope;
  k.Kg = p.g * 2;
  k.evaporation = 1 - p.Kw;
  k.maxPath = uint32_t(s.pathLimitFactor) * uint32_t(width > rows ? width : rows);
  k.mode = s.mode;
  return k;
}

namespace {

constexpr float kBell = 0.1591549430918953f;  // 1 / (2 pi), the seed's brush scale

// floor() without a libm call (x86-64's baseline has no SSE4.1 round).
inline int floorToInt(float x) {
  int i = int(x);
  return i - (x < float(i));
}

// Cell coordinate within one map side of a coordinate at most one side away.
inline int wrapNear(int x, int n) {
  return x < 0 ? x + n : (x >= n ? x - n : x);
}

// Index of cell (x, z) with the edges applied, or -1 when a clamped map has no such cell.
inline int64_t cellIndex(const TerrainView& t, int x, int z) {
  if (t.edges == Edges::Wrap) {
    x = wrapNear(x, t.width);
    z = wrapNear(z, t.rows);
  } else if (unsigned(x) >= unsigned(t.width) || unsigned(z) >= unsigned(t.rows)) {
    return -1;
  }
  return int64_t(z) * t.width + x;
}

// The four corner heights of cell (x, z). On a clamped map a corner past the border reads the border
// (only a droplet starting on the last row or column asks for one).
inline void readCorners(const TerrainView& t, int x, int z, float& h00, float& h10, float& h01, float& h11) {
  int x1 = x + 1, z1 = z + 1;
  if (t.edges == Edges::Wrap) {
    x1 = wrapNear(x1, t.width);
    z1 = wrapNear(z1, t.rows);
  } else {
    x1 = x1 < t.width ? x1 : t.width - 1;
    z1 = z1 < t.rows ? z1 : t.rows - 1;
  }
  const float* r0 = t.height + int64_t(z) * t.width;
  const float* r1 = t.height + int64_t(z1) * t.width;
  h00 = r0[x], h10 = r0[x1], h01 = r1[x], h11 = r1[x1];
}

// The seed's ERODE bookkeeping: erosion takes deposited sediment first, then rock.
inline void erodeCell(const TerrainView& t, int64_t i, float delta) {
  t.height[i] -= delta;
  float r = t.eroded[i], d = t.deposited[i];
  if (delta <= d) {
    d -= delta;
  } else {
    r += delta - d;
    d = 0;
  }
  t.eroded[i] = r;
  t.deposited[i] = d;
}

inline void depositCell(const TerrainView& t, int64_t i, float delta) {
  t.deposited[i] += delta;
  t.height[i] += delta;
}

// The same brush on four rows of four cells that are all on the map (the cell's brush is interior).
#if defined(__GNUC__)
#define RUNNEL_INLINE inline __attribute__((always_inline))
#else
#define RUNNEL_INLINE inline
#endif

// Cells i .. i + 3 of the three maps (one index for all three keeps the address arithmetic down).
RUNNEL_INLINE void erodeRow(float* hgt, float* ero, float* dep, int64_t i, F4 delta) {
  const F4 zero = F4::splat(0);
  (F4::load(hgt + i) - delta).store(hgt + i);
  const F4 sediment = F4::load(dep + i);
  // delta <= d: d -= delta, rock unchanged; else rock += delta - d, d = 0. Exactly the seed's values.
  max(sediment - delta, zero).store(dep + i);
  (F4::load(ero + i) + max(delta - sediment, zero)).store(ero + i);
}

// xf and zf (in every lane) place the droplet at xp = xi + xf: the seed's offsets x - xp are then exactly
// (x - xi) - xf, one rounding of the same real number. `first` is the index of cell (xi - 1, zi - 1).
template <bool kConserving>
RUNNEL_INLINE void erodeInterior(float* hgt, float* ero, float* dep, int W, int64_t first, F4 xf, F4 zf,
                                 float ds) {
  const F4 zero = F4::splat(0), one = F4::splat(1), quarter = F4::splat(0.25f), bell = F4::splat(kBell);
  const F4 offsets = F4::make(-1, 0, 1, 2);
  const F4 xo = offsets - xf;
  const F4 zo = offsets - zf;
  const F4 xo2 = xo * xo, zo2 = zo * zo;
  const F4 w0 = max(one - (xo2 + F4::broadcast<0>(zo2)) * quarter, zero) * bell;
  const F4 w1 = max(one - (xo2 + F4::broadcast<1>(zo2)) * quarter, zero) * bell;
  const F4 w2 = max(one - (xo2 + F4::broadcast<2>(zo2)) * quarter, zero) * bell;
  const F4 w3 = max(one - (xo2 + F4::broadcast<3>(zo2)) * quarter, zero) * bell;
  float scale = ds;
  if (kConserving) scale = ds / sumLanes((w0 + w1) + (w2 + w3));
  const F4 s = F4::splat(scale);
  const int64_t i = first;
  erodeRow(hgt, ero, dep, i, w0 * s);
  erodeRow(hgt, ero, dep, i + W, w1 * s);
  erodeRow(hgt, ero, dep, i + 2 * W, w2 * s);
  erodeRow(hgt, ero, dep, i + 3 * W, w3 * s);
}

// The bell brush near a border: the same weights, then cell by cell in the seed's order, each cell
// wrapped or, off a clamped map, skipped. Conserving normalises over the cells on the map, summing in
// the order the interior path does.
// (xf, zf) place the droplet in cell (xi, zi): xf = xp - xi exactly, as xp >= 0.
__attribute__((noinline)) void erodeNearBorder(const TerrainView& t, bool conserving, int xi, int zi,
                                               float xf, float zf, float ds) {
  const F4 zero = F4::splat(0), one = F4::splat(1), quarter = F4::splat(0.25f), bell = F4::splat(kBell);
  const F4 offsets = F4::make(-1, 0, 1, 2);
  const F4 xo = offsets - F4::splat(xf), zo = offsets - F4::splat(zf);
  const F4 xo2 = xo * xo, zo2 = zo * zo;
  float wt[4][4];
  (max(one - (xo2 + F4::broadcast<0>(zo2)) * quarter, zero) * bell).store(wt[0]);
  (max(one - (xo2 + F4::broadcast<1>(zo2)) * quarter, zero) * bell).store(wt[1]);
  (max(one - (xo2 + F4::broadcast<2>(zo2)) * quarter, zero) * bell).store(wt[2]);
  (max(one - (xo2 + F4::broadcast<3>(zo2)) * quarter, zero) * bell).store(wt[3]);
  int64_t col[4], row[4];
  for (int i = 0; i < 4; ++i) {
    int x = xi - 1 + i, z = zi - 1 + i;
    if (t.edges == Edges::Wrap) {
      x = wrapNear(x, t.width), z = wrapNear(z, t.rows);
    } else {
      if (unsigned(x) >= unsigned(t.width))
        for (int j = 0; j < 4; ++j) wt[j][i] = 0;
      if (unsigned(z) >= unsigned(t.rows))
        for (int j = 0; j < 4; ++j) wt[i][j] = 0;
    }
    col[i] = x, row[i] = int64_t(z) * t.width;
  }
  float scale = ds;
  if (conserving) {
    float c[4];
    for (int i = 0; i < 4; ++i) c[i] = (wt[0][i] + wt[1][i]) + (wt[2][i] + wt[3][i]);
    scale = ds / ((c[0] + c[2]) + (c[1] + c[3]));
  }
  for (int j = 0; j < 4; ++j)
    for (int i = 0; i < 4; ++i)
      if (wt[j][i] > 0) erodeCell(t, row[j] + col[i], wt[j][i] * scale);
}

// Bilinear deposit of ds1 and then ds2 (0 for one deposit) at (xi + xf, zi + zf), both corners rows on
// the map. Each cell gets the two additions in turn, as two separate deposits would give it.
// wx = {1 - xf, xf, 1 - xf, xf}, wz = {1 - zf, 1 - zf, zf, zf}: their product is the seed's four weights.
template <bool kTwo>
RUNNEL_INLINE void depositInterior(float* hgt, float* dep, int W, int64_t i, F4 wx, F4 wz, float ds1,
                                   float ds2) {
  const F4 wt = wx * wz;
  const F4 d1 = F4::splat(ds1) * wt;
  F4 h = F4::loadPairs(hgt + i, hgt + i + W) + d1;
  F4 d = F4::loadPairs(dep + i, dep + i + W) + d1;
  if (kTwo) {
    const F4 d2 = F4::splat(ds2) * wt;
    h = h + d2;
    d = d + d2;
  }
  h.storePairs(hgt + i, hgt + i + W);
  d.storePairs(dep + i, dep + i + W);
}

// Where a droplet goes next: position, fractions, corner heights and cell index.
struct NextCell {
  F4 pos, frac, corners;
  int64_t cell;
  bool onMap;  // false: the droplet leaves an open map (or its position is NaN)
};

// The next position when it is near or past the map's border: wraps it, or reports that the droplet
// leaves an open map. Out of line, so the interior loop keeps its registers.
__attribute__((noinline)) NextCell nextNearBorder(const TerrainView& t, F4 next) {
  float nxp = next.lane<0>(), nzp = next.lane<1>();
  const int W = t.width, H = t.rows;
  int nxi, nzi;
  NextCell n{};
  if (t.edges == Edges::Wrap) {
    if (nxp < 0) nxp += float(W);
    if (nxp >= float(W)) nxp -= float(W);
    if (nzp < 0) nzp += float(H);
    if (nzp >= float(H)) nzp -= float(H);
    if (!(nxp >= 0 && nxp < float(W) && nzp >= 0 && nzp < float(H))) return n;  // NaN: give up
    nxi = floorToInt(nxp), nzi = floorToInt(nzp);
  } else {
    // Off an open edge (the cell and the one past it must be on the map), or NaN.
    if (!(nxp >= 0 && nzp >= 0 && nxp < float(W - 1) && nzp < float(H - 1))) return n;
    nxi = floorToInt(nxp), nzi = floorToInt(nzp);
  }
  float c00, c10, c01, c11;
  readCorners(t, nxi, nzi, c00, c10, c01, c11);
  const float nxf = nxp - float(nxi), nzf = nzp - float(nzi);
  n.pos = F4::make(nxp, nzp, nxp, nzp);
  n.frac = F4::make(nxf, nzf, nxf, nzf);
  n.corners = F4::make(c00, c10, c01, c11);
  n.cell = int64_t(nzi) * W + nxi;
  n.onMap = true;
  return n;
}

// Bilinear deposit of `ds` where the droplet stands, near a border (positions there are >= 0, so
// truncation is floor). wx * wz are the seed's four weights. Classic skips corners off a clamped map;
// conserving shares ds among the corners on it.
__attribute__((noinline)) void depositNearBorder(const TerrainView& t, bool conserving, int64_t cell, F4 wx,
                                                 F4 wz, float ds) {
  const int xi = int(cell % t.width), zi = int(cell / t.width);
  int x1 = xi + 1, z1 = zi + 1;
  bool on[4] = {true, true, true, true};
  if (t.edges == Edges::Wrap) {
    x1 = wrapNear(x1, t.width), z1 = wrapNear(z1, t.rows);
  } else {
    if (x1 >= t.width) on[1] = on[3] = false;
    if (z1 >= t.rows) on[2] = on[3] = false;
  }
  const int64_t r0 = int64_t(zi) * t.width, r1 = int64_t(z1) * t.width;
  const int64_t idx[4] = {r0 + xi, r0 + x1, r1 + xi, r1 + x1};
  float wt[4];
  (wx * wz).store(wt);
  float scale = 1;
  if (conserving && !(on[1] && on[2] && on[3])) {
    float inside = 0;
    for (int c = 0; c < 4; ++c) inside += on[c] ? wt[c] : 0.0f;
    scale = 1 / inside;  // the droplet's own corner is always on the map, so inside > 0
  }
  for (int c = 0; c < 4; ++c)
    if (on[c]) depositCell(t, idx[c], ds * (scale == 1 ? wt[c] : wt[c] * scale));
}

// Bilinear deposit where the droplet stands. (A function of the state's values rather than a lambda
// capturing it by reference, which would keep the state in memory instead of registers.)
template <bool kConserving>
RUNNEL_INLINE void depositHere(const TerrainView& t, bool inside, int64_t cell, F4 wx, F4 wz, float ds) {
  if (inside)
    depositInterior<false>(t.height, t.deposited, t.width, cell, wx, wz, ds, 0);
  else
    depositNearBorder(t, kConserving, cell, wx, wz, ds);
}

// Vectors hold (x, z) pairs in lanes 0 and 1 (repeated in 2 and 3), the four corner heights
// {h00, h10, h01, h11}, and the bilinear weights; every lane does the seed's scalar operation.
template <bool kConserving>
void runDropletIn(const TerrainView& t, const DropletConstants& k, int xi, int zi, DropletRandom& rng,
                  DropletTally& tally) {
  float* const hgt = t.height;
  float* const ero = t.eroded;
  float* const dep = t.deposited;
  const int W = t.width, H = t.rows;
  // A cell is interior when its whole 4 x 4 brush (x - 1 .. x + 2) is on the map.
  const unsigned spanX = W > 3 ? unsigned(W - 3) : 0u, spanZ = H > 3 ? unsigned(H - 3) : 0u;
  // A droplet moves at most one cell along each axis per step, so from an interior cell m cells away
  // from the interior's edge the next m steps stay interior without a check.
  int stepsInside = 0;
  const F4 one = F4::splat(1), Ki = F4::splat(k.Ki);

  F4 pos = F4::make(float(xi), float(zi), float(xi), float(zi));
  F4 wx = F4::make(1, 0, 1, 0), wz = F4::make(1, 1, 0, 0);  // bilinear weights at xf = zf = 0
  bool inside = unsigned(xi) - 1u < spanX && unsigned(zi) - 1u < spanZ;
  int64_t cell = int64_t(zi) * W + xi;
  float h00, h10, h01, h11;
  readCorners(t, xi, zi, h00, h10, h01, h11);
  F4 corners = F4::make(h00, h10, h01, h11);
  float h = h00;
  float s = 0, v = 0, w = 1;
  F4 dir = F4::splat(0);
  double eroded = 0;  // what this droplet took; all of it is laid down again except what it loses
  uint32_t randomDirs = 0;

  uint32_t moves = 0;
  for (; moves < k.maxPath; ++moves) {
    // Gradient from the cell's four corners: gx = h00 + h01 - h10 - h11, gz = h00 + h10 - h01 - h11.
    const F4 g =
        ((corners.shuffle<0, 0, 0, 0>() + corners.shuffle<2, 1, 2, 1>()) - corners.shuffle<1, 2, 1, 2>()) -
        corners.shuffle<3, 3, 3, 3>();
    dir = (dir - g) * Ki + g;  // inertia
    const F4 dir2 = dir * dir;
    const float dl = squareRoot(dir2.lane<0>() + dir2.lane<1>());
    if (dl <= FLT_EPSILON) {
      const float a = rng.uniform() * 6.28318530718f;
      const float dx = std::cos(a), dz = std::sin(a);
      dir = F4::make(dx, dz, dx, dz);
      ++randomDirs;
    } else {
      dir = dir / F4::splat(dl);
    }

    // Next position and its height. Truncation is floor for the interior (x >= 1); a position that
    // truncates wrongly (-1 < x < 0) is outside the interior and floored properly near the border.
    pos = pos + dir;
    const I4 cellOf = pos.truncate();
    const int nxi = cellOf.lane<0>(), nzi = cellOf.lane<1>();
    bool nextInside = stepsInside > 0;
    if (nextInside) {
      --stepsInside;
    } else if (unsigned(nxi) - 1u < spanX && unsigned(nzi) - 1u < spanZ) {
      nextInside = true;
      stepsInside = std::min(std::min(nxi - 1, W - 3 - nxi), std::min(nzi - 1, H - 3 - nzi));
    }
    F4 nfrac;
    int64_t ncell;
    if (nextInside) {
      nfrac = pos - F4::fromInt(cellOf);
      ncell = int64_t(nzi) * W + nxi;
      corners = F4::loadPairs(hgt + ncell, hgt + ncell + W);  // the gradient is done with the old ones
    } else {
      const NextCell n = nextNearBorder(t, pos);
      if (!n.onMap) break;
      pos = n.pos, nfrac = n.frac, corners = n.corners, ncell = n.cell;
    }
    // {1 - nxf, nxf, 1 - nxf, nxf} and {1 - nzf, 1 - nzf, nzf, nzf}
    const F4 u = F4::interleaveLow(one - nfrac, nfrac);
    const F4 nwx = u.shuffle<0, 1, 0, 1>(), nwz = u.shuffle<2, 2, 3, 3>();
    // (nh00 (1 - nxf) + nh10 nxf) (1 - nzf) + (nh01 (1 - nxf) + nh11 nxf) nzf
    const F4 rows = corners * nwx;
    const F4 mix = (rows + rows.shuffle<1, 1, 3, 3>()) * nwz;
    const float nh = mix.lane<0>() + mix.lane<2>();

    float dh;
    if (nh >= h) {
      // The pit rule: fill up to the next height and go on from rest, or drop everything and stop.
      const float fill = (nh - h) + 0.001f;
      if (fill >= s) {
        depositHere<kConserving>(t, inside, cell, wx, wz, s);
        s = 0;
        break;
      }
      h += fill;
      s -= fill;
      v = 0;
      // From rest the capacity is 0, so Kd of the remaining load is dropped too, in the same step and
      // at the same place (the seed does both); one pass over the corners does the two deposits.
      const float ds = s * k.Kd;
      if (inside)
        depositInterior<true>(hgt, dep, W, cell, wx, wz, fill, ds);
      else
        depositHere<kConserving>(t, inside, cell, wx, wz, fill),
            depositHere<kConserving>(t, inside, cell, wx, wz, ds);
      dh = (h - nh) + ds;  // the seed's DEPOSIT(dh)
      s -= ds;
    } else {
      dh = h - nh;
      const float q = (dh > k.minSlope ? dh : k.minSlope) * v * w * k.Kq;
      float ds = s - q;
      if (ds >= 0) {
        ds *= k.Kd;
        depositHere<kConserving>(t, inside, cell, wx, wz, ds);
        dh += ds;  // the seed's DEPOSIT(dh)
        s -= ds;
      } else {
        ds *= -k.Kr;
        const float most = dh * 0.99f;
        ds = ds < most ? ds : most;
        if (inside)
          erodeInterior<kConserving>(hgt, ero, dep, W, cell - W - 1, F4::broadcast<1>(wx),
                                     F4::broadcast<2>(wz), ds);
        else
          erodeNearBorder(t, kConserving, int(cell % W), int(cell / W), wx.lane<1>(), wz.lane<2>(), ds);
        eroded += ds;
        dh -= ds;
        s += ds;
      }
    }

    const float v2 = v * v + k.Kg * dh;
    v = squareRoot(atLeastZero(v2));
    w *= k.evaporation;

    // Move on, carrying the next cell's heights as read before this step's changes (as the seed does).
    cell = ncell;
    wx = nwx, wz = nwz;
    inside = nextInside;
    h = nh;
  }

  if (moves >= k.maxPath) {
    ++tally.longPaths;
    if (kConserving) {
      depositHere<kConserving>(t, inside, cell, wx, wz, s);  // drop the load where the path is cut
      s = 0;
    }
  }
  // The droplet laid down everything it took except what it still carries (float rounding aside):
  // that is lost (classic path cut, or carried off an open edge).
  tally.lost += double(s);
  tally.deposited += eroded - double(s);
  tally.steps += moves;
  tally.randomDirs += randomDirs;
  tally.eroded += eroded;
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
    erodeNearBorder(t, conserving, xi, zi, xp - float(xi), zp - float(zi), ds);
  }
}

void runDroplet(const TerrainView& t, const DropletConstants& k, int x, int z, DropletRandom& rng,
                DropletTally& tally) {
  if (k.mode == DropletMode::Conserving)
    runDropletIn<true>(t, k, x, z, rng, tally);
  else
    runDropletIn<false>(t, k, x, z, rng, tally);
}

}  // namespace runnel
