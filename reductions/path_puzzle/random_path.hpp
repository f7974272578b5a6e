// Random Hamiltonian paths of a grid, for the generators: from a row-by-row
// zigzag, many backbite moves (Mansfield's): an end of the path takes a
// random neighbour of its cell, and the part of the path beyond that
// neighbour turns round, so that the path stays Hamiltonian.
#pragma once

#include <cstddef>
#include <vector>

#include "dlx/random.hpp"

namespace dance::path_puzzle {

// The moves a path may make between cells: a side (Numbrix), a side or a
// corner (Hidato), or any distance along a line of the eight directions
// (Signpost's arrows).
enum class Moves { orthogonal, king, queen };

// A random Hamiltonian path of the width x height grid under `moves`, as
// the cells in path order; the same random state gives the same path.
[[nodiscard]] std::vector<std::size_t> random_path(int width, int height, Moves moves, dlx::Random& random);

}  // namespace dance::path_puzzle
