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

}  // namespace dance::python
