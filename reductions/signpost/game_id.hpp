// Simon Tatham's Signpost game IDs (signpost.c of his Portable Puzzle
// Collection): "WxH:desc", or "WxHc:desc" (start and end in corners, a
// generator's setting that changes nothing here). The desc has a token per
// cell, row-major: an optional number given there, then its arrow as a
// letter, 'a' to 'h' for N, NE, E, SE, S, SW, W, NW. The last number's cell
// has an arrow too ('a' from Tatham's generator), which means nothing.
#pragma once

#include <iosfwd>
#include <string_view>

#include "path_puzzle/board.hpp"

namespace dance::signpost {

// Parses a game ID (without anything after it); errors are dlx::ParseError
// naming `line` and the column, counted from `column` (where the ID starts).
[[nodiscard]] path_puzzle::Board parse_id(std::string_view id, std::size_t line, std::size_t column);

// Writes the puzzle as a game ID, or with `filling` every cell numbered by
// it (the answer; Tatham's program opens it as a puzzle with no blank), with
// no line end.
void write_id(std::ostream& out, const path_puzzle::Board& board, const path_puzzle::Filling* filling);

}  // namespace dance::signpost
