// How much memory one file may make Runnel allocate before its data has been seen: the pixels its header
// declares, the tile, row and chunk buffers it asks for. A small hostile file must not be able to ask for
// gigabytes. 4 GiB unless raised (`runnel-cli --max-memory`, `runnel --max-memory`).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace runnel {

constexpr uint64_t kDefaultMemoryLimit = uint64_t(4) << 30;

uint64_t memoryLimit();
void setMemoryLimit(uint64_t bytes);

// Throws Error "PATH: WHAT needs 16.0 GiB: over the 4.0 GiB limit (--max-memory raises it)" when `bytes`
// is over the limit (or over a ScopedMemoryLimit's, in its words).
void checkMemory(const std::string& path, const std::string& what, uint64_t bytes);

// On this thread, while it lives: a tighter limit for a file whose use bounds it (a rain map for a 64²
// terrain needs no 16384² image: a 32 KB 1-bit PNG of that size was decoded to 3 GB before it was refused).
// `purpose` names it in the message: "PATH: WHAT needs 1.0 GiB: more than a rain map for a 64x64 terrain
// takes (64.0 MiB)".
class ScopedMemoryLimit {
 public:
  ScopedMemoryLimit(uint64_t bytes, std::string purpose);
  ~ScopedMemoryLimit();
  ScopedMemoryLimit(const ScopedMemoryLimit&) = delete;
  ScopedMemoryLimit& operator=(const ScopedMemoryLimit&) = delete;

 private:
  friend void checkMemory(const std::string&, const std::string&, uint64_t);
  uint64_t bytes_;
  std::string purpose_;
  const ScopedMemoryLimit* outer_;
};

// "4096" (bytes), "512K", "512M", "8G", "1T" (binary units, an optional trailing "B" or "iB") -> bytes;
// nullopt for anything else, zero, or more than 2^62.
std::optional<uint64_t> parseMemorySize(const std::string& text);

// "16.0 GiB", "512.0 MiB", "69 bytes".
std::string describeBytes(uint64_t bytes);

}  // namespace runnel
