// Conflict-directed backjumping (SolverOptions::learning, dlx/src/learning.hpp):
// the same solutions as brute force on random problems of every algorithm
// (X, with secondary items, C, M, M with colours), counted and listed, first
// solutions, under assumptions and forbidden options, with a hook that
// refuses and removes options and explains why; larger random problems
// against the plain search (the learned nogoods reused); and a hook whose
// reason leaves out a cause makes the search miss solutions, so reasons are used.
#include <catch2/catch.hpp>
#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <vector>

#include "../dlx/src/nogoods.hpp"  // the store, tested on its own too
#include "dlx/solver.hpp"
#include "random_problem.hpp"

using namespace dlx;
using dance::test::brute_force;
using dance::test::random_problem;

namespace {

Solver learning_solver(const Problem& p, std::uint64_t seed = 0) {
  SolverOptions options;
  options.learning = Switch::on;
  options.memo = Switch::off;  // the search loop's count
  return Solver(p, seed, options);
}

std::set<std::vector<OptionId>> every_solution(Solver& solver) {
  std::set<std::vector<OptionId>> found;
  while (solver.next() == Outcome::solution) {
    std::vector<OptionId> s(solver.solution().begin(), solver.solution().end());
    std::sort(s.begin(), s.end());
    found.insert(s);
  }
  return found;
}

// Options that may not be chosen together, in pairs: the hook refuses the
// second of a pair, removes (propagates) the partner of a chosen option, and
// explains a refusal by the pair and a removal by the partner chosen, or not
// at all; `lie` leaves the chosen partner out of the reason, which is wrong.
class PairHook : public Hook {
 public:
  PairHook(std::vector<std::pair<OptionId, OptionId>> pairs, bool propagating, bool explaining, bool lie = false)
      : pairs_(std::move(pairs)), propagating_(propagating), explaining_(explaining), lie_(lie) {}
  bool choose(OptionId option, const Remaining&) override {
    chosen_.push_back(option);
    for (const auto& [a, b] : pairs_) {
      const OptionId partner = a == option ? b : b == option ? a : option;
      if (partner != option && std::find(chosen_.begin(), chosen_.end() - 1, partner) != chosen_.end() - 1) {
        refused_ = {option, partner};
        return false;
      }
    }
    return true;
  }
  void unchoose(OptionId option) override {
    if (!chosen_.empty() && chosen_.back() == option) chosen_.pop_back();
  }
  [[nodiscard]] bool propagates() const override { return propagating_; }
  bool propagate(const Remaining&, Pruner& pruner) override {
    for (const OptionId o : chosen_)
      for (const auto& [a, b] : pairs_) {
        if (a == o) pruner.remove(b);
        if (b == o) pruner.remove(a);
      }
    return true;
  }
  bool explain(Reason& reason) override {
    if (!explaining_) return false;
    reason.chosen(refused_.first);
    if (!lie_) reason.chosen(refused_.second);
    return true;
  }
  bool explain_removal(OptionId removed, Reason& reason) override {
    if (!explaining_) return false;
    if (lie_) return true;  // no cause at all
    for (const auto& [a, b] : pairs_) {
      const OptionId partner = a == removed ? b : b == removed ? a : removed;
      if (partner != removed && std::find(chosen_.begin(), chosen_.end(), partner) != chosen_.end()) {
        reason.chosen(partner);
        return true;
      }
    }
    return false;
  }
  [[nodiscard]] std::unique_ptr<Hook> clone() const override {
    return std::make_unique<PairHook>(pairs_, propagating_, explaining_, lie_);
  }
  // Whether a solution holds no pair.
  [[nodiscard]] bool allows(const std::vector<OptionId>& solution) const {
    for (const auto& [a, b] : pairs_)
      if (std::count(solution.begin(), solution.end(), a) && std::count(solution.begin(), solution.end(), b))
        return false;
    return true;
  }

