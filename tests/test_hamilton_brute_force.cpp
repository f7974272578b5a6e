// Every mode of hamilton against brute force: on random graphs and digraphs
// of 1 to 10 vertices, the cycles, the paths, the paths between fixed ends
// counted in every encoding (each answer verified), and the longest path
// between fixed ends (verified, its length the longest a depth-first search
// finds). The search here walks simple paths and shares no code with dance.
#include <catch2/catch.hpp>
#include <algorithm>
#include <random>
#include <sstream>

#include "hamilton/graph_rules.hpp"
#include "hamilton/hamilton.hpp"
#include "verified_count.hpp"
#include "helpers.hpp"

using namespace dance;
using dance::test::count_verified;
using dance::test::SmallGraph;

namespace {

const Reduction& reduction = *find_reduction("hamilton");

// Dense small graphs, sparser large ones: the answers stay few enough to list.
SmallGraph random_graph(std::mt19937_64& rng, bool directed) {
  const std::size_t n = 1 + rng() % 10;
  return dance::test::random_graph(rng, n, directed, 0.15, std::min(0.9, 4.0 / static_cast<double>(n)));
}

// Depth-first over the simple paths from `at`: calls `reached(path)` for each.
template <typename Visit>
void walk(const SmallGraph& g, std::vector<std::size_t>& path, std::vector<bool>& on, Visit& reached) {
  reached(path);
  const std::size_t at = path.back();
  for (std::size_t next = 0; next < g.arc.size(); ++next)
    if (g.arc[at][next] && !on[next]) {
      on[next] = true;
      path.push_back(next);
      walk(g, path, on, reached);
      path.pop_back();
      on[next] = false;
    }
}

template <typename Visit>
void paths_from(const SmallGraph& g, std::size_t start, Visit reached) {
  std::vector<std::size_t> path{start};
  std::vector<bool> on(g.arc.size(), false);
  on[start] = true;
  walk(g, path, on, reached);
}

// Hamiltonian cycles: a cycle has two vertices at least when directed
// (a -> b -> a), three when not; an undirected one counted once.
std::uint64_t cycles(const SmallGraph& g) {
  const std::size_t n = g.arc.size();
  if (n < (g.directed ? 2u : 3u)) return 0;
  std::uint64_t count = 0;
  paths_from(g, 0, [&](const std::vector<std::size_t>& p) { count += p.size() == n && g.arc[p.back()][0]; });
  return g.directed ? count : count / 2;
}

// Hamiltonian paths, from `from` to `to` when given (else each undirected
// path once); a lone vertex is a path.
std::uint64_t paths(const SmallGraph& g, std::optional<std::pair<std::size_t, std::size_t>> ends = std::nullopt) {
  const std::size_t n = g.arc.size();
  std::uint64_t count = 0;
  for (std::size_t start = 0; start < n; ++start)
    if (!ends || start == ends->first)
      paths_from(g, start, [&](const std::vector<std::size_t>& p) { count += p.size() == n && (!ends || p.back() == ends->second); });
  return g.directed || ends || n == 1 ? count : count / 2;
}

// The most vertices on a path from `from` to `to`, 0 when there is none.
std::size_t longest(const SmallGraph& g, std::size_t from, std::size_t to) {
  std::size_t most = 0;
  paths_from(g, from, [&](const std::vector<std::size_t>& p) {
    if (p.back() == to) most = std::max(most, p.size());
  });
  return most;
}

// How many times each encoding finds an undirected cycle or free path.
const std::pair<const char*, std::uint64_t> encodings[] = {{"edge", 1}, {"degree", 1}, {"position", 2}};

std::unique_ptr<Instance> read(const SmallGraph& g, ModelOptions options) {
  if (g.directed) options.set("directed");
  std::istringstream in(g.text);
  return reduction.reader(in, options)->next();
}

}  // namespace

