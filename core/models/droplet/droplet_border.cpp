#include "droplet_border.h"

#include "droplet_brush.h"

namespace runnel::droplet {

namespace {

// Cell coordinate within one map side of a coordinate at most one side away.
inline int wrapNear(int x, int n) {
  return x < 0 ? x + n : (x >= n ? x - n : x);
}

// The article's ERODE bookkeeping: erosion takes deposited sediment first, then rock.
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

}  // namespace

NextCell nextNearBorder(const TerrainView& t, F4 next) {
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
  n.x = nxi, n.z = nzi;
  n.onMap = true;
  return n;
}

void depositNearBorder(const TerrainView& t, bool conserving, int64_t cell, F4 wx, F4 wz, float ds) {
  const int xi = int(cell % t.width), zi = int(cell / t.width);
  if (t.edges == Edges::Wrap) {  // all four corners are on the map: the interior deposit's operations
    const int x1 = wrapNear(xi + 1, t.width);
    const int64_t r0 = int64_t(zi) * t.width, r1 = int64_t(wrapNear(zi + 1, t.rows)) * t.width;
    float d[4];
    (F4::splat(ds) * (wx * wz)).store(d);
    depositCell(t, r0 + xi, d[0]), depositCell(t, r0 + x1, d[1]);
    depositCell(t, r1 + xi, d[2]), depositCell(t, r1 + x1, d[3]);
    return;
  }
  const int x1 = xi + 1, z1 = zi + 1;
  bool on[4] = {true, x1 < t.width, z1 < t.rows, x1 < t.width && z1 < t.rows};
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

namespace {

// The brush on a wrapping map whose 16 cells are distinct (at least 4 x 4): gathered into a 4 x 4 block,
// eroded there by the interior brush (the same operations; a cell of weight 0 is left as it was), and
// put back. Nothing is held back: a wrapping map has no floor.
template <bool kConserving>
void erodeWrapped(const TerrainView& t, int xi, int zi, float xf, float zf, float ds) {
  int64_t col[4], row[4];
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i)
    col[i] = wrapNear(xi - 1 + i, t.width), row[i] = int64_t(wrapNear(zi - 1 + i, t.rows)) * t.width;
  if (col[3] == col[0] + 3) {  // it wraps across the top or bottom edge only: its rows are whole
    const BellRows w = bellRows(F4::splat(xf), F4::splat(zf));
    const F4 s = F4::splat(kConserving ? ds / w.sum() : ds);  // erodeInterior's operations
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j) erodeRow(t.height, t.eroded, t.deposited, row[j] + col[0], w.row[j] * s);
    return;
  }
  if (t.width >= 8) {
    // It wraps across the left or right edge: each row's 4 cells are the start of a copy of the row's last
    // 4 cells followed by its first 4 (col[0] is among the last 4). Eroded there by the interior brush and
    // the copies put back whole (the cells the brush did not reach go back as they were).
    const int64_t last = t.width - 4, start = col[0] - last;
    float h[32], e[32], d[32];
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j) {
      F4::load(t.height + row[j] + last).store(h + 8 * j), F4::load(t.height + row[j]).store(h + 8 * j + 4);
      F4::load(t.eroded + row[j] + last).store(e + 8 * j), F4::load(t.eroded + row[j]).store(e + 8 * j + 4);
      F4::load(t.deposited + row[j] + last).store(d + 8 * j);
      F4::load(t.deposited + row[j]).store(d + 8 * j + 4);
    }
    const int64_t rows[4] = {start, 8 + start, 16 + start, 24 + start};
    erodeRowsAt<kConserving>(h, e, d, rows, F4::splat(xf), F4::splat(zf), ds);
#pragma GCC unroll 4
    for (int j = 0; j < 4; ++j) {
      F4::load(h + 8 * j).store(t.height + row[j] + last), F4::load(h + 8 * j + 4).store(t.height + row[j]);
      F4::load(e + 8 * j).store(t.eroded + row[j] + last), F4::load(e + 8 * j + 4).store(t.eroded + row[j]);
      F4::load(d + 8 * j).store(t.deposited + row[j] + last);
      F4::load(d + 8 * j + 4).store(t.deposited + row[j]);
    }
    return;
  }
  float h[16], e[16], d[16];
#pragma GCC unroll 16
  for (int c = 0; c < 16; ++c) {
    const int64_t at = row[c / 4] + col[c % 4];
    h[c] = t.height[at], e[c] = t.eroded[at], d[c] = t.deposited[at];
  }
  erodeInterior<kConserving>(h, e, d, 4, 0, F4::splat(xf), F4::splat(zf), ds);
#pragma GCC unroll 16
  for (int c = 0; c < 16; ++c) {
    const int64_t at = row[c / 4] + col[c % 4];
    t.height[at] = h[c], t.eroded[at] = e[c], t.deposited[at] = d[c];
  }
}

}  // namespace

float erodeNearBorder(const TerrainView& t, bool conserving, int xi, int zi, float xf, float zf, float ds,
                      float floor) {
  if (t.edges == Edges::Wrap && t.width >= 4 && t.rows >= 4) {
    conserving ? erodeWrapped<true>(t, xi, zi, xf, zf, ds) : erodeWrapped<false>(t, xi, zi, xf, zf, ds);
    return 0;
  }
  float wt[4][4];
  const BellRows w = bellRows(F4::splat(xf), F4::splat(zf));
  for (int j = 0; j < 4; ++j) w.row[j].store(wt[j]);
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
  if (conserving) {  // BellRows::sum's order, over the cells on the map
    float c[4];
    for (int i = 0; i < 4; ++i) c[i] = (wt[0][i] + wt[1][i]) + (wt[2][i] + wt[3][i]);
    scale = ds / ((c[0] + c[2]) + (c[1] + c[3]));
  }
  float held[4][4] = {};
  for (int j = 0; j < 4; ++j)
    for (int i = 0; i < 4; ++i)
      if (wt[j][i] > 0) {
        const int64_t cell = row[j] + col[i];
        const float delta = wt[j][i] * scale;
        const float above = t.height[cell] - floor;  // +infinity without a floor
        const float cut = delta < above ? delta : (above > 0 ? above : 0.0f);
        held[j][i] = delta - cut;
        erodeCell(t, cell, cut);
      }
  // Summed in erodeInterior's order, so both paths give the droplet the same load.
  float c[4];
  for (int i = 0; i < 4; ++i) c[i] = (held[0][i] + held[1][i]) + (held[2][i] + held[3][i]);
  return (c[0] + c[2]) + (c[1] + c[3]);
}

}  // namespace runnel::droplet
