// count() with the memo of subproblems (dlx/src/memo.hpp): the same counts as
// brute force and as the search loop on random problems of Algorithms X, C
// and M, under assumptions and forbidden options too; a key broken on
// purpose (SolverOptions::memo_broken_key) must make counts go wrong; known
// counts of domino tilings, past 2^64 and 2^128 among them, by Algorithm X
// and M; a count stopped by a limit and counted again.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <span>
#include <random>
#include <sstream>
#include <string>

#include "dlx/solver.hpp"
#include "random_problem.hpp"

using namespace dlx;
using dance::test::brute_force;
using dance::test::random_problem;
using dance::test::RandomShape;

namespace {

Solver with_memo(const Problem& p, Switch memo, bool broken_key = false, std::uint64_t seed = 0) {
  SolverOptions options;
  options.memo = memo;
  options.memo_broken_key = broken_key;
  return Solver(p, seed, options);
}

// Larger random problems than brute force enumerates, for the memo against
// the search loop: subproblems meet often enough for the memo to answer.
RandomShape larger(RandomShape shape) {
  shape.most_primaries = 9;
  shape.most_secondaries = 4;
  shape.most_options = 40;
  return shape;
}

// The domino tilings of a board as Algorithm M counts them (one primary item
// for the piece, used once per domino, as `dance count polyomino` with
// `piece D N` has it), the cells in `holes` left out.
Problem dominoes_by_multiplicity(int rows, int columns, const std::vector<std::pair<int, int>>& holes = {}) {
  ProblemBuilder b;
  const auto cell = [](int r, int c) { return "r" + std::to_string(r) + "c" + std::to_string(c); };
  const auto open = [&](int r, int c) {
    return r < rows && c < columns && std::find(holes.begin(), holes.end(), std::pair{r, c}) == holes.end();
  };
  const auto pieces = static_cast<std::uint32_t>((rows * columns - static_cast<int>(holes.size())) / 2);
  b.add_primary("D", pieces, pieces);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c)
      if (open(r, c)) b.add_primary(cell(r, c));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      if (!open(r, c)) continue;
      if (open(r, c + 1)) b.add_option({"D", cell(r, c), cell(r, c + 1)});
      if (open(r + 1, c)) b.add_option({"D", cell(r, c), cell(r + 1, c)});
    }
  return b.build();
}

// The domino tilings of an r x c board as exact cover: a cell an item, a domino an option.
Problem dominoes(int rows, int columns) {
  ProblemBuilder b;
  const auto cell = [](int r, int c) { return "r" + std::to_string(r) + "c" + std::to_string(c); };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) b.add_primary(cell(r, c));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      if (c + 1 < columns) b.add_option({cell(r, c), cell(r, c + 1)});
      if (r + 1 < rows) b.add_option({cell(r, c), cell(r + 1, c)});
    }
  return b.build();
}

// The memo's count under an assumption and a forbidden option, against the
// search loop's; then, those taken back, the whole count again.
void check_under_steps(Solver& memo, const Problem& p, std::size_t expected) {
  if (p.option_count() < 2) return;
  Solver plain = with_memo(p, Switch::off);
  const bool assumed = memo.assume(0) && plain.assume(0);
  const bool forbidden = memo.forbid(1) && plain.forbid(1);
  INFO((assumed ? "assumed" : "") << (forbidden ? ", forbidden" : ""));
  REQUIRE(memo.count() == Outcome::exhausted);
  REQUIRE(plain.count() == Outcome::exhausted);
  CHECK(memo.counted() == plain.counted());
  memo.retract();
  REQUIRE(memo.count() == Outcome::exhausted);
  CHECK(memo.counted() == expected);
}

}  // namespace

