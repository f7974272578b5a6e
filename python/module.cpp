// The extension dance._dance: the engine's problems, searches and
// statistics, the reductions by name, and reductions written in Python.
// The package dance (dance/__init__.py) is the face users see.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "dance/driver.hpp"
#include "dance/generator.hpp"
#include "dlx/error.hpp"
#include "dlx/statistics.hpp"
#include "hook.hpp"
#include "module.hpp"

#include "dance/request.hpp"
#include "problem.hpp"
#include "search.hpp"

namespace py = pybind11;

namespace dance::python {
namespace {

// The exception class of the package dance (dance/__init__.py) named `name`.
py::object package_exception(const char* name) { return py::module_::import("dance").attr(name); }

void bind_problem(py::module_& m) {
  py::class_<dlx::Problem, std::shared_ptr<dlx::Problem>>(m, "Problem")
      .def_property_readonly("item_names",
                             [](const dlx::Problem& p) {
                               std::vector<std::string> names;
                               for (const dlx::Item& item : p.items()) names.push_back(item.name);
                               return names;
                             })
      .def_property_readonly("primary_count", &dlx::Problem::primary_count)
      .def_property_readonly("option_count", &dlx::Problem::option_count)
      .def_property_readonly("uses_colours", &dlx::Problem::uses_colours)
      .def_property_readonly("uses_multiplicities", &dlx::Problem::uses_multiplicities)
      .def("option", &option_names, py::arg("index"))
      .def("text", &problem_text);
  m.def("problem_from_text", [](const std::string& text) {
    ReadProblem read = problem_from_text(text);
    return py::make_tuple(std::const_pointer_cast<dlx::Problem>(read.problem), read.warnings);
  });
  m.def("problem_from_lists", [](const std::vector<std::string>& primary, const std::vector<std::string>& secondary,
                                 const std::vector<std::vector<std::string>>& options) {
    return std::const_pointer_cast<dlx::Problem>(problem_from_lists(primary, secondary, options).problem);
  });
}

void bind_statistics(py::module_& m) {
  py::class_<dlx::Statistics>(m, "Statistics", "the counters of a search, as Knuth's programs count them")
      .def(py::init<>())
      .def_readonly("nodes", &dlx::Statistics::nodes, "entries into a search level")
      .def_readonly("updates", &dlx::Statistics::updates, "link changes: an item or a node taken out of its list")
      .def_readonly("removals", &dlx::Statistics::removals, "options the engine's rules took out")
      .def_property_readonly(
          "solutions",
          [](const dlx::Statistics& s) {  // exact past 2^64 (the memo's counts)
            return py::reinterpret_steal<py::object>(PyLong_FromString(s.all_solutions().to_string().c_str(), nullptr, 10));
          })
      .def_readonly("max_depth", &dlx::Statistics::max_depth)
      .def_readonly("seconds", &dlx::Statistics::seconds, "wall time spent searching")
      .def("__repr__", [](const dlx::Statistics& s) {
        std::ostringstream out;
        out << "Statistics(" << s << ")";
        return out.str();
      });
}

void bind_search(py::module_& m) {
  py::class_<ProblemSearch>(m, "Search")
      .def(py::init([](std::shared_ptr<dlx::Problem> problem, std::size_t threads, std::uint64_t seed,
                       std::uint64_t nodes, double seconds, std::vector<dlx::OptionId> assume,
                       std::vector<dlx::OptionId> forbid, py::object hook) {
             if (seconds < 0) throw py::value_error("seconds: a time limit is 0 (none) or more");
             SearchSpec spec{threads, seed, nodes, seconds, std::move(assume), std::move(forbid)};
             std::unique_ptr<dlx::Hook> python_hook;
             if (!hook.is_none()) python_hook = std::make_unique<PythonHook>(hook, std::make_shared<RaisedError>());
             return std::make_unique<ProblemSearch>(problem, std::move(spec), std::move(python_hook));
           }),
           py::arg("problem"), py::arg("threads") = 1, py::arg("seed") = 0, py::arg("nodes") = 0,
           py::arg("seconds") = 0.0, py::arg("assume") = std::vector<dlx::OptionId>{},
           py::arg("forbid") = std::vector<dlx::OptionId>{}, py::arg("hook") = py::none())
      .def("count", &ProblemSearch::count, py::arg("limit") = 0)
      .def("restart", &ProblemSearch::restart)
      .def("settle", &ProblemSearch::settle)
      .def("next", [](ProblemSearch& s) -> py::object {
        if (!s.next()) return py::none();
        const auto solution = s.solution();
        return py::cast(std::vector<dlx::OptionId>(solution.begin(), solution.end()));
      })
      .def("first", [](ProblemSearch& s, bool look_for_another) {  // a first solution (or None); whether there is another
        std::vector<dlx::OptionId> first;
        std::uint64_t found = 0;
        s.visit([&](std::span<const dlx::OptionId> solution) {
          if (found++ == 0) first.assign(solution.begin(), solution.end());
          return look_for_another && found < 2;
        });
        return py::make_tuple(found > 0 ? py::cast(first) : py::none(), found > 1);
      }, py::arg("look_for_another"))
      .def_property_readonly("statistics", &ProblemSearch::statistics)
      .def_property_readonly("outcome", [](const ProblemSearch& s) { return dlx::to_string(s.outcome()); })
      .def_property_readonly("complete", &ProblemSearch::complete)
      .def_property_readonly("variant", &ProblemSearch::variant);
}

void translate_exceptions() {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const dlx::ParseError& e) {
      const std::string what = e.what();
      const std::vector<MessagePart> parts = parts_of(e);  // a hint that names options, in Python's words
      const std::string reason = parts.empty() ? what.substr(what.find(": ") + 2) : worded(parts, keyword_of);
      const py::object error = package_exception("ParseError")(reason, e.line(), e.column());
      PyErr_SetObject(error.get_type().ptr(), error.ptr());
    } catch (const dlx::BuildError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const OptionError& e) {
      const py::object error = py::reinterpret_borrow<py::object>(PyExc_ValueError)(worded(e.parts(), keyword_of));
      error.attr("code") = "bad_option";
      PyErr_SetObject(PyExc_ValueError, error.ptr());
    } catch (const GenerateError& e) {
      PyErr_SetString(package_exception("GenerateError").ptr(), worded(e.parts(), keyword_of).c_str());
    }
  });
}

}  // namespace

