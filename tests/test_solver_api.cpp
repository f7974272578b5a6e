#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>

#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"
#include "dlx/team.hpp"
#include "random_problem.hpp"
#include "xcc/xcc.hpp"
#include "helpers.hpp"

using namespace dlx;
using dance::test::xcc_problem;

namespace {

std::uint64_t count_all(Solver& solver) {
  const auto before = solver.statistics().solutions;
  REQUIRE(solver.count() == Outcome::exhausted);
  return solver.statistics().solutions - before;
}

// The option of `p` whose items are exactly `names`, in order.
OptionId option_named(const Problem& p, const std::vector<std::string>& names) {
  for (OptionId o = 0; o < p.option_count(); ++o) {
    const auto entries = p.option(o);
    if (entries.size() != names.size()) continue;
    bool same = true;
    for (std::size_t k = 0; k < names.size(); ++k) same = same && p.items()[entries[k].item].name == names[k];
    if (same) return o;
  }
  FAIL("no such option");
  return 0;
}
}  // namespace

TEST_CASE("multiplicities beyond an item's options, up to 2^32 - 1, mean no limit or never enough") {
  const auto count_of = [](const std::string& text) {
    std::istringstream in(text);
    Solver solver(read_knuth(in).problem);
    return count_all(solver);
  };
  // These overflowed 32-bit counts: a crash, and a search that never ended.
  CHECK(count_of("1:4000000000|A\nA\n") == 1);
  CHECK(count_of("3000000000:4000000000|A\nA\n") == 0);
  // B once, A at least twice: AB with either A or both.
  CHECK(count_of("2:4294967295|A B\nA\nA\nA B\n") == 3);
  CHECK(count_of("0:4294967295|A B\nA\nA\nA B\n") == 4);
  CHECK(count_of("4:4294967295|A B\nA\nA\nA B\n") == 0);
}

TEST_CASE("counts are the same for every seed") {
  const std::pair<const char*, std::uint64_t> cases[] = {
      {"queens8.dlx", 92}, {"langford8.dlx", 300}, {"debruijn4.dlx", 16}, {"rowcol2_5.dlx", 2040}};
  for (const auto& [file, count] : cases) {
    const Problem p = xcc_problem(file);
    for (std::uint64_t seed : {0, 1, 2, 99, 123456789}) {
      INFO(file << " seed " << seed);
      Solver solver(p, seed);
      CHECK(count_all(solver) == count);
    }
  }
}

TEST_CASE("the same seed gives the same run, another seed another first solution") {
  const Problem p = xcc_problem("queens8.dlx");
  Solver a(p, 5), b(p, 5), c(p, 6);
  REQUIRE(a.next() == Outcome::solution);
  REQUIRE(b.next() == Outcome::solution);
  REQUIRE(c.next() == Outcome::solution);
  CHECK(std::vector<OptionId>(a.solution().begin(), a.solution().end()) ==
        std::vector<OptionId>(b.solution().begin(), b.solution().end()));
  CHECK(a.statistics().nodes == b.statistics().nodes);
  CHECK(std::vector<OptionId>(a.solution().begin(), a.solution().end()) !=
        std::vector<OptionId>(c.solution().begin(), c.solution().end()));
}

TEST_CASE("reseed(s) runs as a solver made with seed s") {
  const Problem p = xcc_problem("queens8.dlx");
  Solver reseeded(p, 3);
  REQUIRE(reseeded.next() == Outcome::solution);  // a search in progress is abandoned
  for (std::uint64_t seed : {0, 5, 6, 77}) {
    reseeded.reseed(seed);
    Solver fresh(p, seed);
    for (int k = 0; k < 5; ++k) {
      INFO("seed " << seed << " solution " << k);
      REQUIRE(reseeded.next() == Outcome::solution);
      REQUIRE(fresh.next() == Outcome::solution);
      CHECK(std::vector<OptionId>(reseeded.solution().begin(), reseeded.solution().end()) ==
            std::vector<OptionId>(fresh.solution().begin(), fresh.solution().end()));
    }
    reseeded.reset();
    CHECK(count_all(reseeded) == 92);
  }
  REQUIRE(reseeded.assume(0));
  CHECK_THROWS_AS(reseeded.reseed(1), std::logic_error);
}

