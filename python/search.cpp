#include "search.hpp"

#include <stdexcept>
#include <thread>

#include "hook.hpp"
#include "interrupt.hpp"

namespace py = pybind11;

namespace dance::python {

void Failure::record(py::error_already_set& error) {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (!error_) error_.emplace(std::move(error));
  failed_.store(true);
  stop.store(true);
}

void Failure::rethrow() {
  std::optional<py::error_already_set> error;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    error.swap(error_);
  }
  failed_.store(false);
  stop.store(false);
  if (error) throw std::move(*error);
}

Search::Search(std::shared_ptr<const dlx::Problem> problem, SearchSpec spec, std::unique_ptr<dlx::Hook> hook,
               dlx::SolverOptions heuristics, std::shared_ptr<Failure> failure)
    : problem_(std::move(problem)), spec_(std::move(spec)), heuristics_(heuristics), failure_(std::move(failure)) {
  if (spec_.threads == 0) spec_.threads = std::max(1u, std::thread::hardware_concurrency());
  for (const dlx::OptionId o : spec_.assumed)
    if (o >= problem_->option_count()) throw std::out_of_range("assumed option " + std::to_string(o) + " is not an option of the problem");
  for (const dlx::OptionId o : spec_.forbidden)
    if (o >= problem_->option_count()) throw std::out_of_range("forbidden option " + std::to_string(o) + " is not an option of the problem");
  if (const auto* python = dynamic_cast<const PythonHook*>(hook.get())) failure_ = python->failure();  // a Python reduction's
  hooks_.push_back(std::move(hook));
  for (std::size_t t = 1; t < spec_.threads && hooks_[0]; ++t) hooks_.push_back(hooks_[0]->clone());
  hooks_.resize(spec_.threads);
  for (std::size_t t = 0; t < spec_.threads; ++t)
    solvers_.push_back(std::make_unique<dlx::Solver>(problem_, spec_.seed, heuristics_));
  clashed_ = !prepare(*solvers_[0], hooks_[0].get());
}

Search::~Search() = default;

bool Search::prepare(dlx::Solver& solver, dlx::Hook* hook) {
  solver.retract();
  solver.set_hook(hook);
  for (const dlx::OptionId o : spec_.forbidden) solver.forbid(o);  // false: out already, which is what was asked
  for (const dlx::OptionId o : spec_.assumed)
    if (!solver.assume(o)) return false;
  return true;
}

dlx::Outcome Search::alone(const std::function<dlx::Outcome(dlx::Solver&)>& call) {
  dlx::Solver& solver = *solvers_[0];
  solver.set_limits(dlx::Limits{spec_.nodes, spec_.seconds, &failure_->stop});
  const InterruptGuard guard(failure_->stop);
  const py::gil_scoped_release released;
  return call(solver);
}

dlx::Outcome Search::together(const std::function<dlx::Outcome(dlx::Team&)>& call) {
  std::vector<dlx::Solver*> workers;
  for (std::size_t t = 0; t < spec_.threads; ++t) {
    dlx::Solver& solver = *solvers_[t];
    if (!prepare(solver, hooks_[t].get())) return dlx::Outcome::exhausted;
    // Limits per worker, on this call's work: each call starts the search afresh.
    const dlx::Statistics& now = solver.statistics();
    solver.set_limits(dlx::Limits{spec_.nodes ? now.nodes + spec_.nodes : 0,
                                  spec_.seconds > 0 ? now.seconds + spec_.seconds : 0, &failure_->stop});
    workers.push_back(&solver);
  }
  dlx::Team team(workers);
  dlx::Outcome outcome;
  {
    const InterruptGuard guard(failure_->stop);
    const py::gil_scoped_release released;
    outcome = call(team);
  }
  for (const dlx::Statistics& s : team.statistics()) team_total_ += s;
  return outcome;
}

void Search::finish(std::uint64_t found) {
  if (failure_->failed()) {
    outcome_ = dlx::Outcome::interrupted;
    failure_->rethrow();
  }
  if (outcome_ != dlx::Outcome::interrupted) return;
  failure_->stop.store(false);
  if (signals_handled()) return;  // not Python's main thread: the caller says "interrupted"
  py::error_already_set interrupt;  // what the signal's handler raised
  interrupt.value().attr("statistics") = py::cast(statistics());
  interrupt.value().attr("solutions") = found;
  throw interrupt;
}

std::uint64_t Search::count(std::uint64_t limit) {
  if (clashed_) {
    outcome_ = dlx::Outcome::exhausted;
    return 0;
  }
  std::uint64_t found = 0;
  if (spec_.threads > 1) {
    outcome_ = together([&](dlx::Team& team) {
      if (limit == 0) return team.count(found);
      return team.visit([&](std::span<const dlx::OptionId>) { return ++found < limit; });
    });
  } else {
    const std::uint64_t before = solvers_[0]->statistics().solutions;
    outcome_ = alone([limit](dlx::Solver& solver) { return solver.count(limit); });
    found = solvers_[0]->statistics().solutions - before;
  }
  finish(found);
  return found;
}

bool Search::next() {
  if (spec_.threads > 1) throw std::logic_error("solutions one at a time come from one thread: threads=1");
  if (clashed_) {
    outcome_ = dlx::Outcome::exhausted;
    return false;
  }
  outcome_ = alone([](dlx::Solver& solver) { return solver.next(); });
  finish(0);
  return outcome_ == dlx::Outcome::solution;
}

std::span<const dlx::OptionId> Search::solution() const { return solvers_[0]->solution(); }

void Search::visit(const Visitor& visit) {
  if (clashed_) {
    outcome_ = dlx::Outcome::exhausted;
    return;
  }
  if (spec_.threads > 1) outcome_ = together([&](dlx::Team& team) { return team.visit(visit); });
  else outcome_ = alone([&](dlx::Solver& solver) { return solver.visit(visit); });
  finish(0);
}

dlx::Statistics Search::statistics() const {
  if (spec_.threads > 1) return team_total_;
  return solvers_[0]->statistics();
}

}  // namespace dance::python
