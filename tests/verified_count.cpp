#include "verified_count.hpp"

#include <catch2/catch.hpp>

#include "dlx/solver.hpp"
#include "dlx/team.hpp"

namespace dance::test {

namespace {

// A solver readied for the encoding: its hook (or `hook`, a clone), its
// assumptions. It retracts them when it goes, so that the hook is told and
// serves the next solver in the state of nothing chosen.
struct Retracting {
  void operator()(dlx::Solver* solver) const {
    solver->retract();
    delete solver;
  }
};
using Readied = std::unique_ptr<dlx::Solver, Retracting>;
Readied readied(const Encoding& encoding, dlx::Hook* hook) {
  Readied solver(new dlx::Solver(encoding.problem));
  solver->set_hook(hook);
  for (const dlx::OptionId o : encoding.assumptions) REQUIRE(solver->assume(o));
  return solver;
}

// The count of a team of two workers, as -j 2 searches.
// Its first worker has the encoding's hook, searched once already: a hook is
// back in the state of nothing chosen when the search is over.
std::uint64_t count_by_team(const Encoding& encoding) {
  const std::unique_ptr<dlx::Hook> second_hook = encoding.hook ? encoding.hook->clone() : nullptr;
  const auto first = readied(encoding, encoding.hook.get()), second = readied(encoding, second_hook.get());
  dlx::Team team({first.get(), second.get()});
  std::uint64_t found = 0;
  REQUIRE(team.count(found) == dlx::Outcome::exhausted);
  return found;
}

// The count part by part, as split and count --resume search: the parts two
// levels down, each entered by a solver of its own and counted.
std::uint64_t count_by_parts(const Encoding& encoding) {
  const auto splitter = readied(encoding, encoding.hook.get());
  std::vector<dlx::Subproblem> parts;
  while (splitter->split(2) == dlx::Outcome::solution) parts.push_back(splitter->subproblem());
  const std::unique_ptr<dlx::Hook> hook = encoding.hook ? encoding.hook->clone() : nullptr;
  dlx::Solver solver(encoding.problem);
  solver.set_hook(hook.get());
  for (const dlx::Subproblem& part : parts)
    if (solver.enter(part)) REQUIRE(solver.count() == dlx::Outcome::exhausted);
  solver.retract();
  return solver.statistics().solutions;
}

// The answer of a solution, REQUIREd to pass the reduction's verify().
std::unique_ptr<Answer> verified_answer(const Reduction& reduction, const Instance& instance, const Encoding& encoding,
                                        std::span<const dlx::OptionId> solution) {
  auto answer = reduction.decode(instance, encoding, solution);
  const auto wrong = reduction.verify(instance, *answer);
  INFO(wrong.value_or(""));
  REQUIRE(!wrong);
  return answer;
}

}  // namespace

std::unique_ptr<Answer> first_answer(const Reduction& reduction, const Instance& instance) {
  const Encoding encoding = reduction.encode(instance);
  REQUIRE_FALSE(encoding.contradiction);
  const auto solver = readied(encoding, encoding.hook.get());
  REQUIRE(solver->next() == dlx::Outcome::solution);
  return verified_answer(reduction, instance, encoding, solver->solution());
}

std::uint64_t count_verified(const Reduction& reduction, const Instance& instance, std::uint64_t limit) {
  Encoding encoding = reduction.encode(instance);
  if (encoding.contradiction) return 0;
  std::uint64_t count = 0;
  {
    const auto solver = readied(encoding, encoding.hook.get());
    solver->visit([&](std::span<const dlx::OptionId> solution) {
      (void)verified_answer(reduction, instance, encoding, solution);
      return ++count != limit;
    });
  }
  if (limit == 0) {  // every solution: the same number by a team and part by part
    CHECK(count_by_team(encoding) == count);
    CHECK(count_by_parts(encoding) == count);
  }
  return count;
}

Optimum optimise(const Reduction& reduction, std::unique_ptr<Instance> first) {
  REQUIRE(reduction.optimises(*first));
  Optimum best;
  for (std::unique_ptr<Instance> step = std::move(first); step;) {
    Encoding encoding = reduction.encode(*step);
    dlx::Solver solver(encoding.problem);
    solver.set_hook(encoding.hook.get());
    std::unique_ptr<Answer> answer;
    if (solver.next() == dlx::Outcome::solution) answer = verified_answer(reduction, *step, encoding, solver.solution());
    auto next = reduction.next_step(*step, answer.get());
    if (answer) best = {std::move(step), std::move(answer)};
    step = std::move(next);
  }
  return best;
}

}  // namespace dance::test
