// Every reduction by name from Python: solve, count, check, emit and the
// lazy iterator of answers run on the driver (dance/driver.hpp), the command
// line's and the server's run path; generate on the generator's interface
// (dance/generator.hpp), as dance generate does.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include <atomic>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "dance/driver.hpp"
#include "dance/generate.hpp"
#include "dance/generator.hpp"
#include "dance/input_buffer.hpp"
#include "dance/own_options.hpp"
#include "dance/presenter.hpp"
#include "dance/reduction.hpp"
#include "dance/request.hpp"
#include "dlx/knuth_format.hpp"
#include "hook.hpp"
#include "interrupt.hpp"
#include "module.hpp"
#include "pull.hpp"
#include "search.hpp"

namespace py = pybind11;

namespace dance::python {
namespace {

// A UserWarning (an exception where warnings are made errors).
void warn(const std::string& text) {
  if (PyErr_WarnEx(PyExc_UserWarning, text.c_str(), 1) < 0) throw py::error_already_set();
}

const Reduction& reduction_named(const std::string& name) {
  if (const Reduction* r = find_reduction(name)) return *r;
  raise_value_error("unknown reduction '" + name + "' (dance.reductions() lists them)", "unknown_reduction");
}

const OptionSpec* spec_named(const std::vector<OptionSpec>& specs, const std::string& name) {
  for (const OptionSpec& spec : specs)
    if (spec.long_name() == name) return &spec;
  return nullptr;
}

// Keyword arguments as a reduction's own options: knight="6x6" is --knight 6x6,
// closed=True is --closed, up_to_symmetry is --up-to-symmetry, from_ is --from. Values are
// checked by the option's spec when the reduction reads (ValueError naming it).
ModelOptions model_options(const Reduction& reduction, const py::dict& given) {
  const std::vector<OptionSpec> specs = reduction.options();
  ModelOptions options;
  for (const auto& [key, value] : given) {
    std::string name = py::str(key);
    if (name.size() > 1 && name.back() == '_') name.pop_back();  // from_: a Python keyword
    for (char& c : name)
      if (c == '_') c = '-';
    const OptionSpec* spec = spec_named(specs, name);
    if (!spec)
      throw py::value_error(std::string(py::str(key)) + ": not an option of " + std::string(reduction.name()) +
                            " (dance.reductions()['" + std::string(reduction.name()) + "'].options lists them)");
    if (spec->kind == OptionSpec::Kind::flag) {
      if (!py::isinstance<py::bool_>(value))
        throw py::type_error(std::string(py::str(key)) + ": a flag of " + std::string(reduction.name()) + ", True or False");
      if (value.cast<bool>()) options.set(name);
    } else if (py::isinstance<py::bool_>(value) || !(py::isinstance<py::str>(value) || py::isinstance<py::int_>(value))) {
      throw py::type_error(std::string(py::str(key)) + ": " + spec->argument + ", a string or a number");
    } else {
      options.set(name, py::str(value));
    }
  }
  return options;
}

// An answer with what it needs to be printed again, in any format: its instance.
struct HeldAnswer {
  const Reduction* reduction = nullptr;
  std::shared_ptr<const Instance> instance;  // whose answer it is (an optimising sequence's last step)
  std::shared_ptr<const Answer> answer;
  std::vector<dlx::OptionId> solution;  // the engine's, assumptions first

  [[nodiscard]] std::string print() const {
    std::ostringstream out;
    reduction->print(out, *instance, *answer);
    return std::move(out).str();
  }
  // The answer as the reduction's presenter of `format` writes it (svg,
  // json, grid, ...: dance/presenter.hpp), or None when it has no such
  // format. dance.Answer.json and _repr_svg_ come here.
  [[nodiscard]] py::object print_as(const std::string& format) const {
    const std::vector<Format> formats = reduction->formats();
    if (std::none_of(formats.begin(), formats.end(), [&](const Format& f) { return f.name == format; })) return py::none();
    if (format == "json")
      return py::str(reduction->json_of(*instance, *answer).dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
    return py::str(render(*reduction, format, *instance, *answer));
  }
};

// The driver's results of one call, with each answer's engine solution.
struct Results : Collected {
  struct Decoded {
    const Answer* answer;
    std::vector<dlx::OptionId> solution;
  };
  std::vector<Decoded> decoded_answers;

