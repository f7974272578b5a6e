// `numbrix`: Numbrix puzzles (Marilyn vos Savant's): an n x n grid gets the
// numbers 1..n*n, each number's cell sharing a side with the next one's;
// some numbers are given. A Hamiltonian path with givens on the grid graph
// (path_puzzle/, hamilton/givens.hpp). Read and written as grids
// (path_puzzle/reader.hpp); `dance generate numbrix` makes unique ones.
#pragma once

#include "path_puzzle/reduction.hpp"

namespace dance::numbrix {

class NumbrixReduction final : public path_puzzle::PathPuzzleReduction {
 public:
  [[nodiscard]] std::string_view name() const override { return "numbrix"; }
  [[nodiscard]] std::string_view summary() const override {
    return "Numbrix: 1..n*n through a grid, each number beside the next; grids";
  }
  [[nodiscard]] std::vector<OptionSpec> options() const override;
  [[nodiscard]] std::unique_ptr<InstanceReader> read(std::istream& in, const ModelOptions& options) const override;
  [[nodiscard]] std::unique_ptr<PuzzleType> make_puzzle_type(const ModelOptions& options) const override;
};

}  // namespace dance::numbrix
