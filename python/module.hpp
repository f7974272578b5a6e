// The parts of the extension bound in files of their own.
#pragma once

#include <pybind11/pybind11.h>

namespace dance::python {

// dance.solve/count/generate/check/reductions by name (reductions.cpp).
void bind_reductions(pybind11::module_& m);
// dance.register: a reduction written in Python (python_reduction.cpp).
void bind_python_reductions(pybind11::module_& m);

}  // namespace dance::python
