// Range puzzles as a generator puzzle type: positions are cells, the
// solution holds per cell the count a clue there shows (0 for a black cell),
// and every white cell of a complete solution is a clue.
//
// One problem per solution (encode_board with switchable clues) serves every
// uniqueness check of its puzzle: each check assumes keep or drop per white
// cell, re-assuming only past the longest prefix the last check shares.
#pragma once

#include <memory>
#include <optional>

#include "dance/puzzle_type.hpp"
#include "dlx/solver.hpp"
#include "range/connectivity.hpp"
#include "range/encoding.hpp"

namespace dance::range {

// A random colouring with no touching black cells and connected white cells,
// aiming at `density` percent black cells; symmetric under `symmetry`
// (none or rot180).
[[nodiscard]] Colouring random_colouring(int width, int height, int density, Symmetry symmetry, std::uint64_t seed);

class RangePuzzles final : public PuzzleType {
 public:
  RangePuzzles(int width, int height, int density, Notation notation);
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

 private:
  // The puzzle keeping the clues of `solution` at `kept`, as a board.
  [[nodiscard]] Board board(const Solution& solution, const Kept& kept) const;
  [[nodiscard]] Colouring colouring(const Solution& solution) const;
  // Readies checker_ for `solution` with the clues at `clues`; false if they clash.
  bool assume_clues(const Solution& solution, std::span<const std::size_t> clues);

  int width_, height_, density_;
  Notation notation_;
  // The checker of the last solution asked about.
  Solution solution_;
  RangeProblem problem_;
  std::unique_ptr<ConnectivityHook> hook_;
  std::unique_ptr<dlx::Solver> checker_;
  std::vector<bool> keep_;     // per cell: whether the clue is wanted
  std::vector<std::size_t> assumed_cells_;  // the cell of each of checker_'s assumptions
  std::vector<bool> settled_;  // per cell: whether the assumptions kept so far decide it
};

}  // namespace dance::range
