// Range puzzles as exact cover with colours.
//
// Primary items: one per cell. A clue's cell is covered by an option per way
// to split the clue minus one into four arm lengths (up, down, left, right)
// that fit the board: it colours its own cell and the arms' cells white and
// the cell just past each arm (on the board) black, on the secondary colour
// items of the cells. Any other cell is covered by a white option or a black
// option; the black option also colours the four neighbours white, so that
// no two black cells touch (the neighbours' colour items serve as the items
// per adjacent pair, and propagate more: a black cell at once removes the
// options that would make a neighbour black).
//
// Connectivity of the white cells is not exact cover: ConnectivityHook
// (connectivity.hpp) checks it during the search.
//
// For the generator, clues can be switchable: every such cell has both kinds
// of options, told apart by a secondary item `clue-X` coloured on (the clue's
// options) or off (white, black), and a primary item `given-X` with a keep
// option (colours clue-X on and the cell white) and a drop option (off). One
// problem per solution then serves every subset of its clues: assume keep or
// drop per cell.
#pragma once

#include <memory>
#include <vector>

#include "dlx/problem.hpp"
#include "range/board.hpp"

namespace dance::range {

// The cells each option colours black and white, for the hook and decode.
struct CellColours {
  std::vector<std::uint32_t> start;  // option o's cells are cells[start[o] .. start[o+1])
  std::vector<std::uint32_t> cells;  // a cell number, with black_bit set when it is coloured black
  static constexpr std::uint32_t black_bit = 1U << 31;
};

struct RangeProblem {
  std::shared_ptr<const dlx::Problem> problem;
  std::shared_ptr<const CellColours> colours;
  std::vector<dlx::OptionId> keep, drop;  // per cell, for switchable cells (else unused)
};

// The problem of `board`. With `switchable`, the cells marked there carry
// switchable clues (board.clues gives their values) and no clue is fixed.
[[nodiscard]] RangeProblem encode_board(const Board& board, const std::vector<bool>* switchable = nullptr);

// The colouring a solution (a list of options) gives.
[[nodiscard]] Colouring colouring_of(const CellColours& colours, std::size_t cells,
                                     std::span<const dlx::OptionId> solution);

}  // namespace dance::range
