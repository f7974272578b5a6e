#include "settings.hpp"

#include <boost/program_options.hpp>
#include <algorithm>
#include <charconv>
#include <limits>
#include <functional>
#include <type_traits>
#include <variant>
#include <map>
#include <sstream>
#include <stdexcept>

#include "dance/reduction.hpp"
#include "dlx/error.hpp"
#include "dance/own_options.hpp"

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
  if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
    // Boost's own words ("the argument ('-1') ... is invalid") say not what it takes.
    po::error_with_option_name wrong(error == std::errc::result_out_of_range
                                         ? "%canonical_option% is at most " + std::to_string(std::numeric_limits<T>::max()) + "; found '%value%'"
                                         : std::string("%canonical_option% takes a whole number, digits only; found '%value%'"));
    wrong.set_substitute("value", text);
    throw wrong;
  }
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

// Where the value of an option only the command line has goes (its row in
// dance/own_options.hpp has no field of the request).
using LocalTarget = std::variant<std::monostate, bool Settings::*, std::uint64_t Settings::*, std::uint32_t Settings::*,
                                 std::string Settings::*>;
LocalTarget local_target(std::string_view name) {
  static const std::pair<std::string_view, LocalTarget> targets[] = {
      {"count", &Settings::count},           {"unique", &Settings::unique},
      {"output-dir", &Settings::output_dir}, {"stats", &Settings::stats},
      {"quiet", &Settings::quiet},           {"port", &Settings::port},
      {"host", &Settings::host},             {"allow-host", &Settings::allow_hosts},
      {"max-connections", &Settings::max_connections}};
  for (const auto& [option, target] : targets)
    if (option == name) return target;
  return {};
}

// The field an option's value goes to in `s` (the request's, or the command line's own), handed to `use` (as a T&).
template <class Use>
void with_field(const OwnOption& option, Settings& s, Use&& use) {
  if (in_request(option)) return with_request_field(option, s, use);
  std::visit(
      [&](auto target) {
        if constexpr (!std::is_same_v<decltype(target), std::monostate>) use(s.*target);
      },
      local_target(option.name));
}

// A whole option's value in `s`.
std::uint64_t whole_of(const OwnOption& option, const Settings& s) {
  std::uint64_t value = 0;
  with_field(option, const_cast<Settings&>(s), [&value]<class T>(T& field) {
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) value = field;
    else if constexpr (std::is_same_v<T, std::optional<std::uint32_t>>) value = field.value_or(0);
  });
  return value;
}

