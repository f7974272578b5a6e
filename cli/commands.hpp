// The commands of `dance`; each returns the process exit status.
#pragma once

#include <atomic>
#include <iosfwd>
#include <string>

#include "dance/driver.hpp"
#include "settings.hpp"

namespace dance::cli {

namespace exit_status {
inline constexpr int found = 0;
inline constexpr int none = 1;
inline constexpr int error = 2;
inline constexpr int stopped = 3;
}  // namespace exit_status

// `interrupt` is set by Ctrl-C; the search stops and still reports. With a
// cluster (an MPI run), every rank runs this; only rank 0's streams print.
int run(const Settings& settings, const std::atomic<bool>& interrupt, std::ostream& out, std::ostream& err,
        Cluster* cluster = nullptr);

}  // namespace dance::cli