TEST_CASE("the memo counts what brute force counts, on random problems without colours or multiplicities") {
  std::mt19937_64 rng(56);
  for (int trial = 0; trial < 2000; ++trial) {
    const Problem p = random_problem(rng, {trial % 2 == 0, false, false});
    const auto expected = brute_force(p).size();
    INFO("trial " << trial);
    Solver memo = with_memo(p, Switch::on);
    REQUIRE(memo.count() == Outcome::exhausted);
    CHECK(memo.counted() == expected);
    CHECK(memo.statistics().solutions == expected);
    check_under_steps(memo, p, expected);  // as a batch's solver counts each puzzle
  }
}

TEST_CASE("the memo counts what brute force counts, on random problems of every algorithm (X, C, M)") {
  std::mt19937_64 rng(5656);
  for (int trial = 0; trial < 5000; ++trial) {
    const RandomShape& shape = dance::test::every_algorithm[trial % 5];
    const Problem p = random_problem(rng, shape);
    const auto expected = brute_force(p).size();
    INFO("trial " << trial);
    Solver memo = with_memo(p, Switch::on, false, trial % 3 == 0 ? 0 : trial);  // a seed's order too
    REQUIRE(memo.count() == Outcome::exhausted);
    CHECK(memo.counted() == expected);
    check_under_steps(memo, p, expected);
  }
}

// The memo against the search loop on larger problems of C and M, and the
// key broken on purpose: merging subproblems that differ in uses left or in
// colours must show in the counts.
TEST_CASE("the memo's counts equal the search loop's on larger random problems with colours and multiplicities") {
  std::mt19937_64 rng(565656);
  const RandomShape shapes[] = {larger({true, true, false}), larger({false, false, true}), larger({true, true, true})};
  int broken_wrong = 0, hits = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const Problem p = random_problem(rng, shapes[trial % 3]);
    INFO("trial " << trial);
    Solver plain = with_memo(p, Switch::off);
    REQUIRE(plain.count() == Outcome::exhausted);
    Solver memo = with_memo(p, Switch::on);
    REQUIRE(memo.count() == Outcome::exhausted);
    CHECK(memo.counted() == plain.counted());
    hits += memo.statistics().memo_hits > 0;
    Solver broken = with_memo(p, Switch::on, true);
    REQUIRE(broken.count() == Outcome::exhausted);
    broken_wrong += broken.counted() != plain.counted();
  }
  CHECK(hits > 300);          // the memo answered in many of them
  CHECK(broken_wrong > 10);   // the parts of the key are needed: without them counts go wrong
}

TEST_CASE("the memo's counts of domino tilings by multiplicities (Algorithm M), as by Algorithm X") {
  const auto counted = [](const Problem& p) {
    Solver solver = with_memo(p, Switch::automatic);
    REQUIRE(solver.count() == Outcome::exhausted);
    CHECK(solver.statistics().memo_hits > 0);
    return solver.counted().to_string();
  };
  CHECK(counted(dominoes_by_multiplicity(8, 8)) == "12988816");
  CHECK(counted(dominoes_by_multiplicity(10, 10)) == "258584046368");
  const std::vector<std::pair<int, int>> holes = {{3, 3}, {3, 4}, {8, 8}, {8, 9}};
  CHECK(counted(dominoes_by_multiplicity(12, 13, holes)) == "74686942328570720");
  // The 2 x n tilings are Fibonacci numbers: F(201), past 2^128.
  CHECK(counted(dominoes_by_multiplicity(2, 200)) == "453973694165307953197296969697410619233826");
  Solver plain = with_memo(dominoes_by_multiplicity(6, 6), Switch::off);
  REQUIRE(plain.count() == Outcome::exhausted);
  CHECK(plain.counted() == 6728);
}

