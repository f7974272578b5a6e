#include "dlx/subproblem.hpp"


#include <algorithm>
#include <charconv>
#include <cstdio>
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
  std::vector<std::pair<OptionId, std::size_t>> seen;  // each option and its column
  for (const Token& token : split(text, [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; })) {
    const bool forbidden = token.text.front() == '!';
    const std::string_view digits = token.text.substr(forbidden ? 1 : 0);
    OptionId option = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), option);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size())
      throw ParseError(line, token.column, "expected an option number or '!' and one, found " + quoted(std::string(token.text)));
    if (option >= option_count)
      throw ParseError(line, token.column,
                       "option " + std::to_string(option) + " does not exist (the problem has " +
                           std::to_string(option_count) + " options)");
    if (!forbidden && !part.forbidden.empty())
      throw ParseError(line, token.column, "assumed options come before the forbidden ('!') ones");
    (forbidden ? part.forbidden : part.assumed).push_back(option);
    seen.push_back({option, token.column});
  }
  // An option is assumed or forbidden once: "0 0" would assume it twice, which no search does.
  std::sort(seen.begin(), seen.end());
  for (std::size_t k = 1; k < seen.size(); ++k)
    if (seen[k].first == seen[k - 1].first)
      throw ParseError(line, std::max(seen[k].second, seen[k - 1].second),
                       "option " + std::to_string(seen[k].first) + " is listed twice");
  return part;
}

namespace {

constexpr std::string_view parts_header = "# parts of problem ";

std::string hex(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

}  // namespace

std::uint64_t fingerprint(const Problem& problem, std::span<const OptionId> assumptions) {
  std::uint64_t hash = 0;
  const auto mix = [&hash](std::uint64_t value) {  // SplitMix64's finaliser on each value in turn
    hash = (hash ^ value) + 0x9e3779b97f4a7c15ULL;
    hash = (hash ^ (hash >> 30)) * 0xbf58476d1ce4e5b9ULL;
    hash = (hash ^ (hash >> 27)) * 0x94d049bb133111ebULL;
    hash ^= hash >> 31;
  };
  mix(problem.items().size());
  mix(problem.primary_count());
  for (const Item& item : problem.items()) mix(std::uint64_t{item.lo} << 32 | item.hi);
  mix(problem.option_count());
  for (OptionId o = 0; o < problem.option_count(); ++o) {
    mix(problem.option(o).size());
    for (const Entry& e : problem.option(o)) mix(std::uint64_t{e.item} << 32 | e.colour);
  }
  mix(assumptions.size());
  for (const OptionId o : assumptions) mix(o);
  return hash;
}

void write_parts_header(std::ostream& out, std::uint64_t fingerprint) { out << parts_header << hex(fingerprint) << '\n'; }

void check_parts_header(std::string_view text, std::uint64_t fingerprint) {
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  if (!text.starts_with(parts_header))
    throw ParseError(1, 1, "expected the header '" + std::string(parts_header) + "' and a fingerprint, as dance split writes it");
  const std::string_view theirs = text.substr(parts_header.size());
  if (theirs != hex(fingerprint))
    throw ParseError(1, parts_header.size() + 1,
                     "these parts were split from another problem (fingerprint " + std::string(theirs) +
                         "; this one's is " + hex(fingerprint) + ")");
}

}  // namespace dlx
