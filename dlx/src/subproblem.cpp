#include "dlx/subproblem.hpp"

#include <charconv>
#include <ostream>
#include <string>

#include "dlx/error.hpp"
#include "dlx/tokens.hpp"

namespace dlx {

void write_subproblem(std::ostream& out, const Subproblem& part) {
  const char* gap = "";
  for (const OptionId o : part.assumed) {
    out << gap << o;
    gap = " ";
  }
  for (const OptionId o : part.forbidden) {
    out << gap << '!' << o;
    gap = " ";
  }
  out << '\n';
}

Subproblem read_subproblem(std::string_view text, std::size_t line, std::size_t option_count) {
  Subproblem part;
  for (const Token& token : split(text, [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; })) {
    const bool forbidden = token.text.front() == '!';
    const std::string_view digits = token.text.substr(forbidden ? 1 : 0);
    OptionId option = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), option);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size())
      throw ParseError(line, token.column, "expected an option number or '!' and one, found '" + std::string(token.text) + "'");
    if (option >= option_count)
      throw ParseError(line, token.column,
                       "option " + std::to_string(option) + " does not exist (the problem has " +
                           std::to_string(option_count) + " options)");
    if (!forbidden && !part.forbidden.empty())
      throw ParseError(line, token.column, "assumed options come before the forbidden ('!') ones");
    (forbidden ? part.forbidden : part.assumed).push_back(option);
  }
  return part;
}

}  // namespace dlx
