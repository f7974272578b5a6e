// Hooks that propagate (Hook::propagate): the engine takes out what they
// name at a node and puts it back on backing up. An oracle that knows every
// solution (brute force) removes the options in none that extends the
// partial solution: a rule known to keep every solution, so the engine must
// find exactly the brute-force solutions, with every algorithm, in parts and
// by a team, and in fewer nodes. An oracle that also removes one option of a
// solution must be caught by the same comparison.
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <set>
#include <memory>

#include "dlx/solver.hpp"
#include "dlx/team.hpp"
#include "random_problem.hpp"

using namespace dlx;
using dance::test::brute_force;
using dance::test::padded;
using dance::test::random_problem;

namespace {

using Solutions = std::set<std::vector<OptionId>>;

class Oracle final : public Hook {
 public:
  // `wrong`: an option taken out even where a solution holds it (none: sound).
  Oracle(std::shared_ptr<const Solutions> solutions, std::size_t options, std::optional<OptionId> wrong = std::nullopt)
      : solutions_(std::move(solutions)), options_(options), wrong_(wrong) {}
  bool choose(OptionId option, const Remaining&) override {
    chosen_.push_back(option);
    return true;
  }
  void unchoose(OptionId option) override {
    REQUIRE(chosen_.back() == option);  // the reverse order of choose()
    chosen_.pop_back();
  }
  [[nodiscard]] bool propagates() const override { return true; }
  bool propagate(const Remaining&, Pruner& pruner) override {
    std::vector<bool> useful(options_, false);
    for (const auto& solution : *solutions_) {
      const bool extends = std::all_of(chosen_.begin(), chosen_.end(), [&solution](OptionId o) {
        return std::binary_search(solution.begin(), solution.end(), o);
      });
      if (extends)
        for (const OptionId o : solution) useful[o] = true;
    }
    for (OptionId o = 0; o < options_; ++o)
      if (!useful[o] || wrong_ == o) pruner.remove(o);
    ++calls;
    return true;
  }
  [[nodiscard]] std::unique_ptr<Hook> clone() const override {
    return std::make_unique<Oracle>(solutions_, options_, wrong_);
  }
  std::uint64_t calls = 0;

 private:
  std::shared_ptr<const Solutions> solutions_;
  std::size_t options_;
  std::optional<OptionId> wrong_;
  std::vector<OptionId> chosen_;
};

Solutions all_solutions(Solver& solver, std::size_t options) {
  Solutions found;
  while (solver.next() == Outcome::solution) {
    std::vector<OptionId> s;
    for (const OptionId o : solver.solution())
      if (o < options) s.push_back(o);  // not the padding's
    std::sort(s.begin(), s.end());
    REQUIRE(found.insert(s).second);
  }
  return found;
}

}  // namespace

TEST_CASE("a sound propagating hook keeps exactly the brute-force solutions, in fewer nodes, with X, C and M") {
  std::mt19937_64 rng(20261126);
  const dance::test::RandomShape shapes[] = {{false, false, false}, {true, false, false}, {true, true, false},
                                             {false, false, true}, {true, true, true}};
  std::uint64_t nodes_plain = 0, nodes_pruned = 0, removals = 0;
  int with_solutions = 0;
  for (const auto& shape : shapes) {
    for (int round = 0; round < 120; ++round) {
      const Problem p = random_problem(rng, shape);
      const auto expected = std::make_shared<const Solutions>(brute_force(p));
      INFO("round " << round);
      Solver plain(p);
      REQUIRE(all_solutions(plain, p.option_count()) == *expected);
      Oracle oracle(expected, p.option_count());
      Solver pruned(p, static_cast<std::uint64_t>(round % 3));
      pruned.set_hook(&oracle);
      REQUIRE(all_solutions(pruned, p.option_count()) == *expected);
      REQUIRE(oracle.calls > 0);
      nodes_plain += plain.statistics().nodes;
      nodes_pruned += pruned.statistics().nodes;
      removals += pruned.statistics().removals;
      with_solutions += !expected->empty();
    }
  }
  CHECK(with_solutions > 100);
  CHECK(removals > 0);
  CHECK(nodes_pruned < nodes_plain);
}

