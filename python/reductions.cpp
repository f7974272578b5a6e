// Every reduction by name from Python: read -> encode -> search -> decode ->
// verify, generate, emit. This file stands in for the driver library of
// issue 46 (one run path for the command line, the server and Python):
// until it lands, it runs that sequence on the Reduction interface itself
// (dance/reduction.hpp) and the generator's (dance/generator.hpp), and the
// driver will replace it whole.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "dance/generator.hpp"
#include "dance/reduction.hpp"
#include "dlx/knuth_format.hpp"
#include "interrupt.hpp"
#include "module.hpp"
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
  throw py::value_error("unknown reduction '" + name + "' (dance.reductions() lists them)");
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

// An answer with what it needs to be printed again: its instance, and the
// text and options that instance came from (to read it in another format).
struct HeldAnswer {
  const Reduction* reduction = nullptr;
  std::shared_ptr<const Instance> instance;  // whose answer it is (an optimising sequence's last step)
  std::unique_ptr<Answer> answer;
  std::vector<dlx::OptionId> solution;  // the engine's, assumptions first
  std::shared_ptr<const std::string> text;
  ModelOptions options;
  std::size_t index = 0;  // which instance of the text

  [[nodiscard]] std::string print() const {
    std::ostringstream out;
    reduction->print(out, *instance, *answer);
    return std::move(out).str();
  }
  // The answer as the reduction writes it in `format` (svg, json, grid, ...),
  // or None when it has no such format.
  [[nodiscard]] py::object print_as(const std::string& format) const {
    const std::vector<OptionSpec> specs = reduction->options();
    const OptionSpec* spec = spec_named(specs, "format");
    if (!spec || std::find(spec->choices.begin(), spec->choices.end(), format) == spec->choices.end()) return py::none();
    ModelOptions as = options;
    as.set("format", format);
    std::istringstream in(*text);
    const auto reader = reduction->reader(in, as);
    std::unique_ptr<Instance> again;
    for (std::size_t k = 0; k <= index; ++k) again = reader->next();
    std::ostringstream out;
    reduction->print(out, *again, *answer);
    return py::str(std::move(out).str());
  }
};

// One instance of a reduction, encoded, and its search.
class Run {
 public:
  Run(const Reduction& reduction, std::unique_ptr<Instance> instance, std::shared_ptr<const std::string> text,
      ModelOptions options, std::size_t index, SearchSpec spec, bool verify)
      : reduction_(reduction), instance_(std::move(instance)), text_(std::move(text)), options_(std::move(options)),
        index_(index), spec_(std::move(spec)), verify_(verify) {
    for (const std::string& w : instance_->warnings) warn(std::string(reduction_.name()) + ": " + w);
    if (!reduction_.optimises(*instance_)) search_ = search_of(*instance_, encoding_, spec_.nodes, spec_.seconds);
  }

  [[nodiscard]] const Reduction& reduction() const { return reduction_; }
  [[nodiscard]] bool optimises() const { return !search_; }

  std::uint64_t count(std::uint64_t limit) {
    if (!search_) throw py::value_error(std::string(reduction_.name()) + " finds one best answer here: solve(), not count()");
    return search_->count(limit);
  }
  // The next answer, one thread; None at the end.
  py::object next() {
    if (!search_) throw py::value_error(std::string(reduction_.name()) + " finds one best answer here: solve()");
    if (!search_->next()) return py::none();
    return answer_of(instance_, encoding_, search_->solution());
  }
  // A first answer (the best for an optimising reduction) or None, and
  // whether there is another, if asked to look (a search to the end).
  py::tuple first(bool look_for_another) {
    if (!search_) return py::make_tuple(best(), false);
    std::vector<dlx::OptionId> first;
    std::uint64_t found = 0;
    search_->visit([&](std::span<const dlx::OptionId> solution) {
      if (found++ == 0) first.assign(solution.begin(), solution.end());
      return look_for_another && found < 2;
    });
    return py::make_tuple(found > 0 ? answer_of(instance_, encoding_, first) : py::none(), found > 1);
  }
  [[nodiscard]] dlx::Statistics statistics() const { return search_ ? search_->statistics() : steps_total_; }
  [[nodiscard]] std::string outcome() const { return dlx::to_string(search_ ? search_->outcome() : steps_outcome_); }
  [[nodiscard]] bool complete() const {
    return search_ ? search_->complete() : steps_outcome_ == dlx::Outcome::exhausted || steps_outcome_ == dlx::Outcome::solution;
  }

