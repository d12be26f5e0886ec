// The droplet loop's AVX2 pieces (private to droplet_kernel.cpp, which picks its AVX2 build at run time):
// the erosion brush two rows (eight cells) at a time, and the direction's length and the bilinear height
// with horizontal adds. Each does the baseline path's operations lane by lane in the same order, so both give
// the same terrain to the bit; they only need fewer instructions. No FMA: a fused multiply-add rounds once
// where the article rounds twice.
#pragma once
#include <cstdint>

#include "droplet_brush.h"

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>

#define RUNNEL_HAS_AVX2_PATH 1
// Not always_inline: the caller is a template shared with the SSE2 path, so these inline only where the
// whole loop is compiled for AVX2 (droplet_kernel.cpp flattens it there; core/CMakeLists.txt lets the
// brush in).
#define RUNNEL_AVX2 inline __attribute__((target("avx2")))

namespace runnel::droplet {

// Row r at p and row r + 1 at p + W, as one vector {row r, row r + 1}.
RUNNEL_AVX2 __m256 loadRows(const float* p, int64_t W) {
  return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(p)), _mm_loadu_ps(p + W), 1);
}
RUNNEL_AVX2 void storeRows(float* p, int64_t W, __m256 v) {
  _mm_storeu_ps(p, _mm256_castps256_ps128(v));
  _mm_storeu_ps(p + W, _mm256_extractf128_ps(v, 1));
}

// erodeRow on rows i and i + W.
template <bool kFloor>
RUNNEL_AVX2 __m256 erodeRows(float* hgt, float* ero, float* dep, int64_t i, int64_t W, __m256 delta,
                             __m256 floor) {
  const __m256 zero = _mm256_setzero_ps();
  const __m256 height = loadRows(hgt + i, W);
  __m256 heldBack = zero;
  if (kFloor) {
    const __m256 cut = _mm256_min_ps(delta, _mm256_max_ps(_mm256_sub_ps(height, floor), zero));
    heldBack = _mm256_sub_ps(delta, cut);
    delta = cut;
  }
  storeRows(hgt + i, W, _mm256_sub_ps(height, delta));
  const __m256 sediment = loadRows(dep + i, W);
  storeRows(dep + i, W, _mm256_max_ps(_mm256_sub_ps(sediment, delta), zero));
  storeRows(ero + i, W,
            _mm256_add_ps(loadRows(ero + i, W), _mm256_max_ps(_mm256_sub_ps(delta, sediment), zero)));
  return heldBack;
}

// BellRows::sum's order, (row 0 + row 1) + (row 2 + row 3) summed over its lanes, for {row 0, row 1}
// and {row 2, row 3}.
RUNNEL_AVX2 float sumRows(__m256 rows01, __m256 rows23) {
  const __m128 r01 = _mm_add_ps(_mm256_castps256_ps128(rows01), _mm256_extractf128_ps(rows01, 1));
  const __m128 r23 = _mm_add_ps(_mm256_castps256_ps128(rows23), _mm256_extractf128_ps(rows23, 1));
  return sumLanes(F4{_mm_add_ps(r01, r23)});
}

// erodeInterior (droplet_brush.h) with xf and zf as lone floats.
template <bool kConserving, bool kFloor>
RUNNEL_AVX2 float erodeInteriorAvx2(float* hgt, float* ero, float* dep, int W, int64_t first, float xf,
                                    float zf, float ds, float floor) {
  const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1), quarter = _mm256_set1_ps(0.25f),
               bell = _mm256_set1_ps(kBell);
  const __m256 xf8 = _mm256_set1_ps(xf), zf8 = _mm256_set1_ps(zf);
  // bellRows' offsets the other way round (the same squares), the constants as memory operands.
  const __m256 xo = _mm256_sub_ps(xf8, _mm256_setr_ps(-1, 0, 1, 2, -1, 0, 1, 2));
  const __m256 zo01 = _mm256_sub_ps(zf8, _mm256_setr_ps(-1, -1, -1, -1, 0, 0, 0, 0));
  const __m256 zo23 = _mm256_sub_ps(zf8, _mm256_setr_ps(1, 1, 1, 1, 2, 2, 2, 2));
  const __m256 xo2 = _mm256_mul_ps(xo, xo), zo01sq = _mm256_mul_ps(zo01, zo01),
               zo23sq = _mm256_mul_ps(zo23, zo23);
  // The bell's weights for rows 0 and 1, and for rows 2 and 3 (bellRows: the same steps).
  const __m256 w01 = _mm256_mul_ps(
      _mm256_max_ps(_mm256_sub_ps(one, _mm256_mul_ps(_mm256_add_ps(xo2, zo01sq), quarter)), zero), bell);
  const __m256 w23 = _mm256_mul_ps(
      _mm256_max_ps(_mm256_sub_ps(one, _mm256_mul_ps(_mm256_add_ps(xo2, zo23sq), quarter)), zero), bell);
  const __m256 s = _mm256_set1_ps(kConserving ? ds / sumRows(w01, w23) : ds), f = _mm256_set1_ps(floor);
  const __m256 held01 = erodeRows<kFloor>(hgt, ero, dep, first, W, _mm256_mul_ps(w01, s), f);
  const __m256 held23 = erodeRows<kFloor>(hgt, ero, dep, first + 2 * int64_t(W), W, _mm256_mul_ps(w23, s), f);
  return kFloor ? sumRows(held01, held23) : 0.0f;
}

