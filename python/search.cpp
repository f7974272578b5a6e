#include "search.hpp"

#include <cstdint>
#include <stdexcept>
#include <thread>

#include "dance/driver.hpp"
#include "hook.hpp"
#include "interrupt.hpp"

namespace py = pybind11;

namespace dance::python {
namespace {

// Solvers kept between searches of one thread, by problem and seed, as the
// command line keeps one per problem for a batch: a 9x9 sudoku solved per
// call took 2.4 times as long with a fresh solver each time (its arrays
// mapped, linked and faulted in anew). The last `kept` are kept.
class SolverPool {
 public:
  std::unique_ptr<dlx::Solver> take(const std::shared_ptr<const dlx::Problem>& problem, std::uint64_t seed) {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = idle_.begin(); it != idle_.end(); ++it)
      if (it->problem == problem && it->seed == seed) {
        std::unique_ptr<dlx::Solver> solver = std::move(it->solver);
        idle_.erase(it);
        return solver;
      }
    return nullptr;
  }
  void give(std::shared_ptr<const dlx::Problem> problem, std::uint64_t seed, std::unique_ptr<dlx::Solver> solver) {
    solver->retract();
    solver->set_hook(nullptr);
    const std::lock_guard<std::mutex> lock(mutex_);
    if (idle_.size() == kept) idle_.erase(idle_.begin());
    idle_.push_back({std::move(problem), seed, std::move(solver)});
  }

 private:
  static constexpr std::size_t kept = 8;
  struct Idle {
    std::shared_ptr<const dlx::Problem> problem;
    std::uint64_t seed;
    std::unique_ptr<dlx::Solver> solver;
  };
  std::mutex mutex_;
  std::vector<Idle> idle_;
};

SolverPool& pool() {
  static auto* solvers = new SolverPool;  // never destroyed: no solver outlives Python's exit this way
  return *solvers;
}


// Marks a search as running for the time of a call: a ProblemSearch shared by two
// Python threads would otherwise run its solver on both at once (the GIL is
// released while it searches).
class Running {
 public:
  explicit Running(std::atomic<bool>& busy) : busy_(busy) {
    if (busy_.exchange(true)) throw std::runtime_error("this search is running on another thread");
  }
  ~Running() { busy_.store(false); }
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;

 private:
  std::atomic<bool>& busy_;
};

}  // namespace

void RaisedError::record(py::error_already_set& error) {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (!error_) error_.emplace(std::move(error));
  failed_.store(true);
  stop.store(true);
}

std::optional<py::error_already_set> RaisedError::take() {
  std::optional<py::error_already_set> error;
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    error.swap(error_);
  }
  failed_.store(false);
  stop.store(false);
  return error;
}

void RaisedError::rethrow() {
  if (std::optional<py::error_already_set> error = take()) throw std::move(*error);
}

ProblemSearch::ProblemSearch(std::shared_ptr<const dlx::Problem> problem, SearchSpec spec, std::unique_ptr<dlx::Hook> hook)
    : problem_(std::move(problem)), spec_(std::move(spec)), failure_(std::make_shared<RaisedError>()) {
  if (spec_.threads == 0) spec_.threads = std::max(1u, std::thread::hardware_concurrency());
  if (spec_.threads > most_threads) throw std::invalid_argument("threads: at most " + std::to_string(most_threads));
  for (const dlx::OptionId o : spec_.assumed)
    if (o >= problem_->option_count()) throw std::out_of_range("assumed option " + std::to_string(o) + " is not an option of the problem");
  for (const dlx::OptionId o : spec_.forbidden)
    if (o >= problem_->option_count()) throw std::out_of_range("forbidden option " + std::to_string(o) + " is not an option of the problem");
  if (const auto* python = dynamic_cast<const PythonHook*>(hook.get())) failure_ = python->failure();
  hooks_.push_back(std::move(hook));
  for (std::size_t t = 1; t < spec_.threads && hooks_[0]; ++t) hooks_.push_back(hooks_[0]->clone());
  hooks_.resize(spec_.threads);
  if (spec_.threads == 1) solvers_.push_back(pool().take(problem_, spec_.seed));
  for (std::size_t t = 0; t < spec_.threads; ++t)
    if (t == solvers_.size() || !solvers_[t]) {
      solvers_.resize(t);
      solvers_.push_back(std::make_unique<dlx::Solver>(problem_, spec_.seed));
    }
  restart();  // whether the assumptions clash
  settle();
}

void ProblemSearch::restart() {
  base_ = solvers_[0]->statistics();
  clashed_ = !prepare(*solvers_[0], hooks_[0].get());
  settled_ = false;
}

