// The reader of hamilton: the graph (or --knight's board) and the question
// that the options ask of it.
#pragma once

#include <istream>
#include <memory>

#include "hamilton/hamilton.hpp"

namespace dance::hamilton {

[[nodiscard]] std::unique_ptr<InstanceReader> make_reader(std::istream& in, const ModelOptions& options);

}  // namespace dance::hamilton
