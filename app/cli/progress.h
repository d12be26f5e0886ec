// A progress bar on stderr for work that takes over a second. On a terminal it draws nothing for the first
// second (short runs stay quiet); asked for with --progress it draws from the start. It redraws at most 10
// times a second on a terminal, once a second into a log file (a line each):
//   erode  [#############...........]  52%  5.2M/10M droplets  1.3M/s  ETA 0:04
#pragma once
#include <chrono>
#include <cstdint>
#include <string>

#include "core/base/number_text.h"

namespace runnel::cli {

// Off, on after a second (stderr is a terminal), or on from the start (--progress); --no-progress wins.
enum class ProgressMode { Off, AfterASecond, Always };
ProgressMode progressMode(bool forceOn, bool forceOff);

class ProgressBar {
 public:
  ProgressBar(std::string label, std::string unit, uint64_t total, ProgressMode mode);
  ~ProgressBar();  // ends the line if anything was drawn
  void update(uint64_t done);
  void finish();  // draws 100% (if drawing) and ends the line

 private:
  void draw(uint64_t done, double elapsed);
  using Clock = std::chrono::steady_clock;
  std::string label_, unit_;
  uint64_t total_;
  ProgressMode mode_;
  bool terminal_;
  bool started_ = false;   // drawn at least once
  bool lineOpen_ = false;  // a terminal line waits for its newline
  bool finished_ = false;
  Clock::time_point start_, lastDraw_;
};

// Counts and rates in the bar and in bench's output: core/base/number_text.h's shortCount ("1.30M", "25.0k").
using runnel::shortCount;
// "0:04", "1:02:03".
std::string clockTime(double seconds);

}  // namespace runnel::cli
