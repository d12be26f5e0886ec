// runnel: the terrain erosion editor. Opens a window on a default terrain (or FILE), or renders headless
// for screenshots and scripts (see --help).
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

#include "app/editor/editor.h"
#include "app/editor/editor_options.h"
#include "app/editor/script_runner.h"
#include "core/base/error.h"
#include "core/io/atomic_file.h"
#include "render/gl.h"

using namespace runnel;
using namespace runnel::editor;

namespace {

void onGlfwError(int code, const char* text) {
  std::fprintf(stderr, "runnel: GLFW error %d: %s\n", code, text);
}

void onDrop(GLFWwindow* window, int count, const char** paths) {
  auto* e = static_cast<Editor*>(glfwGetWindowUserPointer(window));
  if (e) e->dropFiles(std::vector<std::string>(paths, paths + count));
}

// Every key press reaches ImGui (text fields) and the editor's shortcuts, however quick the tap.
void onKey(GLFWwindow* window, int key, int scancode, int action, int mods) {
  ImGui_ImplGlfw_KeyCallback(window, key, scancode, action, mods);
  auto* e = static_cast<Editor*>(glfwGetWindowUserPointer(window));
  if (e) e->keyTaps.record(key, action, mods);
}

// Fonts and sizes follow the monitor's content scale, so the panel reads the same on a dense screen.
void setUpImGuiStyle(float scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the panel's layout is fixed; no imgui.ini next to the user's files
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0.0f;
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.ScaleAllSizes(scale);
  const char* font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  if (std::filesystem::exists(font)) {
    io.Fonts->AddFontFromFileTTF(font, 15.0f * scale);
  } else {
    ImFontConfig config;
    config.SizePixels = 13.0f * scale;
    io.Fonts->AddFontDefault(&config);
  }
}

int runEditor(const EditorOptions& options) {
  glfwSetErrorCallback(onGlfwError);
  if (!glfwInit()) throw Error("cannot initialise GLFW (is there a display? try xvfb-run)");
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(options.width, options.height, "Runnel", nullptr, nullptr);
  if (!window) {
    glfwTerminate();
    throw Error("cannot open a window with OpenGL 3.3 core");
  }
  glfwMakeContextCurrent(window);
  bool headless = !options.screenshot.empty() || !options.script.empty();
  glfwSwapInterval(headless ? 0 : 1);
  if (!gladLoadGL(glfwGetProcAddress)) throw Error("cannot load the OpenGL 3.3 functions");

  float xs = 1, ys = 1;
  glfwGetWindowContentScale(window, &xs, &ys);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  setUpImGuiStyle(std::max(xs, ys));
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int rc = 0;
  {
    Editor editor(window);
    editor.uiScale = std::max(xs, ys);
    glfwSetWindowUserPointer(window, &editor);
    glfwSetDropCallback(window, onDrop);
    glfwSetKeyCallback(window, onKey);  // in place of ImGui's, which onKey calls
    // A session that is looked at is offered the work a crashed one left; scripts ask with `recover`.
    editor.setAutosave(options.autosaveSeconds, options.recoveryDir, !headless);
    if (!options.open.empty()) {
      bool ok = options.open.ends_with(".runnel") ? editor.openProject(options.open)
                                                  : editor.importHeightmap(options.open, false);
      if (!ok) std::fprintf(stderr, "runnel: %s\n", editor.status.text.c_str());
    }
    std::unique_ptr<ScriptRunner> script;
    if (!options.script.empty()) script = std::make_unique<ScriptRunner>(options.script);
    std::ofstream frameLog;
    if (!options.frameLog.empty()) {
      frameLog.open(options.frameLog);
      if (!frameLog) throw Error(options.frameLog + ": cannot write the frame log");
      // ms: the editor's work in the frame; frame_ms: that plus the buffer swap, where a software renderer
      // rasterises (the time a user waits for the frame).
      frameLog << "frame ms playing droplets frame_ms generating\n";
    }

    int frame = 0;
    bool screenshotAsked = false;
    double frameStart = editorSeconds();
    while (true) {
      // The close button (or Ctrl+Q) asks first when there is unsaved work.
      if (glfwWindowShouldClose(window)) {
        if (headless || editor.mayClose()) break;
        glfwSetWindowShouldClose(window, GLFW_FALSE);
      }
      // Sleep until input or a snapshot arrives, unless something runs by itself (a script, a screenshot).
      // Woken by nothing, the picture has not changed: the editor's timers run (autosave) and no frame is
      // drawn. Under a software renderer a frame costs tens of milliseconds of every core: four idle frames
      // a second kept a third of a core busy doing nothing (issue 31).
      if (headless || editor.worker().playing() || editor.generating() || editor.making() ||
          editor.importing() || editor.exporting()) {
        glfwPollEvents();
      } else {
        constexpr double kIdleWake = 1.0;
        const double waitStart = editorSeconds();
        glfwWaitEventsTimeout(kIdleWake);
        if (editorSeconds() - waitStart >= kIdleWake * 0.99) {
          editor.update();
          frameStart = editorSeconds();
          continue;
        }
      }
      double workStart = editorSeconds();
      if (script) script->advance(editor);
      editor.frame();
      glfwSwapBuffers(window);
      editor.fullFrameMilliseconds = (editorSeconds() - workStart) * 1000.0;
      // At most 60 frames a second even without vsync (Xvfb, some drivers): frames beyond that only take
      // CPU from the erosion worker.
      double spare = 1.0 / 60.0 - (editorSeconds() - frameStart);
      if (spare > 0) std::this_thread::sleep_for(std::chrono::duration<double>(spare));
      frameStart = editorSeconds();
      ++frame;
      if (frameLog.is_open()) {
        const Snapshot* s = editor.snapshot();
        frameLog << frame << " " << editor.lastFrameMilliseconds() << " " << (s && s->playing ? 1 : 0) << " "
                 << (s ? s->dropletsDone : 0) << " " << editor.fullFrameMilliseconds << " "
                 << (editor.generating() || editor.making() || editor.importing() ? 1 : 0) << "\n";
      }
      bool scriptDone = !script || script->done();
      if (!options.screenshot.empty() && scriptDone) {
        if (screenshotAsked) {
          if (editor.screenshotFailed()) {
            std::fprintf(stderr, "runnel: %s\n", editor.status.text.c_str());
            rc = 1;
          }
          break;
        }
        if (frame >= options.frames) {
          editor.screenshot(options.screenshot);
          screenshotAsked = true;
        }
      } else if (script && scriptDone) {
        break;
      }
    }
    if (script && script->failed()) rc = 1;
    editor.pause();  // lets a script's pending `wait` finish
    editor.closeCleanly();
    script.reset();
    glfwSetWindowUserPointer(window, nullptr);
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return rc;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    EditorOptions options = parseOptions(argc, argv);
    if (options.help) {
      std::fputs(usage(), stdout);
      return 0;
    }
    setMemoryLimit(options.maxMemory);
    recoverInterruptedCommits();  // a killed run's or export's files, renamed into place (atomic_file.h)
    return runEditor(options);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "runnel: %s\n", e.what());
    return 1;
  }
}
