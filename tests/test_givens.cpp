// Hamiltonian paths and cycles with givens (vertex v is step k): counts
// against brute force on small random graphs, directed and not, every
// answer verified; the propagation takes options out and changes no count.
#include <catch2/catch.hpp>
#include <algorithm>
#include <numeric>
#include <random>
#include <sstream>

#include "dlx/solver.hpp"
#include "hamilton/hamilton.hpp"
#include "hamilton/removal_reasons.hpp"
#include "helpers.hpp"
#include "verified_count.hpp"

using namespace dance;
using dance::test::count_verified;

namespace {
const Reduction& reduction = *find_reduction("hamilton");

// Walks through every vertex as sequences (a path's first vertex is step 1;
// a cycle's sequence is any rotation and direction), counting those whose
// step k is vertex v for every given (v, k).
std::uint64_t brute_force(const std::vector<std::vector<bool>>& arc, bool path,
                          const std::vector<std::pair<std::size_t, std::size_t>>& givens) {
  const std::size_t n = arc.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::uint64_t count = 0;
  do {
    bool ok = std::all_of(givens.begin(), givens.end(), [&](const auto& g) { return order[g.second] == g.first; });
    for (std::size_t k = 1; k < n && ok; ++k) ok = arc[order[k - 1]][order[k]];
    if (!path) ok = ok && arc[order[n - 1]][order[0]];  // n >= 3
    count += ok;
  } while (std::next_permutation(order.begin(), order.end()));
  return count;
}

// `given` vertices at distinct random steps: the pairs (vertex, step from 0) and --given's value.
std::pair<std::vector<std::pair<std::size_t, std::size_t>>, std::string> random_givens(std::mt19937_64& rng, std::size_t n,
                                                                                       std::size_t given) {
  std::vector<std::size_t> vertices(n), steps(n);
  std::iota(vertices.begin(), vertices.end(), 0);
  std::iota(steps.begin(), steps.end(), 0);
  std::shuffle(vertices.begin(), vertices.end(), rng);
  std::shuffle(steps.begin(), steps.end(), rng);
  std::vector<std::pair<std::size_t, std::size_t>> givens;
  std::string option;
  for (std::size_t k = 0; k < given; ++k) {
    givens.push_back({vertices[k], steps[k]});
    option += (k ? "," : "") + std::to_string(vertices[k]) + "=" + std::to_string(steps[k] + 1);
  }
  return {givens, option};
}

// A random graph with givens, or a grid's (bipartite, as Numbrix's): its
// search by the position encoding (test::search_with), learning on or off.
struct Question {
  std::string text;
  ModelOptions options;
};
Question random_question(std::mt19937_64& rng, int round) {
  Question q;
  std::size_t n = 0;
  if (round % 3 == 2) {  // a grid
    const std::size_t width = 3 + rng() % 3, height = 3 + rng() % 2;
    std::ostringstream grid;
    for (std::size_t r = 0; r < height; ++r)
      for (std::size_t c = 0; c < width; ++c) {
        grid << r * width + c << ':';
        if (c + 1 < width) grid << ' ' << r * width + c + 1;
        if (r + 1 < height) grid << ' ' << (r + 1) * width + c;
        grid << '\n';
      }
    q.text = grid.str();
    n = width * height;
  } else {
    n = 7 + rng() % 5;
    const bool directed = round % 3 == 1;
    q.text = dance::test::random_graph(rng, n, directed, 0.35, 0.85).text;
    if (directed) q.options.set("directed");
  }
  if (round % 2 == 0) q.options.set("path");
  q.options.set("given", random_givens(rng, n, 1 + rng() % 3).second);
  return q;
}
test::Searched search(const Question& q, dlx::Switch learning, std::uint64_t seed, std::uint64_t limit) {
  std::istringstream in(q.text);
  const std::shared_ptr<const Instance> instance = reduction.reader(in, q.options)->next();
  return test::search_with([&] { return reduction.encode(*instance); }, learning, seed, limit);
}
// Random questions' reasons checked as made (test::check_reasons): how many, and how many wrong.
test::ReasonsChecked check_reasons(std::uint64_t seed, int rounds) {
  std::mt19937_64 rng(seed);
  test::ReasonsChecked all;
  for (int round = 0; round < rounds; ++round) {
    const Question q = random_question(rng, round);
    std::istringstream in(q.text);
    const std::shared_ptr<const Instance> instance = reduction.reader(in, q.options)->next();
    Encoding encoding = reduction.encode(*instance);
    const test::Searched plain = search(q, dlx::Switch::off, 0, 500);
    if (!encoding.hook || plain.count == 500) continue;  // nothing to propagate (the colours hold a cycle's givens), or too many answers to list
    const test::ReasonsChecked checked = test::check_reasons(std::move(encoding), plain.answers, rng() % 3);
    all.checked += checked.checked;
    all.wrong += checked.wrong;
  }
  return all;
}

}  // namespace

