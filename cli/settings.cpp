#include "settings.hpp"

#include <boost/program_options.hpp>
#include <algorithm>
#include <charconv>
#include <functional>
#include <type_traits>
#include <variant>
#include <map>
#include <sstream>
#include <stdexcept>

#include "dance/reduction.hpp"
#include "dlx/error.hpp"
#include "own_options.hpp"

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

// One row of the table as Boost's, its value bound to its field of `s`.
void add_option(po::options_description& table, const OwnOption& o, Settings& s) {
  const std::string names = std::string(o.name) + (o.letter ? std::string(",") + o.letter : "");
  const std::string argument(o.argument);
  const auto bound = [&]<class T>(T Settings::*field) -> const po::value_semantic* {
    T& target = s.*field;
    if constexpr (std::is_same_v<T, bool>) {
      return po::bool_switch(&target);
    } else if constexpr (std::is_integral_v<T>) {
      return whole(target)->value_name(argument);
    } else if constexpr (std::is_same_v<T, double>) {
      return po::value(&target)->default_value(target)->value_name(argument);
    } else {
      auto* value = po::value(&target)->value_name(argument);
      return target.empty() ? value : value->default_value(target);
    }
  };
  const po::value_semantic* value = std::visit(
      [&](auto field) -> const po::value_semantic* {
        if constexpr (std::is_same_v<decltype(field), std::monostate>) return nullptr;
        else return bound(field);
      },
      o.target);
  const std::string help(o.help);
  if (value) table.add_options()(names.c_str(), value, help.c_str());
  else table.add_options()(names.c_str(), help.c_str());
}

// The help of dance's own options that `shown` keeps; `sections`: those of
// generate only and of serve only each in a section of their own.
std::string help_of(const std::function<bool(const OwnOption&)>& shown, bool sections) {
  Settings defaults;
  po::options_description common("Options"), generating("Options of generate"), serving("Options of serve");
  for (const OwnOption& o : own_options()) {
    if (!shown(o)) continue;
    po::options_description& section = !sections                            ? common
                                       : o.commands.only(Command::generate) ? generating
                                       : o.commands.only(Command::serve)    ? serving
                                                                            : common;
    add_option(section, o, defaults);
  }
  std::ostringstream text;
  for (const po::options_description* section : {&common, &generating, &serving})
    if (!section->options().empty()) text << *section << '\n';
  return text.str();
}

po::options_description option_table(Settings& s) {
  po::options_description table;
  for (const OwnOption& o : own_options()) add_option(table, o, s);
  return table;
}

// What is wrong with a value of dance's own given on the command line, if anything.
std::optional<std::string> out_of_range(const OwnOption& o, const Settings& s) {
  using Kind = OwnOption::Kind;
  if (o.kind == Kind::whole) {
    const std::uint64_t value = whole_of(o, s);
    if (value < o.lo) return o.dashed() + " must be at least " + std::to_string(o.lo);
    if (value > o.hi) return o.dashed() + " is at most " + std::to_string(o.hi);
  } else if (o.kind == Kind::seconds) {
    if (!(s.*std::get<double Settings::*>(o.target) >= 0)) return o.dashed() + " must be a number of seconds, 0 or more";
  } else if (o.kind == Kind::choice) {
    const std::string& value = s.*std::get<std::string Settings::*>(o.target);
    if (std::find(o.choices.begin(), o.choices.end(), value) == o.choices.end())
      return o.dashed() + " is " + o.choices_listed() + "; found " + dlx::quoted(value);
  }
  return std::nullopt;
}

