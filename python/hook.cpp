#include "hook.hpp"

namespace py = pybind11;

namespace dance::python {

PythonHook::PythonHook(py::object hook, std::shared_ptr<Failure> failure)
    : hook_(std::move(hook)), failure_(failure ? std::move(failure) : std::make_shared<Failure>()) {
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
thread_local std::shared_ptr<Failure> this_thread_failure;
}  // namespace

std::shared_ptr<Failure> failure_of_this_thread() { return this_thread_failure; }

FailureOfThisThread::FailureOfThisThread(std::shared_ptr<Failure> failure) { this_thread_failure = std::move(failure); }
FailureOfThisThread::~FailureOfThisThread() { this_thread_failure.reset(); }

}  // namespace dance::python
