// Search counters, comparable with Knuth's DLX programs: a node is one entry
// into a search level; an update is one link change (an item or a node
// removed from its list).
#pragma once

#include <cstdint>
#include <iosfwd>

namespace dlx {

struct Statistics {
  std::uint64_t nodes = 0;
  std::uint64_t updates = 0;
  std::uint64_t solutions = 0;
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

  // Adds another worker's counters (max for max_depth).
  Statistics& operator+=(const Statistics& other);
};

// The counters of a search since `then`, the same counters earlier (a
// solver's totals grow over its calls); max_depth stays `now`'s, the deepest
// of the calls that shared the solver.
[[nodiscard]] Statistics since(const Statistics& now, const Statistics& then);

// "nodes N, updates U, solutions S, max depth D, seconds T" on one line,
// then ", removals R" if there were any.
std::ostream& operator<<(std::ostream& out, const Statistics& stats);

}  // namespace dlx
