#include "input_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "error.h"

namespace runnel {

InputFile::InputFile(std::string path) : path_(std::move(path)) {
  file_ = std::fopen(path_.c_str(), "rb");
  if (!file_) throw Error(path_ + ": cannot open: " + std::strerror(errno));
  struct stat st;
  if (::fstat(fileno(file_), &st) != 0 || !S_ISREG(st.st_mode)) {
    std::fclose(file_);
    throw Error(path_ + ": not a regular file");
  }
  size_ = uint64_t(st.st_size);
}

InputFile::~InputFile() {
  std::fclose(file_);
}

uint64_t InputFile::position() const {
  return uint64_t(ftello(file_));
}

void InputFile::read(void* bytes, size_t size) {
  if (std::fread(bytes, 1, size, file_) == size) return;
  if (std::ferror(file_)) throw Error(path_ + ": read error: " + std::strerror(errno));
  throw Error(path_ + ": truncated file (ends at byte " + std::to_string(position()) + " of " +
              std::to_string(size_) + ")");
}

}  // namespace runnel
