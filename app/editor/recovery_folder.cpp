#include "app/editor/recovery_folder.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "core/base/error.h"
#include "core/io/atomic_file.h"
#include "core/io/user_folders.h"

namespace fs = std::filesystem;

namespace runnel::editor {

namespace {

constexpr const char* kPrefix = "autosave-";
constexpr const char* kExtension = ".runnel";

// The writer's pid and the file's number from "autosave-PID-N.runnel"; false for any other name.
bool parseName(const std::string& name, long& pid, long& number) {
  if (!name.starts_with(kPrefix) || !name.ends_with(kExtension)) return false;
  const char* p = name.c_str() + std::char_traits<char>::length(kPrefix);
  char* end = nullptr;
  pid = std::strtol(p, &end, 10);
  if (end == p || *end != '-' || pid <= 0) return false;
  const char* q = end + 1;
  number = std::strtol(q, &end, 10);
  return end != q && number > 0 && std::string(end) == kExtension;
}

}  // namespace

RecoveryFolder::RecoveryFolder(std::string folder, int keep, int maxFiles)
    : folder_(folder.empty() ? defaultFolder() : std::move(folder)),
      keep_(std::max(keep, 1)),
      maxFiles_(std::max(maxFiles, keep_)) {
  // Numbers go on from this process's files already there (a folder shared by a restarted pid).
  for (const Autosave& a : list())
    if (a.pid == long(getpid())) {
      long pid = 0, number = 0;
      if (parseName(fs::path(a.path).filename().string(), pid, number))
        next_ = std::max(next_, int(number) + 1);
    }
}

std::string RecoveryFolder::defaultFolder() {
  const std::string state = userStateFolder();
  return (fs::path(state.empty() ? "." : state) / "recovery").string();
}

std::string RecoveryFolder::nextPath() {
  std::error_code ec;
  fs::create_directories(folder_, ec);
  if (ec || !fs::is_directory(folder_))
    throw Error(folder_ + ": cannot make the recovery folder (" + (ec ? ec.message() : "not a folder") + ")");
  return (fs::path(folder_) /
          (kPrefix + std::to_string(getpid()) + "-" + std::to_string(next_++) + kExtension))
      .string();
}

std::vector<Autosave> RecoveryFolder::list() const {
  std::vector<Autosave> found;
  std::error_code ec;
  for (fs::directory_iterator it(folder_, ec), end; !ec && it != end; it.increment(ec)) {
    long pid = 0, number = 0;
    if (!parseName(it->path().filename().string(), pid, number)) continue;
    std::error_code e2;
    if (!it->is_regular_file(e2)) continue;
    const auto time = it->last_write_time(e2);
    const uint64_t bytes = it->file_size(e2);
    if (e2) continue;  // gone meanwhile
    found.push_back(
        {it->path().string(), pid,
         int64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count()),
         bytes});
  }
  // Newest first; within one clock tick the higher number of one process.
  std::sort(found.begin(), found.end(), [](const Autosave& a, const Autosave& b) {
    if (a.writtenNs != b.writtenNs) return a.writtenNs > b.writtenNs;
    return a.path > b.path;
  });
  return found;
}

std::vector<Autosave> RecoveryFolder::orphans() const {
  std::vector<Autosave> all = list(), dead;
  for (Autosave& a : all)
    if (a.pid != long(getpid()) && !processIsRunning(a.pid)) dead.push_back(std::move(a));
  return dead;
}

void RecoveryFolder::prune() const {
  const std::vector<Autosave> all = list();
  int mine = 0;
  std::vector<const Autosave*> dead;
  for (const Autosave& a : all) {
    if (a.pid == long(getpid())) {
      std::error_code ec;
      if (++mine > keep_) fs::remove(a.path, ec);
    } else if (!processIsRunning(a.pid)) {
      dead.push_back(&a);
    }
  }
  // Bounded in all: the oldest work of dead processes goes first.
  const int held = std::min(mine, keep_) + int(all.size()) - mine;
  for (int over = held - maxFiles_; over > 0 && !dead.empty(); --over) {
    std::error_code ec;
    fs::remove(dead.back()->path, ec);
    dead.pop_back();
  }
}

void RecoveryFolder::removeOf(long pid) const {
  for (const Autosave& a : list())
    if (a.pid == pid) {
      std::error_code ec;
      fs::remove(a.path, ec);
    }
}

}  // namespace runnel::editor
