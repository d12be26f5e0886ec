// Four floats in one register, for the droplet loop: an (x, z) pair (repeated), four corner heights, a
// row of four brush cells. SSE2 on x86-64 (always there), plain arrays elsewhere; both give the same
// IEEE results lane by lane, so the model's output does not depend on which one is built.
#pragma once
#include <climits>
#include <cmath>
#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace runnel {

#if defined(__SSE2__)

// Four ints (only for float -> int conversion of a position).
struct I4 {
  __m128i v;
  template <int i>
  int lane() const {
    if constexpr (i == 0)
      return _mm_cvtsi128_si32(v);
    else
      return _mm_cvtsi128_si32(_mm_shuffle_epi32(v, i));
  }
};

struct F4 {
  __m128 v;
  static F4 splat(float a) { return {_mm_set1_ps(a)}; }
  static F4 make(float a, float b, float c, float d) { return {_mm_setr_ps(a, b, c, d)}; }
  static F4 load(const float* p) { return {_mm_loadu_ps(p)}; }
  void store(float* p) const { _mm_storeu_ps(p, v); }
  // Two floats from each of two places: {a[0], a[1], b[0], b[1]}.
  static F4 loadPairs(const float* a, const float* b) {
    return {_mm_loadh_pi(_mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(a)),
                         reinterpret_cast<const __m64*>(b))};
  }
  void storePairs(float* a, float* b) const {
    _mm_storel_pi(reinterpret_cast<__m64*>(a), v);
    _mm_storeh_pi(reinterpret_cast<__m64*>(b), v);
  }
  // {v[a], v[b], v[c], v[d]} (pshufd: one instruction, where shufps needs a copy first)
  template <int a, int b, int c, int d>
  F4 shuffle() const {
    return {_mm_castsi128_ps(_mm_shuffle_epi32(_mm_castps_si128(v), _MM_SHUFFLE(d, c, b, a)))};
  }
  // Lane i of a, in every lane.
  template <int i>
  static F4 broadcast(F4 a) {
    return a.shuffle<i, i, i, i>();
  }
  template <int i>
  float lane() const {
    if constexpr (i == 0)
      return _mm_cvtss_f32(v);
    else
      return _mm_cvtss_f32(shuffle<i, i, i, i>().v);
  }
  // {a0, b0, a1, b1}
  static F4 interleaveLow(F4 a, F4 b) { return {_mm_unpacklo_ps(a.v, b.v)}; }
  I4 truncate() const { return {_mm_cvttps_epi32(v)}; }  // out of range gives INT_MIN
  static F4 fromInt(I4 i) { return {_mm_cvtepi32_ps(i.v)}; }
};
inline F4 operator+(F4 a, F4 b) {
  return {_mm_add_ps(a.v, b.v)};
}
inline F4 operator-(F4 a, F4 b) {
  return {_mm_sub_ps(a.v, b.v)};
}
inline F4 operator*(F4 a, F4 b) {
  return {_mm_mul_ps(a.v, b.v)};
}
inline F4 operator/(F4 a, F4 b) {
  return {_mm_div_ps(a.v, b.v)};
}
// SSE semantics: the second operand when either is NaN.
inline F4 min(F4 a, F4 b) {
  return {_mm_min_ps(a.v, b.v)};
}
inline F4 max(F4 a, F4 b) {
  return {_mm_max_ps(a.v, b.v)};
}
// (a0 + a2) + (a1 + a3): the order the scalar paths copy.
inline float sumLanes(F4 a) {
  __m128 t = _mm_add_ps(a.v, _mm_movehl_ps(a.v, a.v));
  return _mm_cvtss_f32(_mm_add_ss(t, _mm_shuffle_ps(t, t, 1)));
}

#if defined(__GNUC__)
// sqrtss and maxss on a lone float: std::sqrt adds an errno check, and the intrinsics a trip through
// a general register to clear the upper lanes.
inline float squareRoot(float x) {
  float r;
  __asm__("sqrtss %1, %0" : "=x"(r) : "x"(x));
  return r;
}
inline float atLeastZero(float x) {  // x > 0 ? x : 0, and NaN gives 0
  __asm__("maxss %1, %0" : "+x"(x) : "x"(0.0f));
  return x;
}
#else
inline float squareRoot(float x) {
  return _mm_cvtss_f32(_mm_sqrt_ss(_mm_set_ss(x)));
}
inline float atLeastZero(float x) {
  return x > 0 ? x : 0.0f;
}
#endif

#else  // no SSE2: the same operations lane by lane

struct I4 {
  int v[4];
  template <int i>
  int lane() const {
    return v[i];
  }
};

struct F4 {
  float v[4];
  static F4 splat(float a) { return {{a, a, a, a}}; }
  static F4 make(float a, float b, float c, float d) { return {{a, b, c, d}}; }
  static F4 load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
  void store(float* p) const { p[0] = v[0], p[1] = v[1], p[2] = v[2], p[3] = v[3]; }
  static F4 loadPairs(const float* a, const float* b) { return {{a[0], a[1], b[0], b[1]}}; }
  void storePairs(float* a, float* b) const { a[0] = v[0], a[1] = v[1], b[0] = v[2], b[1] = v[3]; }
  template <int a, int b, int c, int d>
  F4 shuffle() const {
    return {{v[a], v[b], v[c], v[d]}};
  }
  template <int i>
  static F4 broadcast(F4 a) {
    return splat(a.v[i]);
  }
  template <int i>
  float lane() const {
    return v[i];
  }
  static F4 interleaveLow(F4 a, F4 b) { return {{a.v[0], b.v[0], a.v[1], b.v[1]}}; }
  I4 truncate() const {
    I4 r;
    for (int i = 0; i < 4; ++i)
      r.v[i] = (v[i] > -2147483648.0f && v[i] < 2147483648.0f) ? int(v[i]) : INT_MIN;
    return r;
  }
  static F4 fromInt(I4 i) { return {{float(i.v[0]), float(i.v[1]), float(i.v[2]), float(i.v[3])}}; }
};
#define RUNNEL_F4_OP(OP)                                                               \
  inline F4 operator OP(F4 a, F4 b) {                                                  \
    return {{a.v[0] OP b.v[0], a.v[1] OP b.v[1], a.v[2] OP b.v[2], a.v[3] OP b.v[3]}}; \
  }
RUNNEL_F4_OP(+)
RUNNEL_F4_OP(-)
RUNNEL_F4_OP(*)
RUNNEL_F4_OP(/)
#undef RUNNEL_F4_OP
inline F4 min(F4 a, F4 b) {
  F4 r;
  for (int i = 0; i < 4; ++i) r.v[i] = a.v[i] < b.v[i] ? a.v[i] : b.v[i];
  return r;
}
inline F4 max(F4 a, F4 b) {
  F4 r;
  for (int i = 0; i < 4; ++i) r.v[i] = a.v[i] > b.v[i] ? a.v[i] : b.v[i];
  return r;
}
inline float sumLanes(F4 a) {
  return (a.v[0] + a.v[2]) + (a.v[1] + a.v[3]);
}
inline float squareRoot(float x) {
  return std::sqrt(x);
}
inline float atLeastZero(float x) {
  return x > 0 ? x : 0.0f;
}

#endif

}  // namespace runnel
