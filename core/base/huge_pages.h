// Whole-map buffers in 2 MiB pages where Linux offers them (transparent huge pages, asked for with
// madvise: Debian's default setting gives them only to memory that asks). The rivers model's ordered
// passes jump between rows of a 4096² map, 16 KiB apart, so with 4 KiB pages nearly every neighbour is a
// different page: the address translations missed the TLB, and a step took 10-20% longer.
#pragma once
#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace runnel {

constexpr size_t kHugePage = size_t(2) << 20;

template <class T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  // Under a huge page's size: the usual heap. Else whole huge pages, aligned to one.
  static size_t pagedBytes(size_t n) {
    const size_t bytes = n * sizeof(T);
    return bytes < kHugePage ? 0 : (bytes + kHugePage - 1) / kHugePage * kHugePage;
  }
  T* allocate(size_t n) {
    if (n > size_t(-1) / sizeof(T)) throw std::bad_array_new_length();
    const size_t paged = pagedBytes(n);
    if (paged == 0) return static_cast<T*>(::operator new(n * sizeof(T)));
    void* p = std::aligned_alloc(kHugePage, paged);
    if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(p, paged, MADV_HUGEPAGE);  // a hint: refused or unsupported, the pages are small ones
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t n) {
    if (pagedBytes(n) == 0)
      ::operator delete(p);
    else
      std::free(p);
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
  template <class U>
  bool operator!=(const HugePageAllocator<U>&) const {
    return false;
  }
};

// A whole map's worth of values (a height, area or mark per cell).
template <class T>
using MapVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace runnel
