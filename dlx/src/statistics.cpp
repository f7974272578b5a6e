#include "dlx/statistics.hpp"

#include <algorithm>
#include <iomanip>
#include <ostream>

namespace dlx {

Statistics& Statistics::operator+=(const Statistics& other) {
  nodes += other.nodes;
  updates += other.updates;
  solutions += other.solutions;
  max_depth = std::max(max_depth, other.max_depth);
  seconds += other.seconds;
  removals += other.removals;
  return *this;
}

Statistics since(const Statistics& now, const Statistics& then) {
  Statistics d = now;
  d.nodes -= then.nodes;
  d.updates -= then.updates;
  d.solutions -= then.solutions;
  d.seconds -= then.seconds;
  d.removals -= then.removals;
  return d;
}

std::ostream& operator<<(std::ostream& out, const Statistics& stats) {
  const auto flags = out.flags();
  out << "nodes " << stats.nodes << ", updates " << stats.updates << ", solutions "
      << stats.solutions << ", max depth " << stats.max_depth << ", seconds " << std::fixed
      << std::setprecision(3) << stats.seconds;
  if (stats.removals > 0) out << ", removals " << stats.removals;
  out.flags(flags);
  return out;
}

}  // namespace dlx
