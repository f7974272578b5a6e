// What a puzzle family supplies to the generator (dance/generator.hpp).
//
// A puzzle is a complete solution with clues kept at some of its positions
// (the cells of a sudoku). The generator never looks inside a solution: it
// asks the type for a random one, for the positions that carry a clue, for
// the symmetry orbits of those positions, and for how many solutions a set
// of kept clues allows (a search stopped at a limit, on the engine).
//
// A PuzzleType runs its searches through the driver's (set_searches: its
// solvers, dance/puzzle_searches.hpp), so each thread uses its own copy.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stdexcept>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dance/puzzle_searches.hpp"

namespace dance {

struct Instance;
struct Answer;

enum class Symmetry { none, rot180, rot90, mirror, diagonal };
[[nodiscard]] std::optional<Symmetry> parse_symmetry(std::string_view name);

// One value per position (for sudoku: the digit of each cell).
using Solution = std::vector<int>;
// Which positions keep their clue.
using Kept = std::vector<bool>;

// The search that counted a puzzle's solutions, for grading its difficulty.
struct Verdict {
  std::uint64_t solutions = 0;  // up to the limit asked for
  std::uint64_t nodes = 0;      // search nodes, the engine's statistic
  std::uint64_t forced = 0;     // the nodes a search that never branches needs
};

class PuzzleType {
 public:
  virtual ~PuzzleType() = default;
  // The number of positions (n*n for an n x n sudoku).
  [[nodiscard]] virtual std::size_t positions() const = 0;
  // A random complete solution: the same seed gives the same solution. Its
  // clue positions (clues()) form whole orbits of `symmetry`, so that a
  // symmetric puzzle can be made of it.
  [[nodiscard]] virtual Solution random_solution(std::uint64_t seed, Symmetry symmetry) = 0;
  // The positions that carry a clue in a complete solution.
  [[nodiscard]] virtual Kept clues(const Solution& solution) const = 0;
  // The positions grouped into orbits of the symmetry (each position in one);
  // std::invalid_argument for a symmetry the family does not have.
  [[nodiscard]] virtual std::vector<std::vector<std::size_t>> orbits(Symmetry symmetry) const = 0;
  // Counts, up to `limit`, the solutions of the puzzle that keeps the clues
  // of `solution` at the positions `clues`. It searches in the engine's
  // input order, so that the verdict does not depend on a seed. A type may
  // keep its work on a prefix of `clues` that the last call shared (the
  // engine's assumptions): callers list the clues least likely to go first.
  [[nodiscard]] virtual Verdict count(const Solution& solution, std::span<const std::size_t> clues,
                                      std::uint64_t limit) = 0;
  // Whether the puzzle keeping the clues of `solution` at `clues` has another
  // solution that differs from `solution` at one of the positions `removed`.
  // The generator asks it after taking the clues at `removed` away from a
  // puzzle whose only solution was `solution`, so any other solution must
  // differ there: the search can exclude `solution` at once. Keeps the
  // prefix of `clues` as count() does.
  [[nodiscard]] virtual bool another(const Solution& solution, std::span<const std::size_t> clues,
                                     std::span<const std::size_t> removed) = 0;
  // Building up (optional, for --minimal): a type that can show how another
  // solution differs lets the generator add clues that rule it out, rather
  // than take clues away one uniqueness proof at a time (dance/generator.hpp).
  [[nodiscard]] virtual bool shows_differences() const { return false; }
  // Another solution of the puzzle keeping the clues of `solution` at `clues`,
  // as the positions where it differs from `solution` (a clue at any of them
  // rules it out); empty when `solution` is the only one. Keeps the prefix
  // of `clues` as count() does. Only called when shows_differences().
  [[nodiscard]] virtual std::vector<std::size_t> difference(const Solution& solution, std::span<const std::size_t> clues);
  // Differences of other solutions that the type can see without a search
  // (none by default): each is the set of positions where another solution
  // differs from `solution`, so a unique puzzle keeps a clue in each.
  [[nodiscard]] virtual std::vector<std::vector<std::size_t>> unavoidable_sets(const Solution& solution) const;
  // Why the family's puzzles have no clues (a clique puzzle is a graph
  // given whole), or nothing: --minimal and --clues are then refused.
  [[nodiscard]] virtual std::optional<std::string> without_clues() const { return std::nullopt; }
  // An independent check that the solution is one of the puzzle (not the engine).
  [[nodiscard]] virtual std::optional<std::string> verify(const Solution& solution, const Kept& kept) const = 0;
  // The fewest clues any puzzle of this type can have, when it is known.
  [[nodiscard]] virtual std::optional<std::size_t> minimum_clues() const = 0;
  // The puzzle in the family's input notation (pipe it into `dance solve`).
  virtual void print_puzzle(std::ostream& out, const Solution& solution, const Kept& kept) const = 0;
  // The complete solution in the same notation.
  virtual void print_solution(std::ostream& out, const Solution& solution) const = 0;
  // One record of `dance generate`'s output: the puzzle and, if asked, its
  // solution, with the line end. By default both on one line (a solver that
  // reads the puzzle ignores what follows it on its line).
  virtual void print_record(std::ostream& out, const Solution& solution, const Kept& kept, bool with_solution) const;
  // The puzzle as its reduction reads it, and its solution as the
  // reduction's answer, for the reduction's presenters to draw (--format
  // svg: Presenter::puzzle); nullptr for a type that draws its own (the default).
  [[nodiscard]] virtual std::unique_ptr<Instance> instance_of(const Solution& solution, const Kept& kept) const;
  [[nodiscard]] virtual std::unique_ptr<Answer> answer_of(const Solution& solution) const;