// The names of dance's own options, long and short ("solutions", "n").
std::vector<std::string> own_names() {
  std::vector<std::string> names{"positional"};
  for (const OwnOption& o : own_options()) {
    names.emplace_back(o.name);
    if (o.letter) names.emplace_back(1, o.letter);
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
  std::vector<std::string> names;
  for (const OwnOption& o : own_options()) names.emplace_back(o.name);
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
  const std::optional<Command> command = positional.empty() ? std::nullopt : command_named(positional[0]);
  // (value_or: the optional read once, which GCC's flow analysis can follow)
  const Command asked = command.value_or(Command::list);
  const bool takes_reduction = command && asked != Command::list && asked != Command::serve;
  // An unknown name is an error with --help too: help for it would be help for something else.
  if (takes_reduction && positional.size() >= 2 && !find_reduction(positional[1]))
    return fail("unknown " + std::string(asked == Command::generate ? "puzzle" : "reduction") + " '" + positional[1] +
                "' (see '" + program() + " list')");
  // dance solve NAME --help, dance serve --help: that command's options, and the reduction's.
  if (vm.count("help") && command && (takes_reduction ? positional.size() >= 2 : asked == Command::serve)) {
    const bool generating = asked == Command::generate;
    std::ostringstream one;
    one << "Usage: " << program() << ' ' << (generating || !takes_reduction ? name_of(asked) : "solve|count|emit|split");
    if (takes_reduction) {
      const Reduction& r = *find_reduction(positional[1]);
      one << ' ' << r.name() << (generating ? "" : " [FILE|-]") << " [options]\n  " << r.summary() << "\n\n";
      for (const auto& [name, section] : model.sections)
        if (name == r.name()) one << *section << '\n';
      one << "Formats of " << r.name() << " (--format):\n";
      for (const Format& format : r.formats())
        one << "  " << format.name << std::string(8 - std::min<std::size_t>(7, format.name.size()), ' ') << format.help << '\n';
      one << '\n';
    } else {
      one << " [options]\n\n";
    }
    one << help_of([asked](const OwnOption& o) { return o.commands.contains(asked); }, false)
        << "Every command and option: " << program() << " --help\n";
    parsed.message = one.str();
    return parsed;
  }
  if (vm.count("help") || positional.empty()) {
    std::ostringstream help;
    help << usage_of(program()) << '\n' << help_of([](const OwnOption&) { return true; }, true) << model.help();
    parsed.message = help.str();
    parsed.status = positional.empty() && !vm.count("help") ? 2 : 0;
    return parsed;
  }
  const auto given = [&vm](std::string_view option) {
    const auto found = vm.find(std::string(option));
    return found != vm.end() && !found->second.defaulted();
  };
  if (!command) return fail("unknown command '" + positional[0] + "'");
  s.command = asked;
  const std::string named(name_of(s.command));
  // Which command takes which option, and each value's range, from the table.
  for (const OwnOption& o : own_options()) {
    if (!given(o.name)) continue;
    if (!o.commands.contains(s.command)) return fail(o.dashed() + " is for " + o.commands.listed() + ", not " + named);
    if (const auto wrong = out_of_range(o, s)) return fail(*wrong);
  }
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
  } else if (s.command == Command::serve) {
    if (positional.size() > 1) return fail("serve takes no arguments, only options");
  }
  // The reduction's own options; any other reduction's are a mistake.
  for (const auto& [name, value] : vm) {
    if (!model.parser.find_nothrow(name, false) || value.defaulted()) continue;
    const Reduction* r = s.reduction.empty() ? nullptr : find_reduction(s.reduction);
    if (!r || !r->has_option(name))
      return fail("--" + name + " is not an option of " + (r ? std::string(r->name()) : named));
    s.model.set(name, value.value().type() == typeid(bool) ? std::string() : value.as<std::string>());
  }
  // The rules between options, beyond which command takes which.
  if (given("format")) {  // a format the reduction writes
    if (s.format.empty()) return fail("--format needs a name: 'dance solve " + s.reduction + " --help' lists them");
    if ((s.count || s.command == Command::count) && s.format != "text" && s.format != "json")
      return fail("count writes numbers: --format text or json");
    try {
      (void)find_reduction(s.reduction)->presenter(s.format);
    } catch (const std::invalid_argument& e) {
      return fail(e.what());
    }
    if (!s.output_dir.empty() && s.format == "json") return fail("--format json is one stream of JSON Lines: no --output-dir");
  }
  if (s.command == Command::generate && s.solutions == 0) return fail("generate: -n must be at least 1");
  if (s.command == Command::serve) {
    // Safe by default: every request's search has a limit, and the pool uses every core.
    if (!given("time-limit")) s.time_limit = 5;
    if (!(s.time_limit > 0)) return fail("serve: -t must be above 0 (every request's search has a limit)");
    if (!given("threads")) s.threads = 0;
  }
  if (vm.count("progress") && vm.count("no-progress")) return fail("--progress and --no-progress say opposite things");
  if (vm.count("progress") || vm.count("no-progress")) s.progress = vm.count("progress") > 0;
  if (s.command == Command::count) s.count = true;
  if (s.command == Command::split && !given("depth")) return fail("--depth goes with split, and split needs it");
  if (given("resume") && !s.count) return fail("--resume is for count");
  if (s.restarts != 0 && (s.count || s.unique || s.solutions != 1 || s.threads != 1))
    return fail("--restarts is for solve's first solution: one thread, without -n, --count or --unique");
  if (s.sample != 0 && (s.count || s.unique || given("solutions") || s.threads != 1 || s.restarts != 0))
    return fail("--sample N draws N answers in one thread: without -n, --count, --unique, --restarts or -j");
  parsed.settings = s;
  return parsed;
}

}  // namespace dance::cli