TEST_CASE("the memo's counts of domino tilings, past 2^64 too") {
  const auto counted = [](int rows, int columns) {
    Solver solver = with_memo(dominoes(rows, columns), Switch::automatic);
    REQUIRE(solver.count() == Outcome::exhausted);
    CHECK(solver.statistics().memo_hits > 0);
    return solver.counted().to_string();
  };
  CHECK(counted(8, 8) == "12988816");
  CHECK(counted(10, 10) == "258584046368");
  CHECK(counted(12, 12) == "53060477521960000");
  CHECK(counted(14, 14) == "112202208776036178000000");  // past 2^64
  CHECK(counted(3, 7) == "0");                          // an odd number of cells
  Solver plain = with_memo(dominoes(6, 6), Switch::off);
  REQUIRE(plain.count() == Outcome::exhausted);
  CHECK(plain.counted() == 6728);
  CHECK(plain.statistics().memo_entries == 0);
}

TEST_CASE("a memo too small for its count forgets the entries that took fewest nodes, and counts exactly") {
  const auto small = [](const Problem& p, std::size_t bytes) {
    SolverOptions options;
    options.memo = Switch::on;
    options.memo_bytes = bytes;
    Solver solver(p, 0, options);
    REQUIRE(solver.count() == Outcome::exhausted);
    return solver;
  };
  // 12x12 wants about 53,000 entries (8 MiB); in 2 MiB it forgets half its
  // entries again and again. Emptying the whole table instead took more than
  // 250 million nodes (a minute); keeping the costly half takes 270 thousand.
  const Solver twelve = small(dominoes(12, 12), std::size_t{2} << 20);
  CHECK(twelve.counted().to_string() == "53060477521960000");
  CHECK(twelve.statistics().memo_entries < 53000);
  CHECK(twelve.statistics().nodes < 1000000);
  // By multiplicity a key takes a word more: the table takes the whole bound
  // given (not the power of 2 below it, half of it, where 12x12 ran for
  // minutes), and no more.
  const Solver by_multiplicity = small(dominoes_by_multiplicity(12, 12), std::size_t{2} << 20);
  CHECK(by_multiplicity.counted().to_string() == "53060477521960000");
  CHECK(by_multiplicity.statistics().nodes < 1000000);
  CHECK(by_multiplicity.statistics().memo_bytes <= (std::size_t{2} << 20) + (std::size_t{64} << 10));
}

TEST_CASE("the memo's count takes as few nodes with the items' ring shuffled by a seed") {
  // Ties broken in the problem's order (cells row by row) keep the subproblems
  // few; the seed's order multiplied them (10x10: 3 million nodes, not 14,000).
  Solver in_order = with_memo(dominoes_by_multiplicity(10, 10), Switch::on);
  Solver seeded = with_memo(dominoes_by_multiplicity(10, 10), Switch::on, false, 9);
  REQUIRE(in_order.count() == Outcome::exhausted);
  REQUIRE(seeded.count() == Outcome::exhausted);
  CHECK(seeded.counted() == in_order.counted());
  CHECK(seeded.statistics().nodes < 2 * in_order.statistics().nodes);  // M's cut prefixes follow the lists' order
}

TEST_CASE("the automatic memo stays on for a deep count, its trial begun at the first count stored") {
  // 2x1000: the first way down is 1,000 lookups that nothing can answer yet.
  Solver ladder = with_memo(dominoes(2, 1000), Switch::automatic);
  REQUIRE(ladder.count() == Outcome::exhausted);
  CHECK(ladder.statistics().memo_entries > 0);
  CHECK(ladder.statistics().nodes < 10000);
  CHECK(ladder.counted().to_string().size() == 209);  // F(1001) has 209 digits
}

TEST_CASE("a count with the memo stopped by a limit gives a lower bound, and counted again the whole") {
  Solver solver = with_memo(dominoes(10, 10), Switch::on);
  solver.set_limits(Limits{500, 0, nullptr});
  CHECK(solver.count() == Outcome::node_limit);
  const std::uint64_t lower = solver.statistics().solutions;
  CHECK(lower < 258584046368u);
  solver.set_limits(Limits{});
  REQUIRE(solver.count() == Outcome::exhausted);
  CHECK(solver.statistics().solutions == 258584046368u);  // the lower bound not added twice
  CHECK(solver.count() == Outcome::exhausted);            // run to the end: nothing more
  CHECK(solver.counted() == 0);
}

