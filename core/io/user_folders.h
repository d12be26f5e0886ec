// Where Runnel keeps an artist's files, by the XDG base directory rules: settings and their own presets in
// $XDG_CONFIG_HOME/runnel (else ~/.config/runnel), state such as autosaves in $XDG_STATE_HOME/runnel (else
// ~/.local/state/runnel). Empty when neither the variable nor HOME is set.
#pragma once
#include <string>

namespace runnel {

std::string userConfigFolder();
std::string userStateFolder();

}  // namespace runnel
