#include "pull.hpp"

#include "hook.hpp"
#include "interrupt.hpp"

namespace py = pybind11;

namespace dance::python {

namespace {

// The pulls alive (their owners hold the GIL), for stop_every_pull().
std::vector<Pull*>& alive() {
  static auto* pulls = new std::vector<Pull*>;  // never destroyed: read at exit
  return *pulls;
}

}  // namespace

void stop_every_pull() {
  for (Pull* pull : alive()) pull->stop();
}

Pull::Pull(std::unique_ptr<Session> session, std::shared_ptr<const Instance> instance, std::shared_ptr<RaisedError> failure)
    : session_(std::move(session)), instance_(std::move(instance)), failure_(std::move(failure)) {
  alive().push_back(this);
}

Pull::~Pull() {
  stop();
  std::erase(alive(), this);
}

void Pull::stop() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    cancelled_ = true;
    failure_->stop.store(true);
  }
  changed_.notify_all();
  if (!thread_.joinable()) return;
  const py::gil_scoped_release released;  // the run may need the GIL to end (a Python hook told of each option taken back)
  thread_.join();
  ended_ = true;
}

void Pull::HandingSink::decoded(const Answer&, std::span<const dlx::OptionId> solution) {
  last.assign(solution.begin(), solution.end());
}

void Pull::HandingSink::solution(const Instance&, std::shared_ptr<const Answer> answer, std::uint64_t) {
  taker.hand_over({std::move(answer), std::move(last)});
}

void Pull::hand_over(Handed handed) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (cancelled_) return;
  slot_ = std::move(handed);
  wanted_ = false;
  changed_.notify_all();
  changed_.wait(lock, [this] { return wanted_ || cancelled_; });
}

void Pull::run() {
  {
    // The thread's own Python state for the whole run, not one a call of a Python hook or decoder.
    const py::gil_scoped_acquire python;
    const py::gil_scoped_release searching;
    const RaisedErrorOfThisThread scope(failure_);
    const dlx::Statistics before = session_->statistics();
    try {
      session_->run(*instance_, sink_, failure_->stop);
    } catch (...) {
      broken_ = std::current_exception();
    }
    statistics_ = dlx::since(session_->statistics(), before);
    const std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
  }
  changed_.notify_all();
}

std::optional<Pull::Handed> Pull::next() {
  if (ended_) return std::nullopt;
  const InterruptGuard guard(failure_->stop);
  const py::gil_scoped_release released;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    wanted_ = true;
    if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
    changed_.notify_all();
    changed_.wait(lock, [this] { return slot_.has_value() || done_; });
    if (slot_) {
      std::optional<Handed> taken = std::move(slot_);
      slot_.reset();
      return taken;
    }
  }
  thread_.join();  // ended: it lets go of its Python state, with the GIL
  ended_ = true;
  if (broken_) std::rethrow_exception(broken_);
  return std::nullopt;
}

std::unique_ptr<Session> Pull::release() { return std::move(session_); }

}  // namespace dance::python
