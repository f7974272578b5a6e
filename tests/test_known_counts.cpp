#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>

#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"
#include "xcc/xcc.hpp"
#include "helpers.hpp"

using namespace dlx;
using dance::test::knuth_problem;
using dance::test::xcc_problem;

namespace {

struct Expected {
  std::string file;
  std::uint64_t solutions;
  char algorithm;
};

std::vector<Expected> expected_counts() {
  std::ifstream in(std::string(DANCE_DATA_DIR) + "/xcc/expected.tsv");
  REQUIRE(in);
  std::vector<Expected> all;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    Expected e;
    fields >> e.file >> e.solutions >> e.algorithm;
    if (e.file == "langford15_sym.dlx") continue;  // minutes of work: a benchmark, not a test
    all.push_back(e);
  }
  REQUIRE(all.size() >= 20);
  return all;
}

// Each solution printed as Knuth's programs do, options sorted for comparison.
std::set<std::string> printed_solution(const Problem& p, std::span<const OptionId> solution) {
  std::set<std::string> lines;
  for (const OptionId o : solution) {
    std::ostringstream out;
    write_option(out, p, o);
    lines.insert(out.str());
  }
  return lines;
}
}  // namespace

TEST_CASE("every instance in data/xcc has its known number of solutions") {
  for (const Expected& e : expected_counts()) {
    INFO(e.file);
    const Problem p = xcc_problem(e.file);
    Solver solver(p);
    CHECK(solver.algorithm() == e.algorithm);
    CHECK(solver.count() == Outcome::exhausted);
    CHECK(solver.statistics().solutions == e.solutions);
  }
}

TEST_CASE("every solution of the smaller instances is a distinct, verified cover") {
  for (const Expected& e : expected_counts()) {
    if (e.solutions > 5000) continue;
    INFO(e.file);
    const Problem p = xcc_problem(e.file);
    Solver solver(p);
    std::set<std::vector<OptionId>> seen;
    while (solver.next() == Outcome::solution) {
      const auto wrong = dance::xcc::check_cover(p, solver.solution());
      REQUIRE_FALSE(wrong);
      std::vector<OptionId> sorted(solver.solution().begin(), solver.solution().end());
      std::sort(sorted.begin(), sorted.end());
      CHECK(seen.insert(sorted).second);
    }
    CHECK(seen.size() == e.solutions);
  }
}

TEST_CASE("Knuth's four small examples print their known solutions") {
  const std::vector<std::pair<std::string, std::set<std::string>>> examples{
      {"knuth_toy.dlx", {"a d f", "b g", "c e"}},
      {"knuth_dlx1_example.dlx", {"A D", "B G", "C E F"}},
      {"knuth_colors_example.dlx", {"A C X:1 Y:1", "B X:1"}},
      {"knuth_multiplicities_example.dlx", {"A C X:1 Y:1", "B X:1", "C Y:1"}},
  };
  for (const auto& [file, options] : examples) {
    INFO(file);
    const Problem p = knuth_problem(std::string(DANCE_TEST_DATA) + "/" + file);
    Solver solver(p);
    REQUIRE(solver.next() == Outcome::solution);
    CHECK(printed_solution(p, solver.solution()) == options);
    CHECK(solver.next() == Outcome::exhausted);
  }
}

TEST_CASE("long options (more items than the engine orders) are counted right") {
  // 40 items: one option with all of them, each item alone, and the pairs
  // (2k, 2k+1): 1 + 2^20 exact covers.
  ProblemBuilder b;
  for (int i = 0; i < 40; ++i) b.add_primary("i" + std::to_string(i));
  std::vector<Entry> all;
  for (ItemId i = 0; i < 40; ++i) all.push_back({i, no_colour});
  b.add_option(all);
  for (ItemId i = 0; i < 40; ++i) b.add_option(std::span<const Entry>(&all[i], 1));
  for (ItemId i = 0; i < 40; i += 2) b.add_option(std::span<const Entry>(&all[i], 2));
  Solver solver(b.build());
  CHECK(solver.count() == Outcome::exhausted);
  CHECK(solver.statistics().solutions == (1u << 20) + 1);
}
