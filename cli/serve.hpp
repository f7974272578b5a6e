// `dance serve`: the server (server/server.hpp) with the command line's settings.
#pragma once

#include <atomic>
#include <iosfwd>

#include "settings.hpp"

namespace dance::cli {

// Serves until Ctrl-C (`interrupt`); says where on `out`.
int serve(const Settings& settings, const std::atomic<bool>& interrupt, std::ostream& out, std::ostream& err);

}  // namespace dance::cli
