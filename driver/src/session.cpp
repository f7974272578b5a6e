// A session's runs: each instance encoded, searched as the spec says, and
// its results handed to the sink (dance/driver.hpp).
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <chrono>
#include <exception>
#include <sstream>
#include <thread>
#include <stdexcept>

#include "dance/driver.hpp"
#include "dance/parallel.hpp"
#include "dlx/error.hpp"
#include "recorder.hpp"
#include "solvers.hpp"

namespace dance {

Status worse(Status a, Status b) {
  const auto rank = [](Status status) {
    switch (status) {
      case Status::error: return 3;
      case Status::stopped: return 2;
      case Status::none: return 1;
      case Status::found: return 0;
    }
    return 0;
  };
  return rank(a) >= rank(b) ? a : b;
}

using detail::Solvers;

struct Session::Impl {
  const Reduction& reduction;
  RunSpec spec;
  std::vector<dlx::Progress> published;
  std::vector<Solvers> workers;
  std::size_t read = 0;
  std::vector<dlx::Statistics> ranks;  // after a cluster's count: the other ranks' counters

  Impl(const Reduction& r, RunSpec s) : reduction(r), spec(std::move(s)), published(std::max<std::size_t>(spec.threads, 1)) {
    for (dlx::Progress& progress : published) workers.emplace_back(spec.seed, &progress, spec.engine);
  }
};

std::string Failure::worded(const OptionNamer& name) const {
  if (about.empty()) return message;
  return message.substr(0, message.size() - dance::worded(about, option_word).size()) + dance::worded(about, name);
}

Failure bad_option(const std::exception& e, const std::string& prefix) {
  return {"bad_option", prefix + e.what(), 0, 0, parts_of(e)};
}

namespace {

// One instance's search, by one solver or by a team: count all solutions,
// or show each to a visitor until it says stop.
using Visitor = std::function<bool(std::span<const dlx::OptionId>)>;
struct SearchCalls {
  std::function<dlx::Outcome(dlx::Count& found)> count;
  std::function<dlx::Outcome(const Visitor&)> visit;
};

// An answer that fails the reduction's own verify(): dance's fault.
struct WrongAnswer : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What one instance's run needs: the session, where results go, and how
// (a team of all workers, the ranks of a cluster).
struct Context {
  const RunSpec& spec;
  const Reduction& reduction;
  const std::atomic<bool>& interrupt;
  Sink& sink;
  std::vector<Solvers>* team = nullptr;  // set: one instance, searched by all these workers together
  Cluster* cluster = nullptr;            // set: ... and by those of the other ranks of an MPI run
  std::vector<dlx::Statistics>* ranks = nullptr;
};

// Where an instance came from, for a message: "FILE: line N: ", or nothing
// for an instance given by options alone (queens --size 3).
std::string where(const Context& c, const Instance& instance) {
  return instance.line == 0 ? "" : c.spec.source + ": line " + std::to_string(instance.line) + ": ";
}

Status stopped(const Context& c, const Instance& instance, dlx::Outcome outcome, bool answered) {
  c.sink.stopped(instance, outcome, answered);
  return Status::stopped;
}

Status no_solution(const Context& c, const Instance& instance, const std::string& why) {
  c.sink.none(instance, why);
  return Status::none;
}

// The decoded answer, checked when the spec says so.
std::shared_ptr<const Answer> decoded(const Context& c, const Instance& instance, const Encoding& encoding,
                                      std::span<const dlx::OptionId> solution, std::uint64_t index) {
  std::shared_ptr<const Answer> answer = c.reduction.decode(instance, encoding, solution);
  c.sink.decoded(*answer, solution);
  if (c.spec.verify)
    if (const auto wrong = c.reduction.verify(instance, *answer))
      throw WrongAnswer(where(c, instance) + "answer " + std::to_string(index + 1) + " fails verification: " + *wrong);
  return answer;
}

// Readies a solver for an encoding: the last instance's assumptions gone,
// the encoding's hook, at most `nodes` more nodes and `seconds` more seconds
// (0: no limit), then the encoding's assumptions; false when they clash.
bool prepare(const Context& c, dlx::Solver& solver, const Encoding& encoding, std::uint64_t nodes, double seconds,
             dlx::Hook* hook) {
  solver.retract();
  solver.set_hook(hook);
  const dlx::Statistics& stats = solver.statistics();
  // Limits are on the solver's running totals; a sum past 2^64 - 1 is no limit (0) rather than a wrapped one.
  const std::uint64_t node_limit = nodes == 0 || nodes > UINT64_MAX - stats.nodes ? 0 : stats.nodes + nodes;
  solver.set_limits(
      dlx::Limits{node_limit, seconds > 0 ? stats.seconds + seconds : 0, &c.interrupt, nullptr, solver.limits().progress});
  for (const dlx::OptionId o : encoding.assumptions)
    if (!solver.assume(o)) return false;
  return true;
}

// Takes solvers back to their root when an instance's search is over, while
// the encoding's hook (which dies with the instance) can still be told of
// each option taken back, and unhooks them: a hook object shared between
// instances is left clean by a stop or a first answer, and the next
// instance of the same problem retracts nothing through a dead hook.
class Unhook {
 public:
  Unhook() = default;
  explicit Unhook(dlx::Solver& solver) { add(solver); }
  void add(dlx::Solver& solver) { solvers_.push_back(&solver); }
  ~Unhook() {
    for (dlx::Solver* solver : solvers_) {
      solver->retract();
      solver->set_hook(nullptr);
    }
  }
  Unhook(const Unhook&) = delete;
  Unhook& operator=(const Unhook&) = delete;