TEST_CASE("hamilton, every mode and encoding against brute force on random graphs and digraphs of 1 to 10 vertices") {
  std::mt19937_64 rng(20261127);
  int with_cycles = 0, with_paths = 0, with_fixed_ends = 0, longer = 0;
  for (const bool directed : {false, true}) {
    for (int round = 0; round < 150; ++round) {
      const SmallGraph g = random_graph(rng, directed);
      const std::size_t n = g.arc.size();
      INFO((directed ? "directed, " : "") << "round " << round << '\n' << g.text);
      const std::uint64_t cycle_count = cycles(g), path_count = paths(g);
      for (const auto& [encoding, times] : encodings) {
        INFO("encoding " << encoding);
        const std::uint64_t twice = directed ? 1 : times;  // a directed answer is found once by each
        CHECK(count_verified(reduction, *read(g, ModelOptions().set("encoding", encoding))) == twice * cycle_count);
        CHECK(count_verified(reduction, *read(g, ModelOptions().set("encoding", encoding).set("path"))) ==
              (n == 1 ? 1 : twice) * path_count);
      }
      with_cycles += cycle_count > 0;
      with_paths += path_count > 0;
      if (n < 2) continue;
      const std::size_t from = rng() % n, to = (from + 1 + rng() % (n - 1)) % n;
      const auto ends = ModelOptions().set("from", std::to_string(from)).set("to", std::to_string(to));
      INFO("from " << from << " to " << to);
      const std::uint64_t between = paths(g, std::pair{from, to});
      for (const auto& [encoding, times] : encodings) {  // fixed ends fix the direction: once in every encoding
        INFO("encoding " << encoding);
        CHECK(count_verified(reduction, *read(g, ModelOptions(ends).set("encoding", encoding))) == between);
      }
      with_fixed_ends += between > 0;
      const std::size_t most = longest(g, from, to);
      const auto best = dance::test::optimise(reduction, read(g, ModelOptions(ends).set("longest")));
      CHECK((best.answer != nullptr) == (most > 0));
      if (best.answer) CHECK(static_cast<const hamilton::HamiltonAnswer&>(*best.answer).order.size() == most);
      longer += most > 2 && most < n;  // neither the arc from -> to alone nor a Hamiltonian path
    }
  }
  CHECK(with_cycles > 40);
  CHECK(with_paths > 80);
  CHECK(with_fixed_ends > 30);
  CHECK(longer > 40);
}

TEST_CASE("hamilton --longest --directed: the reproductions of issue 45") {
  struct Case {
    const char* arcs;
    const char *from, *to;
    std::vector<std::string> longest;  // empty: none
  };
  const Case cases[] = {
      {"1 2\n2 3\n", "1", "3", {"1", "2", "3"}},  // 2 has one arc out: it was dropped
      {"0 1\n0 2\n1 2\n", "0", "2", {"0", "1", "2"}},
      {"0 3\n0 4\n1 0\n1 2\n1 3\n3 0\n4 1\n", "3", "2", {"3", "0", "4", "1", "2"}},  // was "3 0", not ending at 2
      {"0 1\n2 1\n", "0", "2", {}},
  };
  for (const Case& c : cases) {
    INFO(c.arcs << "from " << c.from << " to " << c.to);
    std::istringstream in(c.arcs);
    auto first = reduction.reader(in, ModelOptions().set("directed").set("longest").set("from", c.from).set("to", c.to))->next();
    const auto best = dance::test::optimise(reduction, std::move(first));
    std::vector<std::string> found;
    if (best.answer) {
      const auto& h = static_cast<const hamilton::HamiltonInstance&>(*best.instance);
      for (const auto v : static_cast<const hamilton::HamiltonAnswer&>(*best.answer).order) found.push_back(h.graph->names[v]);
    }
    CHECK(found == c.longest);
  }
}

