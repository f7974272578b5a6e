#include <catch2/catch.hpp>

#include "dlx/solver.hpp"
#include "random_problem.hpp"
#include "sudoku/sudoku.hpp"
#include "xcc/xcc.hpp"

using namespace dlx;
using dance::test::brute_force;
using dance::test::padded;
using dance::test::random_problem;

namespace {
std::set<std::vector<OptionId>> all_solutions(Solver& solver) {
  std::set<std::vector<OptionId>> found;
  while (solver.next() == Outcome::solution) {
    std::vector<OptionId> s(solver.solution().begin(), solver.solution().end());
    std::sort(s.begin(), s.end());
    REQUIRE(found.insert(s).second);  // never the same solution twice
  }
  return found;
}
}  // namespace

TEST_CASE("random small problems: the engine finds exactly the brute-force solutions") {
  std::mt19937_64 rng(20261122);
  int problems = 0, with_solutions = 0;
  for (const auto& shape : dance::test::every_algorithm) {
    for (int round = 0; round < 300; ++round) {
      const Problem p = random_problem(rng, shape);
      const auto expected = brute_force(p);
      Solver solver(p);
      const auto found = all_solutions(solver);
      INFO("round " << round);
      REQUIRE(found == expected);
      Solver counter(p, 1 + static_cast<std::uint64_t>(round));
      REQUIRE(counter.count() == Outcome::exhausted);
      REQUIRE(counter.statistics().solutions == expected.size());
      ++problems;
      with_solutions += !expected.empty();
    }
  }
  CHECK(problems == 1500);
  CHECK(with_solutions > 300);  // the cases are not all trivially empty
}

// More than 512 primary items: the engine keeps a ring of forced items
// and applies the subset rule; from 2048, the pair rule and probes too
// (solver.cpp, ring_from, pair_from, probe_from): the small problems above
// never use them.
TEST_CASE("random small problems padded to 600 and 2100 primary items: the same solutions") {
  std::mt19937_64 rng(20261123);
  int with_solutions = 0;
  std::uint64_t removals = 0;
  for (const int padding : {600, 2100}) {
    for (const bool secondary : {false, true}) {
      for (int round = 0; round < 100; ++round) {
        const Problem small = random_problem(rng, {secondary, false, false});
        const Problem large = padded(small, static_cast<std::size_t>(padding));
        REQUIRE(large.option_count() == small.option_count() + static_cast<std::size_t>(padding));
        const auto expected = brute_force(small);
        for (const std::uint64_t seed : {0, round + 1}) {
          Solver solver(large, seed);
          std::set<std::vector<OptionId>> found;
          while (solver.next() == Outcome::solution) {
            std::vector<OptionId> s;
            for (const OptionId o : solver.solution())
              if (o < small.option_count()) s.push_back(o);
            REQUIRE(solver.solution().size() == s.size() + padding);
            std::sort(s.begin(), s.end());
            found.insert(s);
          }
          INFO("padding " << padding << ", round " << round << ", seed " << seed);
          REQUIRE(found == expected);
          REQUIRE(solver.statistics().solutions == expected.size());
          removals += solver.statistics().removals;
        }
        with_solutions += !expected.empty();
      }
    }
  }
  CHECK(with_solutions > 80);
  CHECK(removals > 0);  // the rules had their say in these searches
}

// Sudoku with few clues is where the subset and pair rules take options
// out (locked candidates, naked and hidden pairs, X-wings), which the
// random problems above seldom give them: the counts must not change.
TEST_CASE("sudoku padded to 2100 primary items: the same counts as without") {
  std::mt19937_64 rng(20261125);
  std::uint64_t removals = 0;
  for (const char* box : {"2x2", "2x3"}) {
    const auto shape = *dance::sudoku::parse_box(box);
    const Problem plain = dance::sudoku::encode_shape(shape);
    const Problem large = padded(plain, 2100);
    Solver filler(plain, 1);
    for (int round = 0; round < 40; ++round) {
      // Clues from a random grid, or any random values (often clashing).
      filler.reseed(1 + static_cast<std::uint64_t>(round));
      REQUIRE(filler.next() == Outcome::solution);
      const std::vector<OptionId> grid(filler.solution().begin(), filler.solution().end());
      std::vector<OptionId> clues;
      const std::size_t count = 3 + rng() % 9;
      for (std::size_t k = 0; k < count; ++k)
        clues.push_back(round % 4 == 3 ? static_cast<OptionId>(rng() % plain.option_count()) : grid[rng() % grid.size()]);
      Solver reference(plain), solver(large, static_cast<std::uint64_t>(round % 2));
      for (const OptionId o : clues) REQUIRE(solver.assume(o) == reference.assume(o));
      reference.count();
      solver.count();
      INFO(box << " round " << round);
      REQUIRE(solver.statistics().solutions == reference.statistics().solutions);
      removals += solver.statistics().removals;
    }
  }
  CHECK(removals > 0);
}

