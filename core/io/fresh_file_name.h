// A name for a new file that no file in its folder has yet, from the time it is made: screenshots and
// other one-key saves never overwrite the last one.
#pragma once
#include <ctime>
#include <string>

namespace runnel {

// FOLDER/PREFIX-YYYYMMDD-HHMMSS.EXTENSION for `when` (local time), with -2, -3, ... before the extension
// when that name is taken (two saves in one second). `extension` includes its dot.
std::string freshFileName(const std::string& folder, const std::string& prefix, const std::string& extension,
                          const std::tm& when);

}  // namespace runnel
