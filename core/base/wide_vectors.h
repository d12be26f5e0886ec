// Whole-grid loops built twice, for AVX2 (eight floats a instruction) and for plain x86-64 (four), the
// right one picked when the program loads (GCC's target_clones). AVX2 without FMA computes lane by lane
// the same IEEE floats as SSE2, so a result does not depend on the machine. Other compilers and CPUs get
// one plain build, and so do the sanitizer builds: the choice runs as an ifunc resolver while the program
// is being loaded, before ThreadSanitizer's runtime is up, and the instrumented resolver crashed there.
#pragma once

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__) && \
    !defined(__SANITIZE_ADDRESS__)
#define RUNNEL_WIDE_VECTORS __attribute__((target_clones("avx2", "default")))
#else
#define RUNNEL_WIDE_VECTORS
#endif
