// Cutting one search into parts: split() by depth, donate() from a paused
// search, and the Team of threads built on them. Every way of cutting must
// give back exactly the solutions of the whole, each once.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>

#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"
#include "dlx/team.hpp"
#include "random_problem.hpp"
#include "helpers.hpp"

using namespace dlx;
using dance::test::xcc_problem;
using dance::test::brute_force;
using dance::test::random_problem;

namespace {

using Solutions = std::map<std::vector<OptionId>, int>;  // each solution, sorted, and how often it was found

std::vector<OptionId> sorted(std::span<const OptionId> solution) {
  std::vector<OptionId> s(solution.begin(), solution.end());
  std::sort(s.begin(), s.end());
  return s;
}

// Every solution, found through the parts: the search of each part gives
// away work after every `step` nodes and at every solution, and the parts
// given away are searched the same way.
Solutions through_donations(Solver& solver, std::uint64_t step) {
  Solutions found;
  std::vector<Subproblem> parts{solver.subproblem()};
  while (!parts.empty()) {
    const Subproblem part = parts.back();
    parts.pop_back();
    if (!solver.enter(part)) continue;
    for (;;) {
      solver.set_limits(Limits{solver.statistics().nodes + step, 0, nullptr, nullptr});
      const Outcome outcome = solver.next();
      if (outcome == Outcome::exhausted) break;
      if (outcome == Outcome::solution) ++found[sorted(solver.solution())];
      else REQUIRE(outcome == Outcome::node_limit);
      solver.donate(parts);
    }
  }
  solver.set_limits(Limits{});
  return found;
}

// The number of solutions, counted part by part of a split at `depth`.
std::uint64_t through_split(Solver& solver, std::uint32_t depth, std::size_t& part_count) {
  std::vector<Subproblem> parts;
  solver.retract();
  while (solver.split(depth) == Outcome::solution) parts.push_back(solver.subproblem());
  part_count = parts.size();
  const std::uint64_t before = solver.statistics().solutions;
  for (const Subproblem& part : parts) {
    std::ostringstream text;  // and through the text form, as `dance split` writes it
    write_subproblem(text, part);
    const Subproblem read = read_subproblem(text.str(), 1, solver.problem().option_count());
    REQUIRE(read == part);
    if (solver.enter(read)) REQUIRE(solver.count() == Outcome::exhausted);
  }
  solver.retract();
  return solver.statistics().solutions - before;
}


// The xcc instances of data/ with their known counts, but the one that takes minutes.
std::vector<std::pair<std::string, std::uint64_t>> instances() {
  std::ifstream in(std::string(DANCE_DATA_DIR) + "/xcc/expected.tsv");
  REQUIRE(in);
  std::vector<std::pair<std::string, std::uint64_t>> all;
  std::string line, file, kind;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::uint64_t solutions = 0;
    fields >> file >> solutions >> kind;
    if (file != "langford15_sym.dlx") all.emplace_back(file, solutions);
  }
  REQUIRE(all.size() >= 20);
  return all;
}

std::uint64_t team_count(const std::shared_ptr<const Problem>& problem, std::size_t threads,
                         std::vector<Statistics>* per_worker = nullptr) {
  std::vector<std::unique_ptr<Solver>> solvers;
  std::vector<Solver*> workers;
  for (std::size_t t = 0; t < threads; ++t) {
    solvers.push_back(std::make_unique<Solver>(problem));
    workers.push_back(solvers.back().get());
  }
  Team team(workers);
  std::uint64_t found = 0;
  REQUIRE(team.count(found) == Outcome::exhausted);
  if (per_worker) *per_worker = team.statistics();
  return found;
}

}  // namespace

