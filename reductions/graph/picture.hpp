// A graph as an SVG picture (--format svg of hamilton and clique): the
// vertices on a circle with their names, every edge thin and grey, the
// answer's edges bold and its vertices marked.
#pragma once

#include <iosfwd>
#include <utility>
#include <vector>

#include "graph/graph.hpp"

namespace dance::graph {

void draw_on_circle(std::ostream& out, const Graph& g, const std::vector<bool>& marked,
                    const std::vector<std::pair<Vertex, Vertex>>& bold);

}  // namespace dance::graph
