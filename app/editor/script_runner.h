// Runs a list of editor actions from a file, one a line, through the same Editor actions as the buttons.
// One command per frame, so the view keeps drawing while a script erodes; `wait` holds the script (never the
// UI thread) until the worker is idle.
//
//   generate [fbm|ridged|fault] [size=N] [width=W] [height=H] [seed=S] [cell=M] [relief=R] [exponent=X]
//   [rise=X]
//            [tileable=0|1]
//            [scale=F] [octaves=N] [lacunarity=F] [gain=F] [faults=N] [falloff=F]
//   import PATH [range=LO:HI] [size=WxH]
//   open PATH | save PATH
//   set NAME VALUE            an erosion setting: a model parameter, model, preset, seed, mode, edges, ...
//   view NAME VALUE           exaggeration, wireframe, height-ramp, overlay, overlay-scale (turns
//                             auto-range off), auto-range, top (the 2D top view), rock-angle,
//                             sediment-depth, sun-elevation, sun-azimuth, panel, yaw, pitch, distance,
//                             resolution
//                             (degrees for angles); `view frame` frames the terrain
//   erode N                   runs N droplets (the Step button)
//   play | pause | reset | undo | redo
//   wait                      until the worker is idle (after erode, or play with a budget) and a
//                             background generate is done; `generate ... background=1` lets the script go
//                             on while it generates (the progress bar on screen)
//   frames N                  draws N frames
//   export PATH [heightmap|hillshade|slope|eroded|deposited|flow]
//   screenshot PATH
//   stats                     prints the run's totals as JSON (droplets, droplets_per_s, ...)
//   expect-error COMMAND...   runs COMMAND and fails unless COMMAND fails (for testing error paths)
//   quit
//   rain ... | spring ...     painting rain and placing springs (rain_script.h)
// Blank lines and lines starting with # are skipped.
#pragma once
#include <future>
#include <string>
#include <vector>

namespace runnel::editor {

class Editor;

class ScriptRunner {
 public:
  // Throws Error naming the file when it cannot be read.
  explicit ScriptRunner(const std::string& path);
  ~ScriptRunner();

  // Called once a frame before the editor's frame; runs at most one command.
  void advance(Editor& editor);
  bool done() const { return next_ >= lines_.size() && !waiting(); }
  bool failed() const { return failures_ > 0; }

 private:
  bool waiting() const;
  // Runs one command; returns false and sets `error` when it failed.
  bool run(Editor& editor, const std::vector<std::string>& words, std::string& error);
  void finishPending(Editor& editor);

  std::string path_;
  std::vector<std::string> lines_;
  size_t next_ = 0;
  int failures_ = 0;
  std::future<void> idle_;        // a `wait` in progress
  int framesLeft_ = 0;            // a `frames N` in progress
  bool checkScreenshot_ = false;  // a `screenshot` written at the end of the last frame
  bool screenshotExpectError_ = false;
  size_t screenshotLine_ = 0;
  bool backgroundWork_ = false;  // a generate, preset or import with background=1: the script goes on
};

}  // namespace runnel::editor