void ProblemSearch::settle() {
  for (const std::unique_ptr<dlx::Solver>& solver : solvers_) solver->retract();
  settled_ = true;
}

ProblemSearch::~ProblemSearch() {
  if (spec_.threads == 1) pool().give(problem_, spec_.seed, std::move(solvers_[0]));
}

bool ProblemSearch::prepare(dlx::Solver& solver, dlx::Hook* hook) {
  solver.retract();
  solver.set_hook(hook);
  for (const dlx::OptionId o : spec_.forbidden) solver.forbid(o);  // false: out already, which is what was asked
  for (const dlx::OptionId o : spec_.assumed)
    if (!solver.assume(o)) return false;
  return true;
}

dlx::Outcome ProblemSearch::alone(const std::function<dlx::Outcome(dlx::Solver&)>& call) {
  const Running running(busy_);
  dlx::Solver& solver = *solvers_[0];
  // A limit past the counter's range is no limit (2**64 - 1 nodes wrapped round to at once).
  const bool bounded = spec_.nodes != 0 && spec_.nodes <= UINT64_MAX - base_.nodes;
  solver.set_limits(dlx::Limits{bounded ? base_.nodes + spec_.nodes : 0,
                                spec_.seconds > 0 ? base_.seconds + spec_.seconds : 0, &failure_->stop});
  const InterruptGuard guard(failure_->stop);
  const py::gil_scoped_release released;
  return call(solver);
}

dlx::Outcome ProblemSearch::together(const std::function<dlx::Outcome(dlx::Team&)>& call) {
  const Running running(busy_);
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

void ProblemSearch::finish(std::uint64_t found, bool then_settle) {
  std::optional<py::error_already_set> raised = failure_->take();
  if (raised) {
    outcome_ = dlx::Outcome::interrupted;
  } else if (outcome_ == dlx::Outcome::interrupted && !signals_handled()) {  // on another thread: "interrupted"
    raised.emplace();  // what the signal's handler raised
    raised->value().attr("statistics") = py::cast(statistics());
    raised->value().attr("solutions") = found;
  }
  if (then_settle) {
    settle();  // with no exception pending, so that a Python hook's unchoose runs
    std::optional<py::error_already_set> meanwhile = failure_->take();  // what its unchoose raised
    if (!raised) raised = std::move(meanwhile);  // else the first exception is the one to tell
  }
  if (raised) throw std::move(*raised);
}

py::object ProblemSearch::count(std::uint64_t limit) {
  if (clashed_) return py::int_(nothing());
  dlx::Count found = 0;
  if (spec_.threads > 1) {
    std::uint64_t by_team = 0;
    outcome_ = together([&](dlx::Team& team) {
      if (limit == 0) return team.count(by_team);
      return team.visit([&](std::span<const dlx::OptionId>) { return ++by_team < limit; });
    });
    found = by_team;
  } else {
    restart();
    if (clashed_) return py::int_(nothing());
    outcome_ = alone([limit](dlx::Solver& solver) { return solver.count(limit); });
    found = solvers_[0]->counted();  // exact past 2^64 (the memo's counts)
  }
  finish(found.saturated(), true);
  return py::reinterpret_steal<py::object>(PyLong_FromString(found.to_string().c_str(), nullptr, 10));
}

bool ProblemSearch::next() {
  if (spec_.threads > 1) throw std::logic_error("solutions one at a time come from one thread: threads=1");
  if (settled_) restart();
  if (clashed_) {
    nothing();
    return false;
  }
  outcome_ = alone([](dlx::Solver& solver) { return solver.next(); });
  finish(0, false);
  return outcome_ == dlx::Outcome::solution;
}

std::span<const dlx::OptionId> ProblemSearch::solution() const { return solvers_[0]->solution(); }

void ProblemSearch::visit(const Visitor& visit) {
  if (clashed_) {
    nothing();
    return;
  }
  if (spec_.threads > 1) {
    outcome_ = together([&](dlx::Team& team) { return team.visit(visit); });
  } else {
    restart();
    if (clashed_) {
      nothing();
      return;
    }
    outcome_ = alone([&](dlx::Solver& solver) { return solver.visit(visit); });
  }
  finish(0, true);
}

std::uint64_t ProblemSearch::nothing() {
  settle();
  outcome_ = dlx::Outcome::exhausted;
  return 0;
}

dlx::Statistics ProblemSearch::statistics() const {
  if (spec_.threads > 1) return team_total_;
  return dlx::since(solvers_[0]->statistics(), base_);
}

}  // namespace dance::python
