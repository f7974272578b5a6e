// A hook written in Python (slow: a call into Python for every option the
// search chooses and takes back; for prototyping a constraint, docs/python.md).
#pragma once

#include <memory>

#include <pybind11/pybind11.h>

#include "dlx/solver.hpp"
#include "search.hpp"

namespace dance::python {

// Calls hook.choose(option) -> bool and hook.unchoose(option); clones are
// copy.deepcopy(hook), one a thread. An exception it raises stops the search
// and goes to the caller through `failure` (a new one if none is given).
class PythonHook final : public dlx::Hook {
 public:
  PythonHook(pybind11::object hook, std::shared_ptr<RaisedError> failure);
  ~PythonHook() override;
  bool choose(dlx::OptionId option, const dlx::Remaining& remaining) override;
  void unchoose(dlx::OptionId option) override;
  [[nodiscard]] bool slow() const override { return true; }  // limits and Ctrl-C seen at every node
  [[nodiscard]] std::unique_ptr<dlx::Hook> clone() const override;
  [[nodiscard]] const std::shared_ptr<RaisedError>& failure() const { return failure_; }

 private:
  pybind11::object hook_;
  std::shared_ptr<RaisedError> failure_;
};

// The RaisedError of the run on this thread (a driver run encodes on the thread
// that calls it): a Python reduction's instance and the hook its encode()
// makes bring it, so that what they raise stops that run and reaches its
// caller. None where no run set it.
[[nodiscard]] std::shared_ptr<RaisedError> failure_of_this_thread();
class RaisedErrorOfThisThread {
 public:
  explicit RaisedErrorOfThisThread(std::shared_ptr<RaisedError> failure);
  ~RaisedErrorOfThisThread();
  RaisedErrorOfThisThread(const RaisedErrorOfThisThread&) = delete;
  RaisedErrorOfThisThread& operator=(const RaisedErrorOfThisThread&) = delete;

 private:
  std::shared_ptr<RaisedError> outer_;  // a run's around this one (a hook or a decoder that runs dance)
};

}  // namespace dance::python
