// Knuth's text format for exact cover problems (DLX1, DLX2, DLX3):
//
//   | a comment line starts with '|'
//   a b 2:3|c 2|d | x y      items: primary, then a lone '|', then secondary;
//                            lo:hi|name or hi|name (lo = hi) bounds a primary item
//   a c x:red                each later line is an option; name:colour colours
//                            a secondary item
//
// Blank lines are skipped. Names and colours may be of any length (Knuth's
// programs stop at 8 and 1 characters) but cannot contain ':' or '|'.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

struct ReadResult {
  Problem problem;
  std::vector<std::string> warnings;  // e.g. "line 7: option has no primary item; dropped"
  std::vector<std::size_t> option_line;  // input line of each kept option
};

// Throws ParseError naming the line, the column and the offending token.
ReadResult read_knuth(std::istream& in);

// Writes a problem that read_knuth reads back with the same solutions:
// names holding ':', '|' or white space are written with %XX (%3A, %7C, and
// '%' as %25, in every name of such a problem), and a problem without primary items starts
// its line " |", which is no comment.
void write_knuth(std::ostream& out, const Problem& problem);
// One option as Knuth's programs print it: its items in input order, "item:colour".
void write_option(std::ostream& out, const Problem& problem, OptionId option);

}  // namespace dlx
