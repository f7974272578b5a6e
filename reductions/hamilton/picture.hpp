// A Hamiltonian answer as an SVG picture (--format svg): a knight's tour on
// its board with the moves numbered, any other graph on a circle with the
// cycle or path in bold.
#pragma once

#include <iosfwd>

#include "hamilton/hamilton.hpp"

namespace dance::hamilton {

void draw(std::ostream& out, const HamiltonInstance& h, const HamiltonAnswer& answer);

}  // namespace dance::hamilton
