// The path puzzles as a generator puzzle type: positions are cells, the
// solution holds per cell its number (hole for a hole: Hidato's shapes are
// part of each solution), and every number is a clue. The first and last
// numbers of Hidato and Signpost always stay.
//
// A uniqueness check counts, to 2, the Hamiltonian paths of the puzzle's
// graph with the clues as givens: the position encoding of only the options
// that fit the givens (a few hundred of a 9x9 Numbrix's 23,000, which a
// search would otherwise take out at its first node, one by one), with its
// propagating hook. The graph is made once per shape (Numbrix's once, a
// Hidato shape's or a Signpost's arrows' once a puzzle).
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "dance/puzzle_type.hpp"
#include "path_puzzle/board.hpp"

namespace dance::path_puzzle {

// Writes a board, or with a filling its answer: in a notation, or as a picture.
using BoardWriter = std::function<void(std::ostream&, const Board&, const Filling*)>;

// A generated puzzle as `write` writes it and, when given, its solution
// after it (on the bare board: holes and arrows, no number given): on the
// same line for a game ID (`one_line`), below for a grid or a picture;
// with the line end. The generator's text record and the presenters'
// puzzles (grid, id, svg) alike.
void write_record(std::ostream& out, const Board& puzzle, const Filling* solution, const BoardWriter& write, bool one_line);

struct Shape {
  Rule rule = Rule::orthogonal;
  int width = 0, height = 0;
  int holes = 0;  // king: the share of cells left out, in percent (at most)
  // The puzzle, or with a filling its answer, in the family's text notation (what solve reads).
  BoardWriter write;
  bool one_line = false;  // the notation is a line (a game ID), not a grid
};

class PathPuzzles final : public PuzzleType {
 public:
  explicit PathPuzzles(Shape shape) : shape_(std::move(shape)) {}
  [[nodiscard]] std::size_t positions() const override;
  [[nodiscard]] Solution random_solution(std::uint64_t seed, Symmetry symmetry) override;
  [[nodiscard]] Kept clues(const Solution& solution) const override;
  [[nodiscard]] std::vector<std::vector<std::size_t>> orbits(Symmetry symmetry) const override;
  [[nodiscard]] Verdict count(const Solution& solution, std::span<const std::size_t> clues, std::uint64_t limit) override;
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
  // 2,000 nodes a cell: a few attempts take most of the time, mostly in
  // one uniqueness proof, and a fresh one costs less.
  [[nodiscard]] std::uint64_t attempt_work() const override { return 2000 * positions(); }

 private:
  // The puzzle keeping the numbers of `solution` at `kept` (every one with nothing kept given).
  [[nodiscard]] Board board(const Solution& solution, const Kept* kept) const;
  // Whether the cell's number always stays (Hidato's and Signpost's first and last).
  [[nodiscard]] bool anchored(const Solution& solution, std::size_t cell) const;
  // The question of the solution's graph, made when the graph changes.
  void prepare(const Solution& solution);

  Shape shape_;
  Board graph_of_;  // the board whose graph the solver has (no numbers but holes)
  Question question_;
  std::vector<std::uint32_t> vertex_of_;  // per cell
};

}  // namespace dance::path_puzzle
