// A small command-line parser for runnel-cli: flags with values (--seed 7 or --seed=7), repeatable flags,
// switches and positionals. Every mistake on the command line is a UsageError naming the flag; main turns
// it into exit code 2. Values that parse but are out of range are runnel::Error (exit 1), raised later by
// the code that knows the range.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/base/value_limits.h"

namespace runnel::cli {

class UsageError : public std::runtime_error {
 public:
  explicit UsageError(const std::string& message) : std::runtime_error(message) {}
};

enum class FlagKind { Switch, Value, Repeatable };

struct FlagSpec {
  std::string name;  // with dashes: "--seed", "-o"
  FlagKind kind;
  std::string metavar;     // "S", "WxH" (for the help text)
  std::string help;        // one line
  std::string alias = {};  // another spelling, e.g. "--output" for "-o"; empty if none
  bool listed = true;      // false: described elsewhere in the help (the models' parameters)
};

class ParsedArgs {
 public:
  bool has(const std::string& flag) const { return values_.count(flag) != 0; }
  // The value of a Value flag, if given.
  std::optional<std::string> value(const std::string& flag) const;
  // Every value of a Repeatable flag, in command-line order.
  std::vector<std::string> values(const std::string& flag) const;
  const std::vector<std::string>& positionals() const { return positionals_; }
  // Flags given on the command line, in order (canonical names), for checks such as "not for this model".
  const std::vector<std::string>& given() const { return given_; }

 private:
  friend class ArgParser;
  std::map<std::string, std::vector<std::string>> values_;
  std::vector<std::string> positionals_;
  std::vector<std::string> given_;
};

class ArgParser {
 public:
  explicit ArgParser(std::string command) : command_(std::move(command)) {}
  ArgParser& add(FlagSpec spec);
  bool knows(const std::string& flag) const;
  // Throws UsageError for an unknown flag, a missing value, a repeated single-value flag, or a value given
  // to a switch. "--" ends the flags.
  ParsedArgs parse(const std::vector<std::string>& args) const;
  // "  --seed S        the random seed" lines for the flags added, in order.
  std::string flagHelp() const;

 private:
  const FlagSpec* find(const std::string& name) const;
  std::string command_;
  std::vector<FlagSpec> specs_;
};

// A value core refused while parsing a flag (an unknown model, mode, range syntax) is a usage error:
// "--mode: 'x' is not one of ..." (core's own "mode: " prefix is not repeated).
[[noreturn]] void throwUsage(const std::string& flag, const std::exception& e);

// True when --help or -h appears before any "--".
bool wantsHelp(const std::vector<std::string>& args);

// Strict number parsing for flag values: the whole text must be the number. Throw UsageError naming `flag`.
int64_t parseInt(const std::string& flag, const std::string& text);
int parseInt32(const std::string& flag, const std::string& text);      // also refuses values past +-2^31
uint64_t parseSeed(const std::string& flag, const std::string& text);  // any unsigned 64-bit value
float parseFloat(const std::string& flag, const std::string& text);    // accepts nan/inf: ranges check later
// A flag's number within one of the limits every way in shares (core/base/value_limits.h): text that is
// no number is a usage error naming the flag, a number outside the limit an Error naming the value.
double limitedFloat(const std::string& flag, const ValueLimit& limit, const std::string& text);
uint64_t limitedCount(const std::string& flag, const ValueLimit& limit, const std::string& text);
// "N" (square) or "WxH". The numbers must parse; the size limits are checked later (runnel::Error).
void parseSize(const std::string& flag, const std::string& text, int64_t& width, int64_t& height);
// "A,B,C..." into exactly `count` floats.
std::vector<float> parseFloatList(const std::string& flag, const std::string& text, size_t count);

}  // namespace runnel::cli
