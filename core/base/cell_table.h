// A value for each of a few cells of a big map, in memory for those cells only: open addressing with linear
// probing, keyed by the cell's index. For work that touches a small share of a map (the rivers model's
// lakes: a few dozen a step in millions of cells), where a map-sized array would be the run's peak. Once it
// holds a sixteenth of the map's cells it turns into such an array (4 bytes a cell): the rivers model's
// lakes filled to the brim touch much of the map, and in the table alone a 4096² build of them took 43 s
// and 1.43 GB against 18 s and 1.13 GB.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace runnel {

class CellTable {
 public:
  // `mapCells`: how many cells the map has; `absent`: the value of a cell never set.
  explicit CellTable(size_t mapCells, uint32_t absent = 0) : absent_(absent), mapCells_(mapCells) {}

  uint32_t get(uint32_t cell) const {
    if (dense_) return array_[cell];
    if (slots_.empty()) return absent_;
    for (size_t i = slotOf(cell);; i = (i + 1) & mask_) {
      const uint64_t s = slots_[i];
      if (s == kEmpty) return absent_;
      if (uint32_t(s >> 32) == cell) return uint32_t(s);
    }
  }

  void set(uint32_t cell, uint32_t value) {
    if (dense_) {
      array_[cell] = value;
      return;
    }
    if (16 * (count_ + 1) > mapCells_) {
      becomeArray();
      array_[cell] = value;
      return;
    }
    if (2 * (count_ + 1) > slots_.size()) grow();
    for (size_t i = slotOf(cell);; i = (i + 1) & mask_) {
      uint64_t& s = slots_[i];
      if (s == kEmpty) ++count_;
      if (s == kEmpty || uint32_t(s >> 32) == cell) {
        s = uint64_t(cell) << 32 | value;
        return;
      }
    }
  }

 private:
  // A key of ~0 is no cell (a map holds at most 16384² cells).
  static constexpr uint64_t kEmpty = ~uint64_t(0);

  // Fibonacci hashing: a basin's cells are neighbours, and their indices would crowd one run of slots.
  size_t slotOf(uint32_t cell) const { return size_t((uint64_t(cell) * 0x9E3779B97F4A7C15ull) >> shift_); }

  void becomeArray() {
    array_.assign(mapCells_, absent_);
    for (const uint64_t s : slots_)
      if (s != kEmpty) array_[size_t(s >> 32)] = uint32_t(s);
    std::vector<uint64_t>().swap(slots_);
    dense_ = true;
  }

  void grow() {
    std::vector<uint64_t> old;
    old.swap(slots_);
    const size_t size = old.empty() ? 1024 : 2 * old.size();
    slots_.assign(size, kEmpty);
    mask_ = size - 1;
    shift_ = 64;
    for (size_t s = size; s > 1; s >>= 1) --shift_;
    count_ = 0;
    for (const uint64_t s : old)
      if (s != kEmpty) set(uint32_t(s >> 32), uint32_t(s));
  }

  uint32_t absent_;
  size_t mapCells_;
  bool dense_ = false;
  std::vector<uint32_t> array_;  // dense
  std::vector<uint64_t> slots_;  // sparse: cell << 32 | value, kEmpty where none
  size_t count_ = 0, mask_ = 0;
  int shift_ = 64;
};

}  // namespace runnel