TEST_CASE("random small problems: parts given away at every node and solution hold each solution once") {
  std::mt19937_64 rng(808);
  const dance::test::RandomShape shapes[] = {
      {false, false, false}, {true, false, false}, {true, true, false}, {false, false, true}, {true, true, true}};
  int with_solutions = 0;
  for (const auto& shape : shapes) {
    for (int round = 0; round < 200; ++round) {
      const Problem p = random_problem(rng, shape);
      const auto expected = brute_force(p);
      Solver solver(p, static_cast<std::uint64_t>(round));
      const Solutions found = through_donations(solver, 1 + round % 3);
      INFO("shape " << shape.secondary << shape.colours << shape.multiplicities << ", round " << round);
      REQUIRE(found.size() == expected.size());
      for (const auto& [solution, times] : found) {
        REQUIRE(expected.count(solution) == 1);
        REQUIRE(times == 1);
      }
      std::size_t parts = 0;
      REQUIRE(through_split(solver, 1 + round % 3, parts) == expected.size());
      with_solutions += !expected.empty();
    }
  }
  CHECK(with_solutions > 200);
}

TEST_CASE("data/xcc: counts through split parts and through donated parts equal the known counts") {
  for (const auto& [file, solutions] : instances()) {
    INFO(file);
    const Problem p = xcc_problem(file);
    Solver solver(p);
    std::size_t parts = 0;
    CHECK(through_split(solver, 4, parts) == solutions);
    CHECK((parts > 1 || solutions <= 1));
    std::uint64_t donated = 0;
    for (const auto& entry : through_donations(solver, 5000)) donated += static_cast<std::uint64_t>(entry.second);
    CHECK(donated == solutions);
  }
}

TEST_CASE("data/xcc: a team of 1, 2, 3 and 4 threads counts the known number of solutions") {
  for (const auto& [file, solutions] : instances()) {
    INFO(file);
    const auto p = std::make_shared<const Problem>(xcc_problem(file));
    for (std::size_t threads = 1; threads <= 4; ++threads) {
      INFO(threads << " threads");
      std::vector<Statistics> per_worker;
      CHECK(team_count(p, threads, &per_worker) == solutions);
      std::uint64_t sum = 0;
      for (const Statistics& s : per_worker) sum += s.solutions;
      CHECK(sum == solutions);
    }
  }
}

TEST_CASE("a team visits the same solutions as one solver, each once, and stops when asked") {
  const auto p = std::make_shared<const Problem>(xcc_problem("pentomino8x8_hole.dlx"));
  Solver alone(p);
  std::set<std::vector<OptionId>> expected;
  while (alone.next() == Outcome::solution) expected.insert(sorted(alone.solution()));
  REQUIRE(expected.size() == 520);

  Solver a(p), b(p), c(p);
  Team team({&a, &b, &c});
  Solutions found;
  REQUIRE(team.visit([&](std::span<const OptionId> s) {
    ++found[sorted(s)];
    return true;
  }) == Outcome::exhausted);
  REQUIRE(found.size() == expected.size());
  for (const auto& [solution, times] : found) {
    CHECK(expected.count(solution) == 1);
    CHECK(times == 1);
  }

  std::vector<std::vector<OptionId>> first;
  CHECK(team.visit([&](std::span<const OptionId> s) {
    first.push_back(sorted(s));
    return false;
  }) == Outcome::solution_limit);
  REQUIRE(first.size() == 1);
  CHECK(expected.count(first[0]) == 1);
}

TEST_CASE("a team searches the parts it is given, and stops on a worker's limit") {
  const auto p = std::make_shared<const Problem>(xcc_problem("langford11.dlx"));
  Solver splitter(p);
  std::vector<Subproblem> parts;
  while (splitter.split(3) == Outcome::solution) parts.push_back(splitter.subproblem());
  const std::vector<Subproblem> half(parts.begin(), parts.begin() + static_cast<std::ptrdiff_t>(parts.size() / 2));
  const std::vector<Subproblem> rest(parts.begin() + static_cast<std::ptrdiff_t>(parts.size() / 2), parts.end());
  Solver a(p), b(p);
  Team team({&a, &b});
  std::uint64_t first = 0, second = 0;
  team.set_parts(half);
  REQUIRE(team.count(first) == Outcome::exhausted);
  team.set_parts(rest);
  REQUIRE(team.count(second) == Outcome::exhausted);
  CHECK(first + second == 35584);
  CHECK(first > 0);
  CHECK(second > 0);

  a.set_limits(Limits{a.statistics().nodes + 1000, 0, nullptr, nullptr});
  b.set_limits(Limits{b.statistics().nodes + 1000, 0, nullptr, nullptr});
  team.set_parts({});
  std::uint64_t partial = 0;
  CHECK(team.count(partial) == Outcome::node_limit);
  CHECK(partial < 35584);
}