 private:
  std::vector<dlx::Solver*> solvers_;
};

// Runs the spec's task on a readied search and hands over its results.
Status answer(const Context& c, const Instance& instance, const Encoding& encoding, const SearchCalls& search) {
  const RunSpec& spec = c.spec;
  std::uint64_t found = 0;
  if (spec.task == Task::unique) {
    std::shared_ptr<const Answer> first;
    const dlx::Outcome outcome = search.visit([&](std::span<const dlx::OptionId> solution) {
      if (spec.first_too && found == 0) first = decoded(c, instance, encoding, solution, 0);
      return ++found < 2;
    });
    if (outcome != dlx::Outcome::exhausted && outcome != dlx::Outcome::solution_limit)
      return stopped(c, instance, outcome, false);
    c.sink.verdict(instance, found, first);
    return found == 0 ? Status::none : Status::found;
  }
  if (spec.task == Task::count) {
    dlx::Count counted;
    const dlx::Outcome outcome = search.count(counted);
    c.sink.count(instance, counted, outcome == dlx::Outcome::exhausted);
    if (outcome != dlx::Outcome::exhausted) return stopped(c, instance, outcome, true);
    return counted > 0 ? Status::found : Status::none;
  }
  std::uint64_t given = 0;
  const dlx::Outcome outcome = search.visit([&](std::span<const dlx::OptionId> solution) {
    c.sink.solution(instance, decoded(c, instance, encoding, solution, given), given);
    return ++given < spec.solutions || spec.solutions == 0;
  });
  if (given > 0) {
    // Fewer answers than asked for: whether there are no more, or a limit came first, is told.
    if (outcome != dlx::Outcome::exhausted && outcome != dlx::Outcome::solution_limit) c.sink.stopped(instance, outcome, true);
    return Status::found;
  }
  if (outcome == dlx::Outcome::exhausted) return no_solution(c, instance, "");
  return stopped(c, instance, outcome, false);
}

// A first solution by the encoding's portfolio (Encoding::Strategy), in one
// thread: the plain search goes on for luby(k) * unit nodes, then the k-th
// run of the restarting one (in the order of seed spec.seed + k) gets as
// many, and so on until one finds a solution or ends its tree (a proof of
// none: a restarting run that ends within its budget ends the whole tree).
// Both are paused and resumed (the engine's limits), so no work is repeated
// but the restarts' own; the spec's limits hold for the two together.
Status solve_by_portfolio(const Context& c, const Instance& instance, Encoding& encoding, Solvers& solvers) {
  const RunSpec& spec = c.spec;
  dlx::Solver& plain = solvers.for_problem(encoding);
  // The restarting search and its hook are made when the plain search's head
  // start runs out: a graph solved at once pays for no second solver (alb1000).
  dlx::Solver* restarting = nullptr;
  std::unique_ptr<dlx::Hook> hook;
  Unhook unhook(plain);  // both searches given up at the end, while the hooks they tell are alive
  if (!prepare(c, plain, encoding, 0, 0, encoding.hook.get())) return no_solution(c, instance, ": the given options clash");
  const std::uint64_t unit = encoding.strategy.portfolio_restarts;
  // A restart costs about the problem's size (relinking it, a hook's first
  // checks), so the plain search has a head start of 64 nodes an option:
  // a large graph that it solves at once pays no restarts (alb5000).
  const std::uint64_t head_start = 64 * encoding.problem->option_count();
  // The restarting solver may be an old one of this problem, its counters not at 0.
  const auto total_nodes = [&] { return plain.statistics().nodes + (restarting ? restarting->statistics().nodes : 0); };
  const auto total_seconds = [&] { return plain.statistics().seconds + (restarting ? restarting->statistics().seconds : 0); };
  std::uint64_t nodes_at_start = total_nodes();
  double seconds_at_start = total_seconds();
  // `solver` on for `budget` more nodes within what is left of the spec's
  // limits; `spec_stop`: a node_limit was the spec's, not the budget's.
  bool spec_stop = false;
  const auto search = [&](dlx::Solver& solver, std::uint64_t budget) {
    const std::uint64_t used = total_nodes() - nodes_at_start;
    const double spent = total_seconds() - seconds_at_start;
    std::uint64_t nodes = budget;
    spec_stop = spec.node_limit != 0 && spec.node_limit - std::min(spec.node_limit, used) <= budget;
    if (spec_stop) nodes = spec.node_limit - std::min(spec.node_limit, used);
    if (spec_stop && nodes == 0) return dlx::Outcome::node_limit;
    if (spec.time_limit > 0 && spent >= spec.time_limit) return dlx::Outcome::time_limit;
    dlx::Limits limits = solver.limits();
    limits.nodes = solver.statistics().nodes + nodes;
    limits.seconds = spec.time_limit > 0 ? solver.statistics().seconds + (spec.time_limit - spent) : 0;
    solver.set_limits(limits);
    return solver.next();
  };
  for (std::uint64_t run = 1;; ++run) {
    const std::uint64_t budget = dlx::luby(run) * unit;
    for (const bool restart : {false, true}) {
      if (restart && restarting == nullptr) {
        const std::uint64_t used = total_nodes() - nodes_at_start;
        const double spent = total_seconds() - seconds_at_start;
        restarting = &solvers.for_problem(encoding, 1);  // never retires `plain`, a solver of the same problem
        unhook.add(*restarting);
        hook = encoding.hook ? encoding.hook->clone() : nullptr;
        nodes_at_start = total_nodes() - used;  // an old solver's counters do not count against this search
        seconds_at_start = total_seconds() - spent;
      }
      dlx::Solver* const solver = restart ? restarting : &plain;
      if (restart) {
        restarting->retract();
        restarting->reseed(spec.seed + run);
        if (!prepare(c, *restarting, encoding, 0, 0, hook.get())) return no_solution(c, instance, ": the given options clash");
      }
      const dlx::Outcome outcome = search(*solver, run == 1 && !restart ? head_start + budget : budget);
      if (outcome == dlx::Outcome::solution) {
        c.sink.solution(instance, decoded(c, instance, encoding, solver->solution(), 0), 0);
        return Status::found;
      }
      if (outcome == dlx::Outcome::exhausted) return no_solution(c, instance, "");
      if (outcome != dlx::Outcome::node_limit || spec_stop) return stopped(c, instance, outcome, false);
    }
  }
}

// Whether a first solution is asked for where the encoding has a portfolio
// and the spec names no strategy (no restarts).
bool by_portfolio(const RunSpec& spec, const Encoding& encoding) {
  return spec.task == Task::solve && spec.solutions == 1 && spec.restarts == 0 && spec.sample == 0 &&
         spec.resume.empty() && encoding.strategy.portfolio_restarts > 0;
}

// A first solution by a portfolio per worker (-j N, one instance): each
// searches the whole tree from a seed of its own (worker 0 from the spec's),
// learning on its own; the first to answer (a solution, or a proof of none)
// stops the others. A team that splits the tree would start each stolen
// part without what was learned, and the graphs that need a portfolio are
// won by learning (FHCP 19 with -j 2: nothing in 30 s split, 1-3 s so).
Status solve_by_portfolios(const Context& c, const Instance& instance, Encoding& encoding) {
  std::vector<Solvers>& workers = *c.team;
  const std::size_t n = workers.size();
  std::atomic<bool> stop{false};
  std::atomic<std::size_t> winner{n}, running{n};
  std::vector<Collected> results(n);
  std::vector<RunSpec> specs(n, c.spec);
  std::vector<std::exception_ptr> errors(n);  // thrown in a worker, thrown again here
  std::vector<std::thread> threads;
  for (std::size_t w = 0; w < n; ++w) {
    specs[w].seed = c.spec.seed + w * 1'000'003;  // apart, so that the workers' restarts do not meet
    threads.emplace_back([&, w] {
      try {
        std::optional<Encoding> own;  // the hooks keep a search's state: one encoding each
        if (w > 0) own.emplace(c.reduction.encode(instance));
        Encoding& mine = w > 0 ? *own : encoding;
        workers[w].for_problem(mine).reseed(specs[w].seed);
        const Context context{specs[w], c.reduction, stop, results[w]};
        solve_by_portfolio(context, instance, mine, workers[w]);
        if (!results[w].solutions.empty() || results[w].no_solution) {
          std::size_t nobody = n;
          winner.compare_exchange_strong(nobody, w);
          stop = true;
        }
      } catch (...) {
        errors[w] = std::current_exception();
        stop = true;
      }
      --running;
    });
  }
  while (running.load() > 0) {  // the caller's interrupt reaches the workers through `stop`
    if (c.interrupt.load()) stop = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& error : errors)
    if (error) std::rethrow_exception(error);
  if (winner < n) {
    const Collected& won = results[winner];
    if (won.no_solution) return no_solution(c, instance, *won.no_solution);
    c.sink.solution(instance, won.solutions.front(), 0);
    return Status::found;
  }
  return stopped(c, instance, results[0].stop.value_or(dlx::Outcome::interrupted), false);
}

// Solves one instance with one solver, or a first solution by the
// encoding's portfolio when the spec names no strategy (no restarts).
Status solve(const Context& c, const Instance& instance, Encoding& encoding, Solvers& solvers) {
  const RunSpec& spec = c.spec;
  if (encoding.contradiction) return no_solution(c, instance, ": " + *encoding.contradiction);
  if (spec.sample != 0 && encoding.hook)
    throw OptionError({option_named("sample"), {" draws from the memo's counts, which a global constraint (" +
                                               std::string(c.reduction.name()) + "'s) keeps out"}});
  if (by_portfolio(spec, encoding)) return solve_by_portfolio(c, instance, encoding, solvers);
  dlx::Solver& solver = solvers.for_problem(encoding);
  const Unhook unhook = encoding.hook ? Unhook(solver) : Unhook();
  if (!prepare(c, solver, encoding, spec.node_limit, spec.time_limit, encoding.hook.get()))
    return no_solution(c, instance, ": the given options clash");
  return answer(c, instance, encoding,
                {[&solver](dlx::Count& found) {
                   const dlx::Outcome outcome = solver.count();
                   found = solver.counted();
                   return outcome;
                 },
                 [&solver, &spec](const Visitor& visit) {
                   if (spec.sample != 0) return solver.sample(spec.sample, spec.seed, visit);
                   if (spec.restarts == 0)  // every solution wanted: from the memo's counts where it serves
                     return spec.task == Task::solve && spec.solutions == 0 ? solver.enumerate(visit) : solver.visit(visit);
                   return solver.restarting(spec.restarts, spec.seed, [&visit](dlx::Solver& run) { return run.visit(visit); });
                 }});
}

// The parts of a search at the shallowest depth that gives at least `wanted`
// of them (or at the deepest tried), into `parts`.
dlx::Outcome cut(dlx::Solver& solver, std::size_t wanted, std::vector<dlx::Subproblem>& parts) {
  constexpr std::uint32_t deepest = 32;
  for (std::uint32_t depth = 1;; ++depth) {
    parts.clear();
    solver.reset();
    dlx::Outcome outcome;
    while ((outcome = solver.split(depth)) == dlx::Outcome::solution) parts.push_back(solver.subproblem());
    if (outcome != dlx::Outcome::exhausted || parts.size() >= wanted || depth == deepest) return outcome;
  }
}

// One instance counted by the teams of all ranks of an MPI run: rank 0 cuts
// it into parts (or reads them from --resume) for the cluster to hand out.
Status count_on_cluster(const Context& c, const Instance& instance, dlx::Team& team, dlx::Solver& cutter,
                        const Encoding& encoding) {
  const std::size_t option_count = encoding.problem->option_count();
  std::vector<dlx::Subproblem> parts;
  dlx::Outcome cutting = dlx::Outcome::exhausted;
  std::optional<ResumeError> failure;  // rank 0 could not make its parts: the other ranks get none
  if (c.cluster->rank() == 0) {
    try {
      if (!c.spec.resume.empty()) parts = read_parts(c.spec.resume, encoding);
      else cutting = cut(cutter, 64 * static_cast<std::size_t>(c.cluster->size()) * c.team->size(), parts);
    } catch (const ResumeError& e) {
      failure = e;
    }
    if (failure || cutting != dlx::Outcome::exhausted) parts.clear();
  }
  const Status status = answer(c, instance, encoding,
                               {[&](dlx::Count& counted) {
                                  std::uint64_t found = 0;
                                  const dlx::Outcome outcome = c.cluster->count(team, std::move(parts), option_count, found);
                                  counted = found;
                                  if (failure) throw *failure;
                                  return cutting != dlx::Outcome::exhausted ? cutting : outcome;
                                },
                                nullptr});
  *c.ranks = c.cluster->statistics();
  for (std::size_t r = 0; r < c.ranks->size(); ++r) c.sink.statistics("rank " + std::to_string(r), (*c.ranks)[r]);
  return status;
}

// One instance searched by a Team: the workers' solvers, each with its own
// copy of the hook (-j N), or the parts of --resume.
Status solve_together(const Context& c, const Instance& instance, Encoding& encoding) {
  const RunSpec& spec = c.spec;
  if (encoding.contradiction) return no_solution(c, instance, ": " + *encoding.contradiction);
  std::vector<std::unique_ptr<dlx::Hook>> hooks;
  std::vector<dlx::Solver*> solvers;
  Unhook unhook;  // before the clones it tells die
  for (Solvers& worker : *c.team) {
    dlx::Solver& solver = worker.for_problem(encoding);
    if (encoding.hook) unhook.add(solver);
    dlx::Hook* hook = encoding.hook.get();
    if (hook && !solvers.empty()) hook = hooks.emplace_back(hook->clone()).get();
    if (!prepare(c, solver, encoding, spec.node_limit, spec.time_limit, hook))
      return no_solution(c, instance, ": the given options clash");
    solvers.push_back(&solver);
  }
  dlx::Team team(solvers);
  if (c.cluster) return count_on_cluster(c, instance, team, *solvers.front(), encoding);
  if (!spec.resume.empty()) {
    std::vector<dlx::Subproblem> parts = read_parts(spec.resume, encoding);
    if (parts.empty()) return answer(c, instance, encoding, {[](dlx::Count& found) {  // split found no part
                                                                found = 0;
                                                                return dlx::Outcome::exhausted;
                                                              },
                                                              nullptr});
    team.set_parts(std::move(parts));
  }
  const Status status = answer(c, instance, encoding,
                               {[&team](dlx::Count& counted) {
                                  std::uint64_t found = 0;
                                  const dlx::Outcome outcome = team.count(found);
                                  counted = found;
                                  return outcome;
                                },
                                [&team](const Visitor& visit) { return team.visit(visit); }});
  for (std::size_t w = 0; w < team.statistics().size(); ++w)
    c.sink.statistics("worker " + std::to_string(w + 1), team.statistics()[w]);
  return status;
}

// split: the parts of the search at the spec's depth.
Status split(const Context& c, const Instance& instance, Encoding& encoding, dlx::Solver& solver) {
  if (encoding.contradiction) return no_solution(c, instance, ": " + *encoding.contradiction);
  const Unhook unhook = encoding.hook ? Unhook(solver) : Unhook();
  if (!prepare(c, solver, encoding, c.spec.node_limit, c.spec.time_limit, encoding.hook.get()))
    return no_solution(c, instance, ": the given options clash");
  c.sink.parts(dlx::fingerprint(*encoding.problem, encoding.assumptions));
  dlx::Outcome outcome;
  while ((outcome = solver.split(c.spec.depth)) == dlx::Outcome::solution) c.sink.part(solver.subproblem());
  return outcome == dlx::Outcome::exhausted ? Status::found : stopped(c, instance, outcome, false);
}

// Branch and bound (Encoding::improving): one search whose solutions are
// ever larger answers, each handed to the sink as it is found and the
// search then asked for a larger one; the last is the best, proven so when
// the search ends. A stopped search hands over the best it found.
Status branch_and_bound(const Context& c, const Instance& instance, Encoding& encoding, Solvers& solvers) {
  const Encoding::Improving& improving = *encoding.improving;
  const std::uint32_t most = encoding.problem->items()[improving.item].hi;
  std::shared_ptr<const Answer> best;
  std::size_t size = 0;
  std::uint64_t found = 0;
  const auto better = [&](std::span<const dlx::OptionId> solution) {
    best = decoded(c, instance, encoding, solution, found++);
    size = solution.size();
    c.sink.improved(instance, best);
  };
  if (!improving.start.empty()) better(improving.start);
  if (!encoding.contradiction && size < most) {
    dlx::Solver& solver = solvers.for_problem(encoding);
    const Unhook unhook = encoding.hook ? Unhook(solver) : Unhook();
    dlx::Outcome outcome = dlx::Outcome::exhausted;
    if (prepare(c, solver, encoding, c.spec.node_limit, c.spec.time_limit, encoding.hook.get())) {
      for (;;) {
        if (size > 0) solver.raise_lower_bound(improving.item, static_cast<std::uint32_t>(size + 1));
        if ((outcome = solver.next()) != dlx::Outcome::solution) break;
        better(solver.solution());
        if (size >= most) break;  // none can be larger
      }
    }
    if (outcome != dlx::Outcome::exhausted && outcome != dlx::Outcome::solution) {
      if (best) c.sink.solution(instance, best, 0);
      return stopped(c, instance, outcome, best != nullptr);
    }
  }
  if (!best) return no_solution(c, instance, encoding.contradiction ? ": " + *encoding.contradiction : "");
  c.sink.solution(instance, best, 0);
  return Status::found;
}

// A best answer (clique --max, hamilton --longest): by branch and bound when
// the encoding is one, else a sequence of decision problems, each solved for
// a first solution, handing over the last answer found. Limits hold for the
// whole of it.
Status optimise(const Context& c, const Instance& first, Solvers& solvers) {
  const RunSpec& spec = c.spec;
  if (spec.task != Task::solve || spec.solutions != 1 || spec.sample != 0) {
    const bool by_n = spec.task == Task::solve && spec.sample == 0;  // -n 0, -n 2, ...
    const char* given = spec.sample != 0 ? "sample" : spec.task == Task::count ? "count" : spec.task == Task::unique ? "unique" : "n";
    throw OptionError({{std::string(c.reduction.name()) + " finds one best answer here; "}, option_named(given),
                       {(by_n ? " " + std::to_string(spec.solutions) : std::string()) + " does not apply"}});
  }
  Encoding encoding = c.reduction.encode(first);
  if (encoding.improving) return branch_and_bound(c, first, encoding, solvers);
  const dlx::Statistics at_start = solvers.total();
  std::vector<std::unique_ptr<Instance>> steps;  // each step after the first, kept alive for the answer
  const Instance* current = &first;
  const Instance* best_instance = nullptr;
  std::shared_ptr<const Answer> best;
  // The next step's encoding once this step's Unhook has told the old hook.
  for (;; encoding = c.reduction.encode(*current)) {
    dlx::Solver& solver = solvers.for_problem(encoding);
    const Unhook unhook = encoding.hook ? Unhook(solver) : Unhook();
    // What is left of the limits; a used-up budget still stops at once (one node, a nanosecond).
    const dlx::Statistics used = solvers.total();
    const std::uint64_t nodes_left =
        spec.node_limit ? std::max<std::uint64_t>(1, spec.node_limit - std::min(spec.node_limit, used.nodes - at_start.nodes)) : 0;
    const double seconds_left = spec.time_limit > 0 ? std::max(1e-9, spec.time_limit - (used.seconds - at_start.seconds)) : 0;
    const bool ok = !encoding.contradiction && prepare(c, solver, encoding, nodes_left, seconds_left, encoding.hook.get());
    const dlx::Outcome outcome = ok ? solver.next() : dlx::Outcome::exhausted;
    std::shared_ptr<const Answer> answer;
    if (outcome == dlx::Outcome::solution) {
      answer = decoded(c, *current, encoding, solver.solution(), 0);
    } else if (outcome != dlx::Outcome::exhausted) {
      if (best) c.sink.solution(*best_instance, best, 0);
      return stopped(c, first, outcome, best != nullptr);
    }
    auto next = c.reduction.next_step(*current, answer.get());
    if (answer) {
      best = std::move(answer);
      best_instance = current;
      c.sink.improved(*best_instance, best);
    }
    if (!next) break;
    steps.push_back(std::move(next));
    current = steps.back().get();
  }
  if (!best) return no_solution(c, first, "");
  c.sink.solution(*best_instance, best, 0);
  return Status::found;
}

// One instance of the input (a piece of work), or the reason it could not be read.
struct Piece {
  std::unique_ptr<Instance> owned;    // read from the input
  const Instance* instance = nullptr;  // owned, or the caller's
  Failure failure;         // code empty: none
  std::size_t number = 0;  // in input order, from 1
};

// A reduction's reader and how far it has got.
struct Input {
  InstanceReader& reader;
  std::size_t& read;     // jobs read
  bool broken = false;   // an option's value refused while reading: nothing more is read
};

// Reads the next job; false at the end of the input.
bool read_piece(Input& input, Piece& job) {
  if (input.broken) return false;
  job.number = input.read + 1;
  try {
    job.owned = input.reader.next();
    job.instance = job.owned.get();
    if (!job.instance) return false;
  } catch (const dlx::ParseError& e) {
    job.failure = {"parse_error", e.what(), e.line(), e.column(), parts_of(e)};
  } catch (const dlx::BuildError& e) {
    job.failure = {"parse_error", e.what()};
  } catch (const std::invalid_argument& e) {  // an option that this input cannot take (--to names no vertex)
    job.failure = bad_option(e);
    input.broken = true;
  }
  ++input.read;
  return true;
}

// Runs the spec's task on one job, its results to c's sink.
Status handle(const Context& c, Piece& job, Solvers& solvers) {
  const auto failed = [&c](Failure failure) {
    c.sink.failed(failure);
    return Status::error;
  };
  if (!job.failure.code.empty()) {
    Failure read = job.failure;
    if (read.code == "parse_error") read.message = c.spec.source + ": " + read.message;
    return failed(std::move(read));
  }
  const Instance& instance = *job.instance;
  for (const std::string& w : instance.warnings)
    c.sink.warning((instance.line == 0 ? "" : c.spec.source + ": ") + "warning: " + w);
  try {
    if (c.spec.task != Task::emit && c.reduction.optimises(instance)) return optimise(c, instance, solvers);
    Encoding encoding = c.reduction.encode(instance);
    if (c.spec.task == Task::emit) {
      c.sink.problem(dlx::with_forced(*encoding.problem, encoding.assumptions, encoding.option_labels), encoding.hook && !encoding.hook_is_bound);
      return Status::found;
    }
    if (c.spec.task == Task::split) return split(c, instance, encoding, solvers.for_problem(encoding));
    // The memo asked for where a global constraint keeps it out: said, not dropped in silence.
    const bool counting = c.spec.task == Task::count || (c.spec.task == Task::solve && c.spec.solutions == 0);
    if (counting && c.spec.engine.memo == dlx::Switch::on && encoding.hook && !encoding.contradiction)
      c.sink.warning(where(c, instance) + "warning: the memo does not serve " + std::string(c.reduction.name()) +
                     "'s search, which a global constraint checks as it goes: counted without it");
    if (c.team && !c.cluster && !encoding.contradiction && by_portfolio(c.spec, encoding))
      return solve_by_portfolios(c, instance, encoding);
    if (c.team) return solve_together(c, instance, encoding);
    return solve(c, instance, encoding, solvers);
  } catch (const ResumeError& e) {
    return failed(bad_option(e));
  } catch (const WrongAnswer& e) {
    return failed({"internal", std::string("internal error: ") + e.what()});
  } catch (const dlx::BuildError& e) {
    return failed({"parse_error", where(c, instance) + e.what(), instance.line});
  } catch (const std::invalid_argument& e) {  // options this instance cannot take
    return failed(bad_option(e, where(c, instance)));
  } catch (const std::bad_alloc&) {
    return failed({"too_large", where(c, instance) + "out of memory"});
  } catch (const std::exception& e) {  // a reduction's bug: this instance fails, the run goes on
    return failed({"internal", "internal error: " + where(c, instance) + e.what()});
  }
}

// A job with its begin and end.
Status handle_whole(const Context& c, Piece& job, Solvers& solvers) {
  c.sink.begin(job.number);
  const Status status = handle(c, job, solvers);
  c.sink.end(job.number);
  return status;
}

// A chunk of a batch: its jobs, and what each handed over and returned.
struct Chunk {
  explicit Chunk(std::size_t size) : jobs(size), results(size), statuses(size) {}
  std::vector<Piece> jobs;
  std::vector<detail::Recorder> results;
  std::vector<Status> statuses;
  std::size_t count = 0;
};

// The batch on several threads, a chunk at a time, the results in input
// order. The workers take the jobs of one chunk in turn while this thread
// hands over the results of the chunk before and reads the next: reading and
// writing between chunks left the workers idle (sudoku17.txt, --unique:
// 2 threads were 1.44 times as fast as one). `read`: the first jobs, already read.
Status run_parallel(const Context& c, Input& input, std::vector<Solvers>& workers, std::vector<Piece> read) {
  const std::size_t threads = workers.size();
  const std::size_t size = std::min<std::size_t>(256 * threads, 16384);  // -j 1024: 2 x 16,384 jobs, not 2 x 262,144
  std::array<Chunk, 2> chunks{Chunk(size), Chunk(size)};
  Status status = Status::found;
  bool more = true;
  const auto fill = [&](Chunk& chunk) {
    for (Piece& job : read) chunk.jobs[chunk.count++] = std::move(job);
    read.clear();
    while (more && chunk.count < size && !c.interrupt.load() && (more = read_piece(input, chunk.jobs[chunk.count])))
      ++chunk.count;
  };
  const auto write = [&](Chunk& chunk) {
    for (std::size_t k = 0; k < chunk.count; ++k) {
      c.sink.begin(chunk.jobs[k].number);
      chunk.results[k].replay(c.sink);
      c.sink.end(chunk.jobs[k].number);
      status = worse(status, chunk.statuses[k]);
      chunk.jobs[k] = Piece{};
    }
    chunk.count = 0;
  };
  fill(chunks[0]);
  std::size_t now = 0;
  for (; chunks[now].count > 0; now ^= 1) {
    Chunk& solving = chunks[now];
    in_parallel(
        solving.count, threads,
        [&](std::size_t k, std::size_t t) {
          const Context mine{c.spec, c.reduction, c.interrupt, solving.results[k]};
          solving.statuses[k] = handle(mine, solving.jobs[k], workers[t]);
        },
        [&] {
          write(chunks[now ^ 1]);
          fill(chunks[now ^ 1]);
        });
  }
  write(chunks[now ^ 1]);
  return status;
}

}  // namespace

Session::Session(const Reduction& reduction, RunSpec spec) : impl_(std::make_unique<Impl>(reduction, std::move(spec))) {}
Session::~Session() = default;

const Reduction& Session::reduction() const { return impl_->reduction; }
const RunSpec& Session::spec() const { return impl_->spec; }
std::size_t Session::instances() const { return impl_->read; }
std::span<dlx::Progress> Session::progress() { return impl_->published; }

dlx::Statistics Session::statistics() const {
  dlx::Statistics total;
  for (const Solvers& w : impl_->workers) total += w.total();
  for (std::size_t r = 1; r < impl_->ranks.size(); ++r) total += impl_->ranks[r];  // rank 0's own are the workers'
  return total;
}

std::vector<std::string> Session::variants() const { return impl_->workers[0].variants(); }

Status Session::run(const Instance& instance, Sink& sink, const std::atomic<bool>& interrupt) {
  Context c{impl_->spec, impl_->reduction, interrupt, sink};
  const Task task = impl_->spec.task;
  if (impl_->workers.size() > 1 && task != Task::emit && task != Task::split) c.team = &impl_->workers;
  Piece job;
  job.number = 1;
  job.instance = &instance;
  return handle_whole(c, job, impl_->workers[0]);
}

Status Session::run(InstanceReader& reader, Sink& sink, const std::atomic<bool>& interrupt, Cluster* cluster) {
  Impl& s = *impl_;
  const RunSpec& spec = s.spec;
  const Context c{spec, s.reduction, interrupt, sink, nullptr, nullptr, &s.ranks};
  Input input{reader, s.read};
  const std::size_t threads = s.workers.size();
  Piece first, second;
  // Knuth's format and a list of parts have no way to put two problems in one stream.
  const bool alone = spec.task == Task::emit || spec.task == Task::split || !spec.resume.empty() || cluster;
  const bool have_first = (alone || threads > 1) && read_piece(input, first);
  const bool have_second = have_first && read_piece(input, second);
  if (have_first && !have_second) {
    // One instance: all threads search it together (emit and split hand over its one problem).
    Context together = c;
    together.cluster = cluster;
    if (spec.task != Task::emit && spec.task != Task::split && (threads > 1 || !spec.resume.empty() || cluster))
      together.team = &s.workers;
    return handle_whole(together, first, s.workers[0]);
  }
  if (alone) {
    if (!have_second) return Status::found;
    const std::string what = cluster ? "a count under mpirun"
                              : !spec.resume.empty() ? "count --resume"
                              : spec.task == Task::emit ? "emit"
                                                        : "split";
    sink.failed({"bad_request", spec.source + ": " + (second.instance ? "line " + std::to_string(second.instance->line) + ": " : "") +
                                    what + " takes one problem, and the input holds more than one instance"});
    return Status::error;
  }
  if (threads > 1) {
    std::vector<Piece> read;
    if (have_second) {
      read.push_back(std::move(first));
      read.push_back(std::move(second));
    }
    return run_parallel(c, input, s.workers, std::move(read));
  }
  Status status = Status::found;
  Piece job;  // one at a time, so that answers stream out as puzzles come in
  while (!interrupt.load() && read_piece(input, job)) {
    status = worse(status, handle_whole(c, job, s.workers[0]));
    job = Piece{};
  }
  return status;
}

}  // namespace dance