  void decoded(const Answer& answer, std::span<const dlx::OptionId> solution) override {
    decoded_answers.push_back({&answer, {solution.begin(), solution.end()}});
  }
  [[nodiscard]] std::vector<dlx::OptionId> solution_of(const Answer& answer) const {
    for (auto d = decoded_answers.rbegin(); d != decoded_answers.rend(); ++d)
      if (d->answer == &answer) return d->solution;
    return {};
  }
};

// Sessions kept between calls (the GIL held to take or give one), so that a
// call's solver is built once per problem shape, as the pool of ProblemSearch does.
class Sessions {
 public:
  std::unique_ptr<Session> take(const Reduction& reduction, const RunSpec& spec) {
    for (auto kept = idle_.begin(); kept != idle_.end(); ++kept)
      if (&(*kept)->reduction() == &reduction && (*kept)->spec() == spec) {
        std::unique_ptr<Session> session = std::move(*kept);
        idle_.erase(kept);
        return session;
      }
    return std::make_unique<Session>(reduction, spec);
  }
  void give(std::unique_ptr<Session> session) {
    idle_.push_back(std::move(session));
    if (idle_.size() > 16) idle_.erase(idle_.begin());
  }
  void clear() { idle_.clear(); }

 private:
  std::vector<std::unique_ptr<Session>> idle_;
};

Sessions& sessions() {
  static auto* kept = new Sessions;  // never destroyed: no solver outlives Python's exit this way
  return *kept;
}

// A driver failure as the Python exception the API documents.
[[noreturn]] void raise(const dance::Failure& failure) {
  if (failure.code == "too_large") throw std::bad_alloc();
  if (failure.code == "internal") throw std::runtime_error(failure.message);
  raise_value_error(failure.worded(keyword_of), failure.code);  // parse_error (inside a search: the problem built), bad_option
}

// A whole keyword's value for dance's option `name` (its long name or letter:
// "memo-mib", "n"), refused as validate() refuses it, in the keyword's words
// (memo_mib= is from 1 to 16777216), also when no field could hold it (-1, 2**64).
std::uint64_t whole_keyword(const std::string& name, const py::int_& value) {
  const auto row = std::find_if(own_options().begin(), own_options().end(), [&name](const OwnOption& o) {
    return o.kind == OwnOption::Kind::whole && (o.name == name || (name.size() == 1 && o.letter == name[0]));
  });
  if (row == own_options().end()) throw std::logic_error("no whole option named " + name);
  Held held = Held::yes;
  std::uint64_t number = 0;
  if (value < py::int_(0)) held = Held::below;
  else if (value > py::int_(std::numeric_limits<std::uint64_t>::max())) held = Held::above;
  else number = value.cast<std::uint64_t>();
  if (auto wrong = outside_range(*row, number, held)) {
    wrong->front() = option_named(name);  // as the caller's keyword names it (n=, not solutions=)
    raise_value_error(worded(*wrong, keyword_of), "bad_option");
  }
  return number;
}

// One instance of a reduction and its runs on the driver (dance/driver.hpp):
// each call one Session run, with the GIL released and Ctrl-C heard.
class Run {
 public:
  // `request`: the limits, seed, threads and verify of every call (its job each call's own).
  Run(const Reduction& reduction, std::unique_ptr<Instance> instance, Request request)
      : reduction_(reduction), instance_(std::move(instance)), request_(std::move(request)) {
    for (const std::string& w : instance_->warnings) warn(std::string(reduction_.name()) + ": " + w);
  }

  [[nodiscard]] const Reduction& reduction() const { return reduction_; }
  [[nodiscard]] bool optimises() const { return reduction_.optimises(*instance_); }

