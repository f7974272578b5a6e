// Range puzzles as a generator puzzle type: positions are cells, the
// solution holds per cell the count a clue there shows (0 for a black cell),
// and every white cell of a complete solution is a clue.
//
// A uniqueness check prunes the splits of the clues kept (arc consistency,
// encoding.hpp); when that colours every cell the answer is known without a
// search, otherwise it searches the small problem of the splits left. The
// splits of each clue are made once per solution.
#pragma once

#include <functional>

#include <optional>

#include "dance/puzzle_type.hpp"
#include "range/encoding.hpp"

namespace dance::range {

// A random colouring with no touching black cells and connected white cells,
// aiming at `density` percent black cells; symmetric under `symmetry`
// (none or rot180). It stops early, short of the density, once `stop` says
// so (a large board's connectivity checks take seconds).
[[nodiscard]] Colouring random_colouring(int width, int height, int density, Symmetry symmetry, std::uint64_t seed,
                                         const std::function<bool()>& stop = nullptr);

// Writes a board (black null) or its solution: in a notation, or as a picture.
using BoardWriter = std::function<void(std::ostream&, const Board&, const Colouring*)>;

// A generated puzzle as `write` writes it and, when given, its solution
// after it: on the same line for a game ID (`one_line`), below for a grid
// or a picture; with the line end. The generator's text record (game IDs)
// and the presenters' puzzles (grid, id, svg) alike.
void write_record(std::ostream& out, const Board& puzzle, const Colouring* solution, const BoardWriter& write, bool one_line);

class RangePuzzles final : public PuzzleType {
 public:
  RangePuzzles(int width, int height, int density);
  [[nodiscard]] std::size_t positions() const override;
  [[nodiscard]] Solution random_solution(std::uint64_t seed, Symmetry symmetry) override;
  [[nodiscard]] Kept clues(const Solution& solution) const override;
  [[nodiscard]] std::vector<std::vector<std::size_t>> orbits(Symmetry symmetry) const override;
  [[nodiscard]] Verdict count(const Solution& solution, std::span<const std::size_t> clues,
                              std::uint64_t limit) override;
  [[nodiscard]] bool another(const Solution& solution, std::span<const std::size_t> clues,
                             std::span<const std::size_t> removed) override;
  [[nodiscard]] std::optional<std::string> verify(const Solution& solution, const Kept& kept) const override;
  [[nodiscard]] std::optional<std::size_t> minimum_clues() const override { return std::nullopt; }
  void print_puzzle(std::ostream& out, const Solution& solution, const Kept& kept) const override;
  void print_solution(std::ostream& out, const Solution& solution) const override;
  void print_record(std::ostream& out, const Solution& solution, const Kept& kept, bool with_solution) const override;
  // The presenters draw puzzles (grid, id, svg) from these.
  [[nodiscard]] std::unique_ptr<Instance> instance_of(const Solution& solution, const Kept& kept) const override;
  [[nodiscard]] std::unique_ptr<Answer> answer_of(const Solution& solution) const override;

 private:
  // The puzzle keeping the clues of `solution` at `kept`, as a board.
  [[nodiscard]] Board board(const Solution& solution, const Kept& kept) const;
  [[nodiscard]] Colouring colouring(const Solution& solution) const;
  // Prunes the splits of the clues of `solution` at `clues` into kept_,
  // clue_cells_ and splits_; returns the colours they settle.
  std::vector<Shade> prune(const Solution& solution, std::span<const std::size_t> clues);
  // Counts, up to `limit`, the solutions of the puzzle prune() left.
  Verdict search(const std::vector<Shade>& shade, std::uint64_t limit);

  int width_, height_, density_;
  Solution solution_;  // the last solution asked about
  std::vector<std::vector<Arms>> splits_of_;  // per cell of solution_: all splits of its clue
  Board kept_;  // the puzzle of the last check
  std::vector<std::size_t> clue_cells_;
  std::vector<std::vector<Arms>> splits_;  // per clue of clue_cells_: its splits left
};

}  // namespace dance::range
