#include "args.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "core/base/number_text.h"

namespace runnel::cli {

std::optional<std::string> ParsedArgs::value(const std::string& flag) const {
  auto it = values_.find(flag);
  if (it == values_.end() || it->second.empty()) return std::nullopt;
  return it->second.back();
}

std::vector<std::string> ParsedArgs::values(const std::string& flag) const {
  auto it = values_.find(flag);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

ArgParser& ArgParser::add(FlagSpec spec) {
  specs_.push_back(std::move(spec));
  return *this;
}

const FlagSpec* ArgParser::find(const std::string& name) const {
  for (const FlagSpec& s : specs_)
    if (s.name == name || (!s.alias.empty() && s.alias == name)) return &s;
  return nullptr;
}

bool ArgParser::knows(const std::string& flag) const {
  return find(flag) != nullptr;
}

// A negative number ("-5") is a value, not a flag, so "--droplets -5" reaches the range check.
// "-x" is a flag, "-1", "-.5" and "-inf" are values (so `--Kq -inf` reaches the parameter's own check).
static bool looksLikeFlag(const std::string& a) {
  if (a.size() < 2 || a[0] != '-') return false;
  char c = a[1];
  if (c == '.' || (c >= '0' && c <= '9')) return false;
  std::string word;
  for (size_t i = 1; i < a.size(); ++i) word += char(std::tolower(static_cast<unsigned char>(a[i])));
  return word != "inf" && word != "infinity" && word != "nan";
}

ParsedArgs ArgParser::parse(const std::vector<std::string>& args) const {
  ParsedArgs out;
  bool flagsDone = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (flagsDone || !looksLikeFlag(a)) {
      out.positionals_.push_back(a);
      continue;
    }
    if (a == "--") {
      flagsDone = true;
      continue;
    }
    std::string name = a;
    std::optional<std::string> inlineValue;
    if (size_t eq = a.find('='); eq != std::string::npos && a.rfind("--", 0) == 0) {
      name = a.substr(0, eq);
      inlineValue = a.substr(eq + 1);
    }
    const FlagSpec* spec = find(name);
    if (!spec) throw UsageError("unknown flag " + name);
    const std::string& canonical = spec->name;
    if (spec->kind == FlagKind::Switch) {
      if (inlineValue) throw UsageError(canonical + " takes no value");
      out.values_[canonical];  // present, no values
    } else {
      std::string v;
      if (inlineValue) {
        v = *inlineValue;
      } else {
        if (i + 1 >= args.size() || (looksLikeFlag(args[i + 1]) && args[i + 1] != "-"))
          throw UsageError(canonical + " needs a value (" + spec->metavar + ")");
        v = args[++i];
      }
      auto& slot = out.values_[canonical];
      if (spec->kind == FlagKind::Value && !slot.empty()) throw UsageError(canonical + " is given twice");
      slot.push_back(v);
    }
    out.given_.push_back(canonical);
  }
  return out;
}

std::string ArgParser::flagHelp() const {
  std::string out;
  for (const FlagSpec& s : specs_) {
    if (!s.listed) continue;
    std::string left = "  " + s.name;
    if (!s.alias.empty()) left += ", " + s.alias;
    if (s.kind != FlagKind::Switch) left += " " + s.metavar;
    if (left.size() < 24)
      left.append(24 - left.size(), ' ');
    else
      left += "\n" + std::string(24, ' ');
    out += left + s.help + "\n";
  }
  return out;
}

void throwUsage(const std::string& flag, const std::exception& e) {
  std::string message = e.what();
  std::string bare = flag.substr(flag.find_first_not_of('-')) + ": ";
  if (message.rfind(bare, 0) == 0) message = message.substr(bare.size());
  throw UsageError(flag + ": " + message);
}

bool wantsHelp(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    if (a == "--") return false;
    if (a == "--help" || a == "-h") return true;
  }
  return false;
}

int64_t parseInt(const std::string& flag, const std::string& text) {
  if (const std::optional<int64_t> v = readNumber<int64_t>(text)) return *v;
  const bool digits =
      !text.empty() && text.find_first_not_of("0123456789", text[0] == '-') == std::string::npos;
  throw UsageError(flag + ": '" + text + (digits ? "' is too large" : "' is not a whole number"));
}

int parseInt32(const std::string& flag, const std::string& text) {
  int64_t v = parseInt(flag, text);
  if (v < INT32_MIN || v > INT32_MAX) throw UsageError(flag + ": '" + text + "' is too large");
  return int(v);
}

uint64_t parseSeed(const std::string& flag, const std::string& text) {
  const std::optional<uint64_t> v = readNumber<uint64_t>(text);
  if (!v) throw UsageError(flag + ": '" + text + "' is not a whole number from 0 to 2^64-1");
  return *v;
}

float parseFloat(const std::string& flag, const std::string& text) {
  const std::optional<float> v = readNumber<float>(text);
  if (!v) throw UsageError(flag + ": '" + text + "' is not a number");
  return *v;
}

double limitedFloat(const std::string& flag, const ValueLimit& limit, const std::string& text) {
  parseFloat(flag, text);
  return valueFromText(limit, text);
}

uint64_t limitedCount(const std::string& flag, const ValueLimit& limit, const std::string& text) {
  parseInt(flag, text);
  return countFromText(limit, text);
}

void parseSize(const std::string& flag, const std::string& text, int64_t& width, int64_t& height) {
  size_t x = text.find_first_of("xX");
  auto side = [&](const std::string& part) {
    const std::optional<int64_t> v = readNumber<int64_t>(part);
    if (!v) throw UsageError(flag + ": '" + text + "' is not a size (N or WxH)");
    return *v;
  };
  if (x == std::string::npos) {
    width = height = side(text);
  } else {
    width = side(text.substr(0, x));
    height = side(text.substr(x + 1));
  }
}

std::vector<float> parseFloatList(const std::string& flag, const std::string& text, size_t count) {
  std::vector<float> out;
  size_t start = 0;
  while (true) {
    size_t comma = text.find(',', start);
    std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::optional<float> v = readNumber<float>(part);
    if (!v)
      throw UsageError(flag + ": '" + text + "' is not " + std::to_string(count) +
                       " numbers separated by commas");
    out.push_back(*v);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (out.size() != count)
    throw UsageError(flag + ": '" + text + "' is not " + std::to_string(count) +
                     " numbers separated by commas");
  return out;
}

}  // namespace runnel::cli
