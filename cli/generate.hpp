// `dance generate PUZZLE`: unique-solution puzzles, one per line, in order.
#pragma once

#include <atomic>
#include <iosfwd>

#include "settings.hpp"

namespace dance::cli {

int generate(const Settings& settings, const std::atomic<bool>& interrupt, std::ostream& out, std::ostream& err);

}  // namespace dance::cli