  // A flag that, once set (Ctrl-C), stops the type's searches soon. What
  // they answer after that means nothing: the generator looks at
  // interrupted() after each call and gives the puzzle up.
  void set_interrupt(const std::atomic<bool>* flag) { interrupt_ = flag; }
  [[nodiscard]] bool interrupted() const { return interrupt_ != nullptr && interrupt_->load(std::memory_order_relaxed); }

  // Where the type's searches run: the driver's solvers (dance::puzzle_type
  // and generate() give every type its own). A type without them searches nothing.
  void set_searches(std::shared_ptr<PuzzleSearches> searches) { searches_ = std::move(searches); }

  // The search nodes of all the type's searches so far.
  [[nodiscard]] std::uint64_t work() const { return searches_ ? searches_->nodes() : 0; }
  // The nodes an attempt at a puzzle may take before the generator starts
  // again from a new solution (0: no end): some attempts take 20 times
  // the median, mostly one uniqueness proof, and a new one costs less.
  [[nodiscard]] virtual std::uint64_t attempt_work() const { return 0; }
  // Stops the type's searches, as an interrupt would, once work() reaches
  // `nodes` (0: never). What they answer then means nothing: the generator
  // looks at worked_out() after each call and starts a new attempt.
  void set_work_limit(std::uint64_t nodes) { work_limit_ = nodes; }
  [[nodiscard]] bool worked_out() const { return work_limit_ != 0 && work() >= work_limit_; }

 protected:
  // Every search of the type: the question, with the interrupt flag and what
  // is left of the attempt's work, asked of the driver's solvers.
  PuzzleReply ask(PuzzleQuery question) {
    if (!searches_) throw std::logic_error("a puzzle type searches through the driver's solvers: dance::puzzle_type()");
    question.interrupt = interrupt_;
    if (work_limit_ != 0) question.most = work_limit_ > work() ? work_limit_ - work() : 1;  // used up: stop at once
    return searches_->ask(question);
  }

 private:
  const std::atomic<bool>* interrupt_ = nullptr;
  std::uint64_t work_limit_ = 0;
  std::shared_ptr<PuzzleSearches> searches_;
};

}  // namespace dance
