// Every command-line option of `dance`, parsed from one table (dance/own_options.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dance/reduction.hpp"
#include "dance/own_options.hpp"
#include "dance/request.hpp"

namespace dance::cli {

// A command line's settings: the request it makes (dance/request.hpp), and
// what only the command line has (the input's file, -o, -q, --stats, the
// progress line, serve's address).
struct Settings : Request {
  Command command = Command::solve;
  std::string input = "-";
  bool count = false;   // --count: Job::count (parse() sets `job`)
  bool unique = false;  // --unique: Job::unique
  std::string output_dir;  // -o DIR: a file per instance or puzzle
  bool stats = false;
  bool quiet = false;
  std::optional<bool> progress;  // --progress, --no-progress; neither: on a terminal only
  // serve
  std::string host = "127.0.0.1";
  std::uint32_t port = 8080;
  std::uint64_t max_connections = 256;
  std::string allow_hosts;  // serve --allow-host: comma-separated host names
};

// What parse() found: settings to run, or text to print and an exit status.
struct Parsed {
  std::optional<Settings> settings;
  std::string message;  // help text (exit 0) or a usage error (exit 2)
  int status = 0;
};

Parsed parse(const std::vector<std::string>& args);

// The program's name in its messages, usage and --version: "dance", or a
// program of one's own's (dance/cli.hpp), from argv[0] (set_program).
const std::string& program();
void set_program(std::string_view argv0);

// The long names of dance's own options ("solutions", "time-limit", ...).
std::vector<std::string> own_option_names();

// What is wrong with a reduction's option names, if anything: one of
// dance's own options (--seed, -n, ...) would break that option for every
// reduction, so none may be a reduction's.
std::optional<std::string> clashing_option(const Reduction& reduction);

}  // namespace dance::cli
