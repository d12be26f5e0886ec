#include "atomic_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>

#include "core/base/error.h"
#include "heightmap_io.h"
#include "user_folders.h"

namespace runnel {

namespace {

std::string folderOf(const std::string& path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// Temporary files are named kTempPrefix + "PID-N": hidden, short whatever the target's name (a name of 250
// characters has no room for a suffix), with the writing process's id, so that the temporaries of a
// process that died mid-write (a kill, a crash, a power cut) can be told apart and removed.
constexpr const char* kTempPrefix = ".runnel-tmp-";

// A name no other writer uses: beside the target, with the process id and a per-process counter.
std::string tempNameFor(const std::string& target) {
  static std::atomic<unsigned> counter{0};
  const size_t slash = target.find_last_of('/');
  const std::string folder = slash == std::string::npos ? "" : target.substr(0, slash + 1);
  return folder + kTempPrefix + std::to_string(getpid()) + "-" + std::to_string(counter++);
}

// The process id in a temporary file's name: ours ("PID-N" after kTempPrefix), or the ".NAME.tmp-PID-N"
// of earlier versions; 0 for any other name.
pid_t writerOf(const std::string& name) {
  size_t at;
  if (name.rfind(kTempPrefix, 0) == 0)
    at = std::strlen(kTempPrefix);
  else if (name.size() > 1 && name[0] == '.' && (at = name.rfind(".tmp-")) != std::string::npos)
    at += 5;
  else
    return 0;
  char* end = nullptr;
  const long pid = std::strtol(name.c_str() + at, &end, 10);
  if (end == name.c_str() + at || *end != '-' || pid <= 0 || pid > INT_MAX) return 0;
  for (const char* c = end + 1; *c; ++c)
    if (*c < '0' || *c > '9') return 0;
  return end[1] ? pid_t(pid) : 0;
}

}  // namespace

bool processIsRunning(long pid) {
  // ESRCH: no such process. EPERM means it runs (as another user).
  return pid > 0 && pid <= INT_MAX && !(::kill(pid_t(pid), 0) != 0 && errno == ESRCH);
}

namespace {

// Removes, once per folder per process, the temporaries left there by processes that no longer run.
void removeDeadTemporaries(const std::string& folder) {
  static std::mutex mutex;
  static std::set<std::string> cleaned;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!cleaned.insert(folder).second) return;
  }
  DIR* dir = ::opendir(folder.c_str());
  if (!dir) return;
  while (const dirent* entry = ::readdir(dir)) {
    const pid_t pid = writerOf(entry->d_name);
    if (pid == 0 || pid == getpid()) continue;
    if (!processIsRunning(pid)) ::unlinkat(::dirfd(dir), entry->d_name, 0);
  }
  ::closedir(dir);
}

// The file a path names, through any symbolic links: writing replaces the file, and the link stays.
std::string followLinks(std::string path) {
  for (int hop = 0; hop < 40; ++hop) {
    char to[PATH_MAX];
    const ssize_t n = ::readlink(path.c_str(), to, sizeof to - 1);
    if (n < 0) return path;  // not a link (or not there yet)
    const std::string link(to, size_t(n));
    const std::string folder = folderOf(path);
    path = link[0] == '/' || folder == "." ? link : (folder == "/" ? "" : folder) + "/" + link;
  }
  errno = ELOOP;
  return "";
}

// The group publish() hands its file to, if one is open on this thread.
thread_local PublishGroup* openGroup = nullptr;

// Makes a rename durable; a failure here loses nothing already visible, so it is not reported.
void syncFolderOf(const std::string& file) {
  int dir = ::open(folderOf(file).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

// Commit journals: "commit-PID-N" in the state folder's commits/, one "TEMP\tFILE" line a rename (absolute
// paths), after a first line kJournalHead and before a last line "end".
constexpr const char* kJournalHead = "runnel-commit 1";
constexpr const char* kJournalPrefix = "commit-";
// Without a state folder (no HOME nor XDG_STATE_HOME: cron, env -i) the journal goes beside the first
// output, hidden, and the next process to write into that folder finishes the set.
constexpr const char* kFolderJournalPrefix = ".runnel-commit-";

std::string commitsFolder() {
  const std::string state = userStateFolder();
  return state.empty() ? std::string() : state + "/commits";
}

std::string absolute(const std::string& path) {
  if (!path.empty() && path[0] == '/') return path;
  char here[PATH_MAX];
  if (!::getcwd(here, sizeof here)) return path;
  return std::string(here) + "/" + path;
}

// Writes `text` to `path` whole: a temporary file beside it, synced and renamed. False when any step fails.
bool writeJournal(const std::string& path, const std::string& text) {
  const std::string temp = tempNameFor(path);
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  bool ok = ::write(fd, text.data(), text.size()) == ssize_t(text.size()) && ::fsync(fd) == 0;
  ok = ::close(fd) == 0 && ok;
  ok = ok && ::rename(temp.c_str(), path.c_str()) == 0;
  if (!ok) {
    ::unlink(temp.c_str());
    return false;
  }
  syncFolderOf(path);
  return true;
}

// The journal's renames; empty when it is not a whole journal.
std::vector<std::pair<std::string, std::string>> readJournal(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::vector<std::pair<std::string, std::string>> renames;
  if (!std::getline(in, line) || line != kJournalHead) return {};
  while (std::getline(in, line)) {
    if (line == "end") return renames;
    const size_t tab = line.find('\t');
    if (tab == std::string::npos) return {};
    renames.emplace_back(line.substr(0, tab), line.substr(tab + 1));
  }
  return {};  // no "end": not whole
}

}  // namespace

// A group opened inside another joins it: its files wait for the outer group's commit.
PublishGroup::PublishGroup() : outer_(openGroup) {
  if (!outer_) openGroup = this;
}

PublishGroup::~PublishGroup() {
  if (outer_) return;
  if (openGroup == this) openGroup = nullptr;
  for (const Held& h : held_) ::unlink(h.temp.c_str());
}

void PublishGroup::commit() {
  if (outer_) return;
  if (openGroup == this) openGroup = nullptr;
  std::vector<Held> held = std::move(held_);
  held_.clear();
  // One rename is atomic by itself; several are journalled first (see the header).
  std::string journal;
  // A journal line cannot hold a path with a tab or a line break in it: such a set goes unjournalled.
  const bool writable = std::none_of(held.begin(), held.end(), [](const Held& h) {
    return absolute(h.temp).find_first_of("\t\n") != std::string::npos ||
           absolute(h.file).find_first_of("\t\n") != std::string::npos;
  });
  if (held.size() > 1 && writable) {
    static std::atomic<unsigned> counter{0};
    std::string text = std::string(kJournalHead) + "\n";
    for (const Held& h : held) text += absolute(h.temp) + "\t" + absolute(h.file) + "\n";
    text += "end\n";
    const std::string state = commitsFolder();
    const std::string name = std::to_string(getpid()) + "-" + std::to_string(counter++);
    if (!state.empty()) {
      std::error_code ignored;
      std::filesystem::create_directories(state, ignored);
      journal = state + "/" + kJournalPrefix + name;
    } else {
      journal = folderOf(absolute(held.front().file)) + "/" + kFolderJournalPrefix + name;
    }
    if (!writeJournal(journal, text)) journal.clear();
  }
  for (size_t i = 0; i < held.size(); ++i)
    if (::rename(held[i].temp.c_str(), held[i].file.c_str()) != 0) {
      const int err = errno;
      for (size_t j = i; j < held.size(); ++j) ::unlink(held[j].temp.c_str());
      if (!journal.empty()) ::unlink(journal.c_str());
      throw Error("cannot write " + held[i].target + ": " + std::strerror(err));
    } else if (i == 0 && held.size() > 1 && betweenCommitRenamesForTests) {
      betweenCommitRenamesForTests();
    }
  for (const Held& h : held) syncFolderOf(h.file);
  if (!journal.empty()) ::unlink(journal.c_str());
}

namespace {

// Finishes the renames of the journals in `folder` named `prefix`PID-N whose process no longer runs, and
// removes them; returns how many files it renamed.
size_t replayDeadJournals(const std::string& folder, const char* prefix) {
  size_t renamed = 0;
  DIR* dir = ::opendir(folder.c_str());
  if (!dir) return 0;
  std::vector<std::string> journals;
  while (const dirent* entry = ::readdir(dir)) {
    const std::string name = entry->d_name;
    if (name.rfind(prefix, 0) != 0) continue;
    const long pid = std::strtol(name.c_str() + std::strlen(prefix), nullptr, 10);
    if (pid > 0 && pid != getpid() && !processIsRunning(pid)) journals.push_back(folder + "/" + name);
  }
  ::closedir(dir);
  for (const std::string& journal : journals) {
    // A temporary file that is gone was renamed before the kill.
    for (const auto& [temp, file] : readJournal(journal))
      if (::rename(temp.c_str(), file.c_str()) == 0) {
        syncFolderOf(file);
        ++renamed;
      }
    ::unlink(journal.c_str());
  }
  return renamed;
}

// Before a process first writes into a folder: the commits journalled there by dead processes (no state
// folder: no HOME) are finished, then their temporaries removed.
void recoverFolder(const std::string& folder) {
  static std::mutex mutex;
  static std::set<std::string> recovered;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!recovered.insert(folder).second) return;
  }
  replayDeadJournals(folder, kFolderJournalPrefix);
  removeDeadTemporaries(folder);
}

}  // namespace

