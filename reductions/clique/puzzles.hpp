// Clique and independent-set puzzles for `dance generate`: a random graph
// whose largest clique (independent set) has k vertices and is the only one
// of that size, so that a player looks for the one answer.
//
// The graph: every pair of vertices compatible (adjacent for a clique, not
// adjacent for an independent set) at the density asked for, and k random
// vertices made pairwise compatible. Then the engine, through the
// reduction's own reader and encoding, looks for a clique of k + 1 and for
// a clique of k other than the planted one; each found loses a random
// compatible pair of its own outside the planted clique, until there is
// none. A solution holds per pair of vertices whether it is compatible,
// then per vertex whether it is in the answer; there are no clues to take
// away, and the grade is the nodes of the proof (count the k-cliques to 2,
// and look for one of k + 1).
#pragma once

#include <optional>

#include "clique/clique.hpp"
#include "dance/puzzle_type.hpp"

namespace dance::clique {

class CliquePuzzles final : public PuzzleType {
 public:
  CliquePuzzles(const CliqueReduction& reduction, int vertices, int k, int density);
  [[nodiscard]] std::size_t positions() const override;
  [[nodiscard]] Solution random_solution(std::uint64_t seed, Symmetry symmetry) override;
  [[nodiscard]] Kept clues(const Solution& solution) const override;
  [[nodiscard]] std::vector<std::vector<std::size_t>> orbits(Symmetry symmetry) const override;
  [[nodiscard]] Verdict count(const Solution& solution, std::span<const std::size_t> clues, std::uint64_t limit) override;
  [[nodiscard]] bool another(const Solution& solution, std::span<const std::size_t> clues,
                             std::span<const std::size_t> removed) override;
  [[nodiscard]] std::optional<std::string> verify(const Solution& solution, const Kept& kept) const override;
  [[nodiscard]] std::optional<std::size_t> minimum_clues() const override { return std::nullopt; }
  [[nodiscard]] std::optional<std::string> without_clues() const override;
  void print_puzzle(std::ostream& out, const Solution& solution, const Kept& kept) const override;
  void print_solution(std::ostream& out, const Solution& solution) const override;
  void print_record(std::ostream& out, const Solution& solution, const Kept& kept, bool with_solution) const override;

 private:
  // The position of the pair u < v.
  [[nodiscard]] std::size_t pair(std::size_t u, std::size_t v) const;
  // A clique of `k` in the graph of `solution` (through the reduction) other
  // than the planted one, or nothing.
  // The graph of a solution's compatible pairs, as data: what the puzzle prints, and what find() searches.
  [[nodiscard]] graph::Graph graph_of(const Solution& solution) const;
  std::optional<std::vector<Vertex>> find(const Solution& solution, long k, std::uint64_t& nodes);

  const CliqueReduction& reduction_;
  int n_, k_, density_;
};

}  // namespace dance::clique
