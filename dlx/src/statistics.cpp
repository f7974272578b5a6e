#include "dlx/statistics.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>

namespace dlx {

Statistics& Statistics::operator+=(const Statistics& other) {
  nodes += other.nodes;
  updates += other.updates;
  add_solutions(other.all_solutions());
  max_depth = std::max(max_depth, other.max_depth);
  seconds += other.seconds;
  removals += other.removals;
  memo_hits += other.memo_hits;
  memo_entries += other.memo_entries;
  memo_bytes += other.memo_bytes;
  conflicts += other.conflicts;
  backjumps += other.backjumps;
  learned += other.learned;
  nogoods += other.nogoods;
  nogood_bytes += other.nogood_bytes;
  return *this;
}

void Statistics::set_solutions(const Count& all) {
  solutions = all.saturated();
  solutions_beyond = all;
  solutions_beyond -= Count(solutions);
}

void Statistics::add_solutions(const Count& found) {
  Count all = all_solutions();
  all += found;
  set_solutions(all);
}

Statistics since(const Statistics& now, const Statistics& then) {
  Statistics d = now;
  d.nodes -= then.nodes;
  d.updates -= then.updates;
  Count found = now.all_solutions();
  found -= then.all_solutions();
  d.set_solutions(found);
  d.seconds -= then.seconds;
  d.removals -= then.removals;
  d.memo_hits -= then.memo_hits;
  d.conflicts -= then.conflicts;
  d.backjumps -= then.backjumps;
  d.learned -= then.learned;
  return d;
}

std::ostream& operator<<(std::ostream& out, const Statistics& stats) {
  const auto flags = out.flags();
  out << "nodes " << stats.nodes << ", updates " << stats.updates << ", solutions "
      << stats.all_solutions() << ", max depth " << stats.max_depth << ", seconds " << std::fixed
      << std::setprecision(3) << stats.seconds;
  if (stats.removals > 0) out << ", removals " << stats.removals;
  if (stats.memo_entries > 0)
    out << ", memo hits " << stats.memo_hits << ", entries " << stats.memo_entries << ", MiB " << (stats.memo_bytes >> 20);
  if (stats.conflicts > 0)
    out << ", conflicts " << stats.conflicts << ", backjumps " << stats.backjumps << ", learned " << stats.learned
        << ", nogoods kept " << stats.nogoods << ", KiB " << (stats.nogood_bytes >> 10);
  out.flags(flags);
  return out;
}

}  // namespace dlx
