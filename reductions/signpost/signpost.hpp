// `signpost`: Signpost puzzles (Simon Tatham's Portable Puzzle Collection;
// Janko's "Pfeilpfad"): every cell of a grid has an arrow, and the numbers
// 1..N go through the cells so that each number's arrow points at the next
// one's cell, at any distance; some numbers are given, the first and the
// last always in Tatham's. A Hamiltonian path with givens on the digraph of
// the arrows (path_puzzle/, hamilton/givens.hpp). Read as Tatham's game IDs
// (game_id.hpp), one a line; `dance generate signpost` writes such IDs.
#pragma once

#include "path_puzzle/reduction.hpp"

namespace dance::signpost {

class SignpostReduction final : public path_puzzle::PathPuzzleReduction {
 public:
  [[nodiscard]] std::string_view name() const override { return "signpost"; }
  [[nodiscard]] std::string_view summary() const override {
    return "Signpost: 1..N along the arrows of a grid; Simon Tatham's game IDs";
  }
  [[nodiscard]] std::vector<OptionSpec> options() const override;
  [[nodiscard]] std::unique_ptr<InstanceReader> read(std::istream& in, const ModelOptions& options) const override;
  [[nodiscard]] std::unique_ptr<PuzzleType> make_puzzle_type(const ModelOptions& options) const override;
  // grid and svg, and game IDs with every cell numbered.
  [[nodiscard]] std::vector<Writer<path_puzzle::PathInstance, path_puzzle::PathAnswer>> writers() const override;
};

}  // namespace dance::signpost