TEST_CASE("prefer() puts a known solution first, in any seed's order, and changes no count") {
  const Problem p = xcc_problem("queens8.dlx");
  const auto sorted = [](std::span<const OptionId> options) {
    std::vector<OptionId> v(options.begin(), options.end());
    std::sort(v.begin(), v.end());
    return v;
  };
  Solver all(p);
  std::vector<std::vector<OptionId>> solutions;
  while (all.next() == Outcome::solution) solutions.push_back(sorted(all.solution()));
  REQUIRE(solutions.size() == 92);
  Solver solver(p);
  for (const std::uint64_t seed : {0, 7}) {
    solver.reseed(seed);
    for (const std::size_t k : {91, 45, 1}) {
      INFO("seed " << seed << " solution " << k);
      solver.prefer(solutions[k]);
      REQUIRE(solver.next() == Outcome::solution);
      CHECK(sorted(solver.solution()) == solutions[k]);
      solver.reset();
      CHECK(count_all(solver) == 92);
      // reseed(seed, first) is reseed(seed) then prefer(first), in one linking.
      Solver both(p);
      both.reseed(seed, solutions[k]);
      solver.reset();
      for (int n = 0; n < 5; ++n) {
        REQUIRE(both.next() == Outcome::solution);
        REQUIRE(solver.next() == Outcome::solution);
        CHECK(std::vector<OptionId>(both.solution().begin(), both.solution().end()) ==
              std::vector<OptionId>(solver.solution().begin(), solver.solution().end()));
      }
      solver.reset();
    }
  }
  REQUIRE(solver.assume(solutions[0][0]));
  CHECK_THROWS_AS(solver.prefer(solutions[0]), std::logic_error);
  solver.retract();
  const std::vector<OptionId> none{static_cast<OptionId>(p.option_count())};
  CHECK_THROWS_AS(solver.prefer(none), std::out_of_range);
  CHECK_THROWS_AS(solver.reseed(1, none), std::out_of_range);
}

namespace {
// An instance of each algorithm (X, C, M) with its full, uninterrupted run.
struct Reference {
  Problem problem;
  std::uint64_t solutions;
  std::uint64_t nodes;
};
std::vector<Reference> references() {
  std::vector<Reference> all;
  for (const char* file : {"queens8.dlx", "debruijn4.dlx", "rowcol2_4.dlx"}) {
    Problem p = xcc_problem(file);
    SolverOptions plain;
    plain.memo = Switch::off;  // the search loop's figures: a search under a node limit counts without the memo
    Solver whole(p, 0, plain);
    const auto solutions = count_all(whole);
    all.push_back({std::move(p), solutions, whole.statistics().nodes});
  }
  return all;
}
}  // namespace

TEST_CASE("a search stopped every few nodes and resumed reaches the same count") {
  for (const Reference& ref : references()) {
    INFO(ref.problem.items()[0].name);
    Solver solver(ref.problem);
    int stops = 0;
    for (;;) {
      solver.set_limits(Limits{solver.statistics().nodes + 7, 0, nullptr});
      const Outcome outcome = solver.count();
      if (outcome == Outcome::exhausted) break;
      REQUIRE(outcome == Outcome::node_limit);
      CHECK(solver.statistics().nodes == solver.limits().nodes);
      ++stops;
    }
    CHECK(stops > 10);
    CHECK(solver.statistics().solutions == ref.solutions);
    CHECK(solver.statistics().nodes == ref.nodes);
  }
}

TEST_CASE("reset() after a stop anywhere leaves the matrix as it was") {
  for (const Reference& ref : references()) {
    INFO(ref.problem.items()[0].name);
    Solver solver(ref.problem);
    for (std::uint64_t stop_at = 1; stop_at < ref.nodes; stop_at += 5) {
      solver.set_limits(Limits{solver.statistics().nodes + stop_at, 0, nullptr});
      REQUIRE(solver.count() == Outcome::node_limit);
      solver.reset();
    }
    solver.set_limits(Limits{});
    CHECK(count_all(solver) == ref.solutions);
  }
}

TEST_CASE("next() one at a time, interleaved with limits, gives every solution once") {
  const Problem p = xcc_problem("queens8.dlx");
  Solver solver(p);
  std::set<std::vector<OptionId>> found;
  std::uint64_t budget = 0;
  for (;;) {
    budget += 13;
    solver.set_limits(Limits{budget, 0, nullptr});
    const Outcome outcome = solver.next();
    if (outcome == Outcome::exhausted) break;
    if (outcome == Outcome::node_limit) continue;
    REQUIRE(outcome == Outcome::solution);
    REQUIRE_FALSE(dance::xcc::check_cover(p, solver.solution()));
    std::vector<OptionId> s(solver.solution().begin(), solver.solution().end());
    std::sort(s.begin(), s.end());
    CHECK(found.insert(s).second);
  }
  CHECK(found.size() == 92);
}

