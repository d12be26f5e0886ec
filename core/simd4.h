// Four floats in one register, for the droplet brush's rows of four cells. SSE2 on x86-64 (always there),
// plain arrays elsewhere; both give the same IEEE results lane by lane, so the model's output does not
// depend on which one is built.
#pragma once
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace runnel {

#if defined(__SSE2__)
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
  // Lane i of a, in every lane.
  template <int i>
  static F4 broadcast(F4 a) {
    return {_mm_shuffle_ps(a.v, a.v, _MM_SHUFFLE(i, i, i, i))};
  }
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
#else
struct F4 {
  float v[4];
  static F4 splat(float a) { return {{a, a, a, a}}; }
  static F4 make(float a, float b, float c, float d) { return {{a, b, c, d}}; }
  static F4 load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
  void store(float* p) const { p[0] = v[0], p[1] = v[1], p[2] = v[2], p[3] = v[3]; }
  static F4 loadPairs(const float* a, const float* b) { return {{a[0], a[1], b[0], b[1]}}; }
  void storePairs(float* a, float* b) const { a[0] = v[0], a[1] = v[1], b[0] = v[2], b[1] = v[3]; }
  template <int i>
  static F4 broadcast(F4 a) {
    return splat(a.v[i]);
  }
};
#define RUNNEL_F4_OP(OP)                                                               \
  inline F4 operator OP(F4 a, F4 b) {                                                  \
    return {{a.v[0] OP b.v[0], a.v[1] OP b.v[1], a.v[2] OP b.v[2], a.v[3] OP b.v[3]}}; \
  }
RUNNEL_F4_OP(+)
RUNNEL_F4_OP(-)
RUNNEL_F4_OP(*)
#undef RUNNEL_F4_OP
// SSE semantics: the second operand when either is NaN or they compare equal.
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
#endif

}  // namespace runnel
