#include "hook.hpp"

#include <utility>

namespace py = pybind11;

namespace dance::python {

PythonHook::PythonHook(py::object hook, std::shared_ptr<RaisedError> failure)
    : hook_(std::move(hook)), failure_(failure ? std::move(failure) : std::make_shared<RaisedError>()) {
  for (const char* method : {"choose", "unchoose"})
    if (!py::hasattr(hook_, method)) throw py::type_error(std::string("a hook needs a method ") + method + "(option)");
}

PythonHook::~PythonHook() {
  py::gil_scoped_acquire held;
  hook_ = py::object();
}

bool PythonHook::choose(dlx::OptionId option, const dlx::Remaining&) {
  if (failure_->failed()) return false;
  py::gil_scoped_acquire held;
  try {
    return py::bool_(hook_.attr("choose")(option));
  } catch (py::error_already_set& e) {
    failure_->record(e);
    return false;
  }
}

void PythonHook::unchoose(dlx::OptionId option) {
  if (failure_->failed()) return;
  py::gil_scoped_acquire held;
  try {
    hook_.attr("unchoose")(option);
  } catch (py::error_already_set& e) {
    failure_->record(e);
  }
}

std::unique_ptr<dlx::Hook> PythonHook::clone() const {
  py::gil_scoped_acquire held;
  return std::make_unique<PythonHook>(py::module_::import("copy").attr("deepcopy")(hook_), failure_);
}

namespace {
thread_local std::shared_ptr<RaisedError> this_thread_failure;
}  // namespace

std::shared_ptr<RaisedError> failure_of_this_thread() { return this_thread_failure; }

RaisedErrorOfThisThread::RaisedErrorOfThisThread(std::shared_ptr<RaisedError> failure)
    : outer_(std::exchange(this_thread_failure, std::move(failure))) {}
RaisedErrorOfThisThread::~RaisedErrorOfThisThread() { this_thread_failure = std::move(outer_); }

}  // namespace dance::python
