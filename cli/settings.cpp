#include "settings.hpp"

#include <boost/program_options.hpp>
#include <algorithm>
#include <charconv>
#include <map>
#include <sstream>
#include <stdexcept>

#include "dance/driver.hpp"
#include "dance/generator.hpp"
#include "dance/reduction.hpp"
#include "dlx/error.hpp"

namespace po = boost::program_options;

namespace dance::cli {
namespace {

// A count or a seed on the command line: digits only, within T. (Boost reads
// "-3" into an unsigned as 2^64 - 3, so -n -3 would mean "for ever".)
template <class T>
struct Whole {
  T value;
};

template <class T>
void validate(boost::any& v, const std::vector<std::string>& values, Whole<T>*, int) {
  po::validators::check_first_occurrence(v);
  const std::string& text = po::validators::get_single_string(values);
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size()) throw po::invalid_option_value(text);
  v = Whole<T>{value};
}

template <class T>
po::typed_value<Whole<T>>* whole(T& target) {
  return po::value<Whole<T>>()
      ->default_value(Whole<T>{target}, std::to_string(target))
      ->notifier([&target](const Whole<T>& w) { target = w.value; });
}

// More threads than this is a typing mistake, not a machine.

constexpr const char* usage =
    "Usage:\n"
    "  dance solve REDUCTION [FILE|-] [options]   find solutions (stdin by default; a file may hold\n"
    "                                             a batch, e.g. one sudoku per line)\n"
    "  dance count REDUCTION [FILE|-] [options]   count all solutions\n"
    "  dance emit REDUCTION [FILE|-]              print the exact cover problem in Knuth's format\n"
    "  dance split REDUCTION [FILE|-] --depth D   the parts of the search D levels down, one per\n"
    "                                             line, for count --resume (docs/parallel.md)\n"
    "  dance generate PUZZLE [options]            puzzles with exactly one solution, one per line\n"
    "                                             (-n puzzles, reproducible from --seed)\n"
    "  dance list                                 list the reductions (and which generate puzzles)\n"
    "  dance serve [--port P] [--host H]          the puzzle page and its JSON API, by default on\n"
    "                                             http://127.0.0.1:8080/ (docs/serve.md)\n"
    "  mpirun -np P dance count REDUCTION [FILE|-] [options]\n"
    "                                             one count shared by P MPI ranks, when built with MPI\n"
    "\n"
    "Exit status: 0 a solution was found (or the command succeeded), 1 proven no\n"
    "solution, 2 usage or input error, 3 a limit or an interrupt (Ctrl-C) stopped\n"
    "the search before an answer. For a batch, the worst of its instances: 2, then 3,\n"
    "then 1.\n";

// The usage with the program's own name for dance's.
std::string usage_of(const std::string& name) {
  std::string text = usage;
  for (std::size_t at = 0; (at = text.find("  dance ", at)) != std::string::npos; at += name.size() + 2)
    text.replace(at + 2, 5, name);
  return text;
}

// Every option of dance's own; those of generate only `with_generate`.
po::options_description option_table(Settings& s, bool with_generate = true) {
  po::options_description table("Options");
  table.add_options()
      ("help,h", "show this help")
      ("version", "print the version of dance")
      ("solutions,n", whole(s.solutions),
       "solutions to print, 0 = all (for a line-per-puzzle reduction such as sudoku: their number); "
       "generate: puzzles to make")
      ("count", po::bool_switch(&s.count), "count the solutions instead of printing them (like `count`)")
      ("unique", po::bool_switch(&s.unique), "stop at a second solution and say unique, multiple or none (unknown: a limit stopped it first)")
      ("time-limit,t", po::value(&s.time_limit)->default_value(0), "stop after SECONDS of search per instance (generate: per puzzle, which is then left out), 0 = none")
      ("node-limit", whole(s.node_limit), "stop after N search nodes per instance, 0 = none")
      ("seed", whole(s.seed),
       "randomise item and option order reproducibly; 0 = input order. generate: each seed its own puzzles")
      ("restarts", whole(s.restarts),
       "N: solve restarts its search for a first solution in a fresh random order (from --seed) after N, N, 2N, "
       "N, N, 2N, 4N, ... nodes (Luby's sequence); still complete; 0 = never, or as the reduction asks (hamilton: "
       "a plain and a restarting search in turn)")
      ("output-dir,o", po::value(&s.output_dir),
       "DIR: solve and generate write each instance's (each puzzle's) output to a file of its own, "
       "DIR/0001.svg, DIR/0002.svg, ... in input order (.txt for what is no picture); DIR must exist")
      ("threads,j", whole(s.threads),
       "threads: one search shared by work stealing for a single instance, else a batch of instances "
       "or generated puzzles (output stays in order); 0 = all cores, at most 1024")
      ("resume", po::value(&s.resume), "FILE[:FROM-TO]: search only the parts on these lines of FILE (from split)")
      ("depth", whole(s.depth), "split: levels below the root at which to cut the search")
      ("format", po::value(&s.format)->default_value(s.format),
       "NAME: write answers (generate: puzzles) as text (the reduction's notation, the default), json (one "
       "object per instance and line, docs/json.md) or a format of the reduction's own (svg, grid, ...: "
       "'dance solve NAME --help' lists them)")
      ("stats", po::bool_switch(&s.stats), "print search statistics to stderr")
      ("verify", po::bool_switch(&s.verify), "check every answer with the reduction's independent verifier")
      ("quiet,q", po::bool_switch(&s.quiet), "print no solutions; only the exit status tells")
      ("progress", "a progress line on stderr (nodes, solutions, rate, the share of the search done) for "
       "solve and count, also into a file: a line every 2 s; by default only on a terminal, after 2 s")
      ("no-progress", "no progress line, not even on a terminal")
      ("port", whole(s.port), "serve: the port to listen on; 0 = any free one (it prints which)")
      ("host", po::value(&s.host)->default_value(s.host),
       "serve: the address to listen on; 0.0.0.0 lets other machines in")
      ("max-connections", whole(s.max_connections),
       "serve: connections open at once; one more is answered 503 and closed at once");
  po::options_description generate("Options of generate");
  generate.add_options()
      ("symmetry", po::value(&s.symmetry)->default_value("none"), "clue symmetry none, rot180, rot90, mirror or diagonal")
      ("minimal", po::bool_switch(&s.minimal), "no clue (orbit) can be taken away (sudoku: about a second a puzzle at 25x25, far longer beyond: docs/generate.md)")
      ("clues", whole(s.clues), "exactly K clues, 0 = as removal leaves")
      ("difficulty", po::value(&s.difficulty),
       "easy, medium, hard or fiendish, graded by the engine's search (docs/generate.md)")
      ("with-solution", po::bool_switch(&s.with_solution), "the solution after the puzzle on its line");
  if (with_generate) table.add(generate);
  return table;
}

// The names of dance's own options, long and short ("solutions", "n").
std::vector<std::string> own_names() {
  Settings unused;
  const po::options_description table = option_table(unused);
  std::vector<std::string> names{"positional"};
  for (const auto& option : table.options()) {
    names.push_back(option->long_name());
    const std::string shown = option->format_name();  // "-n [ --solutions ]" or "--count"
    if (shown.size() > 1 && shown[0] == '-' && shown[1] != '-') names.push_back(shown.substr(1, shown.find(' ') - 1));
  }
  return names;
}

// The reductions' own options: one parser entry per name (reductions may
// share a name, such as --format), and a help section per reduction.
struct ModelTable {
  po::options_description parser;
  // Per reduction with options, their help: formatted only when asked for
  // (it is most of a parse's time, which dance serve pays per request).
  std::vector<std::pair<std::string_view, std::shared_ptr<po::options_description>>> sections;
  [[nodiscard]] std::string help() const {
    std::ostringstream all;
    for (const auto& section : sections) all << '\n' << *section.second;
    return all.str();
  }
};

ModelTable model_table() {
  ModelTable table;
  std::map<std::string, bool> switches;  // name -> whether it is a switch
  for (const Reduction* r : reductions()) {
    const auto specs = r->options();
    if (specs.empty()) continue;
    auto section = std::make_shared<po::options_description>("Options of " + std::string(r->name()));
    for (const OptionSpec& spec : specs) {
      const bool is_switch = spec.argument.empty();
      const auto [known, added] = switches.emplace(spec.long_name(), is_switch);
      if (!added && known->second != is_switch)
        throw std::logic_error("--" + spec.name + " is a switch in one reduction and takes a value in another");
      if (is_switch) {
        section->add_options()(spec.name.c_str(), spec.help.c_str());
        if (added) table.parser.add_options()(spec.name.c_str(), po::bool_switch());
      } else {
        section->add_options()(spec.name.c_str(), po::value<std::string>()->value_name(spec.argument), spec.help.c_str());
        if (added) table.parser.add_options()(spec.name.c_str(), po::value<std::string>());
      }
    }
    table.sections.emplace_back(r->name(), std::move(section));
  }
  return table;
}

}  // namespace

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

