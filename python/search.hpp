// A search of one exact cover problem from Python: the engine's Solver (or
// a Team of them for threads > 1) run with the GIL released, stopped by
// Ctrl-C at once with the partial statistics, and by what Python code
// called from inside the search (a hook, a decoder) raised.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include <pybind11/pybind11.h>

#include "dlx/solver.hpp"
#include "dlx/team.hpp"

namespace dance::python {

// The first Python exception raised inside a search (on any of its
// threads), kept for the caller, and the flag that stops the search then.
class RaisedError {
 public:
  // With the GIL held, in an `except` of the code that caught it.
  void record(pybind11::error_already_set& error);
  [[nodiscard]] bool failed() const { return failed_.load(std::memory_order_relaxed); }
  // The recorded exception, if any, cleared (and the stop flag with it).
  std::optional<pybind11::error_already_set> take();
  // Throws the recorded exception, if any (with the GIL held), clearing it.
  void rethrow();
  std::atomic<bool> stop{false};  // Limits::interrupt of the search's solvers

 private:
  std::atomic<bool> failed_{false};
  std::mutex mutex_;
  std::optional<pybind11::error_already_set> error_;
};

// What a search is asked beside its problem.
struct SearchSpec {
  std::size_t threads = 1;
  std::uint64_t seed = 0;
  std::uint64_t nodes = 0;  // a limit on the search nodes (per worker with threads); 0: none
  double seconds = 0;       // a limit on the time spent searching; 0: none
  std::vector<dlx::OptionId> assumed;
  std::vector<dlx::OptionId> forbidden;
};

class ProblemSearch {
 public:
  using Visitor = std::function<bool(std::span<const dlx::OptionId>)>;

  // The hook, if any, is the first worker's; the others get clones. A hook
  // written in Python (PythonHook) brings the RaisedError its exceptions go to.
  ProblemSearch(std::shared_ptr<const dlx::Problem> problem, SearchSpec spec, std::unique_ptr<dlx::Hook> hook = {});
  ~ProblemSearch();
  ProblemSearch(const ProblemSearch&) = delete;
  ProblemSearch& operator=(const ProblemSearch&) = delete;

  // Whether the assumptions clashed (or a hook refused one): no solution.
  [[nodiscard]] bool clashed() const { return clashed_; }

  // Starts the search again from its root: the assumptions, nothing chosen.
  void restart();
  // Takes every solver back to before its assumptions, the hook told of each
  // option taken back, so that the hook object can serve another search:
  // after each call but next(), and when a lazy iteration ends. next() then
  // starts afresh.
  void settle();
  // Counts solutions, up to `limit` (0: all), from the root; how many this call found.
  // A Python int, exact past 2^64.
  pybind11::object count(std::uint64_t limit);
  // The next solution, one thread, resumable (restart() first for a new run): false when there is none.
  bool next();
  [[nodiscard]] std::span<const dlx::OptionId> solution() const;
  // Shows each solution to `visit` until it says stop (on the threads, one
  // call at a time); the visitor is called with the GIL released.
  void visit(const Visitor& visit);

  // Why the last call returned ("exhausted", "node limit", ...).
  [[nodiscard]] dlx::Outcome outcome() const { return outcome_; }
  // Whether the last call went through the whole search or the solutions it wanted.
  [[nodiscard]] bool complete() const {
    return outcome_ == dlx::Outcome::exhausted || outcome_ == dlx::Outcome::solution_limit ||
           outcome_ == dlx::Outcome::solution;
  }
  [[nodiscard]] dlx::Statistics statistics() const;
  [[nodiscard]] std::string variant() const { return solvers_[0]->variant(); }
  // For the hooks and visitors of this search: where their exceptions go.
  [[nodiscard]] RaisedError& failure() { return *failure_; }

 private:
  // One call of the engine on the single solver, with the GIL released and Ctrl-C heard.
  dlx::Outcome alone(const std::function<dlx::Outcome(dlx::Solver&)>& call);
  // One call of the engine on a team of `threads` solvers, from scratch, the same way.
  dlx::Outcome together(const std::function<dlx::Outcome(dlx::Team&)>& call);
  // With the GIL, after a call: settles the search if asked, then raises the
  // exception of a hook or a visitor, or the KeyboardInterrupt with the
  // partial statistics and `found` attached.
  void finish(std::uint64_t found, bool then_settle);
  bool prepare(dlx::Solver& solver, dlx::Hook* hook);
  // The answer when the assumptions clash: settled, exhausted, 0 found.
  std::uint64_t nothing();

  std::shared_ptr<const dlx::Problem> problem_;
  SearchSpec spec_;
  std::vector<std::unique_ptr<dlx::Hook>> hooks_;  // one per solver; the first may be empty
  std::vector<std::unique_ptr<dlx::Solver>> solvers_;  // the first searches alone; all of them together
  dlx::Statistics base_;        // the single solver's counters when this search took it
  dlx::Statistics team_total_;  // the team's counters over its calls
  bool clashed_ = false;
  bool settled_ = false;  // settle() since the last restart()
  dlx::Outcome outcome_ = dlx::Outcome::exhausted;
  std::atomic<bool> busy_{false};  // a call is searching (on some Python thread)
  std::shared_ptr<RaisedError> failure_;
};

}  // namespace dance::python
