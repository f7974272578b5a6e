// `dance generate PUZZLE`: unique-solution puzzles, one per line, in order.
#pragma once

#include <atomic>
#include <iosfwd>

#include <string>

#include "dance/driver.hpp"
#include "settings.hpp"

namespace dance::cli {

// The puzzles on `out`, the rest on `err`, each message after `prefix`
// ("dance: "; dance serve's log: none). `failure`, when given, gets why an
// exit status 2 (coded bad_option, unknown_reduction or internal).
int generate(const Settings& settings, const std::atomic<bool>& interrupt, std::ostream& out, std::ostream& err,
             const std::string& prefix, Failure* failure = nullptr);

}  // namespace dance::cli
