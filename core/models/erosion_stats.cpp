#include "erosion_stats.h"

#include <cmath>
#include <cstdio>

#include "core/base/json_text.h"

namespace runnel {

double ErosionStats::massError() const {
  if (!(eroded > 0)) return 0.0;
  return (soilAfter - soilBefore + lost + carried) / eroded;
}

void ErosionStats::add(const ErosionStats& o) {
  const bool empty = droplets == 0 && steps == 0 && eroded == 0 && deposited == 0;
  droplets += o.droplets;
  steps += o.steps;
  longPaths += o.longPaths;
  randomDirs += o.randomDirs;
  seconds += o.seconds;
  eroded += o.eroded;
  deposited += o.deposited;
  lost += o.lost;
  if (empty) soilBefore = o.soilBefore;
  soilAfter = o.soilAfter;
  carried = o.carried;
}

namespace {
// JSON has no NaN or infinity: write null rather than an unreadable file.
void appendNumber(std::string& out, const char* key, double v, bool last = false) {
  char buf[96];
  if (std::isfinite(v))
    std::snprintf(buf, sizeof buf, "  \"%s\": %.17g%s\n", key, v, last ? "" : ",");
  else
    std::snprintf(buf, sizeof buf, "  \"%s\": null%s\n", key, last ? "" : ",");
  out += buf;
}
void appendCount(std::string& out, const char* key, uint64_t v) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "  \"%s\": %llu,\n", key, static_cast<unsigned long long>(v));
  out += buf;
}
}  // namespace

std::string ErosionStats::toJson(const std::string& unit, float cellSize,
                                 const std::string& cellSizeFrom) const {
  std::string out = "{\n";
  if (cellSize > 0.0f) {
    appendNumber(out, "cell_size_m", cellSize);
    out += "  \"cell_size_from\": " + jsonString(cellSizeFrom) + ",\n";
  }
  if (unit != "droplets") {
    // A grid model's iterations or the rivers model's time steps: the droplet keys would mean nothing.
    appendCount(out, unit.c_str(), droplets);
    appendCount(out, "cell_updates", steps);
    appendNumber(out, "seconds", seconds);
    appendNumber(out, (unit + "_per_s").c_str(), dropletsPerSecond());
  } else {
    appendCount(out, "droplets", droplets);
    appendCount(out, "steps", steps);
    appendNumber(out, "avg_path", avgPath());
    appendCount(out, "long_paths", longPaths);
    appendCount(out, "random_dirs", randomDirs);
    appendNumber(out, "seconds", seconds);
    appendNumber(out, "droplets_per_s", dropletsPerSecond());
    appendNumber(out, "steps_per_s", stepsPerSecond());
  }
  appendNumber(out, "eroded", eroded);
  appendNumber(out, "deposited", deposited);
  appendNumber(out, "lost", lost);
  appendNumber(out, "mass_error", massError(), true);
  out += "}\n";
  return out;
}

std::string ErosionStats::summary() const {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "computed %llu erosion droplets in %.0f ms, %.0f droplets/s, %.0f steps/s\n"
                "  %.2f average path length, %llu long paths cut, %llu random directions picked\n"
                "  eroded %.6g, deposited %.6g, lost %.6g, relative mass error %.3g\n",
                static_cast<unsigned long long>(droplets), seconds * 1000.0, dropletsPerSecond(),
                stepsPerSecond(), avgPath(), static_cast<unsigned long long>(longPaths),
                static_cast<unsigned long long>(randomDirs), eroded, deposited, lost, massError());
  return buf;
}

}  // namespace runnel
