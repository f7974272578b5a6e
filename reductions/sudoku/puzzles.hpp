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
// order (see checking()).
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
  [[nodiscard]] std::uint64_t attempt_work() const override;

 private:
  // The driver's solvers of the problem: the checker tries a solution's
  // values first and keeps its clues assumed from one question to the next;
  // the randomiser fills grids, counts verdicts in input order (so that they
  // do not depend on a seed) and runs the checker's restarts.
  static constexpr std::size_t checker = 0, randomiser = 1;
  bool jigsaw_ = false;
  // Jigsaw: a new random map, and the problem for it.
  void new_regions(dlx::Random& random);
  // A fill in a random value order after the options `assumed`, within
  // `budget` nodes: the grid found goes to `grid`.
  dlx::Outcome fill(dlx::Random& random, std::span<const dlx::OptionId> assumed, std::uint64_t budget, Solution& grid);
  // The solution whose options the checker tries first (preferred_options_).
  void prefer(const Solution& solution);
  // The options of the preferred solution at the cells `clues`, then at `kept`.
  std::span<const dlx::OptionId> clue_options(std::span<const std::size_t> clues, std::span<const std::size_t> kept = {});
  // The checker's question, restarts and all, before its assumptions and its search.
  [[nodiscard]] PuzzleQuery checking() const;
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
  const SudokuReduction& reduction_;
  Shape shape_;
  SudokuInstance grid_;  // of the shape, no clues: what encode and decode are given
  std::vector<std::vector<dlx::OptionId>> option_of_;  // per value v-1, per cell: encode's option
  std::vector<std::size_t> cell_of_;                   // per option: its cell
  std::uint64_t first_budget_;
  int fills_;
  std::shared_ptr<const dlx::Problem> problem_;  // of the shape (a jigsaw's: of its map)
  // The solution whose options the checker tries first: another solution
  // of a puzzle near it differs from it in few cells.
  Solution preferred_;
  std::vector<dlx::OptionId> preferred_options_;
  std::vector<dlx::OptionId> wanted_;    // the options of the clues, kept to spare an allocation per call
  std::vector<dlx::OptionId> shuffled_;  // random_solution's value order, likewise kept
};

}  // namespace dance::sudoku
