// Reads sudoku puzzles one at a time, detecting the notation of each:
//
//   one puzzle per line: n*n cells; '.', '0', '_', '*' or 'x' for a blank,
//     values above 9 as letters (A or a = 10); with cells separated by spaces
//     or commas, values as decimal numbers. Anything after the n*n cells of
//     a compact line is ignored (a rating, a name).
//   a grid: n lines of n cells; ' | - + =' are decoration and ignored, as
//     are lines of nothing but decoration.
//   lines starting with '#' are comments.
//
// Without --box, a line whose cells number a square n*n (n = 4, 6, 8, 9, 10,
// 12, ...) is a puzzle on one line, and a line of n cells starts a grid; so a
// 16x16 grid needs --box 4x4. With --jigsaw each puzzle is followed by its
// region map written the same way (one symbol per cell, n symbols used n
// times each).
#pragma once

#include <istream>
#include <optional>
#include <string>

#include "sudoku/grid.hpp"

namespace dance::sudoku {

// A puzzle as its reader read it (the generator's are UniquePuzzle, dance/generator.hpp).
struct ReadGrid {
  Shape shape;
  Cells clues;
  Notation notation;
  std::size_t line = 0;  // where the puzzle starts
};

class PuzzleReader {
 public:
  // `fixed` is the shape from --box, if given.
  PuzzleReader(std::istream& in, std::optional<Shape> fixed, bool diagonals, bool jigsaw);
  // The next puzzle, or nothing at the end; throws dlx::ParseError for a
  // malformed one after consuming its lines.
  std::optional<ReadGrid> next();

 private:
  struct Row;
  // The next line with cells, or false at the end; `after_blank` says
  // whether a blank line came before it.
  bool next_line(std::string& line, bool* after_blank = nullptr);
  static Row read_row(const std::string& line);
  Cells read_regions(const ReadGrid& puzzle);
  // Skips what is left of a malformed grid (the rows after the one at
  // fault), so that the next puzzle starts after it, not inside it.
  void skip_rest_of_grid();

  std::istream& in_;
  std::optional<Shape> fixed_;
  bool diagonals_;
  bool jigsaw_;
  std::size_t line_no_ = 0;
  // A line read past the end of a truncated grid: the next puzzle's first.
  std::optional<std::pair<std::string, std::size_t>> held_;
  // A malformed grid's rows read so far, its side and its band of boxes (rows 0: none).
  struct Unread {
    int rows = 0, n = 0, band = 0;
  } unread_;
};

}  // namespace dance::sudoku