 private:
  // The search of an instance (no solution when it contradicts itself on its face).
  std::unique_ptr<Search> search_of(const Instance& instance, Encoding& encoding, std::uint64_t nodes, double seconds) {
    encoding = reduction_.encode(instance);
    if (encoding.contradiction) encoding = contradiction(*encoding.contradiction);
    SearchSpec spec = spec_;
    spec.nodes = nodes;
    spec.seconds = seconds;
    spec.assumed = encoding.assumptions;
    return std::make_unique<Search>(encoding.problem, std::move(spec), std::move(encoding.hook), encoding.heuristics);
  }

  py::object answer_of(const std::shared_ptr<const Instance>& instance, const Encoding& encoding,
                       std::span<const dlx::OptionId> solution) {
    auto held = std::make_shared<HeldAnswer>();
    held->reduction = &reduction_;
    held->instance = instance;
    held->answer = reduction_.decode(*instance, encoding, solution);
    held->solution.assign(solution.begin(), solution.end());
    held->text = text_;
    held->options = options_;
    held->index = index_;
    if (verify_)
      if (const auto wrong = reduction_.verify(*instance, *held->answer))
        throw std::logic_error("internal error: " + std::string(reduction_.name()) + "'s answer fails verification: " + *wrong);
    return py::cast(held);
  }

  // An optimising reduction (clique --max): a sequence of decision problems,
  // each solved for a first answer; the last answer found. The limits hold
  // for the whole sequence.
  py::object best() {
    std::shared_ptr<const Instance> current = instance_;
    py::object found = py::none();
    for (;;) {
      const std::uint64_t nodes_left =
          spec_.nodes == 0 ? 0 : spec_.nodes > steps_total_.nodes ? spec_.nodes - steps_total_.nodes : 1;
      const double seconds_left = spec_.seconds <= 0 ? 0 : std::max(1e-9, spec_.seconds - steps_total_.seconds);
      Encoding encoding;
      auto search = search_of(*current, encoding, nodes_left, seconds_left);
      std::vector<dlx::OptionId> first;
      bool any = false;
      search->visit([&](std::span<const dlx::OptionId> solution) {
        first.assign(solution.begin(), solution.end());
        any = true;
        return false;
      });
      steps_total_ += search->statistics();
      steps_outcome_ = any ? dlx::Outcome::solution : search->outcome();
      if (!any && steps_outcome_ != dlx::Outcome::exhausted) return found;  // stopped: the best so far (complete() says)
      const Answer* answer = nullptr;
      if (any) {
        found = answer_of(current, encoding, first);
        answer = found.cast<const HeldAnswer&>().answer.get();
      }
      std::unique_ptr<Instance> next = reduction_.next_step(*current, answer);
      if (!next) {
        steps_outcome_ = dlx::Outcome::exhausted;
        return found;
      }
      current = std::move(next);
    }
  }

  const Reduction& reduction_;
  std::shared_ptr<const Instance> instance_;
  std::shared_ptr<const std::string> text_;
  ModelOptions options_;
  std::size_t index_;
  SearchSpec spec_;
  bool verify_;
  Encoding encoding_;
  std::unique_ptr<Search> search_;  // none for an optimising sequence
  dlx::Statistics steps_total_;     // an optimising sequence's
  dlx::Outcome steps_outcome_ = dlx::Outcome::exhausted;
};

// The instances of a text, one Run each, read as they are asked for.
class Reading {
 public:
  Reading(const std::string& name, std::string text, const py::dict& options, SearchSpec spec, bool verify)
      : reduction_(reduction_named(name)), text_(std::make_shared<const std::string>(std::move(text))),
        options_(model_options(reduction_, options)), in_(*text_), spec_(std::move(spec)), verify_(verify) {
    reader_ = reduction_.reader(in_, options_);
  }
  // The next instance's run, or None at the end; ParseError for a malformed one.
  py::object next() {
    std::unique_ptr<Instance> instance = reader_->next();
    if (!instance) return py::none();
    return py::cast(std::make_unique<Run>(reduction_, std::move(instance), text_, options_, read_++, spec_, verify_));
  }
  [[nodiscard]] std::string emit() {
    std::unique_ptr<Instance> instance = reader_->next();
    if (!instance) throw py::value_error("no " + std::string(reduction_.name()) + " instance in the text");
    const Encoding encoding = reduction_.encode(*instance);
    if (encoding.hook && !encoding.hook_is_bound)
      warn(std::string(reduction_.name()) +
           " also checks a constraint during the search that Knuth's format cannot state; the problem written may "
           "have more solutions");
    std::ostringstream out;
    dlx::write_knuth(out, dlx::with_forced(*encoding.problem, encoding.assumptions));
    return std::move(out).str();
  }

