// Reads range puzzles one at a time, in either notation (board.hpp), told
// apart per puzzle: a line that starts "WxH:" is a game ID (anything after
// it, past white space, is ignored; a '#' there starts the puzzle's title);
// otherwise the lines up to a blank line are a grid. A '#' line before a
// grid is its title, other '#' lines are comments.
#pragma once

#include <istream>
#include <optional>
#include <string>

#include "range/board.hpp"

namespace dance::range {

// A puzzle as its reader read it (the generator's are UniquePuzzle, dance/generator.hpp).
struct ReadGrid {
  Board board;
  Notation notation = Notation::grid;
  std::string title;
  std::size_t line = 0;  // where it starts
};

class PuzzleReader {
 public:
  explicit PuzzleReader(std::istream& in) : in_(in) {}
  // The next puzzle, or nothing at the end; throws dlx::ParseError for a
  // malformed one after consuming its lines.
  std::optional<ReadGrid> next();

 private:
  bool next_line(std::string& line);
  ReadGrid read_id(const std::string& line, std::size_t start);
  ReadGrid read_grid(std::string line);

  std::istream& in_;
  std::size_t line_no_ = 0;
  std::string title_;
};

}  // namespace dance::range
