// Golden figures: the nodes and updates (and the rules' removals) of a few
// searches per variant of the engine, pinned, so that a change of the
// search is always a conscious one. A change that should not alter the
// search (a refactoring, a speed-up) must leave every figure here as it is;
// one that should, updates them with the reason in its commit.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "dance/reduction.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"

using namespace dlx;

namespace {

struct Golden {
  const char* what;
  std::uint64_t solutions, nodes, updates, removals;
};

// The plain search's figures: the memo of counts off (its own are below).
Statistics count_file(const std::string& name, Switch memo = Switch::off) {
  std::ifstream in(std::string(DANCE_DATA_DIR) + "/xcc/" + name);
  REQUIRE(in);
  SolverOptions options;
  options.memo = memo;
  Solver solver(read_knuth(in).problem, 0, options);
  REQUIRE(solver.count() == Outcome::exhausted);
  return solver.statistics();
}

// The first puzzle of a file through the sudoku reduction, searched as
// `dance solve sudoku --unique` does: its clues assumed, stopped at a second solution.
Statistics unique_sudoku(const std::string& name) {
  std::ifstream file(std::string(DANCE_DATA_DIR) + "/sudoku/" + name);
  std::string line;
  REQUIRE(std::getline(file, line));
  std::istringstream in(line);
  const dance::Reduction& sudoku = *dance::find_reduction("sudoku");
  const auto instance = sudoku.reader(in, dance::ModelOptions())->next();
  const dance::Encoding encoding = sudoku.encode(*instance);
  Solver solver(encoding.problem);
  for (const OptionId o : encoding.assumptions) REQUIRE(solver.assume(o));
  solver.count(2);
  return solver.statistics();
}

void check(const Golden& golden, const Statistics& stats) {
  INFO(golden.what);
  CHECK(stats.solutions == golden.solutions);
  CHECK(stats.nodes == golden.nodes);
  CHECK(stats.updates == golden.updates);
  CHECK(stats.removals == golden.removals);
}

}  // namespace

TEST_CASE("golden figures: Algorithm X, plain and with covers kept between siblings") {
  check({"langford8", 300, 2800, 34790, 0}, count_file("langford8.dlx"));
  check({"queens8", 92, 1087, 16346, 0}, count_file("queens8.dlx"));
  check({"sudoku_inkala (324 items)", 1, 2621, 46604, 0}, count_file("sudoku_inkala.dlx"));
  check({"pentomino8x8_hole (siblings share covers)", 520, 293953, 52383449, 0}, count_file("pentomino8x8_hole.dlx"));
}

TEST_CASE("golden figures: Algorithm X counting with the memo") {
  check({"langford8", 300, 2423, 32646, 0}, count_file("langford8.dlx", Switch::on));
  check({"queens8", 92, 1059, 16118, 0}, count_file("queens8.dlx", Switch::on));
}

TEST_CASE("golden figures: Algorithms C and M") {
  check({"debruijn4 (colours)", 16, 187, 5491, 0}, count_file("debruijn4.dlx"));
  check({"rowcol2_5 (multiplicities)", 2040, 6459, 21820, 0}, count_file("rowcol2_5.dlx"));
}

TEST_CASE("golden figures: large problems, with the ring, ties, probing and the subset and pair rules") {
  check({"16x16 solo (1,024 items: ring, tie-break, subset rule)", 1, 159, 13410, 0},
        unique_sudoku("solo_gen_16x16_basic_100.txt"));
  check({"16x16 vu_kr", 1, 1511, 38874, 120}, unique_sudoku("vu_kr_16x16_100.txt"));
  check({"25x25 solo (2,500 items: probing and the pair rule too)", 1, 360, 49641, 0},
        unique_sudoku("solo_gen_25x25_basic_20.txt"));
}

TEST_CASE("SolverOptions: each switch changes the tree, not the solutions, and the variant says which ran") {
  std::ifstream in(std::string(DANCE_DATA_DIR) + "/xcc/pentomino8x8_hole.dlx");
  const auto problem = std::make_shared<const Problem>(read_knuth(in).problem);
  Solver automatic(problem);
  CHECK(automatic.variant() == "X with sharing");  // the memo is named once it has counted
  SolverOptions plain;
  plain.sharing = plain.memo = Switch::off;
  Solver without(problem, 0, plain);
  CHECK(without.variant() == "X");
  SolverOptions everything;
  everything.sharing = everything.memo = Switch::off;
  everything.ring = everything.tie_break = everything.probing = everything.pair_rule = Switch::on;
  Solver with_all(problem, 0, everything);
  CHECK(with_all.variant() == "X with ring and subset rule, tie-break, probing, pair rule");
  for (Solver* solver : {&automatic, &without, &with_all}) {
    INFO(solver->variant());
    REQUIRE(solver->count() == Outcome::exhausted);
    CHECK(solver->statistics().solutions == 520);
  }
  CHECK(without.statistics().updates != automatic.statistics().updates);
  CHECK(with_all.statistics().nodes != without.statistics().nodes);
  CHECK(automatic.variant() == "X with sharing");  // its trial gave the memo back: pentominoes meet few subproblems twice
  // A switch the algorithm cannot honour stays off: no ring for colours (the memo serves C).
  std::ifstream colours(std::string(DANCE_DATA_DIR) + "/xcc/debruijn4.dlx");
  SolverOptions ring;
  ring.ring = ring.memo = Switch::on;
  Solver de_bruijn(read_knuth(colours).problem, 0, ring);
  CHECK(de_bruijn.variant() == "C");
  REQUIRE(de_bruijn.count() == Outcome::exhausted);
  CHECK(de_bruijn.variant() == "C with memo for counts");
}