// sqrt(dx dx + dz dz) in every lane, for dir = {dx, dz, dx, dz}: hadd adds each pair of squares in the
// article's order. (dpps would do it in one instruction fewer, but its latency, on the chain from one step
// to the next, made the loop slower.)
RUNNEL_AVX2 F4 lengthAvx2(F4 dir) {
  const __m128 squares = _mm_mul_ps(dir.v, dir.v);
  return {_mm_sqrt_ps(_mm_hadd_ps(squares, squares))};
}

// bilinear() (droplet_kernel.cpp) with horizontal adds, for u = {1 - xf, xf, 1 - zf, zf}: the same
// operations in the same order, in fewer instructions (and no weightsZ).
RUNNEL_AVX2 float bilinearAvx2(F4 corners, F4 wx, F4 u) {
  const __m128 rows = _mm_mul_ps(corners.v, wx.v);
  const __m128 sums = _mm_hadd_ps(rows, rows);                     // {r0 + r1, r2 + r3, ..}
  const __m128 parts = _mm_mul_ps(sums, _mm_movehl_ps(u.v, u.v));  // {(r0 + r1) (1 - zf), (r2 + r3) zf, ..}
  return _mm_cvtss_f32(_mm_hadd_ps(parts, parts));
}

// A checked step's room in the fast area [loX, hiX) x [loZ, hiZ): the least of nxi - loX, nzi - loZ,
// hiX - 1 - nxi and hiZ - 1 - nzi, negative when (nxi, nzi) is outside it. `cell` is {nxi, nzi, nxi, nzi};
// `bounds` is roomBoundsAvx2's. (Cells are within a cell of the map, so nothing overflows.)
RUNNEL_AVX2 I4 roomBoundsAvx2(int loX, int loZ, int hiX, int hiZ) {
  return {_mm_setr_epi32(-loX, -loZ, hiX - 1, hiZ - 1)};
}
RUNNEL_AVX2 int fastRoomAvx2(I4 cell, I4 bounds) {
  const __m128i d = _mm_add_epi32(_mm_sign_epi32(cell.v, _mm_setr_epi32(1, 1, -1, -1)), bounds.v);
  const __m128i m = _mm_min_epi32(d, _mm_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2)));
  return _mm_cvtsi128_si32(_mm_min_epi32(m, _mm_shuffle_epi32(m, _MM_SHUFFLE(2, 3, 0, 1))));
}

// sqrt(x) and max(x, 0) on a lone float in the AVX encoding: the SSE one (simd4.h) stalls after 256-bit work.
RUNNEL_INLINE float squareRootAvx2(float x) {
  float r;
  __asm__("vsqrtss %1, %1, %0" : "=x"(r) : "x"(x));
  return r;
}
inline constexpr float kZeroAvx2 = 0;  // in memory: the max reads it, no register is zeroed for it
RUNNEL_INLINE float atLeastZeroAvx2(float x) {
  float r;
  __asm__("vmaxss %2, %1, %0" : "=x"(r) : "x"(x), "m"(kZeroAvx2));
  return r;
}

}  // namespace runnel::droplet

#else  // no AVX2 path on this platform: droplet_kernel.cpp never takes it; these let its loop compile

namespace runnel::droplet {
template <bool kConserving, bool kFloor>
float erodeInteriorAvx2(float*, float*, float*, int, int64_t, float, float, float, float);
float squareRootAvx2(float x);
float atLeastZeroAvx2(float x);
F4 lengthAvx2(F4 dir);
float bilinearAvx2(F4 corners, F4 wx, F4 u);
I4 roomBoundsAvx2(int loX, int loZ, int hiX, int hiZ);
int fastRoomAvx2(I4 cell, I4 bounds);
}  // namespace runnel::droplet
#endif