TEST_CASE("count(limit) stops after that many and can go on") {
  const Problem p = xcc_problem("queens8.dlx");
  Solver solver(p);
  CHECK(solver.count(2) == Outcome::solution_limit);
  CHECK(solver.statistics().solutions == 2);
  CHECK(solver.count(2) == Outcome::solution_limit);
  CHECK(solver.statistics().solutions == 4);
  CHECK(solver.count() == Outcome::exhausted);
  CHECK(solver.statistics().solutions == 92);
  CHECK(solver.count() == Outcome::exhausted);  // nothing more to find
  CHECK(solver.statistics().solutions == 92);
  solver.reset();
  CHECK(count_all(solver) == 92);
}

TEST_CASE("a search run out describes no levels and gives none away, though it stops before undoing them") {
  const Problem p = xcc_problem("queens8.dlx");
  Solver solver(p);
  const OptionId corner = option_named(p, {"r0", "c0", "b7"});
  REQUIRE(solver.assume(corner));
  CHECK(count_all(solver) == 4);
  const Subproblem part = solver.subproblem();
  CHECK(part.assumed == std::vector<OptionId>{corner});
  CHECK(part.forbidden.empty());
  std::vector<Subproblem> given;
  CHECK(solver.donate(given) == 0);
  CHECK(given.empty());
  CHECK(count_all(solver) == 0);  // nothing more to find
  solver.retract(1);              // the levels left standing are undone, the assumption kept
  CHECK(count_all(solver) == 4);
}

TEST_CASE("assumptions force options, clash, and are undone") {
  const Problem p = xcc_problem("queens8.dlx");
  Solver solver(p);
  const OptionId corner = option_named(p, {"r0", "c0", "b7"});
  const OptionId same_row = option_named(p, {"r0", "c1", "a1", "b8"});
  const OptionId next_row = option_named(p, {"r1", "c4", "a5", "ba"});  // 0,4,7,5,2,6,1,3
  REQUIRE(solver.assume(corner));
  CHECK(count_all(solver) == 4);  // queens solutions with a queen in a corner square
  CHECK_FALSE(solver.assume(same_row));
  CHECK(solver.assumptions().size() == 1);
  REQUIRE(solver.assume(next_row));
  REQUIRE(solver.next() == Outcome::solution);
  CHECK(solver.solution()[0] == corner);
  CHECK(solver.solution()[1] == next_row);
  CHECK_FALSE(dance::xcc::check_cover(p, solver.solution()));
  solver.retract();
  CHECK(solver.assumptions().empty());
  CHECK(count_all(solver) == 92);
  // one matrix, many puzzles: the same solver again after retracting
  REQUIRE(solver.assume(corner));
  CHECK(count_all(solver) == 4);
  solver.retract();
  CHECK(count_all(solver) == 92);
}

namespace {
// Rejects every option whose id is in `banned`, and checks that it is told
// of choices and un-choices in stack order.
class BanHook final : public Hook {
 public:
  explicit BanHook(std::vector<bool> banned) : banned_(std::move(banned)) {}
  bool choose(OptionId option, const Remaining&) override {
    stack_.push_back(option);
    return !banned_[option];
  }
  void unchoose(OptionId option) override {
    REQUIRE_FALSE(stack_.empty());
    REQUIRE(stack_.back() == option);
    stack_.pop_back();
  }
  [[nodiscard]] std::unique_ptr<Hook> clone() const override { return std::make_unique<BanHook>(banned_); }
  [[nodiscard]] std::size_t depth() const { return stack_.size(); }

 private:
  std::vector<bool> banned_;
  std::vector<OptionId> stack_;
};
}  // namespace

