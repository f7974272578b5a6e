// Every command-line option of `dance`, parsed from one table (own_options.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dance/reduction.hpp"

namespace dance::cli {

// dance's commands, each named on the command line as written here.
enum class Command { solve, count, emit, split, generate, list, serve };
inline constexpr Command every_command[] = {Command::solve,    Command::count, Command::emit, Command::split,
                                            Command::generate, Command::list,  Command::serve};
[[nodiscard]] std::string_view name_of(Command command);
[[nodiscard]] std::optional<Command> command_named(std::string_view name);

struct Settings {
  Command command = Command::solve;
  std::string reduction;  // e.g. xcc; for generate the puzzle family
  std::string input = "-";
  std::uint64_t solutions = 1;  // -n: how many to print, 0 = all
  bool count = false;
  bool unique = false;
  bool show_first = false;  // unique: the first solution after the verdict (dance serve's check)
  double time_limit = 0;
  std::uint64_t node_limit = 0;
  std::uint64_t seed = 0;
  std::uint64_t restarts = 0;  // --restarts N: nodes a unit of Luby's sequence, 0 = no restarts
  std::uint64_t sample = 0;    // --sample N: answers drawn uniformly at random, 0 = none
  std::string output_dir;  // -o DIR: a file per instance or puzzle
  std::string format = "text";  // --format: the reduction's presenter (dance/presenter.hpp)
  std::uint32_t threads = 1;  // 0 = all cores
  bool stats = false;
  bool verify = false;
  bool quiet = false;
  std::optional<bool> progress;  // --progress, --no-progress; neither: on a terminal only
  std::string resume;       // --resume FILE[:FROM-TO]: count only below these parts
  std::uint32_t depth = 0;  // split --depth
  ModelOptions model;
  // serve
  std::string host = "127.0.0.1";
  std::uint32_t port = 8080;
  std::uint64_t max_connections = 256;
  std::string allow_hosts;
  std::string memo = "auto";  // --memo
  std::string learning = "auto";  // --learning  // serve --allow-host: comma-separated host names
  // generate
  std::string symmetry = "none";
  bool minimal = false;
  std::uint64_t clues = 0;
  std::string difficulty;
  bool with_solution = false;
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
