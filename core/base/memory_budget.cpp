#include "memory_budget.h"

#include <atomic>
#include <cctype>
#include <cstdio>
#include <utility>

#include "error.h"

namespace runnel {

namespace {
std::atomic<uint64_t> limit{kDefaultMemoryLimit};
thread_local const ScopedMemoryLimit* scoped = nullptr;
}  // namespace

ScopedMemoryLimit::ScopedMemoryLimit(uint64_t bytes, std::string purpose)
    : bytes_(bytes), purpose_(std::move(purpose)), outer_(scoped) {
  scoped = this;
}

ScopedMemoryLimit::~ScopedMemoryLimit() {
  scoped = outer_;
}

uint64_t memoryLimit() {
  return limit.load(std::memory_order_relaxed);
}

void setMemoryLimit(uint64_t bytes) {
  limit.store(bytes, std::memory_order_relaxed);
}

void checkMemory(const std::string& path, const std::string& what, uint64_t bytes) {
  for (const ScopedMemoryLimit* s = scoped; s; s = s->outer_)
    if (bytes > s->bytes_)
      throw Error(path + ": " + what + " needs " + describeBytes(bytes) + ": more than " + s->purpose_ +
                  " takes (" + describeBytes(s->bytes_) + ")");
  if (bytes <= memoryLimit()) return;
  throw Error(path + ": " + what + " needs " + describeBytes(bytes) + ": over the " +
              describeBytes(memoryLimit()) + " limit (--max-memory raises it)");
}

std::optional<uint64_t> parseMemorySize(const std::string& text) {
  size_t i = 0;
  uint64_t number = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    if (number > (uint64_t(1) << 62) / 10) return std::nullopt;
    number = number * 10 + uint64_t(text[i++] - '0');
  }
  if (i == 0) return std::nullopt;
  std::string unit = text.substr(i);
  for (char& c : unit) c = char(std::toupper(static_cast<unsigned char>(c)));
  int shift = -1;
  for (const auto& [name, bits] : {std::pair<const char*, int>{"", 0},
                                   {"B", 0},
                                   {"K", 10},
                                   {"KB", 10},
                                   {"KIB", 10},
                                   {"M", 20},
                                   {"MB", 20},
                                   {"MIB", 20},
                                   {"G", 30},
                                   {"GB", 30},
                                   {"GIB", 30},
                                   {"T", 40},
                                   {"TB", 40},
                                   {"TIB", 40}})
    if (unit == name) shift = bits;
  if (shift < 0 || number == 0 || number > (uint64_t(1) << (62 - shift))) return std::nullopt;
  return number << shift;
}

std::string describeBytes(uint64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = double(bytes) / 1024.0;
  int u = 0;
  while (value >= 1024.0 && u < 5) {
    value /= 1024.0;
    ++u;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %s", value, units[u]);
  return text;
}

}  // namespace runnel
