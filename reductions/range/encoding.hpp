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
// Before the options are written, the clues prune each other's splits
// (prune_splits: arc consistency), which takes most of the search's work away.
#pragma once

#include <array>
#include <cstdint>
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
};

// A clue's arm lengths up, down, left and right (the order of `steps`).
using Arms = std::array<int, 4>;
// Every split of the clue at `cell` minus one into arm lengths that fit the board.
[[nodiscard]] std::vector<Arms> clue_splits(const Board& board, std::size_t cell);

// A cell's colour in every solution, where the clues tell it.
enum class Shade : std::uint8_t { unknown, white, black };
// Arc consistency between the clues at `clues`, whose splits are `splits`
// (in the same order): a cell that all of a clue's splits colour alike has
// that colour in every solution, as do the neighbours of a black one (white);
// the splits of other clues that give it the other colour go, until nothing
// changes. Returns the colours found.
std::vector<Shade> prune_splits(const Board& board, const std::vector<std::size_t>& clues,
                                std::vector<std::vector<Arms>>& splits);

// The problem of `board` whose clues at `clues` keep only `splits` (pruned),
// and whose cells of a known `shade` keep only that colour.
[[nodiscard]] RangeProblem encode_splits(const Board& board, const std::vector<std::size_t>& clues,
                                         const std::vector<std::vector<Arms>>& splits,
                                         const std::vector<Shade>& shade);
// The same from the board alone: its clues' splits, pruned.
[[nodiscard]] RangeProblem encode_board(const Board& board);

// The colouring a solution (a list of options) gives.
[[nodiscard]] Colouring colouring_of(const CellColours& colours, std::size_t cells,
                                     std::span<const dlx::OptionId> solution);

}  // namespace dance::range
