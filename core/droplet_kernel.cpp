// The droplet loop of seed 000. The arithmetic follows the seed's code expression by expression (same
// operations in the same order), so `classic` reproduces its look; tests/unit/droplet_reference_test.cpp
// holds a plain transcription and checks this loop against it bit for bit.
//
// Speed: most steps happen away from the map's border, where the 4 x 4 brush and the 2 x 2 corners are
// plain rows of memory. There the brush runs four cells at a time (droplet_brush.h) with branch-free
// bookkeeping; cells near the border take the general path (droplet_border.cpp), which wraps or skips
// cells one by one with the same arithmetic.
//
// Two deliberate differences from the seed, in both modes: the position is wrapped into the map when it
// crosses a wrapping border (the seed lets it run on and masks the index; the difference is one float
// rounding at the crossing), and a negative v^2 from rounding is taken as 0 instead of giving NaN.
#include "droplet_kernel.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

#include "droplet_border.h"
#include "droplet_brush.h"
#include "simd4.h"

namespace runnel {

TerrainView viewOf(Terrain& t, Edges edges) {
  return {t.height.data(), t.eroded.data(), t.deposited.data(), t.width(), t.heightCells(), edges};
}

DropletConstants dropletConstants(const DropletSettings& s, int width, int rows, float baseLevel) {
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
  k.baseLevel = s.edges == Edges::Clamp ? baseLevel : -std::numeric_limits<float>::infinity();
  return k;
}

using namespace droplet;

namespace {

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
      // From rest the capacity is 0, so Kd of the remaining load is dropped too, in the same step and
      // at the same place (the seed does both); one pass over the corners does the two deposits.
      const float ds = s * k.Kd;
      if (inside)
        depositInterior<true>(hgt, dep, W, cell, wx, wz, fill, ds);
      else
        depositHere<kConserving>(t, inside, cell, wx, wz, fill),
            depositHere<kConserving>(t, inside, cell, wx, wz, ds);
      const float dh = (h - nh) + ds;  // the seed's DEPOSIT(dh)
      s -= ds;
      v = squareRoot(atLeastZero(k.Kg * dh));  // v * v + Kg dh with v = 0 (0 + x is x)
    } else {
      float dh = h - nh;
      const float q = (dh > k.minSlope ? dh : k.minSlope) * v * w * k.Kq;
      float ds = s - q;
      if (ds >= 0) {
        ds *= k.Kd;
        depositHere<kConserving>(t, inside, cell, wx, wz, ds);
        dh += ds;  // the seed's DEPOSIT(dh)
        s -= ds;
      } else {
        ds *= -k.Kr;
        // Never more than the drop to the next position, nor below the base level (open edges; on a
        // wrapping map the base is -infinity and this is the seed's dh * 0.99 exactly).
        const float floor = nh > k.baseLevel ? nh : k.baseLevel;
        const float most = (h > floor ? h - floor : 0.0f) * 0.99f;
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
      v = squareRoot(atLeastZero(v * v + k.Kg * dh));
    }
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