// One row of the table as Boost's, its value bound to its field of `s`.
void add_option(po::options_description& table, const OwnOption& o, Settings& s) {
  const std::string names = std::string(o.name) + (o.letter ? std::string(",") + o.letter : "");
  const std::string argument(o.argument);
  const po::value_semantic* value = nullptr;
  with_field(o, s, [&]<class T>(T& target) {
    if constexpr (std::is_same_v<T, bool>) {
      value = po::bool_switch(&target);
    } else if constexpr (std::is_integral_v<T>) {
      value = whole(target)->value_name(argument);
    } else if constexpr (std::is_same_v<T, std::optional<std::uint32_t>>) {
      // Shown as 0 in the help; parse() leaves it unset when not given.
      value = po::value<Whole<std::uint32_t>>()
                  ->default_value(Whole<std::uint32_t>{0}, "0")
                  ->notifier([&target](const Whole<std::uint32_t>& w) { target = w.value; })
                  ->value_name(argument);
    } else if constexpr (std::is_same_v<T, double>) {
      value = po::value(&target)->default_value(target)->value_name(argument);
    } else if constexpr (std::is_same_v<T, std::optional<std::string>>) {  // unset when not given; "" is a value
      value = po::value<std::string>()->notifier([&target](const std::string& word) { target = word; })->value_name(argument);
    } else {
      auto* text = po::value(&target)->value_name(argument);
      value = target.empty() ? text : text->default_value(target);
    }
  });
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

// What is wrong with a whole value given on the command line, beyond its
// digits: its row's range (a request's own rules are validate()'s).
std::optional<std::string> out_of_range(const OwnOption& o, const Settings& s) {
  if (o.kind != OwnOption::Kind::whole) return std::nullopt;
  if (const auto wrong = outside_range(o, whole_of(o, s))) return worded(*wrong, option_word);
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

namespace {

// A usage error: the message, with the hint to --help, and exit status 2.
Parsed usage_error(const std::string& what) {
  Parsed parsed;
  parsed.message = program() + ": " + what + "\nTry '" + program() + " --help'.\n";
  parsed.status = 2;
  return parsed;
}

// What Boost read of a command line: the options given, and the words that are none.
struct Read {
  po::variables_map given;
  std::vector<std::string> positional;
  // Whether the option was on the command line (not only its default).
  [[nodiscard]] bool has(std::string_view option) const {
    const auto found = given.find(std::string(option));
    return found != given.end() && !found->second.defaulted();
  }
};

// The command line through Boost, dance's own options bound to `s`; a Parsed when Boost refuses it.
std::variant<Read, Parsed> read_words(const std::vector<std::string>& args, Settings& s, const ModelTable& model) {
  Read read;
  po::options_description hidden;
  hidden.add_options()("positional", po::value(&read.positional));
  po::options_description all;
  all.add(option_table(s)).add(model.parser).add(hidden);
  po::positional_options_description pos;
  pos.add("positional", -1);
  // No guessing of abbreviations: --n would mean --node-limit until a reduction adds --n.
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  try {
    po::store(po::command_line_parser(args).options(all).positional(pos).style(style).run(), read.given);
    po::notify(read.given);
  } catch (const po::error& e) {
    return usage_error(e.what());
  }
  return read;
}

// --help after a command (and its reduction): that command's options, and the reduction's, with its formats.
std::string command_help(Command asked, const Reduction* reduction, const ModelTable& model) {
  const bool generating = asked == Command::generate;
  std::ostringstream one;
  one << "Usage: " << program() << ' ' << (generating || !reduction ? name_of(asked) : "solve|count|emit|split");
  if (reduction) {
    one << ' ' << reduction->name() << (generating ? "" : " [FILE|-]") << " [options]\n  " << reduction->summary() << "\n\n";
    for (const auto& [name, section] : model.sections)
      if (name == reduction->name()) one << *section << '\n';
    one << "Formats of " << reduction->name() << " (--format):\n";
    for (const Format& format : reduction->formats())
      one << "  " << format.name << std::string(8 - std::min<std::size_t>(7, format.name.size()), ' ') << format.help << '\n';
    one << '\n';
  } else {
    one << " [options]\n\n";
  }
  one << help_of([asked](const OwnOption& o) { return o.commands.contains(asked); }, false)
      << "Every command and option: " << program() << " --help\n";
  return one.str();
}

// The command's words after it: the reduction (the puzzle) and the input; what is wrong with them.
std::optional<std::string> place_words(Settings& s, const std::vector<std::string>& positional) {
  const std::string named(name_of(s.command));
  switch (s.command) {
    case Command::list:
      if (positional.size() > 1) return "list takes no arguments";
      break;
    case Command::solve: case Command::count: case Command::emit: case Command::split:
      if (positional.size() < 2) return named + " needs a REDUCTION (see '" + program() + " list')";
      if (positional.size() > 3) return "too many arguments: " + positional[3];
      s.reduction = positional[1];
      if (positional.size() == 3) s.input = positional[2];
      break;
    case Command::generate:
      if (positional.size() < 2) return "generate needs a PUZZLE (see '" + program() + " list')";
      if (positional.size() > 2) return "too many arguments: " + positional[2];
      s.reduction = positional[1];
      break;
    case Command::serve:
      if (positional.size() > 1) return "serve takes no arguments, only options";
      break;
  }
  return std::nullopt;
}

// The reduction's own options into s.model; any other reduction's are a mistake.
std::optional<std::string> place_model_options(Settings& s, const Read& read, const ModelTable& model) {
  for (const auto& [name, value] : read.given) {
    if (!model.parser.find_nothrow(name, false) || value.defaulted()) continue;
    const Reduction* r = s.reduction.empty() ? nullptr : find_reduction(s.reduction);
    if (!r || !r->has_option(name))
      return "--" + name + " is not an option of " + (r ? std::string(r->name()) : std::string(name_of(s.command)));
    s.model.set(name, value.value().type() == typeid(bool) ? std::string() : value.as<std::string>());
  }
  return std::nullopt;
}

// What the command asks for; --count and --unique (the later row) ask for theirs.
void place_job(Settings& s, const Read& read) {
  s.job = s.command == Command::count      ? Job::count
          : s.command == Command::emit     ? Job::emit
          : s.command == Command::split    ? Job::split
          : s.command == Command::generate ? Job::generate
                                           : Job::solve;
  for (const OwnOption& o : own_options()) {
    if (!o.job || !read.has(o.name)) continue;
    with_field(o, s, [&]<class T>(T& on) {
      if constexpr (std::is_same_v<T, bool>)
        if (on) s.job = *o.job;
    });
  }
}

// The rules only the command line has (a request's are validate()'s).
std::optional<std::string> command_line_rules(Settings& s, const Read& read) {
  if ((s.command == Command::count || read.has("count")) && read.has("unique"))
    return "--count and --unique ask for different answers (how many; whether one): give one of them";
  if (read.has("format") && !s.output_dir.empty() && s.format == "json")
    return "--format json is one stream of JSON Lines: no --output-dir";
  // An option that is the instance (--knight, queens' --size) reads no input: a file named too would be ignored.
  if (const Reduction* r = s.reduction.empty() ? nullptr : find_reduction(s.reduction);
      r && s.input != "-" && s.command != Command::generate)
    for (const OptionSpec& spec : r->options())
      if (spec.makes_instance && s.model.has(spec.long_name()))
        return option_word(spec.long_name()) + " makes the instance, so no input is read: no file (found '" + s.input + "')";
  if (s.command == Command::serve) {
    // Safe by default: every request's search has a limit, and the pool uses every core.
    if (!read.has("time-limit")) s.time_limit = 5;
    if (!(s.time_limit > 0)) return "serve: -t must be above 0 (every request's search has a limit)";
    if (!read.has("threads")) s.threads = 0;
  }
  if (read.given.count("progress") && read.given.count("no-progress")) return "--progress and --no-progress say opposite things";
  if (read.given.count("progress") || read.given.count("no-progress")) s.progress = read.given.count("progress") > 0;
  return std::nullopt;
}

}  // namespace

Parsed parse(const std::vector<std::string>& args) {
  for (const Reduction* r : reductions()) {  // a program's own reduction that cannot be added
    if (const auto clash = clashing_option(*r)) return {std::nullopt, program() + ": " + *clash + "\n", 2};
  }
  Settings s;
  const ModelTable model = model_table();
  auto words = read_words(args, s, model);
  if (Parsed* refused = std::get_if<Parsed>(&words)) return *refused;
  const Read& read = std::get<Read>(words);
  const std::vector<std::string>& positional = read.positional;
  if (read.given.count("version"))
    return {std::nullopt, program() == "dance" ? "dance " DANCE_VERSION "\n" : program() + " (dance " DANCE_VERSION ")\n", 0};
  const std::optional<Command> command = positional.empty() ? std::nullopt : command_named(positional[0]);
  // (value_or: the optional read once, which GCC's flow analysis can follow)
  const Command asked = command.value_or(Command::list);
  const bool takes_reduction = command && asked != Command::list && asked != Command::serve;
  // An unknown name is an error with --help too: help for it would be help for something else.
  if (takes_reduction && positional.size() >= 2 && !find_reduction(positional[1]))
    return usage_error("unknown " + std::string(asked == Command::generate ? "puzzle" : "reduction") + " '" +
                       positional[1] + "' (see '" + program() + " list')");
  const bool help = read.given.count("help") > 0;
  if (help && command && (takes_reduction ? positional.size() >= 2 : asked == Command::serve))
    return {std::nullopt, command_help(asked, takes_reduction ? find_reduction(positional[1]) : nullptr, model), 0};
  if (help || positional.empty()) {
    std::ostringstream text;
    text << usage_of(program()) << '\n' << help_of([](const OwnOption&) { return true; }, true) << model.help();
    return {std::nullopt, text.str(), positional.empty() && !help ? 2 : 0};
  }
  if (!command) return usage_error("unknown command '" + positional[0] + "'");
  s.command = asked;
  // Which command takes which option, and each value's range, from the table.
  for (const OwnOption& o : own_options()) {
    if (!read.has(o.name)) continue;
    if (!o.commands.contains(s.command))
      return usage_error(o.dashed() + " is for " + o.commands.listed() + ", not " + std::string(name_of(s.command)));
    if (const auto wrong = out_of_range(o, s)) return usage_error(*wrong);
  }
  if (const auto wrong = place_words(s, positional)) return usage_error(*wrong);
  if (const auto wrong = place_model_options(s, read, model)) return usage_error(*wrong);
  place_job(s, read);
  for (const OwnOption& o : own_options())  // a value the command line left out is none
    if (!read.has(o.name))
      with_field(o, s, []<class T>(T& field) {
        if constexpr (requires { field.reset(); }) field.reset();
      });
  // The request's own checks, the same as every face's (dance/request.hpp).
  if (!s.reduction.empty())
    if (const auto wrong = validate(s)) return usage_error(wrong->message);
  // -n 0 where an instance's answers keep to one line prints their number.
  if (s.job == Job::solve && s.solutions == 0 && !s.reduction.empty() && find_reduction(s.reduction)->one_line_answers())
    s.job = Job::count;
  if (const auto wrong = command_line_rules(s, read)) return usage_error(*wrong);
  return {s, {}, 0};
}

}  // namespace dance::cli