// The degree encoding forces both edges of each 2-edge cut of the graph left:
// sparse graphs of 4 to 14 vertices (a cycle through all in a random order,
// a few chords, the labels shuffled), where such cuts arise at most nodes.
TEST_CASE("hamilton --encoding degree on sparse graphs, where 2-edge cuts abound, against brute force") {
  std::mt19937_64 rng(45);
  int with_cycles = 0, several = 0;
  for (int round = 0; round < 300; ++round) {
    const std::size_t n = 4 + rng() % 11;
    SmallGraph g;
    g.arc.assign(n, std::vector<bool>(n, false));
    std::vector<std::size_t> order(n);
    for (std::size_t v = 0; v < n; ++v) order[v] = v;
    std::shuffle(order.begin(), order.end(), rng);
    const auto join = [&g](std::size_t u, std::size_t v) { g.arc[u][v] = g.arc[v][u] = u != v; };
    for (std::size_t k = 0; k < n; ++k) join(order[k], order[(k + 1) % n]);
    for (std::size_t chords = rng() % (n / 2 + 2); chords > 0; --chords) join(rng() % n, rng() % n);
    if (rng() % 3 == 0) {  // an edge of the cycle gone: some have none
      const std::size_t k = rng() % n;
      g.arc[order[k]][order[(k + 1) % n]] = g.arc[order[(k + 1) % n]][order[k]] = false;
    }
    std::ostringstream text;
    for (std::size_t u = 0; u < n; ++u) {
      text << u << ":";
      for (std::size_t v = u + 1; v < n; ++v)
        if (g.arc[u][v]) text << ' ' << v;
      text << '\n';
    }
    g.text = text.str();
    INFO("round " << round << '\n' << g.text);
    const std::uint64_t count = cycles(g);
    CHECK(count_verified(reduction, *read(g, ModelOptions().set("encoding", "degree"))) == count);
    with_cycles += count > 0;
    several += count > 1;
  }
  CHECK(with_cycles > 100);
  CHECK(several > 15);
}

namespace {

// The degree encoding's reasons on random graphs of 4 to 10 vertices, cycles
// and paths: each checked as it is made (test::check_reasons), and the
// search with learning against the one without. How many reasons, how many
// wrong, and how many graphs' searches differed.
struct DegreeReasons {
  std::uint64_t checked = 0, wrong = 0, differ = 0;
};
DegreeReasons degree_reasons(std::uint64_t seed, int rounds) {
  std::mt19937_64 rng(seed);
  DegreeReasons r;
  for (int round = 0; round < rounds; ++round) {
    const SmallGraph g = dance::test::random_graph(rng, 4 + rng() % 7, false, 0.3, 0.7);
    ModelOptions options = ModelOptions().set("encoding", "degree");
    if (round % 3 == 2) options.set("path");
    const auto instance = read(g, options);
    if (static_cast<const hamilton::HamiltonInstance&>(*instance).impossible) continue;
    const auto encode = [&] { return reduction.encode(*instance); };
    const test::Searched plain = test::search_with(encode, dlx::Switch::off, 0);
    const test::ReasonsChecked reasons = test::check_reasons(encode(), plain.answers, rng() % 3);
    r.checked += reasons.checked;
    r.wrong += reasons.wrong;
    r.differ += !(test::search_with(encode, dlx::Switch::on, rng() % 3) == plain);
  }
  return r;
}

}  // namespace

TEST_CASE("hamilton --encoding degree: every reason holds in every answer, and learning finds what the plain search does") {
  const DegreeReasons r = degree_reasons(55, 400);
  INFO(r.checked << " reasons checked");
  CHECK(r.wrong == 0);
  CHECK(r.differ == 0);
  CHECK(r.checked > 2000);
}

TEST_CASE("hamilton --encoding degree: reasons broken on purpose (an end's chosen option left out) are found wrong") {
  const test::Flipped broken(hamilton::GraphRules::broken_for_tests);
  const DegreeReasons r = degree_reasons(55, 400);
  CHECK(r.wrong > 0);
}