namespace {
// Checks, at every choice, that Remaining lists for each primary item exactly
// the options that contain it and share no item with an option chosen so far
// (plain exact cover, where nothing else hides an option).
class RemainingHook final : public Hook {
 public:
  explicit RemainingHook(const Problem& p) : p_(p) {}
  bool choose(OptionId option, const Remaining& remaining) override {
    stack_.push_back(option);
    std::vector<bool> used(p_.items().size(), false);
    for (const OptionId o : stack_)
      for (const Entry& e : p_.option(o)) used[e.item] = true;
    std::vector<OptionId> listed;
    for (ItemId i = 0; i < p_.primary_count(); ++i) {
      remaining.options(i, listed);
      std::vector<OptionId> expected;
      if (!used[i])
        for (OptionId o = 0; o < p_.option_count(); ++o) {
          const auto entries = p_.option(o);
          if (std::any_of(entries.begin(), entries.end(), [i](const Entry& e) { return e.item == i; }) &&
              std::none_of(entries.begin(), entries.end(), [&used](const Entry& e) { return used[e.item]; }))
            expected.push_back(o);
        }
      std::sort(listed.begin(), listed.end());
      REQUIRE(listed == expected);
      REQUIRE(remaining.count(i) == expected.size());
      ++checks;
    }
    return true;
  }
  void unchoose(OptionId) override { stack_.pop_back(); }
  [[nodiscard]] std::unique_ptr<Hook> clone() const override { return std::make_unique<RemainingHook>(p_); }
  int checks = 0;

 private:
  const Problem& p_;
  std::vector<OptionId> stack_;
};
}  // namespace

TEST_CASE("a hook sees exactly the options that remain") {
  std::mt19937_64 rng(5);
  int checks = 0;
  for (int round = 0; round < 100; ++round) {
    const Problem p = dance::test::random_problem(rng, dance::test::RandomShape{false, false, false});
    RemainingHook hook(p);
    Solver solver(p);
    solver.set_hook(&hook);
    solver.count();
    checks += hook.checks;
  }
  CHECK(checks > 100);
}

TEST_CASE("a hook that rejects options leads to the right count") {
  std::mt19937_64 rng(42);
  int checked = 0;
  for (int round = 0; round < 600; ++round) {
    // even rounds plain exact cover (Algorithm X), odd rounds anything
    const Problem p = dance::test::random_problem(
        rng, round % 2 == 0 ? dance::test::RandomShape{true, false, false} : dance::test::RandomShape{});
    std::vector<bool> banned(p.option_count());
    for (std::size_t o = 0; o < banned.size(); ++o) banned[o] = rng() % 3 == 0;
    const auto all = dance::test::brute_force(p);
    const auto allowed = static_cast<std::uint64_t>(std::count_if(all.begin(), all.end(), [&](const auto& s) {
      return std::none_of(s.begin(), s.end(), [&](OptionId o) { return banned[o]; });
    }));
    BanHook hook(banned);
    Solver solver(p);
    solver.set_hook(&hook);
    INFO("round " << round);
    CHECK(count_all(solver) == allowed);
    CHECK(hook.depth() == 0);
    checked += allowed != all.size();
  }
  CHECK(checked > 40);  // the hook really changed some counts
}

namespace {
// Allows at most `most` options: once that many are chosen, no choice at the
// node can help, which consider() says with skip_rest.
class AtMostHook final : public Hook {
 public:
  explicit AtMostHook(std::size_t most) : most_(most) {}
  Verdict consider(OptionId, const Remaining&) override { return chosen_ < most_ ? Verdict::take : Verdict::skip_rest; }
  bool choose(OptionId, const Remaining&) override { return ++chosen_, true; }
  void unchoose(OptionId) override { --chosen_; }
  [[nodiscard]] std::unique_ptr<Hook> clone() const override { return std::make_unique<AtMostHook>(most_); }

 private:
  std::size_t most_, chosen_ = 0;
};
}  // namespace

TEST_CASE("a hook's skip_rest ends the node and keeps the count right") {
  std::mt19937_64 rng(77);
  int checked = 0;
  for (int round = 0; round < 400; ++round) {
    // Not Algorithm M: there skip_rest also skips "use it no more", which can finish a solution without an option.
    const Problem p = dance::test::random_problem(rng, dance::test::RandomShape{true, round % 2 == 1, false});
    const std::size_t most = 1 + rng() % 3;
    const auto all = dance::test::brute_force(p);
    const auto small = static_cast<std::uint64_t>(
        std::count_if(all.begin(), all.end(), [most](const auto& s) { return s.size() <= most; }));
    AtMostHook hook(most);
    Solver solver(p);
    solver.set_hook(&hook);
    INFO("round " << round);
    CHECK(count_all(solver) == small);
    checked += small != all.size();
  }
  CHECK(checked > 40);  // the bound really cut some solutions off
}

