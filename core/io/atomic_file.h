// A file that appears whole or not at all. The bytes go to a temporary file in the target's folder, which is
// flushed to disk and renamed over the target when complete: a failure never leaves a truncated file where a
// good one stood, and the temporary file is removed. A target that is a symbolic link has the file it points
// to replaced (the link stays). Temporary files left in a folder by processes that died mid-write are removed
// the first time a process writes there.
#pragma once
#include <cstddef>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace runnel {

// Several files that appear together or not at all, such as the outputs of one run: while a group is open
// on a thread, an AtomicFile's publish() only finishes its temporary file and hands it to the group. commit()
// renames every one over its file; a group dropped without commit() removes them, and no file it was
// writing has changed (a full disk at the third output leaves the first two as they were). A group opened
// while another is open joins it.
//
// A kill between two of commit()'s renames would leave some files new and some old. So before renaming,
// commit() writes a journal of the renames to do (in the user's state folder, commits/); the first process
// to write a file afterwards (or recoverInterruptedCommits()) finishes the renames of a dead process's
// journal before any temporary file is removed, so the set ends all new. Without a state folder (no HOME nor
// XDG_STATE_HOME) the journal is a hidden ".runnel-commit-PID-N" beside the first file, finished by the next
// process that writes into that folder; until then a reader of the folder can see the set half new. Only a
// path holding a tab or a line break goes unjournalled.
class PublishGroup {
 public:
  PublishGroup();
  ~PublishGroup();  // removes the temporary files not committed
  PublishGroup(const PublishGroup&) = delete;
  PublishGroup& operator=(const PublishGroup&) = delete;
  // Renames every finished temporary file over its file, in the order they were written; throws Error
  // naming the first that fails (renames within a folder fail only when the folder itself is broken).
  void commit();

 private:
  friend class AtomicFile;
  struct Held {
    std::string temp, file, target;
  };
  std::vector<Held> held_;
  PublishGroup* outer_;  // the group this one joined, if any
};

// False only when no process `pid` exists (one run by another user counts as running).
bool processIsRunning(long pid);

// Finishes the renames of the commits that processes killed mid-commit left journalled (see PublishGroup);
// returns how many files it renamed. Runs by itself before a process's first write; tools call it at start.
size_t recoverInterruptedCommits();

class AtomicFile {
 public:
  // Creates the temporary file; throws Error naming the target when its folder is not writable.
  explicit AtomicFile(std::string target);
  // Removes the temporary file unless it was published.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  const std::string& target() const { return target_; }
  // For libraries that open files by name (libtiff, OpenEXR): they may reopen and rewrite this path.
  const std::string& tempPath() const { return temp_; }
  // A buffered stream on the temporary file, owned by this object.
  FILE* stream();
  void write(const void* bytes, size_t size);  // throws Error naming the target

  // Flushes and syncs the temporary file to disk and closes it; throws Error naming the target.
  void finish();
  // Renames the finished temporary file over the target; throws Error naming the target.
  void publish();
  void commit() {
    finish();
    publish();
  }

 private:
  [[noreturn]] void fail(const std::string& what, int err) const;
  std::string target_, temp_;
  std::string file_;  // the target through its symbolic links: what is replaced
  int fd_ = -1;
  FILE* stream_ = nullptr;
  bool finished_ = false, published_ = false;
  int keepMode_ = -1;  // the permissions of the file being replaced, if any
};

// Tests only: called after the first rename of a commit of several files, where a kill would leave the set
// half new (a test's child process exits there to show the journal finishes the set). Null in the tools.
inline void (*betweenCommitRenamesForTests)() = nullptr;

// Makes `folder` and the folders above it when missing (an output folder named on a command line); throws
// Error naming it when it cannot be made or a file is in the way.
void makeFolder(const std::string& folder);

}  // namespace runnel