 private:
  std::vector<std::pair<OptionId, OptionId>> pairs_;
  bool propagating_, explaining_, lie_;
  std::vector<OptionId> chosen_;
  std::pair<OptionId, OptionId> refused_{};
};

// Three pairs of distinct options of a problem of `options` options, drawn at random.
std::vector<std::pair<OptionId, OptionId>> random_pairs(std::mt19937_64& rng, std::size_t options) {
  std::vector<std::pair<OptionId, OptionId>> pairs;
  std::uniform_int_distribution<OptionId> option(0, static_cast<OptionId>(options - 1));
  for (int k = 0; k < 3; ++k) pairs.emplace_back(option(rng), option(rng));
  std::erase_if(pairs, [](const auto& pair) { return pair.first == pair.second; });
  return pairs;
}

}  // namespace

TEST_CASE("learning: the solutions brute force finds, on random problems of every algorithm") {
  std::mt19937_64 rng(55);
  std::uint64_t backjumps = 0;
  for (const auto& shape : dance::test::every_algorithm) {
    for (int round = 0; round < 400; ++round) {
      const Problem p = random_problem(rng, shape);
      const auto expected = brute_force(p);
      INFO("shape " << shape.secondary << shape.colours << shape.multiplicities << ", round " << round);
      Solver solver = learning_solver(p, static_cast<std::uint64_t>(round % 3));
      REQUIRE(every_solution(solver) == expected);
      Solver counter = learning_solver(p, 1 + static_cast<std::uint64_t>(round));
      REQUIRE(counter.count() == Outcome::exhausted);
      REQUIRE(counter.statistics().solutions == expected.size());
      Solver first = learning_solver(p);
      REQUIRE((first.next() == Outcome::solution) == !expected.empty());
      backjumps += solver.statistics().backjumps + counter.statistics().backjumps + first.statistics().backjumps;
      // Under an assumption and a forbidden option.
      if (p.option_count() >= 2) {
        Solver under = learning_solver(p);
        const bool assumed = under.assume(0), forbidden = under.forbid(1);
        std::size_t wanted = 0;
        for (const auto& s : expected)
          wanted += (!assumed || std::count(s.begin(), s.end(), 0)) && (!forbidden || !std::count(s.begin(), s.end(), 1));
        REQUIRE(under.count() == Outcome::exhausted);
        CHECK(under.statistics().solutions == wanted);
      }
    }
  }
  CHECK(backjumps > 200);  // the search did jump (267 with these seeds)
}

TEST_CASE("learning: a hook that refuses, removes and explains keeps the solutions it allows") {
  std::mt19937_64 rng(5555);
  std::uint64_t backjumps = 0;
  for (const auto& shape : dance::test::every_algorithm) {
    for (int round = 0; round < 300; ++round) {
      const Problem p = random_problem(rng, shape);
      if (p.option_count() < 2) continue;
      const auto pairs = random_pairs(rng, p.option_count());
      for (const bool propagating : {false, true})
        for (const bool explaining : {false, true}) {
          PairHook hook(pairs, propagating, explaining);
          std::size_t wanted = 0;
          for (const auto& s : brute_force(p)) wanted += hook.allows(s);
          INFO("shape " << shape.secondary << shape.colours << shape.multiplicities << ", round " << round << ", propagating " << propagating << ", explaining " << explaining);
          Solver solver = learning_solver(p);
          solver.set_hook(&hook);
          REQUIRE(solver.count() == Outcome::exhausted);
          REQUIRE(solver.statistics().solutions == wanted);
          backjumps += solver.statistics().backjumps;
        }
    }
  }
  CHECK(backjumps > 100);
}

