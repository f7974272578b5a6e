#include "verified_count.hpp"

#include <catch2/catch.hpp>

#include "dlx/solver.hpp"

namespace dance::test {

std::uint64_t count_verified(const Reduction& reduction, const Instance& instance, std::uint64_t limit) {
  Encoding encoding = reduction.encode(instance);
  dlx::Solver solver(encoding.problem);
  solver.set_hook(encoding.hook.get());
  for (const dlx::OptionId o : encoding.assumptions) REQUIRE(solver.assume(o));
  std::uint64_t count = 0;
  solver.visit([&](std::span<const dlx::OptionId> solution) {
    const auto answer = reduction.decode(instance, solution);
    const auto wrong = reduction.verify(instance, *answer);
    INFO(wrong.value_or(""));
    REQUIRE(!wrong);
    return ++count != limit;
  });
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
    if (solver.next() == dlx::Outcome::solution) {
      answer = reduction.decode(*step, solver.solution());
      const auto wrong = reduction.verify(*step, *answer);
      INFO(wrong.value_or(""));
      REQUIRE(!wrong);
    }
    auto next = reduction.next_step(*step, answer.get());
    if (answer) best = {std::move(step), std::move(answer)};
    step = std::move(next);
  }
  return best;
}

}  // namespace dance::test