  // All solutions, or up to `limit` of them (each decoded and verified then):
  // a Python int, exact past 2^64 (the memo's counts).
  py::object count(std::uint64_t limit) {
    if (optimises()) raise_value_error(std::string(reduction_.name()) + " finds one best answer here: solve(), not count()", "bad_option");
    const Results results = run(run_spec(limit == 0 ? Job::count : Job::solve, limit));
    const dlx::Count found = limit == 0 ? results.found.value_or(0) : dlx::Count(results.solutions.size());
    return py::reinterpret_steal<py::object>(PyLong_FromString(found.to_string().c_str(), nullptr, 10));
  }
  // The next answer, one thread; None at the end. A lazy iterator on the
  // driver: its run on a thread of its own, each answer handed over (Pull).
  py::object next() {
    if (optimises()) raise_value_error(std::string(reduction_.name()) + " finds one best answer here: solve()", "bad_option");
    if (request_.threads != 1) throw py::value_error("threads: solutions() come from one thread, so threads=1");
    if (!pull_) {
      const RunSpec spec = run_spec(Job::solve, 0);
      pull_failure_ = std::make_shared<RaisedError>();
      pull_ = std::make_unique<Pull>(sessions().take(reduction_, spec), instance_, pull_failure_);
    }
    if (std::optional<Pull::Handed> handed = pull_->next())
      return held(instance_, std::move(handed->answer), std::move(handed->solution));
    const Collected results = pull_->results();
    statistics_ = pull_->statistics();
    close();
    conclude(results, *pull_failure_, 0);
    return py::none();
  }
  // Ends the lazy iteration: its run stopped, its session kept for another call.
  void close() {
    if (!pull_) return;
    pull_->stop();
    sessions().give(pull_->release());
    pull_.reset();
  }
  // A first answer (the best for an optimising reduction) or None, and
  // whether there is another, if asked to look: Task::unique, one search.
  py::tuple first(bool look_for_another) {
    const bool unique = look_for_another && !optimises();
    const Results results = run(run_spec(unique ? Job::check : Job::solve, 1));
    if (results.solutions.empty()) return py::make_tuple(py::none(), false);
    const Answer& answer = *results.solutions.front();
    return py::make_tuple(held(instance_, results.solutions.front(), results.solution_of(answer)),
                          unique && results.found.value_or(0) > 1);
  }
  // `n` answers drawn uniformly at random among all, with replacement (the
  // request's seed repeats the draws): Task::solve with its sample, as --sample N.
  py::list sample(std::uint64_t n) {
    Request request = request_;
    request.job = Job::solve;
    request.solutions = 1;
    request.sample = n;
    if (const auto wrong = validate(request)) raise(*wrong);
    const Results results = run(dance::run_spec(request));
    py::list answers;
    for (const std::shared_ptr<const Answer>& answer : results.solutions)
      answers.append(held(instance_, answer, results.solution_of(*answer)));
    return answers;
  }
  [[nodiscard]] dlx::Statistics statistics() const { return statistics_; }
  [[nodiscard]] std::string outcome() const { return dlx::to_string(outcome_); }
  [[nodiscard]] bool complete() const { return complete_; }

 private:
  // This call's search: the request with `job` and `solutions`.
  [[nodiscard]] RunSpec run_spec(Job job, std::uint64_t solutions) const {
    Request request = request_;
    request.job = job;
    request.solutions = solutions;
    return dance::run_spec(request);
  }

  // One run of the instance on a kept session; a Python exception of a hook,
  // Ctrl-C (KeyboardInterrupt with the partial statistics) or a failure raised.
  Results run(const RunSpec& spec) {
    std::unique_ptr<Session> session = sessions().take(reduction_, spec);
    const dlx::Statistics before = session->statistics();
    const std::shared_ptr<RaisedError> failure = std::make_shared<RaisedError>();
    Results results;
    {
      const RaisedErrorOfThisThread scope(failure);
      const InterruptGuard guard(failure->stop);
      const py::gil_scoped_release released;
      session->run(*instance_, results, failure->stop);
    }
    statistics_ = dlx::since(session->statistics(), before);
    sessions().give(std::move(session));
    conclude(results, *failure, results.found.value_or(results.solutions.size()).saturated());
    return results;
  }

