#include "progress.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace runnel::cli {

ProgressMode progressMode(bool forceOn, bool forceOff) {
  if (forceOff) return ProgressMode::Off;
  if (forceOn) return ProgressMode::Always;
  return isatty(STDERR_FILENO) ? ProgressMode::AfterASecond : ProgressMode::Off;
}

ProgressBar::ProgressBar(std::string label, std::string unit, uint64_t total, ProgressMode mode)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      total_(total),
      mode_(mode),
      terminal_(isatty(STDERR_FILENO)),
      start_(Clock::now()),
      lastDraw_(start_) {}

ProgressBar::~ProgressBar() {
  if (lineOpen_) std::fputc('\n', stderr);
}

void ProgressBar::update(uint64_t done) {
  if (mode_ == ProgressMode::Off || finished_) return;
  Clock::time_point now = Clock::now();
  double elapsed = std::chrono::duration<double>(now - start_).count();
  if (mode_ == ProgressMode::AfterASecond && elapsed < 1.0) return;  // work under a second needs no bar
  double sinceDraw = std::chrono::duration<double>(now - lastDraw_).count();
  if (started_ && sinceDraw < (terminal_ ? 0.1 : 1.0)) return;
  lastDraw_ = now;
  draw(done, elapsed);
}

void ProgressBar::finish() {
  if (finished_) return;
  if (started_) {
    draw(total_, std::chrono::duration<double>(Clock::now() - start_).count());
    if (lineOpen_) std::fputc('\n', stderr);
    lineOpen_ = false;
  }
  finished_ = true;
}

void ProgressBar::draw(uint64_t done, double elapsed) {
  constexpr int kWidth = 30;
  double fraction = total_ ? std::min(1.0, double(done) / double(total_)) : 1.0;
  int filled = int(fraction * kWidth);
  std::string bar(size_t(filled), '#');
  bar.append(size_t(kWidth - filled), '.');
  double rate = elapsed > 0 ? double(done) / elapsed : 0.0;
  std::string eta = "--:--";
  if (rate > 0 && done <= total_) eta = clockTime(double(total_ - done) / rate);
  // On a terminal the line is redrawn in place; into a file each draw is its own line.
  // Slow units (a rivers step takes seconds on a big map) read better as seconds each than as 0/s.
  char pace[32];
  if (rate > 0 && rate < 1.0)
    std::snprintf(pace, sizeof pace, "%.1f s each", 1.0 / rate);
  else
    std::snprintf(pace, sizeof pace, "%s/s", shortCount(rate).c_str());
  std::fprintf(stderr, "%s%s [%s] %3d%%  %s/%s %s  %s  ETA %s%s", terminal_ ? "\r" : "", label_.c_str(),
               bar.c_str(), int(fraction * 100.0), shortCount(double(done)).c_str(),
               shortCount(double(total_)).c_str(), unit_.c_str(), pace, eta.c_str(),
               terminal_ ? "\x1b[K" : "\n");
  std::fflush(stderr);
  started_ = true;
  lineOpen_ = terminal_;  // a file gets complete lines: nothing to end
}

std::string clockTime(double seconds) {
  long s = long(std::lround(seconds));
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

}  // namespace runnel::cli
