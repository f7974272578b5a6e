// A path puzzle as an SVG picture (--format svg): the grid, holes dark, the
// givens in black and the numbers filled in blue, the path drawn thin from
// each number to the next, and Signpost's arrows.
#pragma once

#include <iosfwd>

#include "path_puzzle/board.hpp"

namespace dance::path_puzzle {

void draw(std::ostream& out, const Board& board, const Filling* filling);

}  // namespace dance::path_puzzle
