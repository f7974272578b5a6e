// The reader of the grid notation (Numbrix, Hidato) as a reduction's
// InstanceReader: each grid read becomes a PathInstance.
#pragma once

#include "path_puzzle/puzzles.hpp"
#include "path_puzzle/reader.hpp"
#include "path_puzzle/reduction.hpp"

namespace dance::path_puzzle {

// Refuses the generator's options (`names`) when solving: they make no puzzle there.
void refuse_generate_options(const ModelOptions& options, std::string_view reduction, std::initializer_list<const char*> names);

// The generator's grid from --size WxH (`fallback` when not given), for the
// family `name` under `rule`, its text written as grids.
[[nodiscard]] Shape shape_of(const ModelOptions& options, std::string_view name, Rule rule, std::pair<long, long> fallback);

[[nodiscard]] std::unique_ptr<InstanceReader> grid_reader(std::istream& in, Rule rule, bool holes);

}  // namespace dance::path_puzzle