TEST_CASE("the memo is left automatic where it pays too little, and its count is the search loop's") {
  // 12 queens as exact cover (rows and columns primary, diagonals secondary): few subproblems meet.
  ProblemBuilder b;
  const int n = 12;
  for (int k = 0; k < n; ++k) b.add_primary("r" + std::to_string(k));
  for (int k = 0; k < n; ++k) b.add_primary("c" + std::to_string(k));
  for (int k = 0; k < 2 * n - 1; ++k) b.add_secondary("a" + std::to_string(k));
  for (int k = 0; k < 2 * n - 1; ++k) b.add_secondary("b" + std::to_string(k));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const std::string row = "r" + std::to_string(r), column = "c" + std::to_string(c);
      const std::string up = "a" + std::to_string(r + c), down = "b" + std::to_string(r - c + n - 1);
      b.add_option({row, column, up, down});
    }
  Solver automatic = with_memo(b.build(), Switch::automatic);
  REQUIRE(automatic.count() == Outcome::exhausted);
  CHECK(automatic.counted() == 14200);
  CHECK(automatic.statistics().memo_entries == 0);  // given back to the search loop
}

// Solver::sample: every drawn solution is one (brute force's), and the draws
// are uniform: a chi-square statistic over all solutions stays below the
// 0.1% quantile (the seed fixes the draws, so the test cannot flake).
TEST_CASE("sample: solutions drawn through the memo's counts are solutions, uniformly distributed") {
  const auto chi_square_ok = [](const Problem& p, std::uint64_t seed) {
    const std::set<std::vector<OptionId>> all = brute_force(p);
    REQUIRE(all.size() >= 2);
    std::map<std::vector<OptionId>, std::uint64_t> seen;
    const std::uint64_t per_solution = 200, n = per_solution * all.size();
    Solver solver = with_memo(p, Switch::off);  // sample uses the memo whatever the switch
    std::uint64_t drawn = 0;
    REQUIRE(solver.sample(n, seed, [&](std::span<const OptionId> s) {
      std::vector<OptionId> sorted(s.begin(), s.end());
      std::sort(sorted.begin(), sorted.end());
      CHECK(all.count(sorted) == 1);
      ++seen[sorted];
      return ++drawn > 0;
    }) == Outcome::exhausted);
    CHECK(drawn == n);
    double chi = 0;
    for (const auto& solution : all) {
      const double d = static_cast<double>(seen[solution]) - static_cast<double>(per_solution);
      chi += d * d / static_cast<double>(per_solution);
    }
    // The 0.999 quantile of chi-square with k - 1 degrees of freedom, by Wilson and Hilferty.
    const double k = static_cast<double>(all.size() - 1), z = 3.09;
    const double bound = k * std::pow(1 - 2 / (9 * k) + z * std::sqrt(2 / (9 * k)), 3);
    INFO("chi-square " << chi << " against " << bound << " for " << all.size() << " solutions");
    return chi < bound;
  };
  // Domino tilings of 3 x 4 (11) and of a 4 x 4 board (36), by X and by M.
  CHECK(chi_square_ok(dominoes(3, 4), 1));
  CHECK(chi_square_ok(dominoes_by_multiplicity(4, 4), 2));
  // Random problems of C and M with a few solutions each.
  std::mt19937_64 rng(5600);
  int tried = 0;
  for (int trial = 0; tried < 12; ++trial) {
    const Problem p = random_problem(rng, dance::test::every_algorithm[2 + trial % 3]);
    if (brute_force(p).size() < 3) continue;
    ++tried;
    INFO("trial " << trial);
    CHECK(chi_square_ok(p, static_cast<std::uint64_t>(trial)));
  }
  // None to draw: exhausted at once, nothing visited.
  ProblemBuilder b;
  b.add_primary("a");
  b.add_primary("b");
  b.add_option({"a"});
  const Problem none = b.build();
  Solver solver = with_memo(none, Switch::on);
  bool visited = false;
  CHECK(solver.sample(5, 1, [&](std::span<const OptionId>) { return visited = true; }) == Outcome::exhausted);
  CHECK(!visited);
}

