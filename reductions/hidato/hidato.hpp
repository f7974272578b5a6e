// `hidato`: Hidato puzzles (Gyora Benedek's): a grid of any shape (cells
// marked 'x' are not part of it) gets the numbers 1..N, each number's cell
// touching the next one's, diagonally too; some numbers are given, the
// first and the last always. A Hamiltonian path with givens on the king's
// graph of the open cells (path_puzzle/, hamilton/givens.hpp). Read and
// written as grids (path_puzzle/reader.hpp); `dance generate hidato` makes
// unique ones on random shapes with holes.
#pragma once

#include "path_puzzle/reduction.hpp"

namespace dance::hidato {

class HidatoReduction final : public path_puzzle::PathPuzzleReduction {
 public:
  [[nodiscard]] std::string_view name() const override { return "hidato"; }
  [[nodiscard]] std::string_view summary() const override {
    return "Hidato: 1..N through a grid with holes, each number touching the next; grids";
  }
  [[nodiscard]] std::vector<OptionSpec> options() const override;
  [[nodiscard]] std::unique_ptr<InstanceReader> read(std::istream& in, const ModelOptions& options) const override;
  [[nodiscard]] std::unique_ptr<PuzzleType> make_puzzle_type(const ModelOptions& options) const override;
};

}  // namespace dance::hidato