TEST_CASE("random small problems: assuming an option counts the solutions that contain it") {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 200; ++round) {
    const Problem p = random_problem(rng, {});
    const auto expected = brute_force(p);
    Solver solver(p);
    for (OptionId o = 0; o < p.option_count(); ++o) {
      const auto containing = static_cast<std::uint64_t>(std::count_if(
          expected.begin(), expected.end(),
          [o](const auto& s) { return std::find(s.begin(), s.end(), o) != s.end(); }));
      const auto before = solver.statistics().solutions;
      if (solver.assume(o)) {
        CHECK(solver.count() == Outcome::exhausted);
        CHECK(solver.statistics().solutions - before == containing);
        solver.retract();
      } else {
        CHECK(containing == 0);
      }
    }
    const auto before = solver.statistics().solutions;
    solver.count();
    CHECK(solver.statistics().solutions - before == expected.size());
  }
}

TEST_CASE("random small problems: forbidding options counts the solutions without them") {
  std::mt19937_64 rng(11);
  const dance::test::RandomShape shapes[] = {{false, false, false}, {true, true, false}, {true, true, true}};
  for (const auto& shape : shapes) {
    for (int round = 0; round < 150; ++round) {
      const Problem p = random_problem(rng, shape);
      const auto expected = brute_force(p);
      Solver solver(p);
      // Assume option a (when it can be), then forbid b: the solutions with a and without b.
      const OptionId a = static_cast<OptionId>(rng() % p.option_count());
      const OptionId b = static_cast<OptionId>(rng() % p.option_count());
      const auto has = [](const std::vector<OptionId>& s, OptionId o) { return std::find(s.begin(), s.end(), o) != s.end(); };
      const bool assumed = solver.assume(a);
      const bool forbidden = solver.forbid(b);
      std::uint64_t wanted = 0;
      for (const auto& s : expected) wanted += (!assumed || has(s, a)) && (!forbidden || !has(s, b));
      INFO("round " << round << " a " << a << " b " << b << " assumed " << assumed << " forbidden " << forbidden);
      solver.count();
      CHECK(solver.statistics().solutions == wanted);
      // retract(1) undoes the forbid and keeps the assumption; retract() undoes both.
      solver.retract(1);
      CHECK(solver.assumptions().size() == (assumed ? 1u : 0u));
      const auto before = solver.statistics().solutions;
      solver.count();
      std::uint64_t with_a = 0;
      for (const auto& s : expected) with_a += !assumed || has(s, a);
      CHECK(solver.statistics().solutions - before == with_a);
      solver.retract();
      const auto again = solver.statistics().solutions;
      solver.count();
      CHECK(solver.statistics().solutions - again == expected.size());
    }
  }
}

TEST_CASE("random small problems: retract() after a search stopped anywhere restores every count") {
  // Puzzle after puzzle on one solver: assume, forbid, search a little,
  // retract. retract() copies the lists back when that is cheaper than
  // undoing (most rounds here), so each shape of problem goes through it.
  std::mt19937_64 rng(13);
  const dance::test::RandomShape shapes[] = {{false, false, false}, {true, true, false}, {true, true, true}};
  for (const auto& shape : shapes) {
    for (int round = 0; round < 100; ++round) {
      const Problem p = random_problem(rng, shape);
      const auto expected = brute_force(p);
      Solver solver(p, round % 3 == 0 ? 0 : static_cast<std::uint64_t>(round));
      for (int puzzle = 0; puzzle < 6; ++puzzle) {
        const OptionId a = static_cast<OptionId>(rng() % p.option_count());
        const OptionId b = static_cast<OptionId>(rng() % p.option_count());
        const bool assumed = solver.assume(a);
        if (puzzle % 2 == 1) (void)solver.forbid(b);
        solver.set_limits(Limits{solver.statistics().nodes + 1 + rng() % 8, 0, nullptr});
        (void)solver.count();
        solver.set_limits(Limits{});
        INFO("round " << round << " puzzle " << puzzle << " a " << a << " assumed " << assumed);
        solver.retract();
        CHECK(solver.assumptions().empty());
        const auto before = solver.statistics().solutions;
        CHECK(solver.count() == Outcome::exhausted);
        CHECK(solver.statistics().solutions - before == expected.size());
      }
    }
  }
}

