// Sudoku as a generator puzzle type: positions are cells, every cell of a
// complete grid is a clue, symmetries act on the square of cells.
//
// A grid reaches the engine through the reduction's own encode (its options
// are the assumptions of the grid as a puzzle) and comes back through its
// decode: no option layout is written here.
#pragma once

#include <memory>

#include "dance/puzzle_type.hpp"
#include "dlx/random.hpp"
#include "dlx/solver.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/sudoku.hpp"

namespace dance::sudoku {

// Search nodes before a search for another solution starts again in a new
// order (see with_restarts).
inline constexpr std::uint64_t restart_nodes = 4000;
// Searches for a random grid, each with twice the nodes of the last, before
// random_solution() makes the grid from a pattern instead (where it has one).
inline constexpr int fill_attempts = 4;

class SudokuPuzzles final : public PuzzleType {
 public:
  // `first_budget`: the nodes before the first restart (tests make it 1);
  // `fills`: the fills a grid may take before the pattern, if it has one (tests make it 0).
  SudokuPuzzles(const SudokuReduction& reduction, Shape shape, std::uint64_t first_budget = restart_nodes,
                int fills = fill_attempts);
  [[nodiscard]] std::size_t positions() const override;
  [[nodiscard]] Solution random_solution(std::uint64_t seed, Symmetry symmetry) override;
  [[nodiscard]] Kept clues(const Solution& solution) const override;
  [[nodiscard]] std::vector<std::vector<std::size_t>> orbits(Symmetry symmetry) const override;
  [[nodiscard]] Verdict count(const Solution& solution, std::span<const std::size_t> clues,
                              std::uint64_t limit) override;
  [[nodiscard]] bool another(const Solution& solution, std::span<const std::size_t> clues,
                             std::span<const std::size_t> removed) override;
  [[nodiscard]] bool shows_differences() const override { return true; }
  [[nodiscard]] std::vector<std::size_t> difference(const Solution& solution, std::span<const std::size_t> clues) override;
  [[nodiscard]] std::vector<std::vector<std::size_t>> unavoidable_sets(const Solution& solution) const override;
  [[nodiscard]] std::optional<std::string> verify(const Solution& solution, const Kept& kept) const override;
  [[nodiscard]] std::optional<std::size_t> minimum_clues() const override;
  void print_puzzle(std::ostream& out, const Solution& solution, const Kept& kept) const override;
  void print_solution(std::ostream& out, const Solution& solution) const override;
  // Jigsaw: the map on a line after the puzzle.
  void print_record(std::ostream& out, const Solution& solution, const Kept& kept, bool with_solution) const override;
  // The presenters draw puzzles (svg) from these.
  [[nodiscard]] std::unique_ptr<Instance> instance_of(const Solution& solution, const Kept& kept) const override;
  [[nodiscard]] std::unique_ptr<Answer> answer_of(const Solution& solution) const override;
  // Jigsaw: each random solution on a random map of regions of its own
  // (regions.hpp), which each record writes on a line after the puzzle.
  void on_random_regions() { jigsaw_ = true; }
  [[nodiscard]] std::uint64_t work() const override;
  [[nodiscard]] std::uint64_t attempt_work() const override;

 private:
  bool jigsaw_ = false;
  std::uint64_t retired_work_ = 0;  // the nodes of the solvers of earlier jigsaw maps
  // Jigsaw: a new random map, and the randomiser and checker for it.
  void new_regions(dlx::Random& random);
  // Assumes the clues, keeping those the checker already has; false if they clash.
  bool assume_clues(const Solution& solution, std::span<const std::size_t> clues);
  // Readies the randomiser for a fill in a random value order after the
  // options `assumed`, with a budget of `budget` nodes.
  void fill(dlx::Random& random, std::span<const dlx::OptionId> assumed, std::uint64_t budget);
  [[nodiscard]] Solution solution_found() const;  // the randomiser's solution as a grid
  // Whether pattern() can make a grid of the shape: boxes, also with
  // diagonals when the boxes are k x k for a field of order k >= 3 (k prime, 4 or 8).
  [[nodiscard]] bool has_pattern() const;
  // A grid of the shape made by a formula, its values in a random order.
  [[nodiscard]] Solution pattern(dlx::Random& random) const;
  // A random grid made from a pattern, without a search that can go astray.
  [[nodiscard]] Solution mixed_pattern(dlx::Random& random);
  // Fills option_of_ and cell_of_ for the shape from the reduction's
  // encode, and returns its problem.
  [[nodiscard]] std::shared_ptr<const dlx::Problem> tabulate();
  // The option that puts the solution's value in `cell`.
  [[nodiscard]] dlx::OptionId option(const Solution& solution, std::size_t cell) const;
  // The engine's solution as a grid, by the reduction's decode.
  [[nodiscard]] Solution decoded(std::span<const dlx::OptionId> solution) const;
  // Runs search(solver) on the checker as it stands. A search stopped by its
  // node budget goes on on the randomiser, with the clues (of the preferred solution) assumed and
  // extra(solver) done, under the engine's restarts (Solver::restarting:
  // budgets doubling from twice the first, a new order each run with the
  // solution's values still first): searches for another solution have
  // heavy tails, and restarts cut them.
  template <class Extra, class Search>
  void with_restarts(std::span<const std::size_t> clues, Extra extra, Search search);
  // A search's limits on `solver`: up to `nodes` more (0: none) and what
  // is left of the attempt's work, and Ctrl-C.
  [[nodiscard]] dlx::Limits limits(const dlx::Solver& solver, std::uint64_t nodes) const {
    const std::uint64_t more = allowance(nodes);
    return dlx::Limits{more == 0 ? 0 : solver.statistics().nodes + more, 0, interrupt()};
  }
  // No node limit: Ctrl-C only.
  [[nodiscard]] dlx::Limits limits() const { return dlx::Limits{0, 0, interrupt()}; }
  const SudokuReduction& reduction_;
  Shape shape_;
  SudokuInstance grid_;  // of the shape, no clues: what encode and decode are given
  std::vector<std::vector<dlx::OptionId>> option_of_;  // per value v-1, per cell: encode's option
  std::vector<std::size_t> cell_of_;                   // per option: its cell
  std::uint64_t first_budget_;
  int fills_;
  dlx::Solver randomiser_;  // random solutions, and the restarts of a long test
  dlx::Solver checker_;  // input order, so that verdicts do not depend on a seed
  // The solution whose options the checker tries first: another solution
  // of a puzzle near it differs from it in few cells.
  Solution preferred_;
  std::vector<dlx::OptionId> preferred_options_;
  std::vector<dlx::OptionId> wanted_;    // the options of the clues, kept to spare an allocation per call
  std::vector<dlx::OptionId> shuffled_;  // random_solution's value order, likewise kept
};

}  // namespace dance::sudoku
