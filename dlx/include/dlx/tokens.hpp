// Cutting a line of text into tokens that remember their column, for
// messages that name the line and column of a mistake.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace dlx {

struct Token {
  std::string_view text;  // a view into the line: use it before the line changes
  std::size_t column;     // 1-based
};

// The maximal runs of characters for which is_separator is false, into
// `tokens` (cleared first: a reader of many lines allocates once).
template <class IsSeparator>
void split(std::string_view line, IsSeparator is_separator, std::vector<Token>& tokens) {
  tokens.clear();
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_separator(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_separator(line[i])) ++i;
    if (i > start) tokens.push_back({line.substr(start, i - start), start + 1});
  }
}
template <class IsSeparator>
std::vector<Token> split(std::string_view line, IsSeparator is_separator) {
  std::vector<Token> tokens;
  split(line, is_separator, tokens);
  return tokens;
}

}  // namespace dlx
