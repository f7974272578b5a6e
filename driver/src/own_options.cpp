#include "dance/own_options.hpp"

#include <algorithm>
#include <limits>
#include <type_traits>

#include "dance/driver.hpp"

namespace dance {

namespace {
constexpr std::pair<Command, std::string_view> command_names[] = {
    {Command::solve, "solve"},       {Command::count, "count"}, {Command::emit, "emit"}, {Command::split, "split"},
    {Command::generate, "generate"}, {Command::list, "list"},   {Command::serve, "serve"}};
}  // namespace

std::string_view name_of(Command command) {
  for (const auto& [c, name] : command_names)
    if (c == command) return name;
  return "?";
}

std::optional<Command> command_named(std::string_view name) {
  for (const auto& [c, known] : command_names)
    if (known == name) return c;
  return std::nullopt;
}

std::string Commands::listed() const {
  std::vector<std::string_view> names;
  for (const Command c : every_command)
    if (contains(c)) names.push_back(name_of(c));
  std::string text;
  for (std::size_t k = 0; k < names.size(); ++k)
    text += std::string(k == 0 ? "" : k + 1 == names.size() ? " and " : ", ") + std::string(names[k]);
  return text;
}

namespace {
template <class T>
constexpr bool is_request_field = false;
template <class T>
constexpr bool is_request_field<T Request::*> = true;
}  // namespace

bool in_request(const OwnOption& option) {
  return std::visit([]<class T>(T) { return is_request_field<T>; }, option.target);
}

void set_whole(const OwnOption& option, Request& r, std::uint64_t value) {
  with_request_field(option, r, [value]<class T>(T& field) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) field = static_cast<T>(value);
    else if constexpr (std::is_same_v<T, std::optional<std::uint32_t>>) field = static_cast<std::uint32_t>(value);
  });
}

std::optional<std::uint64_t> whole_value(const OwnOption& option, const Request& r) {
  std::optional<std::uint64_t> value;
  with_request_field(option, const_cast<Request&>(r), [&value]<class T>(T& field) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) value = field;
    else if constexpr (std::is_same_v<T, std::optional<std::uint32_t>>) {
      if (field) value = *field;
    }
  });
  return value;
}

std::optional<std::vector<MessagePart>> outside_range(const OwnOption& option, std::uint64_t value, Held held) {
  const bool below = held == Held::below || (held == Held::yes && value < option.lo);
  const bool above = held == Held::above || (held == Held::yes && value > option.hi);
  if (!below && !above) return std::nullopt;
  // Both ends where both bound it, or where the value is past what any field holds.
  const bool bounded = option.hi < std::numeric_limits<std::uint64_t>::max() && (option.lo > 0 || held != Held::yes);
  const std::string range = bounded ? " is from " + std::to_string(option.lo) + " to " + std::to_string(option.hi)
                            : below ? " must be at least " + std::to_string(option.lo)
                                    : " is at most " + std::to_string(option.hi);
  return std::vector<MessagePart>{option_named(std::string(option.name)), {range}};
}