  // How a run ended (statistics_ set): a Python exception of a hook or a
  // reduction raised, then a failure, then Ctrl-C (KeyboardInterrupt with
  // the partial statistics and the `found` solutions).
  void conclude(const Collected& results, RaisedError& failure, std::uint64_t found) {
    outcome_ = results.stop.value_or(dlx::Outcome::exhausted);
    complete_ = !results.stop;
    if (failure.failed()) failure.rethrow();
    if (!results.failures.empty()) raise(results.failures.front());
    if (outcome_ == dlx::Outcome::interrupted && !signals_handled()) {
      py::error_already_set interrupt;  // what the signal's handler raised
      interrupt.value().attr("statistics") = py::cast(statistics_);
      interrupt.value().attr("solutions") = found;
      throw interrupt;
    }
  }

  py::object held(std::shared_ptr<const Instance> instance, std::shared_ptr<const Answer> answer,
                  std::vector<dlx::OptionId> solution) const {
    auto kept = std::make_shared<HeldAnswer>();
    kept->reduction = &reduction_;
    kept->instance = std::move(instance);
    kept->answer = std::move(answer);
    kept->solution = std::move(solution);
    return py::cast(kept);
  }

  const Reduction& reduction_;
  std::shared_ptr<const Instance> instance_;
  Request request_;
  std::unique_ptr<Pull> pull_;      // next()'s run
  std::shared_ptr<RaisedError> pull_failure_;
  dlx::Statistics statistics_;      // the last run's
  dlx::Outcome outcome_ = dlx::Outcome::exhausted;
  bool complete_ = true;
};

// The problem a Task::emit run hands over.
struct Emitted : Collected {
  std::string text;
  bool emitted = false;
  bool unstated = false;
  void problem(const dlx::Problem& forced, bool hook_unstated) override {
    std::ostringstream out;
    dlx::write_knuth(out, forced);
    text = std::move(out).str();
    emitted = true;
    unstated = hook_unstated;
  }
};

// The instances of a text, one Run each, read as they are asked for.
class Reading {
 public:
  // `request`: the reduction's name, options and the searches' limits, from Python's keywords.
  Reading(Request request, std::string text) : request_(std::move(request)), in_(std::move(text)) {
    // The request's own checks, the same as every face's (dance/request.hpp).
    if (const auto wrong = validate(request_)) raise(*wrong);
    reader_ = reduction_.reader(in_.stream(), request_.model);
  }
  // The next instance's run, or None at the end; ParseError for a malformed one.
  py::object next() {
    std::unique_ptr<Instance> instance = reader_->next();
    if (!instance) return py::none();
    return py::cast(std::make_unique<Run>(reduction_, std::move(instance), request_));
  }
  // The text's one instance as Knuth's format, read as the command line's emit reads it: a second is refused.
  [[nodiscard]] std::string emit() {
    Request asked = request_;
    asked.job = Job::emit;
    Session session(reduction_, dance::run_spec(asked));
    Emitted emitted;
    const auto failure = std::make_shared<RaisedError>();
    {
      const RaisedErrorOfThisThread scope(failure);
      session.run(*reader_, emitted, failure->stop);
    }
    if (failure->failed()) failure->rethrow();
    if (!emitted.failures.empty()) raise(emitted.failures.front());
    if (!emitted.emitted) throw py::value_error("no " + std::string(reduction_.name()) + " instance in the text");
    if (emitted.unstated)
      warn(std::string(reduction_.name()) +
           " also checks a constraint during the search that Knuth's format cannot state; the problem written may "
           "have more solutions");
    return emitted.text;
  }

