// One exception type for every failure a user can cause: a bad file, a bad size, a bad parameter.
// The message is complete and names the file or the parameter; callers print it as is.
#pragma once
#include <stdexcept>
#include <string>

namespace runnel {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace runnel