TEST_CASE("a sound propagating hook beside the engine's own rules (the ring, from 600 primary items)") {
  std::mt19937_64 rng(20261127);
  std::uint64_t removals = 0;
  for (int round = 0; round < 100; ++round) {
    const Problem small = random_problem(rng, {round % 2 == 1, false, false});
    const Problem large = padded(small, 600);
    const auto expected = std::make_shared<const Solutions>(brute_force(small));
    // The padding's options are in every solution: the oracle keeps them.
    std::vector<std::vector<OptionId>> whole;
    for (const auto& s : *expected) {
      whole.push_back(s);
      for (OptionId o = static_cast<OptionId>(small.option_count()); o < large.option_count(); ++o) whole.back().push_back(o);
    }
    Oracle large_oracle(std::make_shared<const Solutions>(whole.begin(), whole.end()), large.option_count());
    Solver solver(large);
    solver.set_hook(&large_oracle);
    INFO("round " << round);
    REQUIRE(solver.variant().find("ring") != std::string::npos);
    REQUIRE(all_solutions(solver, small.option_count()) == *expected);
    REQUIRE(large_oracle.calls > 0);
    removals += solver.statistics().removals;
  }
  CHECK(removals > 0);
}

TEST_CASE("a propagating hook: a team of two and the parts of a split count the same") {
  std::mt19937_64 rng(20261128);
  for (int round = 0; round < 60; ++round) {
    const Problem p = random_problem(rng, {true, round % 3 != 0, round % 2 == 0});
    const auto expected = std::make_shared<const Solutions>(brute_force(p));
    INFO("round " << round);
    Oracle first(expected, p.option_count());
    Solver a(p), b(p, 7);
    a.set_hook(&first);
    const auto second = first.clone();
    b.set_hook(second.get());
    Team team({&a, &b});
    std::uint64_t found = 0;
    REQUIRE(team.count(found) == Outcome::exhausted);
    REQUIRE(found == expected->size());

    Oracle cutter_hook(expected, p.option_count()), part_hook(expected, p.option_count());
    Solver cutter(p), part_solver(p);
    cutter.set_hook(&cutter_hook);
    part_solver.set_hook(&part_hook);
    std::uint64_t in_parts = 0;
    while (cutter.split(2) == Outcome::solution) {
      if (!part_solver.enter(cutter.subproblem())) continue;
      const std::uint64_t before = part_solver.statistics().solutions;
      part_solver.count();
      in_parts += part_solver.statistics().solutions - before;
    }
    REQUIRE(in_parts == expected->size());
  }
}

TEST_CASE("a propagating hook that takes out an option of a solution is caught by the brute-force comparison") {
  std::mt19937_64 rng(20261129);
  int caught = 0;
  for (int round = 0; round < 100; ++round) {
    const Problem p = random_problem(rng, {true, true, round % 2 == 0});
    const auto expected = std::make_shared<const Solutions>(brute_force(p));
    if (expected->empty()) continue;
    if (expected->begin()->empty()) continue;
    const OptionId in_a_solution = expected->begin()->front();
    Oracle wrong(expected, p.option_count(), in_a_solution);
    Solver solver(p);
    solver.set_hook(&wrong);
    const auto found = all_solutions(solver, p.option_count());
    CHECK(found != *expected);  // the solutions holding that option are lost
    CHECK(std::none_of(found.begin(), found.end(), [in_a_solution](const std::vector<OptionId>& s) {
      return std::binary_search(s.begin(), s.end(), in_a_solution);
    }));
    ++caught;
  }
  CHECK(caught > 30);
}

