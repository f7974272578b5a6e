// dance.register: a reduction written in Python, behind the Reduction
// interface (dance/reduction.hpp), so that it runs as the built-in ones do:
// by name, with threads, unique, verify, emit.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <climits>
#include <istream>
#include <iterator>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "dance/reduction.hpp"
#include "hook.hpp"
#include "module.hpp"
#include "pull.hpp"

namespace py = pybind11;

namespace dance::python {
namespace {

// A Python value owned from C++: let go of with the GIL, wherever the last owner is.
struct Held {
  explicit Held(py::object object) : value(std::move(object)) {}
  ~Held() {
    if (!value) return;
    py::gil_scoped_acquire held;
    value = py::object();
  }
  Held(const Held&) = delete;
  Held& operator=(const Held&) = delete;
  py::object value;
};

// One registration of a Python reduction: the object that read an instance
// serves it to the end, so that registering the name again (a notebook's
// cell run twice) changes no answer already made.
using Registration = std::shared_ptr<const Held>;

struct PythonInstance : Instance {
  PythonInstance(py::object value, Registration by) : held(std::move(value)), reduction(std::move(by)) {}
  Held held;
  Registration reduction;
  // Where what the reduction's methods raise goes: the RaisedError of the run
  // that encoded it last (decode and verify may run on a team's threads).
  mutable std::shared_ptr<RaisedError> failure;
};

struct PythonAnswer : Answer {
  explicit PythonAnswer(py::object value) : held(std::move(value)) {}
  Held held;
};

// The Python reduction's `options`: {name: bool | int | str}, a flag, a whole number or text.
std::vector<OptionSpec> option_specs(const py::object& reduction) {
  std::vector<OptionSpec> specs;
  if (!py::hasattr(reduction, "options")) return specs;
  for (const auto& [key, kind] : py::dict(reduction.attr("options"))) {
    std::string name = py::str(key);
    std::replace(name.begin(), name.end(), '_', '-');  // a keyword my_option is --my-option, as for the built-in ones
    if (kind.is(py::type::of(py::bool_()))) specs.push_back(OptionSpec::flag(name, "a flag"));
    else if (kind.is(py::type::of(py::int_()))) specs.push_back(OptionSpec::integer(name, "N", LONG_MIN, LONG_MAX, "a whole number"));
    else if (kind.is(py::type::of(py::str()))) specs.push_back(OptionSpec::text(name, "TEXT", "text"));
    else throw py::type_error("options: " + name + " is bool, int or str");
  }
  return specs;
}

// A Python exception of a reduction's method inside a driver run: it is
// recorded in the run's RaisedError, which the caller raises unchanged; the
// driver sees this and fails the instance.
struct RaisedInPython : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class PythonReduction final : public Reduction {
 public:
  explicit PythonReduction(py::object reduction) { adopt(std::move(reduction)); }

  // Takes (again) a Python reduction of this name: a notebook re-runs its
  // cells. Instances read before keep the registration that read them.
  void adopt(py::object reduction) {
    for (const char* method : {"read", "encode", "decode", "verify"})
      if (!py::hasattr(reduction, method))
        throw py::type_error(std::string("a reduction needs a method ") + method + " (docs/python.md)");
    if (!py::hasattr(reduction, "name")) throw py::type_error("a reduction needs a name");
    std::vector<OptionSpec> specs = option_specs(reduction);
    name_ = py::str(reduction.attr("name"));
    summary_ = py::hasattr(reduction, "summary") ? std::string(py::str(reduction.attr("summary"))) : "written in Python";
    specs_ = std::move(specs);
    current_ = std::make_shared<const Held>(std::move(reduction));
  }
  void forget() { current_.reset(); }

  [[nodiscard]] std::string_view name() const override { return name_; }
  [[nodiscard]] std::string_view summary() const override { return summary_; }
  [[nodiscard]] std::vector<OptionSpec> options() const override { return specs_; }

  [[nodiscard]] Encoding encode(const Instance& instance) const override {
    python_instance(instance).failure = failure_of_this_thread();
    py::gil_scoped_acquire held;
    return in_python(instance, "encode", [&] {
      const py::object encoded = reduction_of(instance).attr("encode")(value(instance));
      const py::object problem = py::hasattr(encoded, "problem") ? encoded.attr("problem") : encoded;
      if (!py::hasattr(problem, "_problem")) throw py::type_error(name_ + ".encode returns a dance.Problem or a dance.Encoding");
      Encoding encoding;
      encoding.problem = problem.attr("_problem").cast<std::shared_ptr<dlx::Problem>>();
      if (py::hasattr(encoded, "problem")) {
        encoding.assumptions = encoded.attr("assume").cast<std::vector<dlx::OptionId>>();
        if (!encoded.attr("hook").is_none())
          encoding.hook = std::make_unique<PythonHook>(encoded.attr("hook"), python_instance(instance).failure);
      }
      return encoding;
    });
  }
  [[nodiscard]] std::unique_ptr<Answer> decode(const Instance& instance, const Encoding&,
                                               std::span<const dlx::OptionId> solution) const override {
    py::gil_scoped_acquire held;
    const std::vector<dlx::OptionId> options(solution.begin(), solution.end());
    return in_python(instance, "decode", [&] {
      return std::make_unique<PythonAnswer>(reduction_of(instance).attr("decode")(value(instance), options));
    });
  }
  [[nodiscard]] std::optional<std::string> verify(const Instance& instance, const Answer& answer) const override {
    py::gil_scoped_acquire held;
    return in_python(instance, "verify", [&]() -> std::optional<std::string> {
      const py::object wrong = reduction_of(instance).attr("verify")(value(instance), value(answer));
      if (wrong.is_none()) return std::nullopt;
      return std::string(py::str(wrong));
    });
  }
  void print(std::ostream& out, const Instance& instance, const Answer& answer) const override {
    py::gil_scoped_acquire held;
    const py::object& reduction = reduction_of(instance);
    std::string text = py::hasattr(reduction, "print") ? std::string(py::str(reduction.attr("print")(value(instance), value(answer))))
                                                       : std::string(py::str(value(answer)));
    if (text.empty() || text.back() != '\n') text += '\n';
    out << text;
  }
  void print_none(std::ostream&, const Instance&) const override {}
  void print_stopped(std::ostream&, const Instance&) const override {}
  [[nodiscard]] bool optimises(const Instance&) const override { return false; }
  [[nodiscard]] std::unique_ptr<Instance> next_step(const Instance&, const Answer*) const override { return nullptr; }