TEST_CASE("subproblem text: bad lines name the column and what was expected") {
  CHECK(read_subproblem("", 1, 5) == Subproblem{});
  CHECK(read_subproblem(" 3 1 !0 ", 1, 5) == Subproblem{{3, 1}, {0}});
  CHECK_THROWS_WITH(read_subproblem("1 x", 4, 5), Catch::Contains("line 4, column 3") && Catch::Contains("option number"));
  CHECK_THROWS_WITH(read_subproblem("1 7", 2, 5), Catch::Contains("column 3") && Catch::Contains("does not exist"));
  CHECK_THROWS_WITH(read_subproblem("!1 2", 2, 5), Catch::Contains("column 4") && Catch::Contains("before the forbidden"));
  CHECK_THROWS_WITH(read_subproblem("!", 2, 5), Catch::Contains("column 1"));
}

TEST_CASE("a file of parts names its problem: any change to items, options, colours, bounds or assumptions shows") {
  const auto problem = [](const std::string& text) {
    std::istringstream in(text);
    return read_knuth(in).problem;
  };
  const std::string base = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
  const Problem p = problem(base);
  const std::vector<OptionId> none, first{0}, second{1};
  const std::uint64_t key = fingerprint(p, none);
  CHECK(fingerprint(problem(base), none) == key);
  CHECK(fingerprint(p, first) != key);
  CHECK(fingerprint(p, first) != fingerprint(p, second));
  CHECK(fingerprint(problem("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nB Y:1\n"), none) != key);
  CHECK(fingerprint(problem("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:0\n"), none) != key);
  CHECK(fingerprint(problem("A B 1:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n"), none) != key);
  CHECK(fingerprint(problem("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\nC\n"), none) != key);
  CHECK(fingerprint(problem("A B 2:3|C X | Y\nA B X Y:0\nA C X Y:1\nC X\nB X\nC Y:1\n"), none) !=
        fingerprint(problem("A B 2:3|C | X Y\nA B X Y:0\nA C X Y:1\nC X\nB X\nC Y:1\n"), none));

  std::ostringstream header;
  write_parts_header(header, key);
  std::string line = header.str();
  REQUIRE(line.back() == '\n');
  line.pop_back();
  CHECK_NOTHROW(check_parts_header(line, key));
  CHECK_NOTHROW(check_parts_header(line + "\r", key));
  CHECK_THROWS_WITH(check_parts_header(line, fingerprint(p, first)),
                    Catch::Contains("line 1, column 20") && Catch::Contains("another problem"));
  CHECK_THROWS_WITH(check_parts_header("0 1 !2", key), Catch::Contains("line 1, column 1") && Catch::Contains("header"));
}

namespace {
// A hook that throws once it has been told of `left` choices.
class Throwing final : public Hook {
 public:
  explicit Throwing(int left) : left_(left) {}
  bool choose(OptionId, const Remaining&) override {
    if (--left_ == 0) throw std::runtime_error("the hook gives up");
    return true;
  }
  void unchoose(OptionId) override {}
  [[nodiscard]] std::unique_ptr<Hook> clone() const override { return std::make_unique<Throwing>(left_); }

 private:
  int left_;
};
}  // namespace

TEST_CASE("a worker's exception reaches the caller of a team, and the other workers stop") {
  const auto p = std::make_shared<const Problem>(xcc_problem("langford11.dlx"));
  for (const int left : {1, 50, 5000}) {
    Throwing first(left), second(left);
    Solver a(p), b(p);
    a.set_hook(&first);
    b.set_hook(&second);
    Team team({&a, &b});
    std::uint64_t found = 0;
    CHECK_THROWS_WITH(team.count(found), "the hook gives up");
  }
  // A visitor's exception too.
  Solver a(p), b(p);
  Team team({&a, &b});
  int seen = 0;
  CHECK_THROWS_WITH(team.visit([&seen](std::span<const OptionId>) -> bool {
    if (++seen == 10) throw std::runtime_error("the visitor gives up");
    return true;
  }), "the visitor gives up");
}
