// A range board as an SVG picture (--format svg): the clues in their
// cells, the black cells of an answer filled grey.
#pragma once

#include <iosfwd>

#include "range/board.hpp"

namespace dance::range {

// `black`: an answer's colouring, or nullptr for the puzzle alone.
void draw(std::ostream& out, const Board& board, const Colouring* black);

}  // namespace dance::range