namespace {
// Checks that consider() sees the lower bound of item `item` that the test last set.
class LowerBoundHook final : public Hook {
 public:
  LowerBoundHook(ItemId item, const std::uint32_t& expected) : item_(item), expected_(expected) {}
  Verdict consider(OptionId, const Remaining& remaining) override {
    ++checks;
    CHECK(remaining.lower_bound(item_) == expected_);
    return Verdict::take;
  }
  bool choose(OptionId, const Remaining&) override { return true; }
  void unchoose(OptionId) override {}
  [[nodiscard]] std::unique_ptr<Hook> clone() const override { return std::make_unique<LowerBoundHook>(item_, expected_); }
  int checks = 0;

 private:
  ItemId item_;
  const std::uint32_t& expected_;
};
}  // namespace

TEST_CASE("raise_lower_bound() between solutions: one search ends at the solution that uses an item most, as brute force says") {
  std::mt19937_64 rng(58);
  int raised = 0;
  for (int round = 0; round < 600; ++round) {
    const Problem p = dance::test::random_problem(rng, dance::test::RandomShape{true, round % 2 == 1, true});
    if (!p.uses_multiplicities()) continue;
    ItemId item = 0;
    while (item < p.primary_count() && p.items()[item].lo == p.items()[item].hi) ++item;
    if (item == p.primary_count()) continue;
    const std::uint32_t hi = p.items()[item].hi;
    const auto uses = [&](std::span<const OptionId> solution) {
      std::uint32_t n = 0;
      for (const OptionId o : solution)
        for (const Entry& e : p.option(o)) n += e.item == item;
      return n;
    };
    const auto all = dance::test::brute_force(p);
    std::optional<std::uint32_t> most;
    for (const auto& s : all) most = std::max(most.value_or(0), uses(s));
    std::uint32_t lo = p.items()[item].lo;
    LowerBoundHook hook(item, lo);
    SolverOptions options;  // a third of the rounds with backjumping: what it learns must hold as lo rises
    if (round % 3 == 0) options.learning = Switch::on;
    Solver solver(p, 0, options);
    solver.set_hook(&hook);
    std::optional<std::uint32_t> last;
    INFO("round " << round << " item " << item << " lo " << lo << " hi " << hi);
    while (solver.next() == Outcome::solution) {
      const std::uint32_t used = uses(solver.solution());
      CHECK(used >= lo);
      std::vector<OptionId> sorted(solver.solution().begin(), solver.solution().end());
      std::sort(sorted.begin(), sorted.end());
      CHECK(all.count(sorted) == 1);
      last = used;
      if (used >= hi) break;
      lo = used + 1;
      solver.raise_lower_bound(item, lo);
      ++raised;
    }
    CHECK(last == most);
    // A reset puts the problem's lower bound back: every solution again.
    solver.reset();
    lo = p.items()[item].lo;
    CHECK(count_all(solver) == all.size());
  }
  CHECK(raised > 100);
}

TEST_CASE("an interrupt flag and a time limit stop the search") {
  const Problem p = xcc_problem("pentomino6x10.dlx");
  std::atomic<bool> stop{true};
  Solver solver(p);
  solver.set_limits(Limits{0, 0, &stop});
  CHECK(solver.count() == Outcome::interrupted);
  stop = false;
  solver.set_limits(Limits{0, 0.05, &stop});
  CHECK(solver.count() == Outcome::time_limit);
  CHECK(solver.statistics().seconds >= 0.05);
  CHECK(solver.statistics().solutions < 9356);
}

TEST_CASE("visit() sees each solution and can stop early") {
  const Problem p = xcc_problem("queens8.dlx");
  Solver solver(p);
  int seen = 0;
  CHECK(solver.visit([&](std::span<const OptionId> s) {
    CHECK(s.size() == 8);
    return ++seen < 10;
  }) == Outcome::solution_limit);
  CHECK(seen == 10);
}