void raise_value_error(const std::string& message, const std::string& code) {
  const py::object error = py::reinterpret_borrow<py::object>(PyExc_ValueError)(message);
  error.attr("code") = code;  // the code the command line's message and dance serve's answer have (docs/serve.md)
  PyErr_SetObject(PyExc_ValueError, error.ptr());
  throw py::error_already_set();
}

std::string keyword_of(std::string_view name) {
  // dance's own options by Python's keyword for them (time-limit is seconds=)
  if (const std::optional<FieldNames> own = field_named(name); own && !own->keyword.empty()) return std::string(own->keyword) + "=";
  std::string keyword(name);
  std::replace(keyword.begin(), keyword.end(), '-', '_');
  static const std::set<std::string, std::less<>> reserved{"and", "as", "class", "def", "for", "from", "global", "if", "import",
                                                          "in", "is", "lambda", "not", "or", "pass", "with", "yield"};
  if (reserved.contains(keyword)) keyword += '_';
  return keyword + "=";
}

}  // namespace dance::python

PYBIND11_MODULE(_dance, m) {
  using namespace dance::python;
  m.doc() = "the dancing-links engine of dance and its reductions (use the package dance)";
  m.attr("__version__") = DANCE_VERSION;
  translate_exceptions();
  bind_statistics(m);
  bind_problem(m);
  bind_search(m);
  bind_reductions(m);
  bind_python_reductions(m);
}
