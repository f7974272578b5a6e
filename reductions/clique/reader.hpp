// The reader of clique and independent-set: a graph, the vertices kept, and
// the compatibility of each pair (adjacent for a clique, not for a set).
#pragma once

#include <istream>
#include <memory>

#include "clique/clique.hpp"

namespace dance::clique {

[[nodiscard]] std::unique_ptr<InstanceReader> make_reader(std::istream& in, const CliqueReduction& reduction, long k,
                                                          bool maximum);

}  // namespace dance::clique
