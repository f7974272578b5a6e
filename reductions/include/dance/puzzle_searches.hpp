// The searches a puzzle type asks for, which the driver runs on its solvers
// (dance::puzzle_searches(), dance/generate.hpp): a type says what to
// count or find (a problem from its reduction's encode, the options assumed
// and forbidden, an order, a budget of nodes, restarts), never which
// dlx::Solver does it, so that generating has one run path with solve.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>

#include "dlx/problem.hpp"
#include "dlx/solver.hpp"

namespace dance {

struct PuzzleQuery {
  std::shared_ptr<const dlx::Problem> problem;
  // The encoding's hook, the caller's, alive for the call: a solver with a
  // hook serves this question alone.
  dlx::Hook* hook = nullptr;
  // The engine's heuristics the question asks for; the run's switches
  // (--ring, --memo, ...) go over them unless automatic.
  dlx::SolverOptions heuristics{};
  // Questions of one slot share a solver of the problem, which keeps its
  // order and the assumptions they share from one to the next (sudoku: its
  // checker in 0, its fills and verdicts in 1); restarts run on slot + 1.
  std::size_t slot = 0;
  // The search's order: `seed`'s (0: the input order) with the options
  // `first` before the rest in their items' lists (Solver::reseed; a
  // solution near the one sought: value ordering).
  std::uint64_t seed = 0;
  std::span<const dlx::OptionId> first{};
  std::span<const dlx::OptionId> assumed{};    // forced, in this order
  std::span<const dlx::OptionId> forbidden{};  // excluded, after them
  // Each solution found, until it returns false; without it the
  // solutions are counted, up to `limit` (0: all).
  std::function<bool(std::span<const dlx::OptionId>)> visit{};
  std::uint64_t limit = 0;
  // Nodes for the search (0: no budget), and for all its runs together
  // (0: no end; PuzzleType::ask fills it in from the attempt's work).
  std::uint64_t budget = 0, most = 0;
  // A search stopped by its budget goes on by restarts (Solver::restarting
  // on slot + 1, from this seed, `first` still first, budgets doubling from
  // `restart_unit`); 0: it just stops.
  std::uint64_t restart_unit = 0, restart_seed = 1;
  const std::atomic<bool>* interrupt = nullptr;  // Ctrl-C or the time limit
};

struct PuzzleReply {
  dlx::Outcome outcome = dlx::Outcome::exhausted;  // of the last run (exhausted: an assumption clashed too)
  std::uint64_t solutions = 0;                     // found, over every run
  std::uint64_t nodes = 0;                         // searched, over every run
};

class PuzzleSearches {
 public:
  virtual ~PuzzleSearches() = default;
  virtual PuzzleReply ask(const PuzzleQuery& question) = 0;
  // The nodes of every search so far (PuzzleType::work()).
  [[nodiscard]] virtual std::uint64_t nodes() const = 0;
};

}  // namespace dance