TEST_CASE("learning: a reason that leaves out a cause loses solutions (the reasons are used)") {
  const bool propagating = GENERATE(false, true);  // a refusal's reason, or a removal's
  std::mt19937_64 rng(55555);
  int lost = 0;
  for (int round = 0; round < 2000 && lost == 0; ++round) {
    const Problem p = random_problem(rng, dance::test::every_algorithm[0]);
    if (p.option_count() < 2) continue;
    const auto pairs = random_pairs(rng, p.option_count());
    PairHook liar(pairs, propagating, true, true);
    std::size_t wanted = 0;
    for (const auto& s : brute_force(p)) wanted += liar.allows(s);
    Solver solver = learning_solver(p);
    solver.set_hook(&liar);
    REQUIRE(solver.count() == Outcome::exhausted);
    lost += solver.statistics().solutions < wanted;
  }
  CHECK(lost > 0);
}

TEST_CASE("learning: larger random problems with multiplicities and a hook count and decide as the plain search") {
  // Too large for brute force (up to 50 options), so against the search without learning: the
  // learned nogoods are reused across many subtrees here, where a wrong one shows.
  std::uint64_t learned = 0;
  for (std::uint64_t seed = 0; seed < 600; ++seed) {
    std::mt19937_64 rng(seed);
    ProblemBuilder b;
    const int items = 4 + static_cast<int>(rng() % 8), options = 10 + static_cast<int>(rng() % 40);
    const bool multiplicities = seed % 2 == 1;
    for (int i = 0; i < items; ++i) {
      std::uint32_t lo = 1, hi = 1;
      if (multiplicities) {
        lo = static_cast<std::uint32_t>(rng() % 3);
        hi = std::max<std::uint32_t>(1, lo + static_cast<std::uint32_t>(rng() % 2));
      }
      b.add_primary("i" + std::to_string(i), lo, hi);
    }
    std::vector<ItemId> all(static_cast<std::size_t>(items));
    std::iota(all.begin(), all.end(), 0);
    for (int o = 0; o < options; ++o) {
      const std::size_t size = 1 + rng() % 3;
      std::iota(all.begin(), all.end(), 0);
      std::shuffle(all.begin(), all.end(), rng);
      std::vector<Entry> entries;
      for (std::size_t k = 0; k < size; ++k) entries.push_back(Entry{all[k]});
      b.add_option(entries);
    }
    const Problem p = b.build();
    std::vector<std::pair<OptionId, OptionId>> pairs;
    for (int k = 0; k < 6; ++k) pairs.emplace_back(static_cast<OptionId>(rng() % options), static_cast<OptionId>(rng() % options));
    std::erase_if(pairs, [](const auto& pair) { return pair.first == pair.second; });
    // kept: SolverOptions::nogoods_kept; 4 forgets half at every few dead ends.
    const auto run = [&](Switch learning, bool count, std::size_t kept = SolverOptions{}.nogoods_kept) {
      PairHook hook(pairs, seed % 3 == 0, seed % 4 < 2);  // explaining, or every level
      SolverOptions heuristics;
      heuristics.learning = learning;
      heuristics.memo = Switch::off;
      heuristics.nogoods_kept = kept;
      Solver solver(p, seed, heuristics);
      solver.set_hook(&hook);
      const Outcome outcome = count ? solver.count() : solver.next();
      learned += solver.statistics().learned;
      return std::pair{outcome, solver.statistics().solutions};
    };
    INFO("seed " << seed);
    CHECK(run(Switch::on, true) == run(Switch::off, true));
    CHECK(run(Switch::on, false) == run(Switch::off, false));
    CHECK(run(Switch::on, true, 4) == run(Switch::off, true));
  }
  CHECK(learned > 200);  // nogoods were learned (259 with these seeds), and used
}

// The store's reduction (dlx/src/nogoods.hpp): past its bound the worse half
// goes, those used since the last reduction kept first, then those spanning
// fewest blocks of decisions, then the shorter. Whether a nogood is kept is
// seen from outside: with all but one of its options chosen, it takes out the last.
namespace {

// Whether `ng` holds `options` as a nogood: choosing all but the last takes the last out.
bool holds_nogood(Nogoods& ng, std::vector<OptionId> options) {
  const OptionId last = options.back();
  options.pop_back();
  bool took_last = false;
  for (const OptionId o : options) {
    ng.chosen(o, true);
    (void)ng.propagate(o);
    took_last = took_last || std::find(ng.to_remove.begin(), ng.to_remove.end(), last) != ng.to_remove.end();
  }
  ng.nothing_chosen();
  return took_last;
}

}  // namespace

