// One search on several threads (Gecode's parallel search, on dancing links):
// each worker is a Solver of its own over the same problem; a worker that
// runs out of work waits, and a busy one, paused at its next check, gives
// it the untried choices nearest its root (Solver::donate), which it then
// skips. So no subtree is searched twice or skipped, and counts are exact.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "dlx/solver.hpp"

namespace dlx {

class Team {
 public:
  // The workers are readied alike (same hook type, limits and assumptions);
  // the team owns none of them and sets their Limits::pause. Limits hold per
  // worker.
  explicit Team(std::vector<Solver*> workers);

  // The parts to search: none for the whole search of the first worker as
  // readied when the team was made (its assumptions), the default; or a list
  // of parts (from split(), a file).
  void set_parts(std::vector<Subproblem> parts);
  // Parts fetched on demand instead (from another process, say): called,
  // one call at a time, whenever the workers have run out of parts, until
  // it returns none. Idle workers steal from busy ones only after that.
  using Feed = std::function<std::vector<Subproblem>()>;
  void set_feed(Feed feed);

  // Counts the solutions; `found` gets the number. An exception in a
  // worker (its hook's, the visitor's) stops every worker and is thrown
  // here, to the caller.
  Outcome count(std::uint64_t& found);
  // Calls visit with each solution, one call at a time, until it returns
  // false (Outcome::solution_limit) or the search ends.
  Outcome visit(const std::function<bool(std::span<const OptionId>)>& visit);

  // Each worker's counters over this team's searches.
  [[nodiscard]] const std::vector<Statistics>& statistics() const { return stats_; }

 private:
  Outcome run(const std::function<bool(std::span<const OptionId>)>* visit, std::uint64_t& found);

  std::vector<Solver*> workers_;
  Subproblem whole_;  // the first worker's search as readied
  std::vector<Subproblem> parts_;
  Feed feed_;  // set: the parts come from here, not from parts_
  std::vector<Statistics> stats_;
};

}  // namespace dlx