namespace {
std::string& program_name() {
  static std::string name = "dance";
  return name;
}
}  // namespace

const std::string& program() { return program_name(); }

void set_program(std::string_view argv0) {
  const std::size_t slash = argv0.rfind('/');
  const std::string_view base = slash == std::string_view::npos ? argv0 : argv0.substr(slash + 1);
  // dance-mpi, the MPI twin, speaks as dance.
  if (!base.empty() && base != "dance-mpi") program_name() = std::string(base);
}

std::vector<std::string> own_option_names() {
  Settings unused;
  const po::options_description table = option_table(unused);
  std::vector<std::string> names;
  for (const auto& option : table.options()) names.push_back(option->long_name());
  return names;
}

std::optional<std::string> clashing_option(const Reduction& reduction) {
  static const std::vector<std::string> reserved = own_names();
  const auto dashed = [](const std::string& name) { return (name.size() == 1 ? "-" : "--") + name; };
  for (const OptionSpec& spec : reduction.options()) {
    const std::size_t comma = spec.name.find(',');  // "k,k": the long name, then the short one
    for (const std::string& name : {spec.long_name(), comma == std::string::npos ? "" : spec.name.substr(comma + 1)}) {
      if (std::find(reserved.begin(), reserved.end(), name) == reserved.end()) continue;
      std::string all;
      for (const std::string& r : reserved)
        if (r != "positional") all += (all.empty() ? "" : " ") + dashed(r);
      return std::string(reduction.name()) + "'s option " + dashed(name) + " is one of dance's own (reserved: " + all + ")";
    }
  }
  return std::nullopt;
}