 private:
  Request request_;
  const Reduction& reduction_ = *find_reduction(request_.reduction);
  TextInput in_;  // read as the command line reads its input (a byte-order mark, lone CRs)
  std::unique_ptr<InstanceReader> reader_;
};

py::dict reductions_listed() {
  py::dict all;
  for (const Reduction* r : reductions()) {
    py::list options;
    for (const OptionSpec& spec : r->options()) {
      static const char* kinds[] = {"flag", "integer", "dimensions", "choice", "text"};
      py::dict option;
      option["name"] = spec.long_name();
      option["argument"] = spec.argument;
      option["help"] = spec.help;
      option["kind"] = kinds[static_cast<int>(spec.kind)];
      if (spec.kind == OptionSpec::Kind::integer || spec.kind == OptionSpec::Kind::dimensions)
        option["range"] = py::make_tuple(spec.lo, spec.hi);
      if (spec.kind == OptionSpec::Kind::choice) option["choices"] = spec.choices;
      options.append(option);
    }
    bool generates = false;
    try {
      generates = r->puzzle_type(ModelOptions()) != nullptr;
    } catch (const std::invalid_argument&) {  // needs options to make puzzles, but has a generator
      generates = true;
    }
    py::dict entry;
    entry["name"] = std::string(r->name());
    entry["summary"] = std::string(r->summary());
    entry["options"] = options;
    entry["generates"] = generates;
    py::list formats;  // what Answer.format() takes: text, the reduction's own, json
    for (const Format& format : r->formats()) formats.append(format.name);
    entry["formats"] = formats;
    all[py::str(std::string(r->name()))] = entry;
  }
  return all;
}

// A generated puzzle: its text, its solution, and pictures of both.
struct Generated {
  std::string puzzle, solution;
  std::size_t clues = 0, attempts = 0;
  std::string svg;  // the puzzle as a picture, when the family draws
};

// The reduction's svg presenter, which draws its generated puzzles
// (Presenter::puzzle), or none for a reduction without pictures.
std::unique_ptr<Presenter> svg_presenter(const Reduction& reduction) {
  const std::vector<Format> formats = reduction.formats();
  if (std::none_of(formats.begin(), formats.end(), [](const Format& f) { return f.name == "svg"; })) return nullptr;
  return reduction.presenter("svg");
}

// dance.generate's sink: each puzzle's texts and picture, kept as C++ values
// (it runs with the GIL released).
class Made final : public PuzzleSink {
 public:
  explicit Made(std::unique_ptr<Presenter> svg) : svg_(std::move(svg)) {}
  [[nodiscard]] bool wants_instances() const override { return svg_ != nullptr; }
  void puzzle(std::uint64_t, const MadePuzzle& made) override {
    std::ostringstream svg;  // none where the family's puzzles are no instances to draw (clique's graphs)
    if (made.instance && svg_) svg_->puzzle(svg, *made.instance, nullptr);
    // the record: what solve() reads (a jigsaw's map too)
    puzzles.push_back({made.record, made.solution, made.puzzle.clues, made.puzzle.attempts, svg.str()});
  }
  std::vector<Generated> puzzles;