 private:
  const Reduction& reduction_;
  std::shared_ptr<const std::string> text_;
  ModelOptions options_;
  std::istringstream in_;
  SearchSpec spec_;
  bool verify_;
  std::unique_ptr<InstanceReader> reader_;
  std::size_t read_ = 0;
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

py::list generate_puzzles(const std::string& name, std::size_t n, std::uint64_t seed, const std::string& difficulty,
                          const std::string& symmetry, bool minimal, std::size_t clues, const py::dict& given) {
  const Reduction& reduction = reduction_named(name);
  const ModelOptions options = model_options(reduction, given);
  std::unique_ptr<PuzzleType> type = reduction.puzzle_type(options);
  if (!type) throw py::value_error("there is no generator for '" + name + "' (dance.reductions() says which have one)");
  std::unique_ptr<PuzzleType> drawing;
  const std::vector<OptionSpec> specs = reduction.options();
  if (const OptionSpec* format = spec_named(specs, "format");
      format && std::find(format->choices.begin(), format->choices.end(), "svg") != format->choices.end()) {
    ModelOptions as_svg = options;
    drawing = reduction.puzzle_type(as_svg.set("format", "svg"));
  }
  GenerateOptions wanted;
  const auto symmetric = parse_symmetry(symmetry.empty() ? "none" : symmetry);
  if (!symmetric) throw py::value_error("symmetry: '" + symmetry + "' is none of none, rot180, rot90, mirror, diagonal");
  wanted.symmetry = *symmetric;
  wanted.minimal = minimal;
  wanted.clues = clues;
  if (!difficulty.empty()) {
    wanted.difficulty = parse_difficulty(difficulty);
    if (!wanted.difficulty) throw py::value_error("difficulty: '" + difficulty + "' is none of easy, medium, hard, fiendish");
  }
  check_options(*type, wanted);
  std::atomic<bool> stop{false};
  type->set_interrupt(&stop);
  py::list made;
  for (std::size_t index = 0; index < n; ++index) {
    Generated g;
    try {
      const InterruptGuard guard(stop);
      const py::gil_scoped_release released;
      const Puzzle puzzle = generate(*type, wanted, seed, index);
      if (const auto wrong = type->verify(puzzle.solution, puzzle.kept))
        throw std::logic_error("internal error: puzzle " + std::to_string(index + 1) + " fails verification: " + *wrong);
      std::ostringstream text, solution, svg;
      type->print_record(text, puzzle.solution, puzzle.kept, false);  // what solve() reads (a jigsaw's map too)
      type->print_solution(solution, puzzle.solution);
      if (drawing) drawing->print_record(svg, puzzle.solution, puzzle.kept, false);
      g = {text.str(), solution.str(), puzzle.clues, puzzle.attempts, svg.str()};
    } catch (const GenerateInterrupted&) {
      if (!signals_handled()) {
        py::error_already_set interrupt;
        interrupt.value().attr("puzzles") = made;
        throw interrupt;
      }
      throw std::runtime_error("generate: interrupted");
    }
    made.append(py::cast(g));
  }
  return made;
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
      .def("first", &Run::first, py::arg("look_for_another"))
      .def_property_readonly("optimises", &Run::optimises)
      .def_property_readonly("statistics", &Run::statistics)
      .def_property_readonly("outcome", &Run::outcome)
      .def_property_readonly("complete", &Run::complete);
  py::class_<Reading>(m, "Reading")
      .def(py::init([](const std::string& name, std::string text, const py::dict& options, std::size_t threads,
                       std::uint64_t seed, std::uint64_t nodes, double seconds, bool verify) {
             if (seconds < 0) throw py::value_error("seconds: a time limit is 0 (none) or more");
             return std::make_unique<Reading>(name, std::move(text), options, SearchSpec{threads, seed, nodes, seconds, {}, {}},
                                              verify);
           }),
           py::arg("name"), py::arg("text"), py::arg("options"), py::arg("threads") = 1, py::arg("seed") = 0,
           py::arg("nodes") = 0, py::arg("seconds") = 0.0, py::arg("verify") = true)
      .def("next", &Reading::next)
      .def("emit", &Reading::emit);
  py::class_<Generated>(m, "Generated")
      .def_readonly("puzzle", &Generated::puzzle)
      .def_readonly("solution", &Generated::solution)
      .def_readonly("clues", &Generated::clues)
      .def_readonly("attempts", &Generated::attempts)
      .def_readonly("svg", &Generated::svg);
  m.def("reductions", &reductions_listed);
  m.def("generate", &generate_puzzles, py::arg("name"), py::arg("n"), py::arg("seed"), py::arg("difficulty"),
        py::arg("symmetry"), py::arg("minimal"), py::arg("clues"), py::arg("options"));
}

}  // namespace dance::python