TEST_CASE("sample: the same seed draws the same solutions, under assumptions too, and past 2^128 solutions") {
  const auto draws = [](const Problem& p, std::uint64_t seed, bool assume) {
    Solver solver = with_memo(p, Switch::automatic);
    if (assume) REQUIRE(solver.assume(0));
    std::vector<std::vector<OptionId>> out;
    REQUIRE(solver.sample(20, seed, [&](std::span<const OptionId> s) {
      out.emplace_back(s.begin(), s.end());
      return true;
    }) == Outcome::exhausted);
    if (assume)
      for (const auto& s : out) CHECK(s.front() == 0);
    return out;
  };
  const Problem board = dominoes(6, 6);
  CHECK(draws(board, 7, false) == draws(board, 7, false));
  CHECK(draws(board, 7, false) != draws(board, 8, false));
  CHECK(draws(board, 7, true) == draws(board, 7, true));
  // 2 x 200 has F(201) > 2^128 tilings: the draws go through counts of any size.
  const auto wide = draws(dominoes_by_multiplicity(2, 200), 3, false);
  CHECK(wide.size() == 20);
  CHECK(wide[0] != wide[1]);
}

// enumerate(): every solution from the memo's counts, the walk entering only
// branches with solutions: the same solutions as the search loop's visit()
// on random problems of X, C and M; with the key broken on purpose, solutions go missing.
TEST_CASE("enumerate: every solution through the memo's counts, as the search loop finds them") {
  // The solutions found, each sorted, in sorted order: the order of the
  // items branched on may differ (choose() looks first at the item the last
  // commit left forced, and the walk skips the dead search that set it).
  const auto all = [](Solver& solver, bool walk) {
    std::vector<std::vector<OptionId>> out;
    const auto keep = [&](std::span<const OptionId> s) {
      out.emplace_back(s.begin(), s.end());
      std::sort(out.back().begin(), out.back().end());
      return true;
    };
    REQUIRE((walk ? solver.enumerate(keep) : solver.visit(keep)) == Outcome::exhausted);
    std::sort(out.begin(), out.end());
    return out;
  };
  std::mt19937_64 rng(56056);
  const RandomShape shapes[] = {larger({false, false, false}), larger({true, true, false}), larger({false, false, true}),
                                larger({true, true, true})};
  int broken_wrong = 0, hits = 0;
  for (int trial = 0; trial < 1200; ++trial) {
    const Problem p = random_problem(rng, shapes[trial % 4]);
    INFO("trial " << trial);
    Solver plain = with_memo(p, Switch::off);
    Solver memo = with_memo(p, Switch::on);
    const auto expected = all(plain, false);
    const auto found = all(memo, true);
    CHECK(found == expected);
    CHECK(memo.statistics().solutions == expected.size());
    hits += memo.statistics().memo_hits > 0;
    Solver broken = with_memo(p, Switch::on, true);
    broken_wrong += all(broken, true) != expected;
  }
  CHECK(hits > 300);
  CHECK(broken_wrong > 10);  // a wrong count of 0 prunes solutions away: the walk trusts the counts
  // Under an assumption, and a visitor that stops.
  const Problem board = dominoes_by_multiplicity(4, 4);
  Solver solver = with_memo(board, Switch::on);
  REQUIRE(solver.assume(1));
  std::size_t seen = 0;
  CHECK(solver.enumerate([&](std::span<const OptionId> s) {
    CHECK(std::find(s.begin(), s.end(), OptionId{1}) != s.end());
    return ++seen < 5;
  }) == Outcome::solution_limit);
  CHECK(seen == 5);
}