TEST_CASE("givens: paths and cycles with vertices at fixed steps agree with brute force") {
  std::mt19937_64 rng(48);
  int nonzero = 0, rounds = 0;
  for (int round = 0; round < 160; ++round) {
    const bool directed = round % 2 == 1;
    const std::size_t n = 3 + rng() % 5;
    const dance::test::SmallGraph g = dance::test::random_graph(rng, n, directed, 0.35, 0.85);
    const auto [givens, option] = random_givens(rng, n, 1 + rng() % std::min<std::size_t>(3, n - 1));
    for (const bool path : {true, false}) {
      const std::uint64_t expected = brute_force(g.arc, path, givens);
      INFO("round " << round << " path " << path << " directed " << directed << " --given " << option << '\n' << g.text);
      std::istringstream in(g.text);
      ModelOptions options = ModelOptions().set("given", option);
      if (directed) options.set("directed");
      if (path) options.set("path");
      const auto instance = reduction.reader(in, options)->next();
      CHECK(count_verified(reduction, *instance) == expected);
      nonzero += expected > 0;
      ++rounds;
    }
  }
  CHECK(nonzero > rounds / 4);
}

TEST_CASE("givens: the propagation takes options out as the walk fills in, and keeps every path") {
  // A 6x6 grid with steps 1 and 36 at the two top corners: the distance rule
  // alone leaves the corner-to-corner paths.
  std::ostringstream grid;
  const int side = 6;
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      if (c + 1 < side) grid << r * side + c << ' ' << r * side + c + 1 << '\n';
      if (r + 1 < side) grid << r * side + c << ' ' << (r + 1) * side + c << '\n';
    }
  std::istringstream in(grid.str());
  const auto instance = reduction.reader(in, ModelOptions().set("path").set("given", "0=1,5=36,14=21"))->next();
  Encoding encoding = reduction.encode(*instance);
  REQUIRE(encoding.hook);
  dlx::Solver solver(encoding.problem);
  solver.set_hook(encoding.hook.get());
  solver.count();
  const std::uint64_t with_hook = solver.statistics().solutions;
  CHECK(solver.statistics().removals > 0);
  dlx::Solver plain(encoding.problem);
  plain.count();
  CHECK(plain.statistics().solutions == with_hook);
  CHECK(solver.statistics().nodes < plain.statistics().nodes);
  CHECK(with_hook > 0);
}

TEST_CASE("givens with learning (their reasons used): counts, answers, first answers and --unique as the search without learning, on random graphs and grids") {
  std::mt19937_64 rng(55);
  std::uint64_t backjumps = 0;
  int nonzero = 0;
  for (int round = 0; round < 300; ++round) {
    const Question q = random_question(rng, round);
    const std::uint64_t seed = rng() % 3;
    const test::Searched learning = search(q, dlx::Switch::on, seed, 200), plain = search(q, dlx::Switch::off, seed, 200);
    INFO("round " << round << " seed " << seed << " --given " << q.options.text("given") << (q.options.has("path") ? " --path" : "") << '\n'
                  << q.text);
    CHECK(learning == plain);
    nonzero += learning.count > 0;
    backjumps += learning.backjumps;
  }
  CHECK(nonzero > 60);
  CHECK(backjumps > 1000);
}

TEST_CASE("givens with their reasons broken on purpose (a search left out) lose answers, and their check finds them wrong") {
  const dance::test::Flipped broken(hamilton::RemovalReasons::broken_for_tests);
  std::mt19937_64 rng(555);
  int wrong = 0;
  for (int round = 0; round < 600 && wrong == 0; ++round) {
    const Question q = random_question(rng, round);
    wrong += !(search(q, dlx::Switch::on, 0, 200) == search(q, dlx::Switch::off, 0, 200));
  }
  CHECK(wrong > 0);
  CHECK(check_reasons(56, 300).wrong > 0);  // and the check of every reason (below) sees them wrong
}

TEST_CASE("givens: every reason they give holds in every answer (none holds all of a reason and the option it removed)") {
  const test::ReasonsChecked reasons = check_reasons(56, 300);
  INFO(reasons.checked << " reasons checked");
  CHECK(reasons.wrong == 0);
  CHECK(reasons.checked > 100000);
}

TEST_CASE("givens: bad ones are refused with a message") {
  const auto refuse = [](const std::string& given, const std::string& message, const std::string& encoding = "") {
    std::istringstream in("a b\nb c\nc a\n");
    ModelOptions options = ModelOptions().set("given", given);
    if (!encoding.empty()) options.set("encoding", encoding);
    CHECK_THROWS_WITH(reduction.reader(in, options)->next(), Catch::Contains(message));
  };
  refuse("a=1,z=2", "vertex 'z'");
  refuse("a=1,b=1", "step 1 is given twice");
  refuse("a=1,a=2", "vertex 'a' is given twice");
  refuse("a=4", "beyond the 3 vertices");
  refuse("a", "VERTEX=STEP");
  refuse("a=0", "VERTEX=STEP");
  refuse("a=1;b=2", "expects VERTEX=STEP pairs separated by commas (a=1,b=5); found 'a=1;b=2'");
  refuse("a=1,b=2=3", "separated by commas");
  refuse("a=1", "position encoding only", "edge");
}
