#include "atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

#include "error.h"
#include "heightmap_io.h"

namespace runnel {

namespace {

std::string folderOf(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// A name no other writer uses: hidden, beside the target, with the process id and a per-process counter.
std::string tempNameFor(const std::string& target) {
  static std::atomic<unsigned> counter{0};
  size_t slash = target.find_last_of('/');
  std::string folder = slash == std::string::npos ? "" : target.substr(0, slash + 1);
  std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
  return folder + "." + base + ".tmp-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
}

}  // namespace

AtomicFile::AtomicFile(std::string target) : target_(std::move(target)) {
  if (target_.empty() || target_.back() == '/') fail("not a file name", EISDIR);
  for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
    temp_ = tempNameFor(target_);
    // 0666 so the file gets the user's usual permissions through the umask, as a plain fopen would.
    fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd_ < 0 && errno != EEXIST) fail("", errno);
  }
  if (fd_ < 0) fail("", EEXIST);
  struct stat old;
  if (::stat(target_.c_str(), &old) == 0 && S_ISREG(old.st_mode)) keepMode_ = int(old.st_mode & 07777);
}

AtomicFile::~AtomicFile() {
  if (stream_)
    std::fclose(stream_);
  else if (fd_ >= 0)
    ::close(fd_);
  if (!published_) ::unlink(temp_.c_str());
}

void AtomicFile::fail(const std::string& what, int err) const {
  std::string msg = "cannot write " + target_ + ": ";
  if (!what.empty()) msg += what + (err ? ": " : "");
  if (err) msg += std::strerror(err);
  throw Error(msg);
}

FILE* AtomicFile::stream() {
  if (!stream_) {
    if (finished_) fail("internal: stream after finish", 0);
    stream_ = ::fdopen(fd_, "wb");
    if (!stream_) fail("", errno);
  }
  return stream_;
}

void AtomicFile::write(const void* bytes, size_t size) {
  if (size && std::fwrite(bytes, 1, size, stream()) != size) fail("", errno);
}

void AtomicFile::finish() {
  if (finished_) return;
  if (stream_) {
    bool bad = std::fflush(stream_) != 0 || std::ferror(stream_);
    if (bad) fail("", errno ? errno : EIO);
  }
  // fsync works on the file, not the descriptor: it also covers bytes a library wrote through its own handle.
  if (::fsync(fd_) != 0) fail("", errno);
  // Replacing a file keeps its permissions, as writing into it would have. Set only now: libraries that
  // reopen the temporary file by name must still be able to write it.
  if (keepMode_ >= 0 && ::fchmod(fd_, mode_t(keepMode_)) != 0) fail("", errno);
  int closed = stream_ ? std::fclose(stream_) : ::close(fd_);
  stream_ = nullptr;
  fd_ = -1;
  if (closed != 0) fail("", errno);
  finished_ = true;
}

void AtomicFile::publish() {
  finish();
  if (::rename(temp_.c_str(), target_.c_str()) != 0) fail("", errno);
  published_ = true;
  // Make the rename itself durable; a failure here loses nothing already visible, so it is not reported.
  int dir = ::open(folderOf(target_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

void writeFileAtomically(const std::string& path, const std::string& bytes) {
  AtomicFile file(path);
  file.write(bytes.data(), bytes.size());
  file.commit();
}

}  // namespace runnel
