// Recently imported heightmaps and opened projects, kept in $XDG_CONFIG_HOME/runnel/recent.txt
// (or ~/.config/runnel/recent.txt), newest first.
#pragma once
#include <string>
#include <vector>

namespace runnel::editor {

constexpr size_t kMaxRecentFiles = 10;

std::vector<std::string> loadRecentFiles();
// Best effort: a config folder that cannot be written only costs the list.
void saveRecentFiles(const std::vector<std::string>& files);
void addRecentFile(std::vector<std::string>& files, const std::string& path);

}  // namespace runnel::editor
