// A file opened for reading whose every failure is an Error naming it: shared by the formats that read
// bytes themselves (raw, PFM).
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>

namespace runnel {

// Refuses a path that exists but is not a regular file, naming it and what it is: opening a named pipe
// waits for a writer for ever, and a directory or a device holds no map. A missing path is left to the
// caller's open, whose message says so.
void requireRegularFile(const std::string& path);

class InputFile {
 public:
  explicit InputFile(std::string path);  // throws Error naming path when it cannot be opened
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& path() const { return path_; }
  uint64_t size() const { return size_; }  // length in bytes
  uint64_t position() const;
  // Reads exactly `size` bytes; throws Error naming the file ("truncated") when it ends first.
  void read(void* bytes, size_t size);
  // Reads one byte, or returns -1 at the end of the file.
  int get() { return std::fgetc(file_); }

 private:
  std::string path_;
  FILE* file_ = nullptr;
  uint64_t size_ = 0;
};

}  // namespace runnel
