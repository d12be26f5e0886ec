#include "input_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "core/base/error.h"

namespace runnel {

void requireRegularFile(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return;
  const char* what = S_ISDIR(st.st_mode)    ? "a directory"
                     : S_ISFIFO(st.st_mode) ? "a named pipe"
                     : S_ISSOCK(st.st_mode) ? "a socket"
                                            : "a device";
  throw Error(path + ": not a regular file (" + what +
              "); Runnel reads maps, projects and scripts from files");
}

InputFile::InputFile(std::string path) : path_(std::move(path)) {
  requireRegularFile(path_);
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