namespace {
// Items a, b, p, z and c tie with two options each. Choosing {b p}
// leaves z one option, {z w t}, and that leaves u and v one each, {u c}
// and {v c}, which clash: a dead end two moves down, so a probe (from 2048
// items) takes b, whose solutions start {b q}. (No item's options all hold
// another item, and u and v have three options each, w and t being
// secondary, so neither the subset rule nor the pair rule changes anything.) The tightest is p (its
// options hold b and z, two options each), whose first option is {p z}.
// The first tied item is a, with {a x}. `coloured` adds a colour: Algorithm C.
Problem tie_problem(std::size_t primaries, bool coloured) {
  ProblemBuilder b;
  const std::size_t named = 10;
  for (const char* name : {"a", "b", "p", "z", "v", "x", "y", "q", "u", "c"}) b.add_primary(name);
  for (std::size_t k = named; k < primaries; ++k) b.add_primary("f" + std::to_string(k));
  for (const char* name : {"s", "w", "t"}) b.add_secondary(name);
  for (std::size_t k = named; k < primaries; ++k) b.add_secondary("g" + std::to_string(k));
  b.add_option({"a", "x"});
  b.add_option({"a", "y"});
  b.add_option({"p", "z"});
  b.add_option({"b", "p"});
  b.add_option({"b", "q"});
  b.add_option({"z", "w", "t"});
  for (const char* clash : {"u", "v"})
    for (const char* other : {"w", "t", "c"}) b.add_option({clash, other});
  for (const char* name : {"x", "y", "q", "q"}) b.add_option({name});
  for (const char* name : {"x", "x", "y", "y"}) b.add_option({name});
  for (std::size_t k = named; k < primaries; ++k) {  // g_k keeps the siblings from sharing (no ring without)
    const std::string f = "f" + std::to_string(k), g = "g" + std::to_string(k);
    b.add_option({f});
    b.add_option({f});
    b.add_option({f, g});
  }
  if (coloured) b.add_option({"f" + std::to_string(named), "s:red"});
  return b.build();
}

// The first option of the first solution: the root's choice on its path.
OptionId first_choice(const Problem& p) {
  Solver solver(p);
  REQUIRE(solver.next() == Outcome::solution);
  return solver.solution().front();
}
}  // namespace

TEST_CASE("from 512 primary items a tie for the fewest options goes to the tightest item") {
  for (const bool coloured : {false, true}) {
    const Problem large = tie_problem(512, coloured);
    CHECK(first_choice(large) == option_named(large, {"p", "z"}));
    const Problem small = tie_problem(511, coloured);  // below 512: the first tied item, a
    CHECK(first_choice(small) == option_named(small, {"a", "x"}));
  }
}

namespace {
// The named primary items and options, made large by `padding` items with
// an option each; c_j and w_j (two ways each) keep the options from
// sharing items enough for Algorithm X to keep covers between siblings
// (no ring then). Its solutions are 32 times those of the named part.
Problem padded_problem(std::initializer_list<const char*> items,
                       std::initializer_list<std::initializer_list<std::string_view>> options, std::size_t padding) {
  ProblemBuilder b;
  for (const char* name : items) b.add_primary(name);
  for (int j = 0; j < 5; ++j) {
    b.add_primary("c" + std::to_string(j));
    b.add_primary("w" + std::to_string(j));
  }
  for (const auto& option : options) b.add_option(option);
  for (int j = 0; j < 5; ++j) {
    const std::string c = "c" + std::to_string(j), w = "w" + std::to_string(j);
    b.add_option({c});
    b.add_option({c, w});
    b.add_option({w});
  }
  return dance::test::padded(b.build(), padding);
}
}  // namespace

// Both options of k hold b, so {b y} can be in no solution: with 512
// primary items or more the search takes it out before branching, so y is
// forced.
TEST_CASE("from 512 primary items the subset rule takes out an option that cannot be used") {
  for (const std::size_t padding : {0, 600}) {
    const Problem p = padded_problem({"k", "b", "y", "x1", "x2"},
                                     {{"k", "b", "x1"}, {"k", "b", "x2"}, {"b", "y"}, {"y"}, {"x1"}, {"x2"}}, padding);
    SolverOptions plain;
    plain.memo = Switch::off;  // the search loop's rules, not the memo's count
    Solver solver(p, 0, plain);
    CHECK(solver.count() == Outcome::exhausted);
    CHECK(solver.statistics().solutions == 2 * 32);  // {k b x1} {y} {x2} or {k b x2} {y} {x1}
    CHECK(solver.statistics().removals == (padding > 0 ? 1 : 0));
  }
}