TEST_CASE("Luby's sequence") {
  const std::uint64_t expected[] = {1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 16, 1};
  for (std::uint64_t k = 1; k <= std::size(expected); ++k) CHECK(luby(k) == expected[k - 1]);
}

TEST_CASE("restarts: a first solution when there is one, none proven when there is none, the same twice from a seed") {
  std::mt19937_64 rng(20261130);
  int solved = 0, proven_none = 0;
  for (int round = 0; round < 300; ++round) {
    const dance::test::RandomShape shape{round % 2 == 0, round % 3 == 0, round % 5 == 0};
    const Problem p = random_problem(rng, shape);
    const auto expected = brute_force(p);
    INFO("round " << round);
    std::vector<OptionId> first_answer;
    for (int twice = 0; twice < 2; ++twice) {
      Solver solver(p, 3);
      // A unit of one node: many restarts on these small problems; Luby's budgets, or doubling ones on odd rounds.
      const auto budgets = round % 2 == 0 ? Solver::Budgets::luby : Solver::Budgets::doubling;
      const Outcome outcome = solver.restarting(1, 1000 + static_cast<std::uint64_t>(round),
                                                [](Solver& s) { return s.next(); }, {}, budgets);
      if (expected.empty()) {
        REQUIRE(outcome == Outcome::exhausted);
        continue;
      }
      REQUIRE(outcome == Outcome::solution);
      std::vector<OptionId> s(solver.solution().begin(), solver.solution().end());
      std::sort(s.begin(), s.end());
      REQUIRE(expected.count(s) == 1);
      if (twice == 0) first_answer = s;
      else REQUIRE(s == first_answer);
    }
    expected.empty() ? ++proven_none : ++solved;
  }
  CHECK(solved > 50);
  CHECK(proven_none > 20);
}

TEST_CASE("restarts keep the assumptions and forbidden options, and a node limit over all runs") {
  std::mt19937_64 rng(20261131);
  int checked = 0;
  for (int round = 0; round < 200; ++round) {
    const Problem p = random_problem(rng, {true, true, false});
    const auto all = brute_force(p);
    if (all.empty()) continue;
    const OptionId kept = all.begin()->front();
    const OptionId forbidden = static_cast<OptionId>(rng() % p.option_count());
    if (forbidden == kept) continue;
    std::set<std::vector<OptionId>> expected;
    for (const auto& s : all)
      if (std::binary_search(s.begin(), s.end(), kept) && !std::binary_search(s.begin(), s.end(), forbidden)) expected.insert(s);
    Solver solver(p);
    REQUIRE(solver.assume(kept));
    (void)solver.forbid(forbidden);
    const Outcome outcome = solver.next_restarting(1, 7);
    INFO("round " << round);
    if (expected.empty()) {
      REQUIRE(outcome == Outcome::exhausted);
    } else {
      REQUIRE(outcome == Outcome::solution);
      std::vector<OptionId> s(solver.solution().begin(), solver.solution().end());
      std::sort(s.begin(), s.end());
      REQUIRE(expected.count(s) == 1);
    }
    REQUIRE(solver.assumptions().size() == 1);
    ++checked;
  }
  CHECK(checked > 50);
  // A node limit holds over all the runs: a 20x20 queens problem stops at it.
  dlx::ProblemBuilder b;
  const int n = 20;
  for (int k = 0; k < 2 * n; ++k) b.add_primary("q" + std::to_string(k));
  for (int d = 0; d < 4 * n - 2; ++d) b.add_secondary("d" + std::to_string(d));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      b.add_option(std::vector<Entry>{{ItemId(r)}, {ItemId(n + c)}, {ItemId(2 * n + r + c)}, {ItemId(2 * n + 2 * n - 1 + r - c + n - 1)}});
  Solver queens(b.build());
  queens.set_limits(Limits{5, 0});
  CHECK(queens.next_restarting(1, 1) == Outcome::node_limit);
  CHECK(queens.statistics().nodes <= 6);
}