const std::vector<OwnOption>& own_options() {
  using C = Command;
  using K = OwnOption::Kind;
  const Commands searching{C::solve, C::count};
  static const std::vector<OwnOption> table = [&] {
    std::vector<OwnOption> rows{
      {.name = "help", .letter = 'h', .help = "show this help (after a command and a reduction: theirs)"},
      {.name = "version", .help = "print the version of dance"},
      {.name = "solutions", .letter = 'n', .kind = K::whole, .target = &Request::solutions, .argument = "N",
       .help = "solutions to print, 0 = all (for a line-per-puzzle reduction such as sudoku: their number); "
               "generate: puzzles to make",
       .commands = {C::solve, C::count, C::generate}, .field = "solutions", .generate_field = "n"},
      {.name = "count", .kind = K::flag,
       .help = "count the solutions instead of printing them (like `count`)", .commands = searching, .field = "count", .job = Job::count},
      {.name = "unique", .kind = K::flag,
       .help = "stop at a second solution and say unique, multiple or none (unknown: a limit stopped it first)",
       .commands = searching, .field = "unique", .job = Job::unique, .keyword = "unique"},
      {.name = "time-limit", .letter = 't', .kind = K::seconds, .target = &Request::time_limit, .argument = "SECONDS",
       .help = "stop after SECONDS of search per instance (generate: per puzzle, which is then left out), 0 = none; "
               "serve: per request, 5 by default",
       .commands = {C::solve, C::count, C::split, C::generate, C::serve}, .field = "time_limit", .check_takes = true, .keyword = "seconds"},
      {.name = "node-limit", .kind = K::whole, .target = &Request::node_limit, .argument = "N",
       .help = "stop after N search nodes per instance (with -j N, per thread), 0 = none", .commands = {C::solve, C::count, C::split},
       .field = "node_limit", .keyword = "nodes"},
      {.name = "seed", .kind = K::whole, .target = &Request::seed, .argument = "N",
       .help = "randomise item and option order reproducibly; 0 = input order. generate: each seed its own puzzles",
       .commands = {C::solve, C::count, C::split, C::generate}, .field = "seed", .keyword = "seed"},
      {.name = "restarts", .kind = K::whole, .target = &Request::restarts, .argument = "N",
       .help = "solve restarts its search for a first solution in a fresh random order (from --seed) after N, N, 2N, "
               "N, N, 2N, 4N, ... nodes (Luby's sequence); still complete; 0 = never, or as the reduction asks "
               "(hamilton: a plain and a restarting search in turn)",
       .commands = {C::solve}},
      {.name = "sample", .kind = K::whole, .target = &Request::sample, .argument = "N",
       .help = "solve: N answers drawn uniformly at random among all (with replacement; --seed makes the draws "
               "repeatable), through the memo's counts; one thread, not for a reduction with a global constraint "
               "(hamilton, range, path puzzles, clique -k); 0 = none",
       .commands = {C::solve}, .field = "sample"},
      {.name = "output-dir", .letter = 'o', .kind = K::text, .argument = "DIR",
       .help = "solve and generate write each instance's (each puzzle's) output to a file of its own, "
               "DIR/0001.svg, DIR/0002.svg, ... in input order (.txt for what is no picture); DIR must exist",
       .commands = {C::solve, C::generate}},
      {.name = "threads", .letter = 'j', .kind = K::whole, .target = &Request::threads, .argument = "N",
       .help = "threads: one search shared by work stealing for a single instance, else a batch of instances "
               "or generated puzzles (output stays in order); 0 = all cores, at most 1024; serve: the pool "
               "that runs the requests, four a core by default",
       .commands = {C::solve, C::count, C::generate, C::serve}, .hi = most_threads, .keyword = "threads"},
      {.name = "resume", .kind = K::text, .target = &Request::resume, .argument = "FILE[:FROM-TO]",
       .help = "count only below the parts on these lines of FILE (from split)", .commands = searching},
      {.name = "depth", .kind = K::whole, .target = &Request::depth, .argument = "D",
       .help = "split: levels below the root at which to cut the search", .commands = {C::split}},
      {.name = "format", .kind = K::text, .target = &Request::format, .argument = "NAME",
       .help = "write answers (generate: puzzles) as text (the reduction's notation, the default), json (one object "
               "per instance and line, docs/json.md) or a format of the reduction's own (svg, grid, ...: "
               "'dance solve NAME --help' lists them)",
       .commands = {C::solve, C::count, C::generate}},
      {.name = "stats", .kind = K::flag, .help = "print search statistics to stderr",
       .commands = {C::solve, C::count, C::split, C::generate}, .field = "stats"},
      {.name = "verify", .kind = K::flag, .target = &Request::verify,
       .help = "check every answer with the reduction's independent verifier",
       .commands = {C::solve, C::count, C::generate}, .field = "verify", .keyword = "verify"},
      {.name = "quiet", .letter = 'q', .kind = K::flag,
       .help = "print no solutions; only the exit status tells", .commands = {C::solve, C::count, C::generate}},
      {.name = "progress",
       .help = "a progress line on stderr (nodes, solutions, rate, the share of the search done) for solve and "
               "count, also into a file: a line every 2 s; by default only on a terminal, after 2 s",
       .commands = {C::solve, C::count, C::generate}},
      {.name = "no-progress", .help = "no progress line, not even on a terminal",
       .commands = {C::solve, C::count, C::generate}},
      {.name = "port", .kind = K::whole, .argument = "P",
       .help = "the port to listen on; 0 = any free one (it prints which)", .commands = {C::serve}, .hi = 65535},
      {.name = "host", .kind = K::text, .argument = "H",
       .help = "the address to listen on; 0.0.0.0 lets other machines in", .commands = {C::serve}},
      {.name = "allow-host", .kind = K::text, .argument = "NAMES",
       .help = "with a --host other than the loopback: the host names (comma-separated) that requests may give "
               "besides addresses and this machine's own name; others are answered 421 (no DNS rebinding)",
       .commands = {C::serve}},
      {.name = "max-connections", .kind = K::whole, .argument = "N",
       .help = "connections open at once; one more closes the one that has waited longest without a whole "
               "request, or is answered 503 when every one has a request under way",
       .commands = {C::serve}, .lo = 1},
      {.name = "symmetry", .kind = K::choice, .target = &Request::symmetry, .argument = "S",
       .help = "clue symmetry none, rot180, rot90, mirror or diagonal", .commands = {C::generate},
       .choices = &symmetry_words, .field = "symmetry", .keyword = "symmetry"},
      {.name = "minimal", .kind = K::flag, .target = &Request::minimal,
       .help = "no clue (orbit) can be taken away (sudoku: about a second a puzzle at 25x25, far longer beyond: "
               "docs/generate.md)",
       .commands = {C::generate}, .field = "minimal", .keyword = "minimal"},
      {.name = "clues", .kind = K::whole, .target = &Request::clues, .argument = "K",
       .help = "exactly K clues, 0 = as removal leaves", .commands = {C::generate}, .field = "clues", .keyword = "clues"},
      {.name = "difficulty", .kind = K::choice, .target = &Request::difficulty, .argument = "G",
       .help = "easy, medium, hard or fiendish, graded by the engine's search (docs/generate.md)",
       .commands = {C::generate}, .choices = &difficulty_words, .field = "difficulty", .keyword = "difficulty"},
      {.name = "with-solution", .kind = K::flag, .target = &Request::with_solution,
       .help = "the solution after the puzzle on its line", .commands = {C::generate}, .field = "with_solution"},
    };
    // The engine's switches (dance/request.hpp), after --format.
    auto at = std::find_if(rows.begin(), rows.end(), [](const OwnOption& o) { return o.name == "format"; }) + 1;
    for (const EngineSwitch& engine : engine_switches())
      at = rows.insert(at, OwnOption{.name = engine.name, .kind = K::choice, .target = engine.word,
                                     .argument = "auto|on|off", .help = engine.help, .commands = {C::solve, C::count},
                                     .choices = &switch_words, .field = engine.field}) + 1;
    at = rows.insert(at, OwnOption{.name = "memo-mib", .kind = K::whole, .target = &Request::memo_mib, .argument = "MIB",
                                   .help = "the memo's table takes at most MIB mebibytes (1024 by default; while it "
                                           "grows, the table before it too, for a moment); full, it forgets the half "
                                           "of its entries that took fewest nodes, and the count goes on, exact",
                                   .commands = {C::solve, C::count}, .lo = 1, .hi = most_memo_mib,
                                   .field = "memo_mib", .keyword = "memo_mib"}) + 1;
    return rows;
  }();
  return table;
}

}  // namespace dance
