// The searches of puzzle types (dance/puzzle_searches.hpp) on the driver's
// solvers: one place for a generator's assumptions, orders, budgets and restarts.
#include <algorithm>
#include <map>
#include <memory>
#include <vector>

#include "dance/generate.hpp"
#include "solvers.hpp"

namespace dance {
namespace {

class DriverSearches final : public PuzzleSearches {
 public:
  explicit DriverSearches(RunSpec::Engine engine) : solvers_(0, nullptr, engine) {}

  PuzzleReply ask(const PuzzleQuery& q) override {
    PuzzleReply reply;
    dlx::Solver& solver = ready(q, q.slot);
    for (std::size_t k = solver.assumptions().size(); k < q.assumed.size(); ++k)
      if (!solver.assume(q.assumed[k])) return done(q, solver, reply);  // clashing assumptions: no solution
    for (const dlx::OptionId o : q.forbidden)  // one out already stays out, unless assumed: then nothing is left
      if (!solver.forbid(o) && std::ranges::find(q.assumed, o) != q.assumed.end()) return done(q, solver, reply);
    const auto budget = [&q](std::uint64_t used) {  // the nodes a run may take after `used` (0: no end)
      const std::uint64_t left = q.most == 0 ? 0 : q.most > used ? q.most - used : 1;
      return q.budget == 0 || used > 0 ? left : left == 0 ? q.budget : std::min(q.budget, left);
    };
    const auto search = [&](dlx::Solver& s) {
      const dlx::Statistics before = s.statistics();
      dlx::Outcome outcome;
      if (q.visit) {
        while ((outcome = s.next()) == dlx::Outcome::solution && q.visit(s.solution())) {}
      } else {
        outcome = s.count(q.limit);
      }
      reply.solutions += s.statistics().solutions - before.solutions;
      reply.nodes += s.statistics().nodes - before.nodes;
      return outcome;
    };
    limit(solver, budget(0), q.interrupt);
    reply.outcome = search(solver);
    const bool worked_out = q.most != 0 && reply.nodes >= q.most;
    if (reply.outcome == dlx::Outcome::node_limit && q.restart_unit != 0 && !worked_out) {
      // On the next slot, so that this one keeps its order and assumptions.
      dlx::Solver& restarting = ready(q, q.slot + 1, q.restart_seed);
      for (const dlx::OptionId o : q.assumed) (void)restarting.assume(o);
      for (const dlx::OptionId o : q.forbidden) (void)restarting.forbid(o);
      limit(restarting, budget(reply.nodes), q.interrupt);
      reply.outcome = restarting.restarting(q.restart_unit, q.restart_seed, search, q.first, dlx::Solver::Budgets::doubling);
      restarting.retract();
      orders_.erase(&restarting);  // reseeded by each run
    }
    return done(q, solver, reply);
  }

  [[nodiscard]] std::uint64_t nodes() const override { return nodes_; }

 private:
  // A solver's order: the seed and the options first (Solver::reseed).
  struct Order {
    std::uint64_t seed;
    std::vector<dlx::OptionId> first;
  };
  detail::Solvers solvers_;
  std::map<const dlx::Solver*, Order> orders_;  // of the solvers whose order is known
  std::uint64_t nodes_ = 0;  // of every question: asked after each (the attempt's work), so not summed over the solvers

  // The slot's solver in the question's order (`seed`), its assumptions
  // kept as far as the question's begin with them.
  dlx::Solver& ready(const PuzzleQuery& q, std::size_t slot, std::uint64_t seed_for_restarts = 0) {
    bool made = false;
    dlx::Solver& solver = solvers_.for_problem(q.problem, q.heuristics, slot, &made);
    if (made && q.hook) solver.set_hook(q.hook);
    const std::uint64_t seed = slot == q.slot ? q.seed : seed_for_restarts;
    const auto order = orders_.find(&solver);
    const bool same = !made && order != orders_.end() && order->second.seed == seed &&
                      std::ranges::equal(order->second.first, q.first);
    if (!same) {
      solver.retract();
      if (!made || seed != 0 || !q.first.empty()) solver.reseed(seed, q.first);  // a new solver is in seed 0's order
      orders_[&solver] = Order{seed, {q.first.begin(), q.first.end()}};
      return solver;
    }
    const auto assumed = solver.assumptions();
    std::size_t keep = 0;
    while (keep < assumed.size() && keep < q.assumed.size() && assumed[keep] == q.assumed[keep]) ++keep;
    solver.retract(keep);  // and the forbidden options, and any search in progress
    return solver;
  }

  static void limit(dlx::Solver& solver, std::uint64_t nodes, const std::atomic<bool>* interrupt) {
    dlx::Limits limits = solver.limits();
    limits.nodes = nodes == 0 ? 0 : solver.statistics().nodes + nodes;
    limits.interrupt = interrupt;
    solver.set_limits(limits);
  }

  // A question with a hook had its solver to itself: it goes with the hook.
  PuzzleReply done(const PuzzleQuery& q, const dlx::Solver& solver, const PuzzleReply& reply) {
    nodes_ += reply.nodes;
    if (q.hook) {
      orders_.erase(&solver);
      solvers_.retire(q.problem);
    }
    return reply;
  }
};

}  // namespace

std::shared_ptr<PuzzleSearches> puzzle_searches(const RunSpec::Engine& engine) {
  return std::make_shared<DriverSearches>(engine);
}

std::unique_ptr<PuzzleType> puzzle_type(const Reduction& reduction, const ModelOptions& options,
                                        const RunSpec::Engine& engine) {
  std::unique_ptr<PuzzleType> type = reduction.puzzle_type(options);
  if (type) type->set_searches(puzzle_searches(engine));
  return type;
}

}  // namespace dance
