// The grid notation that range, Numbrix and Hidato share: whitespace-
// separated tokens, one row a line, up to a blank line ('#' lines inside
// are skipped); a token is a number from 1 up or one of a few words ('.' for
// a blank). Each cell remembers where it was written, so that a mistake
// found later (a number too large) names its line and column.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dance {

struct GridWord {
  std::string_view text;
  int value;
};

struct Grid {
  struct Place {
    std::size_t line, column;
  };
  int width = 0, height = 0;
  std::vector<int> values;    // per cell, row by row
  std::vector<Place> places;  // per cell: where its token starts
};

struct GridSyntax {
  std::span<const GridWord> words;  // the tokens other than numbers
  std::string_view expected;        // what a bad token should have been ("'.' or a number from 1 up")
  std::size_t most_cells;
  std::function<std::string(std::size_t cells)> too_many;  // the message past most_cells
};

// Reads the grid whose first row is `line` (line number `line_no`), then
// rows from `in`, counting `line_no`, to a blank line or the end. Throws
// dlx::ParseError at the first mistake, once the grid's lines are read.
[[nodiscard]] Grid read_grid(std::istream& in, std::size_t& line_no, std::string line, const GridSyntax& syntax);

}  // namespace dance
