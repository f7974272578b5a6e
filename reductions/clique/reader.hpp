// The reader of clique and independent-set: a graph, the vertices kept, and
// the compatibility of each pair (adjacent for a clique, not for a set).
#pragma once

#include <istream>
#include <memory>

#include "clique/clique.hpp"

namespace dance::clique {

// The instance of graph `g` (what a reader makes of the graph it reads; the
// generator's graphs, made as data, become instances here too).
[[nodiscard]] std::unique_ptr<CliqueInstance> instance_of(std::shared_ptr<const graph::Graph> g, const CliqueReduction& reduction,
                                                          long k, bool maximum);

[[nodiscard]] std::unique_ptr<InstanceReader> make_reader(std::istream& in, const CliqueReduction& reduction, long k,
                                                          bool maximum);

}  // namespace dance::clique