TEST_CASE("random small problems: with_forced keeps exactly the solutions that contain the forced options") {
  std::mt19937_64 rng(13);
  const dance::test::RandomShape shapes[] = {{false, false, false}, {true, true, false}, {true, true, true}};
  int nonzero = 0;
  for (const auto& shape : shapes) {
    for (int round = 0; round < 200; ++round) {
      const Problem p = random_problem(rng, shape);
      const auto expected = brute_force(p);
      std::vector<OptionId> forced;
      const std::size_t how_many = 1 + rng() % 2;
      for (std::size_t k = 0; k < how_many; ++k) forced.push_back(static_cast<OptionId>(rng() % p.option_count()));
      if (forced.size() == 2 && forced[0] == forced[1]) forced.pop_back();
      std::uint64_t wanted = 0;
      for (const auto& s : expected)
        wanted += std::all_of(forced.begin(), forced.end(),
                              [&s](OptionId o) { return std::find(s.begin(), s.end(), o) != s.end(); });
      Solver solver(with_forced(p, forced));
      solver.count();
      INFO("round " << round);
      CHECK(solver.statistics().solutions == wanted);
      nonzero += wanted > 0;
    }
  }
  CHECK(nonzero > 50);
}

namespace {
// The same problem with each primary item deferred by a coin toss.
Problem with_deferred(const Problem& p, std::mt19937_64& rng) {
  ProblemBuilder b;
  for (const Item& item : p.items()) {
    if (!item.primary) {
      b.add_secondary(item.name);
      continue;
    }
    const ItemId id = b.add_primary(item.name, item.lo, item.hi);
    if (rng() % 2 == 0) b.defer(id);
  }
  for (std::size_t c = 1; c <= p.colour_count(); ++c) b.colour(p.colour_name(static_cast<ColourId>(c)));
  for (OptionId o = 0; o < p.option_count(); ++o) b.add_option(p.option(o));
  return b.build();
}
}  // namespace

TEST_CASE("random small problems: deferred items change the order of the search, not its solutions") {
  std::mt19937_64 rng(99);
  int deferred = 0;
  for (int round = 0; round < 500; ++round) {
    const Problem p = with_deferred(random_problem(rng, {}), rng);
    deferred += std::any_of(p.items().begin(), p.items().end(), [](const Item& i) { return i.deferred; });
    const Problem same = with_forced(p, {});
    for (ItemId i = 0; i < p.items().size(); ++i) REQUIRE(same.items()[i].deferred == p.items()[i].deferred);
    Solver solver(p);
    INFO("round " << round);
    REQUIRE(all_solutions(solver) == brute_force(p));
  }
  CHECK(deferred > 400);
}

TEST_CASE("a deferred item is branched on last, unless it is forced") {
  // "few" has two options, "many" three, "one" one; the first option chosen tells which item was branched on.
  const auto first_chosen = [](bool defer_few, bool with_one) {
    ProblemBuilder b;
    b.add_primary("few");
    b.add_primary("many");
    if (with_one) b.add_primary("one");
    b.add_secondary("s");
    if (defer_few) b.defer(0);
    for (const char* name : {"few", "few", "many", "many", "many"}) b.add_option({name});
    if (with_one) {
      b.add_option({"one"});
      b.defer(2);
    }
    CHECK_THROWS_AS(b.defer(with_one ? 3 : 2), BuildError);  // a secondary item
    Solver solver(b.build());
    REQUIRE(solver.next() == Outcome::solution);
    return solver.solution()[0];
  };
  CHECK(first_chosen(false, false) == 0);  // fewest options: "few"
  CHECK(first_chosen(true, false) == 2);   // "few" deferred: "many" first
  CHECK(first_chosen(true, true) == 5);    // "one" is forced: first, although deferred
}

TEST_CASE("a deferred item is branched on last among enough items for choose()'s array scan") {
  // 40 primary items: the minimum is taken over blocks of 16, not item by item.
  const auto first_chosen = [](bool defer_few) {
    ProblemBuilder b;
    b.add_primary("few");
    for (int i = 1; i < 40; ++i) b.add_primary("many" + std::to_string(i));
    if (defer_few) b.defer(0);
    for (int k = 0; k < 2; ++k) b.add_option({"few"});
    for (int i = 1; i < 40; ++i)
      for (int k = 0; k < 3; ++k) b.add_option({"many" + std::to_string(i)});
    Solver solver(b.build());
    REQUIRE(solver.next() == Outcome::solution);
    return solver.solution()[0];
  };
  CHECK(first_chosen(false) == 0);  // fewest options: "few"
  CHECK(first_chosen(true) == 2);   // "few" deferred: "many1" first
}
