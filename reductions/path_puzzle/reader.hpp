// Reads grids of path puzzles (Numbrix, Hidato) one at a time: whitespace-
// separated tokens, one row a line, a number for a given, '.' for a blank
// and (where holes are allowed) 'x' for a hole; a blank line ends a grid. A
// '#' line before a grid is its title, other '#' lines are comments.
#pragma once

#include <istream>
#include <optional>
#include <string>

#include "path_puzzle/board.hpp"

namespace dance::path_puzzle {

// A puzzle as its reader read it: the board, its title and where it starts.
struct ReadBoard {
  Board board;
  std::string title;
  std::size_t line = 0;  // where it starts
};

class GridReader {
 public:
  GridReader(std::istream& in, Rule rule, bool holes) : in_(in), rule_(rule), holes_(holes) {}
  // The next puzzle, or nothing at the end; throws dlx::ParseError for a
  // malformed one after consuming its lines.
  std::optional<ReadBoard> next();

 private:
  bool next_line(std::string& line);

  std::istream& in_;
  Rule rule_;
  bool holes_;
  std::size_t line_no_ = 0;
};

}  // namespace dance::path_puzzle
