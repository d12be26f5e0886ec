#include "user_folders.h"

#include <cstdlib>
#include <filesystem>

namespace runnel {

namespace {

std::string folder(const char* variable, const char* underHome) {
  namespace fs = std::filesystem;
  if (const char* set = std::getenv(variable); set && *set) return (fs::path(set) / "runnel").string();
  if (const char* home = std::getenv("HOME"); home && *home)
    return (fs::path(home) / underHome / "runnel").string();
  return {};
}

}  // namespace

std::string userConfigFolder() {
  return folder("XDG_CONFIG_HOME", ".config");
}

std::string userStateFolder() {
  return folder("XDG_STATE_HOME", ".local/state");
}

}  // namespace runnel