 protected:
  [[nodiscard]] std::unique_ptr<InstanceReader> read(std::istream& in, const ModelOptions& options) const override {
    std::string text(std::istreambuf_iterator<char>(in), {});
    py::dict given;
    for (const OptionSpec& spec : specs_) {
      const std::string name = spec.long_name();
      if (!options.has(name)) continue;
      std::string key = name;
      for (char& c : key)
        if (c == '-') c = '_';
      if (spec.kind == OptionSpec::Kind::flag) given[py::str(key)] = true;
      else if (spec.kind == OptionSpec::Kind::integer) given[py::str(key)] = options.number(name, 0);
      else given[py::str(key)] = options.text(name);
    }
    if (!current_) throw std::logic_error(name_ + ": Python is exiting");
    return std::make_unique<Reader>(current_, std::move(text), std::move(given));
  }

 private:
  // The one instance of the text, read by the Python reduction's read(text, **options).
  class Reader final : public OneInstanceReader {
   public:
    Reader(Registration reduction, std::string text, py::dict options)
        : reduction_(std::move(reduction)), text_(std::move(text)), options_(std::move(options)) {}

   protected:
    [[nodiscard]] std::unique_ptr<Instance> read() override {
      py::gil_scoped_acquire held;
      auto instance = std::make_unique<PythonInstance>(reduction_->value.attr("read")(text_, **options_.value), reduction_);
      instance->line = text_.empty() ? 0 : 1;
      return instance;
    }

   private:
    Registration reduction_;
    std::string text_;
    Held options_;
  };

  // Runs `call` (with the GIL), a call of the reduction's `method`: what it
  // raises goes to the run's RaisedError and stops the run (RaisedInPython).
  template <typename Call>
  auto in_python(const Instance& instance, const char* method, const Call& call) const -> decltype(call()) {
    const std::shared_ptr<RaisedError>& failure = python_instance(instance).failure;
    try {
      return call();
    } catch (py::error_already_set& e) {
      if (!failure) throw;  // not in a run: straight to the caller
      failure->record(e);
    } catch (py::builtin_exception& e) {  // what the binding found wrong with a returned value (a TypeError)
      if (!failure) throw;
      e.set_error();
      py::error_already_set raised;
      failure->record(raised);
    }
    throw RaisedInPython(name_ + "." + method + " raised an exception");
  }

  static const PythonInstance& python_instance(const Instance& instance) { return static_cast<const PythonInstance&>(instance); }
  static const py::object& reduction_of(const Instance& instance) { return python_instance(instance).reduction->value; }
  static const py::object& value(const Instance& instance) { return python_instance(instance).held.value; }
  static const py::object& value(const Answer& answer) { return static_cast<const PythonAnswer&>(answer).held.value; }

  Registration current_;
  std::string name_, summary_;
  std::vector<OptionSpec> specs_;
};

// The reductions registered from Python, kept to the end as the registry asks.
std::vector<std::unique_ptr<PythonReduction>>& registered() {
  static std::vector<std::unique_ptr<PythonReduction>> all;
  return all;
}

void register_reduction(py::object reduction) {
  const std::string name = py::hasattr(reduction, "name") ? std::string(py::str(reduction.attr("name"))) : "";
  for (const auto& mine : registered())
    if (mine->name() == name) {
      mine->adopt(std::move(reduction));
      return;
    }
  auto mine = std::make_unique<PythonReduction>(std::move(reduction));
  add_reduction(*mine);  // std::invalid_argument (ValueError) for a built-in's name
  registered().push_back(std::move(mine));
}

}  // namespace

void bind_python_reductions(py::module_& m) {
  m.def("register", &register_reduction, py::arg("reduction"));
  // At exit, while Python still runs: the runs of iterators not run to their
  // end stopped, and the reductions let go of their Python objects.
  m.def("_at_exit", [] {
    stop_every_pull();
    for (const auto& mine : registered()) mine->forget();
  });
}

}  // namespace dance::python