 private:
  std::unique_ptr<Presenter> svg_;
};

// The puzzles made and how many the time limit left out.
py::tuple generate_puzzles(const std::string& name, std::uint64_t n, std::uint64_t seed, const std::optional<std::string>& difficulty,
                           const std::string& symmetry, bool minimal, std::uint64_t clues, double seconds,
                           std::uint64_t threads, const py::dict& given) {
  Request request;  // Python's keywords, translated
  request.job = Job::generate;
  request.reduction = reduction_named(name).name();
  request.model = model_options(reduction_named(name), given);
  request.solutions = n;
  request.seed = seed;
  request.difficulty = difficulty;
  request.symmetry = symmetry.empty() ? "none" : symmetry;
  request.minimal = minimal;
  request.clues = clues;
  request.time_limit = seconds;
  request.threads = static_cast<std::uint32_t>(std::min<std::uint64_t>(threads, UINT32_MAX));  // validate() bounds it
  request.verify = true;
  if (const auto wrong = validate(request)) raise(*wrong);
  const Reduction& reduction = *find_reduction(request.reduction);
  Made made(svg_presenter(reduction));
  std::atomic<bool> stop{false};
  Generation run;
  {
    const InterruptGuard guard(stop);
    const py::gil_scoped_release released;
    run = generate(request, made, stop);
  }
  py::list puzzles;
  for (Generated& g : made.puzzles) puzzles.append(py::cast(std::move(g)));
  if (run.status == Status::error) {
    if (run.failure.code == "internal") throw std::runtime_error(run.failure.message);
    if (run.usage || run.failure.code != "bad_option") raise(run.failure);
    throw GenerateError({{run.failure.worded(keyword_of)}});  // the generator gave up, or cannot meet the options
  }
  if (run.interrupted) {
    if (!signals_handled()) {
      py::error_already_set interrupt;
      interrupt.value().attr("puzzles") = puzzles;
      throw interrupt;
    }
    throw std::runtime_error("generate: interrupted");
  }
  return py::make_tuple(puzzles, run.timed_out);
}

}  // namespace

void bind_reductions(py::module_& m) {
  py::class_<HeldAnswer, std::shared_ptr<HeldAnswer>>(m, "Answer")
      .def_property_readonly("reduction", [](const HeldAnswer& a) { return std::string(a.reduction->name()); })
      .def_property_readonly("solution", [](const HeldAnswer& a) { return a.solution; })
      .def("text", &HeldAnswer::print)
      .def("print_as", &HeldAnswer::print_as, py::arg("format"))
      .def("verify", [](const HeldAnswer& a) { return a.reduction->verify(*a.instance, *a.answer); });
  py::class_<Run>(m, "Run")
      .def("count", &Run::count, py::arg("limit") = 0)
      .def("next", &Run::next)
      .def("close", &Run::close)
      .def("first", &Run::first, py::arg("look_for_another"))
      .def("sample", &Run::sample, py::arg("n"))
      .def_property_readonly("optimises", &Run::optimises)
      .def_property_readonly("statistics", &Run::statistics)
      .def_property_readonly("outcome", &Run::outcome)
      .def_property_readonly("complete", &Run::complete);
  py::class_<Reading>(m, "Reading")
      .def(py::init([](const std::string& name, std::string text, const py::dict& options, std::uint64_t threads,
                       std::uint64_t seed, std::uint64_t nodes, double seconds, bool verify, std::uint64_t memo_mib,
                       const std::map<std::string, std::string>& engine) {
             Request request;  // Python's keywords, translated
             request.reduction = reduction_named(name).name();
             request.model = model_options(reduction_named(name), options);
             request.threads = static_cast<std::uint32_t>(std::min<std::uint64_t>(threads, UINT32_MAX));  // validate() bounds it
             request.seed = seed;
             request.node_limit = nodes;
             request.time_limit = seconds;
             request.verify = verify;
             request.memo_mib = memo_mib;
             for (const EngineSwitch& row : engine_switches())  // memo="off", tie_break="on"
               if (const auto word = engine.find(std::string(row.field)); word != engine.end()) request.*row.word = word->second;
             return std::make_unique<Reading>(std::move(request), std::move(text));
           }),
           py::arg("name"), py::arg("text"), py::arg("options"), py::arg("threads") = 1, py::arg("seed") = 0,
           py::arg("nodes") = 0, py::arg("seconds") = 0.0, py::arg("verify") = true,
           py::arg("memo_mib") = Request{}.memo_mib, py::arg("engine") = std::map<std::string, std::string>{})
      .def("next", &Reading::next)
      .def("emit", &Reading::emit);
  py::class_<Generated>(m, "Generated")
      .def_readonly("puzzle", &Generated::puzzle)
      .def_readonly("solution", &Generated::solution)
      .def_readonly("clues", &Generated::clues)
      .def_readonly("attempts", &Generated::attempts)
      .def_readonly("svg", &Generated::svg);
  m.def("reductions", &reductions_listed);
  m.def("whole", &whole_keyword, py::arg("option"), py::arg("value"));
  m.attr("engine_switches") = [] {  // the keywords of the engine's switches (memo, tie_break, ...)
    py::list names;
    for (const EngineSwitch& row : engine_switches()) names.append(std::string(row.field));
    return names;
  }();
  m.def("generate", &generate_puzzles, py::arg("name"), py::arg("n"), py::arg("seed"), py::arg("difficulty"),
        py::arg("symmetry"), py::arg("minimal"), py::arg("clues"), py::arg("seconds"), py::arg("threads"),
        py::arg("options"));
}

}  // namespace dance::python
