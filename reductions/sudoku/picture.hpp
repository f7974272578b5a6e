// A sudoku as an SVG picture (--format svg): thin lines between cells,
// thick ones around boxes or jigsaw regions, X-sudoku's diagonals shaded,
// clues in bold black, filled values in blue.
#pragma once

#include <iosfwd>

#include "sudoku/grid.hpp"

namespace dance::sudoku {

// `filled`: the whole grid, or empty for the puzzle alone.
void draw(std::ostream& out, const Shape& shape, const Cells& clues, const Cells& filled);

}  // namespace dance::sudoku
