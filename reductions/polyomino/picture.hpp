// A packing as an SVG picture (--format svg): each piece its own colour,
// with its name, blocked cells dark.
#pragma once

#include <iosfwd>

#include "polyomino/polyomino.hpp"

namespace dance::polyomino {

void draw(std::ostream& out, const PolyominoInstance& polyomino, const PolyominoAnswer& answer);

}  // namespace dance::polyomino
