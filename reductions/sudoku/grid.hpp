// Sudoku grids of any size n = R x C: the shape (boxes, diagonals, jigsaw
// regions), the notation a puzzle was written in, and reading and writing it.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dance::sudoku {

struct Shape {
  int n = 0;          // values 1..n, n x n cells
  int box_rows = 0;   // boxes are box_rows x box_cols (n = box_rows * box_cols)
  int box_cols = 0;
  bool diagonals = false;    // X-sudoku
  std::vector<int> regions;  // jigsaw: the region of each cell, row by row; empty: boxes

  [[nodiscard]] int region(int row, int col) const {
    return regions.empty() ? (row / box_rows) * box_rows + col / box_cols
                           : regions[static_cast<std::size_t>(row * n + col)];
  }
  friend bool operator==(const Shape&, const Shape&) = default;
};

// The boxes as square as possible with rows <= columns, both at least 2; none
// for sizes such as 5 or 7 that have no such boxes.
std::optional<Shape> boxed_shape(int n);
// "RxC" (e.g. "3x4"), or nothing when malformed.
std::optional<Shape> parse_box(std::string_view text);

// How a puzzle was written, so that its solution is written the same way.
struct Notation {
  bool grid = false;   // n rows of n cells; otherwise one line of n*n cells
  char separator = 0;  // between cells: 0 (none), ' ', a tab or ','
  bool lower = false;  // letters for values above 9: a, b, ... instead of A, B, ...
  char blank = '.';    // for an empty cell
};

// Values 1..n, 0 for an empty cell, row by row.
using Cells = std::vector<int>;

// Writes cells in a notation (values above 9 as letters, or numbers with a
// separator; always numbers, between spaces if none, when n is above 35).
void write_cells(std::ostream& out, const Cells& cells, int n, const Notation& notation);

// The name of a cell as people write it: r1c1 is the top left.
std::string cell_name(int n, std::size_t cell);

}  // namespace dance::sudoku
