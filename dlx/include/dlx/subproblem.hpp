// A part of a search, as a list of decisions: the solutions that contain
// every `assumed` option and no `forbidden` one. Splitting a search into
// subproblems (by depth, or by a busy solver giving away its untried
// choices) partitions its solutions, so counts over the parts add up.
//
// Text form, one subproblem per line: the option numbers (0-based, in input
// order) assumed, then '!' before each forbidden one, e.g. "12 40 !7 !9".
// The empty line is the whole search. A file of parts starts with a header,
// "# parts of problem " and 16 hex digits: the fingerprint of the problem
// and the options assumed when it was split, since option numbers alone
// would fit another problem of as many options and count it wrong.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <span>
#include <string_view>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

struct Subproblem {
  std::vector<OptionId> assumed;
  std::vector<OptionId> forbidden;
  friend bool operator==(const Subproblem&, const Subproblem&) = default;
};

void write_subproblem(std::ostream& out, const Subproblem& part);
// Throws ParseError naming `line` and the column when the text is not a
// subproblem of a problem with `option_count` options.
Subproblem read_subproblem(std::string_view text, std::size_t line, std::size_t option_count);

// A hash of the items (their number, which are primary, their bounds), the
// options' items and colours, and the assumptions, in order.
[[nodiscard]] std::uint64_t fingerprint(const Problem& problem, std::span<const OptionId> assumptions);
// The header line of a file of parts, with its line end.
void write_parts_header(std::ostream& out, std::uint64_t fingerprint);
// Throws ParseError (line 1) unless `text` is the header for `fingerprint`.
void check_parts_header(std::string_view text, std::uint64_t fingerprint);

}  // namespace dlx