TEST_CASE("learning: the store's reduction keeps the nogoods used lately, then those of fewest blocks") {
  SECTION("used lately beats fewer blocks and fewer options") {
    Nogoods ng(10, 2);
    ng.add(std::vector<OptionId>{0, 1}, 1);
    ng.add(std::vector<OptionId>{2, 3, 4}, 3);
    CHECK(holds_nogood(ng, {2, 3, 4}));  // used: it took 4 out
    ng.add(std::vector<OptionId>{5, 6}, 1);  // the bound: half of the first two goes
    CHECK(ng.count() == 2);
    CHECK(holds_nogood(ng, {2, 3, 4}));
    CHECK_FALSE(holds_nogood(ng, {0, 1}));
    CHECK(holds_nogood(ng, {5, 6}));
  }
  SECTION("unused: fewer blocks beats fewer options") {
    Nogoods ng(10, 2);
    ng.add(std::vector<OptionId>{0, 1}, 2);
    ng.add(std::vector<OptionId>{2, 3, 4}, 1);
    ng.add(std::vector<OptionId>{5, 6}, 1);
    CHECK(holds_nogood(ng, {2, 3, 4}));
    CHECK_FALSE(holds_nogood(ng, {0, 1}));
  }
  SECTION("the kept are used no more after a reduction") {
    Nogoods ng(10, 2);
    ng.add(std::vector<OptionId>{0, 1}, 1);
    ng.add(std::vector<OptionId>{2, 3, 4}, 3);
    CHECK(holds_nogood(ng, {2, 3, 4}));
    ng.add(std::vector<OptionId>{5, 6}, 1);  // keeps {2, 3, 4}, no longer marked used
    ng.add(std::vector<OptionId>{7, 8}, 1);  // {2, 3, 4} and {5, 6} unused: {5, 6} spans fewer blocks
    CHECK_FALSE(holds_nogood(ng, {2, 3, 4}));
    CHECK(holds_nogood(ng, {5, 6}));
  }
}

// SolverOptions::nogoods_per_option bounds the store by the problem's
// options: a random problem with multiplicities and a hook, counted with one
// nogood an option, learns more than twice as many, keeps at most one an
// option, and counts as the search without learning.
TEST_CASE("learning: the store keeps at most nogoods_per_option an option") {
  ProblemBuilder b;
  std::mt19937_64 rng(5);
  for (int i = 0; i < 12; ++i) b.add_primary("i" + std::to_string(i), 2, 2);
  for (int o = 0; o < 60; ++o) {
    std::vector<ItemId> all(12);
    std::iota(all.begin(), all.end(), 0);
    std::shuffle(all.begin(), all.end(), rng);
    b.add_option(std::vector<Entry>{Entry{all[0]}, Entry{all[1]}, Entry{all[2]}});
  }
  const Problem p = b.build();
  const auto run = [&](Switch learning, std::size_t per_option) {
    SolverOptions heuristics;
    heuristics.learning = learning;
    heuristics.memo = Switch::off;
    heuristics.nogoods_per_option = per_option;
    Solver solver(p, 0, heuristics);
    PairHook hook({{0, 1}, {2, 3}}, true, true);
    solver.set_hook(&hook);
    CHECK(solver.count() == Outcome::exhausted);
    return solver.statistics();
  };
  const Statistics plain = run(Switch::off, 64);
  const Statistics few = run(Switch::on, 1);
  CHECK(few.solutions == plain.solutions);
  CHECK(few.learned > 2 * p.option_count());  // enough learned to be bounded
  CHECK(few.nogoods <= p.option_count());
}
