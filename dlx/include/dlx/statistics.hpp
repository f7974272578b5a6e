// Search counters, comparable with Knuth's DLX programs: a node is one entry
// into a search level; an update is one link change (an item or a node
// removed from its list).
#pragma once

#include <cstdint>
#include <iosfwd>

#include "dlx/count.hpp"

namespace dlx {

struct Statistics {
  std::uint64_t nodes = 0;
  std::uint64_t updates = 0;
  std::uint64_t solutions = 0;  // at most 2^64 - 1: what a count finds beyond is solutions_beyond
  std::uint32_t max_depth = 0;  // deepest search level reached
  double seconds = 0;           // wall time spent searching
  std::uint64_t removals = 0;   // options the subset and pair rules took out (large problems, see solver.hpp)
  std::uint64_t memo_hits = 0;     // count()'s nodes whose subproblem the memo knew (SolverOptions::memo)
  std::uint64_t memo_entries = 0;  // subproblems in the memo at the end of the last count
  std::uint64_t memo_bytes = 0;    // the memo's memory then
  std::uint64_t conflicts = 0;     // dead ends analysed (SolverOptions::learning)
  std::uint64_t backjumps = 0;     // levels skipped on backing up from them
  std::uint64_t learned = 0;       // nogoods learned from them
  std::uint64_t nogoods = 0;       // nogoods kept at the end of the last search
  std::uint64_t nogood_bytes = 0;  // their memory then
  Count solutions_beyond = 0;      // the solutions past 2^64 - 1 (the memo's counts): all_solutions() is exact

  // Adds another worker's counters (max for max_depth).
  Statistics& operator+=(const Statistics& other);
  // The solutions found, exact of any size.
  [[nodiscard]] Count all_solutions() const {
    Count all = solutions;
    all += solutions_beyond;
    return all;
  }
  // Sets the solutions to `all`, what 64 bits cannot hold into solutions_beyond.
  void set_solutions(const Count& all);
  // Adds `found` solutions to the counters.
  void add_solutions(const Count& found);
};

// The counters of a search since `then`, the same counters earlier (a
// solver's totals grow over its calls); max_depth stays `now`'s, the deepest
// of the calls that shared the solver.
[[nodiscard]] Statistics since(const Statistics& now, const Statistics& then);

// "nodes N, updates U, solutions S, max depth D, seconds T" on one line (S exact),
// then ", removals R" if there were any.
std::ostream& operator<<(std::ostream& out, const Statistics& stats);

}  // namespace dlx