// k and m have two options each, one holding c and one holding d, so
// between them they cover c and d: {c z} and {d z} can be in no solution
// (in a sudoku: a naked or hidden pair, an X-wing). With 2048 primary
// items or more both go before the search branches.
TEST_CASE("from 2048 primary items the pair rule takes out the options two items leave no room for") {
  for (const std::size_t padding : {0, 600, 2100}) {
    const Problem p = padded_problem({"k", "m", "c", "d", "z", "x1", "x2", "y1", "y2"},
                                     {{"k", "c", "x1"}, {"k", "d", "x2"}, {"m", "c", "y1"}, {"m", "d", "y2"},
                                      {"c", "z"}, {"d", "z"}, {"z"}, {"x1"}, {"x2"}, {"y1"}, {"y2"}},
                                     padding);
    SolverOptions plain;
    plain.memo = Switch::off;  // the search loop's rules, not the memo's count
    Solver solver(p, 0, plain);
    CHECK(solver.count() == Outcome::exhausted);
    CHECK(solver.statistics().solutions == 2 * 32);  // {k c x1} {m d y2} or {k d x2} {m c y1}
    CHECK(solver.statistics().removals == (padding > 2048 ? 2 : 0));  // the subset rule finds nothing here
  }
}

TEST_CASE("from 2048 primary items plain X gives a tie to the item a probe finds forced") {
  const Problem large = tie_problem(2048, false);
  CHECK(first_choice(large) == option_named(large, {"b", "q"}));
  const Problem fewer = tie_problem(2047, false);  // below 2048: the tightest
  CHECK(first_choice(fewer) == option_named(fewer, {"p", "z"}));
  const Problem coloured = tie_problem(2048, true);  // Algorithm C does not probe
  CHECK(first_choice(coloured) == option_named(coloured, {"p", "z"}));
}

namespace {
// Puts a random few of the item's options first, in a random order, at every
// node where Algorithm M asks (Hook::order).
class ShuffleHook final : public Hook {
 public:
  explicit ShuffleHook(std::uint64_t seed) : seed_(seed), rng_(seed) {}
  bool choose(OptionId, const Remaining&) override { return ++depth_, true; }
  void unchoose(OptionId) override { --depth_; }
  [[nodiscard]] bool orders() const override { return true; }
  void order(ItemId item, const Remaining& remaining, std::vector<OptionId>& first) override {
    ++calls;
    remaining.options(item, list_);
    std::shuffle(list_.begin(), list_.end(), rng_);
    first.assign(list_.begin(), list_.begin() + static_cast<std::ptrdiff_t>(rng_() % (list_.size() + 1)));
    if (rng_() % 4 == 0) first.push_back(static_cast<OptionId>(rng_() % 64));  // one not in the list: passed over
  }
  [[nodiscard]] std::unique_ptr<Hook> clone() const override { return std::make_unique<ShuffleHook>(seed_ + 1); }
  [[nodiscard]] std::size_t depth() const { return depth_; }
  std::uint64_t calls = 0;

 private:
  std::uint64_t seed_;
  std::mt19937_64 rng_;
  std::vector<OptionId> list_;
  std::size_t depth_ = 0;
};
}  // namespace

TEST_CASE("a hook that orders a node's options (Algorithm M) keeps every count and the lists whole, on one thread and two") {
  std::mt19937_64 rng(5858);
  std::uint64_t ordered = 0;
  for (int round = 0; round < 400; ++round) {
    const Problem p = dance::test::random_problem(rng, dance::test::RandomShape{round % 2 == 0, round % 4 == 1, true});
    const auto solutions = static_cast<std::uint64_t>(dance::test::brute_force(p).size());
    ShuffleHook hook(static_cast<std::uint64_t>(round));
    Solver solver(p);
    solver.set_hook(&hook);
    INFO("round " << round);
    CHECK(count_all(solver) == solutions);
    solver.reset();
    CHECK(count_all(solver) == solutions);  // the lists as they were: the same count again
    CHECK(hook.depth() == 0);
    ordered += hook.calls;
    // Two workers, the second taking the first's untried choices (donate).
    auto shared = std::make_shared<const Problem>(p);
    Solver a(shared), b(shared);
    ShuffleHook ha(1), hb(2);
    a.set_hook(&ha);
    b.set_hook(&hb);
    Team team({&a, &b});
    std::uint64_t found = 0;
    REQUIRE(team.count(found) == Outcome::exhausted);
    CHECK(found == solutions);
  }
  CHECK(ordered > 1000);  // the engine asked
}