size_t recoverInterruptedCommits() {
  const std::string folder = commitsFolder();
  if (folder.empty()) return 0;
  const size_t renamed = replayDeadJournals(folder, kJournalPrefix);
  removeDeadTemporaries(folder);  // a journal being written when its process died
  return renamed;
}

AtomicFile::AtomicFile(std::string target) : target_(std::move(target)) {
  if (target_.empty() || target_.back() == '/') fail("not a file name", EISDIR);
  file_ = followLinks(target_);
  if (file_.empty()) fail("", errno);
  // What is not a plain file (a named pipe, a device, a socket, a folder) is never replaced by one: the
  // rename would swap a system's /dev/null or a pipeline's FIFO for our bytes.
  struct stat existing;
  if (::stat(file_.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode))
    fail(S_ISDIR(existing.st_mode) ? "it is a folder" : "it is not a regular file (a pipe, device or socket)",
         0);
  // A name the folder cannot hold fails now, not at the rename after other outputs were published.
  const size_t slash = file_.find_last_of('/');
  const std::string name = slash == std::string::npos ? file_ : file_.substr(slash + 1);
  const long longest = ::pathconf(folderOf(file_).c_str(), _PC_NAME_MAX);
  if (longest > 0 && name.size() > size_t(longest))
    fail("its name is " + std::to_string(name.size()) + " bytes, longer than the folder takes (" +
             std::to_string(longest) + ")",
         0);
  // A dead process's journalled commit is finished before any of its temporaries could be taken for litter.
  static std::once_flag recovered;
  std::call_once(recovered, [] { recoverInterruptedCommits(); });
  recoverFolder(folderOf(file_));
  for (int attempt = 0; attempt < 100 && fd_ < 0; ++attempt) {
    temp_ = tempNameFor(file_);
    // 0666 so the file gets the user's usual permissions through the umask, as a plain fopen would.
    fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd_ < 0 && errno != EEXIST) fail("", errno);
  }
  if (fd_ < 0) fail("", EEXIST);
  struct stat old;
  if (::stat(file_.c_str(), &old) == 0 && S_ISREG(old.st_mode)) keepMode_ = int(old.st_mode & 07777);
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
  if (openGroup) {  // the group renames it, with the others, or removes it
    openGroup->held_.push_back({temp_, file_, target_});
    published_ = true;
    return;
  }
  if (::rename(temp_.c_str(), file_.c_str()) != 0) fail("", errno);
  published_ = true;
  syncFolderOf(file_);
}

void writeFileAtomically(const std::string& path, const std::string& bytes) {
  AtomicFile file(path);
  file.write(bytes.data(), bytes.size());
  file.commit();
}

void makeFolder(const std::string& folder) {
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec || !std::filesystem::is_directory(folder))
    throw Error(folder + ": cannot make the folder (" + (ec ? ec.message() : "a file is in the way") + ")");
}

}  // namespace runnel