Parsed parse(const std::vector<std::string>& args) {
  Settings s;
  const po::options_description table = option_table(s);
  Parsed parsed;
  for (const Reduction* r : reductions()) {  // a program's own reduction that cannot be added
    if (const auto clash = clashing_option(*r)) {
      parsed.message = program() + ": " + *clash + "\n";
      parsed.status = 2;
      return parsed;
    }
  }
  const ModelTable model = model_table();
  po::options_description hidden;
  std::vector<std::string> positional;
  hidden.add_options()("positional", po::value(&positional));
  po::options_description all;
  all.add(table).add(model.parser).add(hidden);
  po::positional_options_description pos;
  pos.add("positional", -1);

  po::variables_map vm;
  // No guessing of abbreviations: --n would mean --node-limit until a reduction adds --n.
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  try {
    po::store(po::command_line_parser(args).options(all).positional(pos).style(style).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    parsed.message = program() + ": " + e.what() + "\nTry '" + program() + " --help'.\n";
    parsed.status = 2;
    return parsed;
  }
  if (vm.count("version")) {
    parsed.message = program() == "dance" ? "dance " DANCE_VERSION "\n" : program() + " (dance " DANCE_VERSION ")\n";
    return parsed;
  }
  const auto fail = [&parsed](const std::string& what) {
    parsed.message = program() + ": " + what + "\nTry '" + program() + " --help'.\n";
    parsed.status = 2;
    return parsed;
  };
  const std::optional<Command> asked = positional.empty() ? std::nullopt : command_named(positional[0]);
  const bool takes_reduction = asked && *asked != Command::list && *asked != Command::serve;
  // An unknown name is an error with --help too: help for it would be help for something else.
  if (takes_reduction && positional.size() >= 2 && !find_reduction(positional[1]))
    return fail("unknown " + std::string(*asked == Command::generate ? "puzzle" : "reduction") + " '" + positional[1] +
                "' (see '" + program() + " list')");
  // dance solve NAME --help: that reduction's options, and the common ones.
  if (vm.count("help") && positional.size() >= 2 && positional[0] != "generate" && find_reduction(positional[1])) {
    const Reduction& r = *find_reduction(positional[1]);
    std::ostringstream one;
    one << "Usage: " << program() << " solve|count|emit|split " << r.name() << " [FILE|-] [options]\n  " << r.summary() << "\n\n";
    for (const auto& [name, section] : model.sections)
      if (name == r.name()) one << *section << '\n';
    one << "Formats of " << r.name() << " (--format):\n";
    for (const Format& format : r.formats()) one << "  " << format.name << std::string(8 - std::min<std::size_t>(7, format.name.size()), ' ') << format.help << '\n';
    one << '\n';
    Settings defaults;
    const po::options_description common = option_table(defaults, false);
    one << common << "\nEvery command and option: " << program() << " --help\n";
    parsed.message = one.str();
    return parsed;
  }
  if (vm.count("help") || positional.empty()) {
    std::ostringstream help;
    help << usage_of(program()) << '\n' << table << model.help();
    parsed.message = help.str();
    parsed.status = positional.empty() && !vm.count("help") ? 2 : 0;
    return parsed;
  }
  const auto given = [&vm](const char* option) { return vm.count(option) && !vm[option].defaulted(); };
  const std::optional<Command> command = command_named(positional[0]);
  if (!command) return fail("unknown command '" + positional[0] + "'");
  s.command = *command;
  const std::string named(name_of(s.command));
  if (s.command == Command::list) {
    if (positional.size() > 1) return fail("list takes no arguments");
  } else if (s.command == Command::solve || s.command == Command::count || s.command == Command::emit || s.command == Command::split) {
    if (positional.size() < 2) return fail(named + " needs a REDUCTION (see '" + program() + " list')");
    if (positional.size() > 3) return fail("too many arguments: " + positional[3]);
    s.reduction = positional[1];
    if (positional.size() == 3) s.input = positional[2];
  } else if (s.command == Command::generate) {
    if (positional.size() < 2) return fail("generate needs a PUZZLE (see '" + program() + " list')");
    if (positional.size() > 2) return fail("too many arguments: " + positional[2]);
    s.reduction = positional[1];
    if (s.solutions == 0) return fail("generate: -n must be at least 1");
    if (!parse_symmetry(s.symmetry)) return fail("--symmetry is none, rot180, rot90, mirror or diagonal; found " + dlx::quoted(s.symmetry));
    if (!s.difficulty.empty() && !parse_difficulty(s.difficulty))
      return fail("--difficulty is easy, medium, hard or fiendish; found " + dlx::quoted(s.difficulty));
    for (const char* solving : {"count", "unique", "node-limit"})
      if (given(solving))
        return fail(std::string("--") + solving + " is for solve and count, not generate");
  } else if (s.command == Command::serve) {
    if (positional.size() > 1) return fail("serve takes no arguments, only options");
    if (s.port > 65535) return fail("--port is at most 65535");
    if (s.max_connections == 0) return fail("--max-connections must be at least 1");
    // Safe by default: every request's search has a limit, and the pool uses every core.
    if (!given("time-limit")) s.time_limit = 5;
    if (!(s.time_limit > 0)) return fail("serve: -t must be above 0 (every request's search has a limit)");
    if (!given("threads")) s.threads = 0;
  }
  if (s.command != Command::serve)
    for (const char* serving : {"port", "host", "max-connections"})
      if (given(serving)) return fail(std::string("--") + serving + " is for serve");
  // Options a command would ignore are an error, not silence: list and emit
  // search nothing, and split answers nothing.
  if (s.command == Command::list || s.command == Command::emit || s.command == Command::split || s.command == Command::serve) {
    std::vector<const char*> ignored{"solutions", "count", "unique", "verify", "quiet", "progress"};
    if (s.command != Command::serve) ignored.push_back("threads");
    if (s.command != Command::split) ignored.insert(ignored.end(), {"seed", "stats", "node-limit"});
    if (s.command != Command::split && s.command != Command::serve) ignored.push_back("time-limit");
    for (const char* option : ignored)
      if (given(option)) return fail(std::string("--") + option + " does nothing for " + named);
  }
  if (given("format")) {
    if (s.command != Command::solve && s.command != Command::count && s.command != Command::generate)
      return fail("--format is for solve, count and generate");
    try {
      (void)find_reduction(s.reduction)->presenter(s.format);
    } catch (const std::invalid_argument& e) {
      return fail(e.what());
    }
  }
  if (s.command != Command::generate)
    for (const char* generating : {"symmetry", "minimal", "clues", "difficulty", "with-solution"})
      if (given(generating))
        return fail(std::string("--") + generating + " is for generate");
  // The reduction's own options; any other reduction's are a mistake.
  for (const auto& [name, value] : vm) {
    if (!model.parser.find_nothrow(name, false) || value.defaulted()) continue;
    const Reduction* r = s.reduction.empty() ? nullptr : find_reduction(s.reduction);
    if (!r || !r->has_option(name))
      return fail("--" + name + " is not an option of " + (r ? std::string(r->name()) : named));
    s.model.set(name, value.value().type() == typeid(bool) ? std::string() : value.as<std::string>());
  }
  if (vm.count("progress") && vm.count("no-progress")) return fail("--progress and --no-progress say opposite things");
  if (vm.count("progress") || vm.count("no-progress")) s.progress = vm.count("progress") > 0;
  if (s.command == Command::count) s.count = true;
  if (given("depth") != (s.command == Command::split)) return fail("--depth goes with split, and split needs it");
  if (given("resume") && s.command != Command::count && !s.count) return fail("--resume is for count");
  if (!s.output_dir.empty() && s.command != Command::solve && s.command != Command::generate)
    return fail("--output-dir is for solve and generate");
  if (!s.output_dir.empty() && s.format == "json") return fail("--format json is one stream of JSON Lines: no --output-dir");
  if (s.restarts != 0 && (s.command != Command::solve || s.count || s.unique || s.solutions != 1 || s.threads != 1))
    return fail("--restarts is for solve's first solution: one thread, without -n, --count or --unique");
  if (!(s.time_limit >= 0)) return fail("--time-limit must be a number of seconds, 0 or more");
  if (s.threads > dance::most_threads) return fail("-j: at most " + std::to_string(dance::most_threads) + " threads");
  parsed.settings = s;
  return parsed;
}

}  // namespace dance::cli
