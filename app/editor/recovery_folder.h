// Where the editor's autosaves go and how they are found again. The editor writes its project there every
// few minutes while it has unsaved work, and before work that replaces the terrain; each file is written
// atomically (whole or not at all). A process keeps its newest few. After a crash or a kill, the next start
// finds the autosaves of processes that no longer run and offers them back.
//
// Files: FOLDER/autosave-PID-N.runnel, N counting up within the process; "newest" is by the file's time.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace runnel::editor {

struct Autosave {
  std::string path;
  long pid = 0;           // the editor process that wrote it
  int64_t writtenNs = 0;  // when, in nanoseconds since the epoch
  uint64_t bytes = 0;
};

class RecoveryFolder {
 public:
  // An empty `folder` is defaultFolder(). A process keeps its newest `keep` autosaves; the folder holds at
  // most `maxFiles` (the oldest of dead processes go first).
  explicit RecoveryFolder(std::string folder = "", int keep = 3, int maxFiles = 20);
  // $XDG_STATE_HOME/runnel/recovery, else $HOME/.local/state/runnel/recovery.
  static std::string defaultFolder();
  const std::string& folder() const { return folder_; }

  // Where this process's next autosave goes; creates the folder (throws Error naming it when it cannot).
  std::string nextPath();
  // After an autosave: this process's older ones beyond `keep`, and the oldest files of dead processes
  // beyond `maxFiles` in all, are removed.
  void prune() const;
  // Every autosave in the folder, newest first (none when the folder does not exist).
  std::vector<Autosave> list() const;
  // The autosaves of processes that no longer run, newest first: the work a crash or a kill left behind.
  std::vector<Autosave> orphans() const;
  // Removes every autosave of process `pid` (this one's on a clean exit, a dead one's once its work is
  // recovered and saved again, or discarded).
  void removeOf(long pid) const;

 private:
  std::string folder_;
  int keep_, maxFiles_;
  int next_ = 1;
};

}  // namespace runnel::editor
