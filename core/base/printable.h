// Text from a file, made safe to quote in a message: an error that echoes a preset's or a project's line
// must not clear the artist's terminal or set its title (escape sequences), so control bytes show as \xNN.
#pragma once
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace runnel {

// A byte a terminal acts on rather than shows: below 0x20 but tab, and 0x7f.
inline bool isControlByte(unsigned char c) {
  return (c < 0x20 && c != '\t') || c == 0x7f;
}

// `text` quoted in single quotes, its control bytes (below 0x20 but tab, and 0x7f) as \xNN; bytes of UTF-8
// pass as they are.
inline std::string printable(std::string_view text) {
  std::string out = "'";
  for (const unsigned char c : text) {
    if (isControlByte(c)) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", unsigned(c));
      out += hex;
    } else {
      out += char(c);
    }
  }
  return out + "'";
}

// The place of the first control byte in `text` (tab allowed), or nullopt: a line of a text file holding
// one is refused before anything quotes it.
inline std::optional<size_t> firstControlByte(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (isControlByte(static_cast<unsigned char>(text[i]))) return i;
  }
  return std::nullopt;
}

// "holds a control byte (\x1b) at byte 4: '...'" for a line firstControlByte found one in.
inline std::string controlByteMessage(std::string_view line, size_t at) {
  char hex[8];
  std::snprintf(hex, sizeof hex, "\\x%02x", unsigned(static_cast<unsigned char>(line[at])));
  return std::string("holds a control byte (") + hex + ") at byte " + std::to_string(at + 1) + ": " +
         printable(line.substr(0, 200));
}

}  // namespace runnel
