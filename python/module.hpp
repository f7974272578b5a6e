// The parts of the extension bound in files of their own.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <string_view>

namespace dance::python {

// dance.solve/count/generate/check/reductions by name (reductions.cpp).
void bind_reductions(pybind11::module_& m);
// dance.register: a reduction written in Python (python_reduction.cpp).
void bind_python_reductions(pybind11::module_& m);
// An option as Python names it in a message: its keyword argument (to=, from_=, node_limit=).
std::string keyword_of(std::string_view name);
// Raises ValueError(message) with .code, the failure's code as dance serve answers it
// (bad_option, unknown_reduction, parse_error): the same request fails alike in every face.
[[noreturn]] void raise_value_error(const std::string& message, const std::string& code);

}  // namespace dance::python
