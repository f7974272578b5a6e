// Errors the engine reports. Nothing in dlx aborts the process on bad input:
// malformed problems and malformed text throw one of these.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace dlx {

// Text from the input inside a message, in quotes and cut to a readable
// length: a 1 MB token must not come back whole on stderr. A control
// character is written \xNN: a NUL would end the message (what() is a C string).
inline std::string quoted(std::string_view text) {
  constexpr std::size_t longest = 40;
  std::string out = "'";
  for (const char c : text.substr(0, longest)) {
    if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7F) {
      out += c;
    } else {
      constexpr char hex[] = "0123456789abcdef";
      out += {'\\', 'x', hex[static_cast<unsigned char>(c) >> 4], hex[c & 0xF]};
    }
  }
  return out + (text.size() > longest ? "...'" : "'");
}

// A problem that cannot be built: unknown item, item twice in an option, ...
class BuildError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Malformed input text: names the 1-based line and column, the offending
// token and what was expected there.
class ParseError : public std::runtime_error {
 public:
  ParseError(std::size_t line, std::size_t column, const std::string& what)
      : std::runtime_error("line " + std::to_string(line) + ", column " + std::to_string(column) +
                           ": " + what),
        line_(line), column_(column) {}
  [[nodiscard]] std::size_t line() const { return line_; }
  [[nodiscard]] std::size_t column() const { return column_; }

 private:
  std::size_t line_;
  std::size_t column_;
};

}  // namespace dlx
