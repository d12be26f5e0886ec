// What a file's length can deliver: the bound every map reader checks a header against before it allocates
// what the header asks for (issue 33). A header of a few bytes can declare 16384x16384 float pixels (1 GiB);
// the bytes the file really stores, and the most its compression can expand them, say what it can hold.
//
// Each reader (format_tiff.cpp, format_exr.cpp, format_png.cpp), before it allocates the map:
//  1. its strips, tiles or chunks must lie inside the file (requireInsideFile);
//  2. the pixel data they must decode to must fit what their stored bytes can expand to at the codec's
//     best ratio (requireFileHolds, with a ratio below);
//  3. the memory it needs is weighed against the limit (checkMemory, memory_budget.h);
//  4. an allocation bigger than the file may make on its word (allocatableOnItsWord) waits for a first pass
//     that decodes the data into a counter: junk that fits the ratio fails there, with no map allocated.
#pragma once
#include <cstdint>
#include <string>

namespace runnel {

// The most bytes one stored byte can decode to, for the codecs whose best case is known.
namespace ratio {
constexpr uint64_t kStored = 1;  // uncompressed
// Deflate (zlib, PNG, TIFF's Adobe deflate, EXR's ZIP): a 258-byte match in as few as 2 bits, ~1032:1.
constexpr uint64_t kDeflate = 1032;
// TIFF's LZW: codes of 9 bits or more, none standing for more than 4096 bytes.
constexpr uint64_t kLzw = (4096 * 8 + 8) / 9;
// PackBits (TIFF) and EXR's RLE: a run of up to 128 bytes in 2 bytes.
constexpr uint64_t kRunLength = 64;
// EXR's PXR24: deflate of floats cut to 24 bits.
constexpr uint64_t kPxr24 = kDeflate * 4 / 3 + 1;
// EXR's PIZ: wavelet then Huffman with runs of up to 255 values (2 bytes each) in 10 bits or more.
constexpr uint64_t kPiz = 512;
// EXR's B44(A): a 4x4 block of halves (32 bytes) in 3 bytes at best.
constexpr uint64_t kB44 = 11;
// No useful bound (DWAA/DWAB, JPEG, LZMA, ZSTD, ...): only decoding the data tells (the first pass).
constexpr uint64_t kUnbounded = 0;
}  // namespace ratio

// A codec's best ratio (above) and its name in messages, as each reader tells them from its header.
struct CodecRatio {
  uint64_t maxRatio;
  const char* name;
};

// Throws Error "PATH: its WHAT need 1.0 GiB of pixel data but the file holds 134 bytes: truncated or corrupt"
// (or, compressed, "... but its 274 bytes of deflate data hold at most 276.3 KiB: ...") when `needed` bytes
// cannot come out of `stored` bytes at `maxRatio` (ratio::kUnbounded: no check). `codec` names the
// compression ("deflate", "ZIP"); ignored when maxRatio is 1.
void requireFileHolds(const std::string& path, const std::string& what, uint64_t needed, uint64_t stored,
                      uint64_t maxRatio, const std::string& codec);

// Throws Error "PATH: WHAT runs past the end of the file (bytes A to B of N): truncated or corrupt" unless
// [offset, offset + count) lies inside a file of `fileBytes`.
void requireInsideFile(const std::string& path, const std::string& what, uint64_t offset, uint64_t count,
                       uint64_t fileBytes);

// The most a file may make a reader allocate on its header's word, before any of its data has decoded:
// 16 times its length, and at least 16 MiB (no valid map of that size is refused or read twice). Float
// and 16-bit maps of real terrain stay well under 16 times their file; beyond it a small file could be
// junk that fits its codec's ratio, and is decoded once into a counter first.
constexpr uint64_t kOnItsWordFactor = 16;
constexpr uint64_t kOnItsWordFloor = uint64_t(16) << 20;
bool allocatableOnItsWord(uint64_t bytes, uint64_t fileBytes);

// The length of the regular file at `path` (0 when it cannot be told: the reader's open reports why).
uint64_t fileLength(const std::string& path);

}  // namespace runnel
