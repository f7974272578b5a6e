// Jigsaw maps for the generator: n regions of n connected cells each.
#pragma once

#include <iosfwd>

#include "dlx/random.hpp"
#include "sudoku/grid.hpp"

namespace dance::sudoku {

// A random map, row by row: the boxes of the size (rows, for a size without
// boxes) reshaped by random trades of two cells across a border that leave
// both regions connected, about 8 tries a cell.
Cells random_regions(int n, dlx::Random& random);

// The map as the reader takes it after a puzzle: one line of n*n symbols,
// a..z, A..Z, 0..9, then @ and %, a region each (up to 64 regions).
void write_regions(std::ostream& out, const Cells& regions);

}  // namespace dance::sudoku
