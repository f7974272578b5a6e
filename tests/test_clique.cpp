// Graph input, and the clique / independent-set decisions: known clique
// numbers of the DIMACS benchmarks (yes at omega with a verified witness, no
// at omega + 1), --max, and brute force on small random graphs.
#include <catch2/catch.hpp>
#include <algorithm>
#include <atomic>
#include <bit>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

#include "clique/clique.hpp"
#include "clique/colouring_bound.hpp"
#include "clique/inconsistent_classes.hpp"
#include "clique/kernel.hpp"
#include "dance/driver.hpp"
#include "dance/generate.hpp"
#include "dance/generator.hpp"
#include "dlx/solver.hpp"
#include "helpers.hpp"
#include "verified_count.hpp"

using namespace dance;
using dance::test::count_verified;
using dance::test::read_one;
using dance::test::text_of;
using graph::Graph;
using graph::Vertex;

namespace {
Graph parse(const std::string& text, std::vector<std::string>* warnings = nullptr) {
  std::istringstream in(text);
  graph::GraphWarnings found;
  Graph g = graph::read_graph(in, false, found);
  if (warnings) *warnings = found.messages;
  return g;
}

std::string parse_error(const std::string& text) {
  try {
    parse(text);
  } catch (const dlx::ParseError& e) {
    return e.what();
  }
  return "no error";
}

// A random graph as an edge list, and its edges as a matrix.
std::string random_graph(std::mt19937_64& rng, std::size_t n, double p, std::vector<std::vector<bool>>& edge) {
  std::ostringstream text;
  edge.assign(n, std::vector<bool>(n, false));
  std::bernoulli_distribution coin(p);
  for (std::size_t u = 0; u < n; ++u) text << u << ' ' << u << '\n';  // every vertex named (a self-loop, dropped)
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = u + 1; v < n; ++v)
      if (coin(rng)) {
        text << u << ' ' << v << '\n';
        edge[u][v] = edge[v][u] = true;
      }
  return text.str();
}

// k-subsets whose pairs are all edges (or all non-edges), counted by brute force.
std::uint64_t brute_force(const std::vector<std::vector<bool>>& edge, std::size_t k, bool independent) {
  const std::size_t n = edge.size();
  std::uint64_t count = 0;
  for (std::uint32_t set = 0; set < (1u << n); ++set) {
    if (static_cast<std::size_t>(std::popcount(set)) != k) continue;
    bool ok = true;
    for (std::size_t u = 0; u < n && ok; ++u)
      for (std::size_t v = u + 1; v < n && ok; ++v)
        if ((set >> u & 1) && (set >> v & 1)) ok = edge[u][v] != independent;
    count += ok;
  }
  return count;
}
// k-cliques counted by extending each clique with later vertices only (for
// graphs too large for brute_force()).
std::uint64_t cliques_of_size(const std::vector<std::vector<bool>>& edge, std::size_t k) {
  std::uint64_t found = 0;
  std::vector<std::size_t> chosen;
  const auto extend = [&](const auto& self, std::size_t from) -> void {
    if (chosen.size() == k) {
      ++found;
      return;
    }
    for (std::size_t v = from; v < edge.size(); ++v)
      if (std::all_of(chosen.begin(), chosen.end(), [&](std::size_t u) { return edge[u][v]; })) {
        chosen.push_back(v);
        self(self, v + 1);
        chosen.pop_back();
      }
  };
  extend(extend, 0);
  return found;
}

// The graph as an edge list that names every vertex.
std::string text_of_edges(const std::vector<std::vector<bool>>& edge) {
  std::ostringstream text;
  for (std::size_t u = 0; u < edge.size(); ++u) text << u << ' ' << u << '\n';
  for (std::size_t u = 0; u < edge.size(); ++u)
    for (std::size_t v = u + 1; v < edge.size(); ++v)
      if (edge[u][v]) text << u << ' ' << v << '\n';
  return text.str();
}
}  // namespace

TEST_CASE("graphs are read from every format alike") {
  const std::string formats[] = {
      "c a triangle and a pendant\np edge 4 4\ne 1 2\ne 2 3\ne 3 1\ne 3 4\n",
      "NAME : t\nTYPE : HCP\nDIMENSION : 4\nEDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n1 2\n2 3 3 1\n3\n4\n-1\nEOF\n",
      "# adjacency\n0: 1 2\n1: 2\n2: 3\n",
      "0 1\n1 2\n# comment\n\n2 0\n2 3\n",
  };
  for (const std::string& text : formats) {
    INFO(text);
    const Graph g = parse(text);
    REQUIRE(g.size() == 4);
    CHECK(g.edge_count() == 4);
    CHECK(g.adjacent(0, 1));
    CHECK(g.adjacent(2, 0));
    CHECK(g.adjacent(3, 2));
    CHECK_FALSE(g.adjacent(0, 3));
  }
  const Graph named = parse("alpha beta\nbeta gamma\n");
  CHECK(named.names == std::vector<std::string>{"alpha", "beta", "gamma"});
  std::vector<std::string> warnings;
  const Graph repeated = parse("p edge 3 3\ne 1 2\ne 2 1\ne 3 3\n", &warnings);
  CHECK(repeated.edge_count() == 1);
  REQUIRE(warnings.size() == 2);
  CHECK_THAT(warnings[0], Catch::Contains("1 repeated edge ignored"));
  CHECK_THAT(warnings[1], Catch::Contains("self-loops ignored (the first on line 4)"));
  // The edges the header announces against the 'e' lines (a file cut short): said, and read as it is.
  for (const auto& [text, edges, said] :
       {std::tuple<std::string, std::size_t, std::string>{"c x\np edge 3 3\ne 1 2\n", 1, "line 2: the 'p' line announces 3 edges; 1 'e' lines follow"},
        {"p edge 3 1\ne 1 2\ne 2 3\n", 2, "line 1: the 'p' line announces 1 edges; 2 'e' lines follow"}}) {
    std::vector<std::string> told;
    CHECK(parse(text, &told).edge_count() == edges);
    CHECK(told == std::vector<std::string>{said});
  }
  std::vector<std::string> none;
  (void)parse("p edge 3 2\ne 1 2\ne 2 3\n", &none);
  CHECK(none.empty());
}

TEST_CASE("malformed graphs are named by line and column") {
  CHECK_THAT(parse_error("e 1 2\n"), Catch::Contains("line 1, column 1: expected the 'p edge N M' line"));
  CHECK_THAT(parse_error("p edge 3 1\ne 1 4\n"), Catch::Contains("line 2, column 5: expected a vertex number from 1 to 3"));
  CHECK_THAT(parse_error("p edge 3 1\ne 1\n"), Catch::Contains("line 2, column 4: expected 'e U V'"));
  CHECK_THAT(parse_error("p graph 3 1\n"), Catch::Contains("line 1, column 3: expected 'p edge"));
  // After the header the edges are parsed in place: lines are still counted
  // over comments, blank lines and CRLF ends.
  CHECK_THAT(parse_error("c a\np edge 3 2\n\nc b\n# c\ne 1 2\r\nx 1 2\n"),
             Catch::Contains("line 7, column 1: expected a 'c', 'p' or 'e' line, found 'x'"));
  CHECK_THAT(parse_error("p edge 3 1\ne 1 2\np edge 3 1\n"), Catch::Contains("line 3, column 1: one 'p' line"));
  CHECK_THAT(parse_error("p edge 3 1\ne 1 2\ne 2  0"), Catch::Contains("line 3, column 6: expected a vertex number from 1 to 3"));
  std::string long_file = "p edge 100 4950\n";  // read in pieces of 16 KiB: lines cross their ends
  for (int u = 1; u <= 100; ++u)
    for (int v = u + 1; v <= 100; ++v) long_file += "e " + std::to_string(u) + ' ' + std::to_string(v) + '\n';
  CHECK(parse(long_file).edge_count() == 4950);
  CHECK_THAT(parse_error(long_file + "e 1 101\n"), Catch::Contains("line 4952, column 5: expected a vertex number from 1 to 100"));
  CHECK_THAT(parse_error("NAME : x\nEDGE_DATA_SECTION\n1 2\n"), Catch::Contains("expected DIMENSION"));
  CHECK_THAT(parse_error("DIMENSION : 3\nEDGE_DATA_SECTION\n1 2 3\n-1\n"), Catch::Contains("line 3, column 5: expected a second vertex"));
  // A second graph after the first's end would go unread: refused where it starts.
  CHECK_THAT(parse_error("DIMENSION : 3\nEDGE_DATA_SECTION\n1 2\n-1\nEOF\n\nNAME : y\n"),
             Catch::Contains("line 7, column 1: expected the end of the input after -1 or EOF (one graph an input), found 'NAME'"));
  CHECK_THAT(parse_error("DIMENSION : 3\nEDGE_DATA_SECTION\n1 2\n-1 2 3\n"), Catch::Contains("line 4, column 4: expected the end"));
  CHECK_THAT(parse_error("a b c\n"), Catch::Contains("line 1, column 5: expected an edge"));
  CHECK_THAT(parse_error("a: b\nc d\n"), Catch::Contains("line 2, column 1: expected 'U: V W ...'"));
  CHECK_THAT(parse_error(""), Catch::Contains("empty input"));
  // A header or a vertex number of 10^9 would cost minutes and gigabytes in names.
  CHECK_THAT(parse_error("p edge 1000000000 1\ne 1 2\n"), Catch::Contains("line 1, column 8: at most 16777216 vertices"));
  CHECK_THAT(parse_error("DIMENSION : 20000000\nEDGE_DATA_SECTION\n"), Catch::Contains("line 1, column 13: at most 16777216"));
  // From an attacker's test: the message said "numbered up to 16777215" while 16777216 vertices were taken.
  CHECK_THAT(parse_error("p edge 16777217 1\ne 1 2\n"),
             Catch::EndsWith("line 1, column 8: at most 16777216 vertices (numbered from 1 to 16777216)"));
}

TEST_CASE("the vertices of an edge or adjacency list are the names in it, numbers in numeric order") {
  // Numbered from 1: no vertex 0 (it made a Hamiltonian graph look like none).
  const Graph from_one = parse("1 2\n2 3\n3 1\n");
  CHECK(from_one.names == std::vector<std::string>{"1", "2", "3"});
  CHECK(from_one.edge_count() == 3);
  // A large number is a name like any other, not 10^9 vertices.
  const Graph sparse = parse("0 1\n1 999999999\n10 1\n");
  CHECK(sparse.names == std::vector<std::string>{"0", "1", "10", "999999999"});
  CHECK(sparse.adjacent(1, 3));
  // A vertex with no neighbours named only before its ':' (this one crashed).
  const Graph alone = parse("0: 1\n99999999:\n");
  CHECK(alone.names == std::vector<std::string>{"0", "1", "99999999"});
  CHECK(alone.out[2].empty());
  CHECK(parse("b a\nc b\n").names == std::vector<std::string>{"b", "a", "c"});
}

TEST_CASE("a large sparse graph keeps only the vertices that can be in a clique of k") {
  // A path through 200,000 vertices, and a clique on the first 6: with sets
  // of n * n bits for all of them this took gigabytes; the 5-core is the clique.
  std::string text = "p edge 200000 200009\n";
  for (int v = 1; v < 200000; ++v) text += "e " + std::to_string(v) + ' ' + std::to_string(v + 1) + '\n';
  for (int u = 1; u <= 6; ++u)
    for (int v = u + 2; v <= 6; ++v) text += "e " + std::to_string(u) + ' ' + std::to_string(v) + '\n';
  const Reduction& cliques = *find_reduction("clique");
  const Reduction& independent = *find_reduction("independent-set");
  const auto six = read_one(cliques, text, ModelOptions().set("k", "6"));
  CHECK(static_cast<const clique::CliqueInstance&>(*six).order->size() == 6);
  CHECK(count_verified(cliques, *six) == 1);
  const auto seven = read_one(cliques, text, ModelOptions().set("k", "7"));
  CHECK(static_cast<const clique::CliqueInstance&>(*seven).order->empty());
  CHECK(cliques.encode(*seven).contradiction->find("only 0 vertices are left") != std::string::npos);
  // All of them are in the 1-core: a k of 2 asks too much of the sets.
  CHECK_THROWS_WITH(read_one(cliques, text, ModelOptions().set("k", "2")), Catch::Contains("200000 vertices can be in the answer"));
  const auto best = dance::test::optimise(cliques, read_one(cliques, text, ModelOptions().set("max")));
  REQUIRE(best.answer);
  CHECK(static_cast<const clique::CliqueAnswer&>(*best.answer).vertices == std::vector<Vertex>{0, 1, 2, 3, 4, 5});
  // A k far beyond the graph is a no at once, with nothing made for k levels.
  const auto huge = cliques.encode(*read_one(cliques, "p edge 3 1\ne 1 2\n", ModelOptions().set("k", "1000000000")));
  CHECK(!huge.hook);
  CHECK(huge.contradiction == "k = 1000000000, but the graph has 3 vertices");
  // An independent set keeps every vertex: too many for its sets, and it says so.
  CHECK_THROWS_WITH(read_one(independent, text, ModelOptions().set("k", "3")), Catch::Contains("more than the 65536"));
}

TEST_CASE("DIMACS benchmarks: a clique at omega, none at omega + 1") {
  const Reduction& reduction = *find_reduction("clique");
  const std::string dir = std::string(DANCE_DATA_DIR) + "/graphs/clique/";
  std::ifstream expected(dir + "expected.tsv");
  REQUIRE(expected);
  std::string line;
  std::getline(expected, line);  // the header
  int checked = 0;
  while (std::getline(expected, line)) {
    std::istringstream fields(line);
    std::string file, source;
    long omega = 0;
    fields >> file >> omega >> source;
    // Cliquer's answers; the two slowest of them are for the benchmark.
    if (source != "cliquer" || file == "brock200_1.clq" || file == "sanr200_0.7.clq") continue;
    INFO(file << " omega " << omega);
    const std::string text = text_of(dir + file);
    CHECK(count_verified(reduction, *read_one(reduction, text, ModelOptions().set("k", std::to_string(omega))), 1) == 1);
    CHECK(count_verified(reduction, *read_one(reduction, text, ModelOptions().set("k", std::to_string(omega + 1)))) == 0);
    ++checked;
  }
  CHECK(checked == 23);
}

namespace {
// --max of `text` run by the driver (each answer verified), from a clique
// found without search, or (start_found false) from none, so that the
// search finds every better clique itself: the size of the best, after
// CHECKing that the better answers handed over as found grew.
std::size_t largest(const Reduction& reduction, const std::string& text, bool start_found) {
  std::unique_ptr<Instance> instance = read_one(reduction, text, ModelOptions().set("max"));
  static_cast<clique::CliqueInstance&>(*instance).start_found = start_found;
  const auto best = dance::test::optimise(reduction, std::move(instance));
  REQUIRE(best.answer);
  std::size_t size = 0;
  for (const auto& better : best.improvements) {
    const std::size_t grown = static_cast<const clique::CliqueAnswer&>(*better).vertices.size();
    CHECK(grown > size);
    size = grown;
  }
  return size;
}

// The clique number, by cliques_of_size().
std::size_t omega_of(const std::vector<std::vector<bool>>& edge) {
  std::size_t omega = edge.empty() ? 0 : 1;
  while (cliques_of_size(edge, omega + 1) > 0) ++omega;
  return omega;
}

// Random graphs, small then larger, each with its edges and its non-edges.
struct RandomGraph {
  std::string text;
  std::vector<std::vector<bool>> edge, non_edge;
};
RandomGraph random_graph_for_max(std::mt19937_64& rng, int round) {
  RandomGraph g;
  const std::size_t n = round < 30 ? 8 + rng() % 13 : 30 + rng() % 30;
  const double p = round < 30 ? 0.2 + 0.6 * static_cast<double>(rng() % 100) / 100.0 : 0.3 + 0.5 * static_cast<double>(rng() % 100) / 100.0;
  g.text = random_graph(rng, n, p, g.edge);
  g.non_edge.assign(n, std::vector<bool>(n, false));
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = 0; v < n; ++v) g.non_edge[u][v] = u != v && !g.edge[u][v];
  return g;
}
}  // namespace

TEST_CASE("clique --max on DIMACS graphs: omega, the better answers growing") {
  const Reduction& reduction = *find_reduction("clique");
  const std::string dir = std::string(DANCE_DATA_DIR) + "/graphs/clique/";
  for (const auto& [file, omega] : {std::pair{"keller4.clq", 11UL}, std::pair{"johnson16-2-4.clq", 8UL}, std::pair{"MANN_a9.clq", 16UL},
                                    std::pair{"san200_0.9_1.clq", 70UL}, std::pair{"brock200_2.clq", 12UL}}) {
    INFO(file);
    const std::string text = text_of(dir + file);
    CHECK(largest(reduction, text, true) == omega);
    CHECK(largest(reduction, text, false) == omega);
  }
}

TEST_CASE("clique and independent-set --max: one branch and bound search agrees with brute force on random graphs", "[clique][max]") {
  const Reduction& cliques = *find_reduction("clique");
  const Reduction& independent = *find_reduction("independent-set");
  std::mt19937_64 rng(41);
  for (int round = 0; round < 60; ++round) {
    const RandomGraph g = random_graph_for_max(rng, round);
    for (const bool independent_sets : {false, true}) {
      const Reduction& reduction = independent_sets ? independent : cliques;
      const std::size_t omega = omega_of(independent_sets ? g.non_edge : g.edge);
      for (const bool start_found : {true, false}) {
        INFO("round " << round << " n " << g.edge.size() << (independent_sets ? " independent" : " clique") << " omega " << omega
                      << (start_found ? "" : ", from no clique"));
        CHECK(largest(reduction, g.text, start_found) == omega);
      }
    }
  }
}

TEST_CASE("clique --max with a bound broken on purpose (one vertex too many asked for) misses omega", "[clique][max]") {
  // The test above must be able to fail: with the bound asking for one more
  // than the incumbent plus one, cliques of incumbent plus one are cut off.
  struct Overreach {
    Overreach() { clique::ColouringBound::overreach_for_tests = 1; }
    ~Overreach() { clique::ColouringBound::overreach_for_tests = 0; }
  } broken;
  const Reduction& cliques = *find_reduction("clique");
  std::mt19937_64 rng(41);
  int missed = 0;
  for (int round = 0; round < 60; ++round) {
    const RandomGraph g = random_graph_for_max(rng, round);
    std::unique_ptr<Instance> instance = read_one(cliques, g.text, ModelOptions().set("max"));
    static_cast<clique::CliqueInstance&>(*instance).start_found = false;
    const auto best = dance::test::optimise(cliques, std::move(instance));
    missed += !best.answer || static_cast<const clique::CliqueAnswer&>(*best.answer).vertices.size() < omega_of(g.edge);
  }
  CHECK(missed > 8);
}

TEST_CASE("clique --max with the hook's bit sets broken on purpose (the last vertex chosen forgotten) answers sets that are no cliques", "[clique][max]") {
  // --max's encoding has no conflict items: the hook alone keeps incompatible
  // vertices apart (ColouringBound's keeps_apart), so the brute-force test
  // above must be able to fail through it: the driver's verify() refuses
  // the answers.
  const dance::test::Flipped broken(clique::ColouringBound::forget_last_for_tests);
  const std::atomic<bool> never{false};
  std::mt19937_64 rng(41);
  int refused = 0;
  for (const std::string name : {"clique", "independent-set"}) {
    const Reduction& reduction = *find_reduction(name);
    for (int round = 0; round < 60; ++round) {
      const RandomGraph g = random_graph_for_max(rng, round);
      std::unique_ptr<Instance> instance = read_one(reduction, g.text, ModelOptions().set("max"));
      static_cast<clique::CliqueInstance&>(*instance).start_found = false;
      RunSpec spec;
      spec.verify = true;
      Session session(reduction, spec);
      Collected results;
      session.run(*instance, results, never);
      refused += !results.failures.empty();
    }
  }
  CHECK(refused > 60);
}

TEST_CASE("random graphs: clique and independent-set counts agree with brute force and the complement") {
  std::mt19937_64 rng(2026);
  const Reduction& cliques = *find_reduction("clique");
  const Reduction& independent = *find_reduction("independent-set");
  int nonzero = 0;
  for (int round = 0; round < 60; ++round) {
    const std::size_t n = 4 + rng() % 9;
    std::vector<std::vector<bool>> edge;
    const std::string text = random_graph(rng, n, 0.2 + 0.6 * static_cast<double>(rng() % 100) / 100.0, edge);
    // The complement as a graph of its own.
    std::ostringstream complement;
    for (std::size_t u = 0; u < n; ++u) complement << u << ' ' << u << '\n';
    for (std::size_t u = 0; u < n; ++u)
      for (std::size_t v = u + 1; v < n; ++v)
        if (!edge[u][v]) complement << u << ' ' << v << '\n';
    for (std::size_t k = 1; k <= std::min<std::size_t>(n, 6); ++k) {
      INFO("round " << round << " n " << n << " k " << k);
      const ModelOptions with_k = ModelOptions().set("k", std::to_string(k));
      const std::uint64_t expected_cliques = brute_force(edge, k, false);
      const std::uint64_t expected_independent = brute_force(edge, k, true);
      CHECK(count_verified(cliques, *read_one(cliques, text, with_k)) == expected_cliques);
      CHECK(count_verified(independent, *read_one(independent, text, with_k)) == expected_independent);
      CHECK(count_verified(cliques, *read_one(cliques, complement.str(), with_k)) == expected_independent);
      nonzero += expected_cliques > 0 && expected_independent > 0;
    }
  }
  CHECK(nonzero > 100);
}

TEST_CASE("denser random graphs, where the bound looks ahead: k-clique counts agree with brute force") {
  std::mt19937_64 rng(11);
  const Reduction& cliques = *find_reduction("clique");
  int omega_seen = 0;
  for (int round = 0; round < 50; ++round) {
    // Small dense graphs, then larger sparse ones, where the root's colourings
    // leave room but its children's do not.
    const bool dense = round < 30;
    const std::size_t n = dense ? 18 + rng() % 10 : 100 + rng() % 60;
    const double p = dense ? 0.55 + 0.3 * static_cast<double>(rng() % 100) / 100.0 : 0.1 + 0.2 * static_cast<double>(rng() % 100) / 100.0;
    std::vector<std::vector<bool>> edge;
    const std::string text = random_graph(rng, n, p, edge);
    std::size_t omega = 1;
    while (cliques_of_size(edge, omega + 1) > 0) ++omega;
    for (std::size_t k = omega - 1; k <= omega + 1; ++k) {
      INFO("round " << round << " n " << n << " k " << k);
      const auto instance = read_one(cliques, text, ModelOptions().set("k", std::to_string(k)));
      const std::uint64_t expected = cliques_of_size(edge, k);
      CHECK(count_verified(cliques, *instance) == expected);
      // In a seed's order too: the bounds follow the lists' order, not the vertices'.
      const Encoding encoding = cliques.encode(*instance);
      dlx::Solver seeded(encoding.problem, 1 + static_cast<std::uint64_t>(round));
      seeded.set_hook(encoding.hook.get());
      REQUIRE(seeded.count() == dlx::Outcome::exhausted);
      CHECK(seeded.statistics().solutions == expected);
    }
    omega_seen += static_cast<int>(omega);
  }
  CHECK(omega_seen > 200);
}

namespace {
// Each rule of the bound on its own (ColouringBound::rules), restored after.
struct OnlyRules {
  explicit OnlyRules(clique::BoundRules rules) { clique::ColouringBound::rules = rules; }
  ~OnlyRules() { clique::ColouringBound::rules = clique::BoundRules{}; }
};

// Per round, on a random dense graph: the colours of a greedy colouring of
// all its vertices, the most inconsistent sets InconsistentClasses finds
// among them, and the clique number.
struct ColouringCase {
  long colours = 0, sets = 0;
  std::size_t omega = 0;
};
ColouringCase colouring_case(std::mt19937_64& rng) {
  const std::size_t n = 8 + rng() % 14;
  const double p = 0.5 + 0.45 * static_cast<double>(rng() % 100) / 100.0;
  std::vector<std::vector<bool>> edge;
  random_graph(rng, n, p, edge);
  const std::size_t words = (n + 63) / 64;
  std::vector<clique::Bits> compatible(n, clique::Bits(words, 0));
  clique::Bits pool(words, 0), left(words, 0), layer(words, 0);
  for (std::size_t u = 0; u < n; ++u) {
    clique::set(pool, u);
    for (std::size_t v = 0; v < n; ++v)
      if (edge[u][v]) clique::set(compatible[u], v);
  }
  std::vector<clique::Bits> classes;
  std::vector<std::uint32_t> class_of(n, 0);
  left = pool;
  while (clique::count(left) != 0) {
    classes.emplace_back(words, 0);
    clique::take_class(compatible, left, layer, [&](std::size_t v) {
      clique::set(classes.back(), v);
      class_of[v] = static_cast<std::uint32_t>(classes.size());
    });
  }
  clique::InconsistentClasses rule(&compatible);
  ColouringCase c;
  c.colours = static_cast<long>(classes.size());
  while (c.sets < c.colours && rule.finds(pool, class_of, classes.size(), c.sets + 1)) ++c.sets;
  c.omega = omega_of(edge);
  return c;
}
}  // namespace

TEST_CASE("inconsistent sets of colour classes: the colours less the sets found never fall below the clique number", "[clique][inconsistent]") {
  std::mt19937_64 rng(58);
  int tighter = 0;
  for (int round = 0; round < 400; ++round) {
    const ColouringCase c = colouring_case(rng);
    INFO("round " << round << " colours " << c.colours << " sets " << c.sets << " omega " << c.omega);
    CHECK(c.colours - c.sets >= static_cast<long>(c.omega));
    tighter += c.sets > 0;
  }
  CHECK(tighter > 150);  // the rule does something: a bound below the colours
}

TEST_CASE("inconsistent sets broken on purpose (a class that never conflicts counted) fall below the clique number", "[clique][inconsistent]") {
  // The test above must be able to fail.
  // the MaxSAT-style rule broken on purpose: a class whose propagations find no conflict counted as inconsistent
  const dance::test::Flipped broken(clique::InconsistentClasses::unsound_for_tests);
  std::mt19937_64 rng(58);
  int below = 0;
  for (int round = 0; round < 400; ++round) {
    const ColouringCase c = colouring_case(rng);
    below += c.colours - c.sets < static_cast<long>(c.omega);
  }
  CHECK(below > 200);
}

TEST_CASE("each rule of the bound on its own: --max and k-clique counts on dense random graphs agree with brute force", "[clique][inconsistent]") {
  const Reduction& cliques = *find_reduction("clique");
  for (const clique::BoundRules rules :
       {clique::BoundRules{false, false, false, false}, clique::BoundRules{true, false, false, false},
        clique::BoundRules{false, true, false, false}, clique::BoundRules{false, false, true, false},
        clique::BoundRules{false, false, false, true}, clique::BoundRules{true, false, false, true}}) {
    OnlyRules only(rules);
    std::mt19937_64 rng(5858);
    for (int round = 0; round < 25; ++round) {
      const std::size_t n = 16 + rng() % 14;
      const double p = 0.6 + 0.35 * static_cast<double>(rng() % 100) / 100.0;
      std::vector<std::vector<bool>> edge;
      const std::string text = random_graph(rng, n, p, edge);
      const std::size_t omega = omega_of(edge);
      INFO("rules " << rules.inconsistent << rules.lookahead << rules.double_cover << rules.branch_set << " round " << round << " n " << n
                    << " omega " << omega);
      CHECK(largest(cliques, text, false) == omega);
      for (std::size_t k = omega - 1; k <= omega + 1; ++k)
        CHECK(count_verified(cliques, *read_one(cliques, text, ModelOptions().set("k", std::to_string(k)))) == cliques_of_size(edge, k));
    }
  }
}

namespace {
// --max from no clique on the rounds of the test above: how many miss omega.
int missed_on_dense_graphs() {
  const Reduction& cliques = *find_reduction("clique");
  std::mt19937_64 rng(5858);
  int missed = 0;
  for (int round = 0; round < 25; ++round) {
    const std::size_t n = 16 + rng() % 14;
    const double p = 0.6 + 0.35 * static_cast<double>(rng() % 100) / 100.0;
    std::vector<std::vector<bool>> edge;
    const std::string text = random_graph(rng, n, p, edge);
    std::unique_ptr<Instance> instance = read_one(cliques, text, ModelOptions().set("max"));
    static_cast<clique::CliqueInstance&>(*instance).start_found = false;
    const auto best = dance::test::optimise(cliques, std::move(instance));
    missed += !best.answer || static_cast<const clique::CliqueAnswer&>(*best.answer).vertices.size() < omega_of(edge);
  }
  return missed;
}
}  // namespace

TEST_CASE("clique --max with the MaxSAT-style rule broken on purpose misses omega on dense random graphs", "[clique][inconsistent]") {
  // The test above must be able to fail through this rule alone: in the
  // children's bound, and in the branch set (a class absorbed without a conflict).
  // the MaxSAT-style rule broken on purpose: a class whose propagations find no conflict counted as inconsistent
  const dance::test::Flipped broken(clique::InconsistentClasses::unsound_for_tests);
  for (const clique::BoundRules rules : {clique::BoundRules{true, false, false, false}, clique::BoundRules{true, false, false, true}}) {
    OnlyRules only(rules);
    INFO("branch set " << rules.branch_set);
    CHECK(missed_on_dense_graphs() > 15);
  }
}

TEST_CASE("clique --max with the branch set broken on purpose (its first class left out) misses omega on dense random graphs", "[clique][inconsistent]") {
  const dance::test::Flipped broken(clique::ColouringBound::narrow_branch_set_for_tests);
  OnlyRules only(clique::BoundRules{false, false, false, true});
  CHECK(missed_on_dense_graphs() > 8);
}

namespace {
// The kernel's rules as given, restored after.
struct OnlyKernelRules {
  explicit OnlyKernelRules(clique::KernelRules rules) { clique::Kernel::rules = rules; }
  ~OnlyKernelRules() { clique::Kernel::rules = clique::KernelRules{}; }
};
// A sparse random graph with pendant paths and cycles hung on it, so that
// every rule of the kernel has work.
std::string sparse_graph(std::mt19937_64& rng, std::vector<std::vector<bool>>& edge) {
  const std::size_t n = 6 + rng() % 13;
  random_graph(rng, n, 0.08 + 0.3 * static_cast<double>(rng() % 100) / 100.0, edge);
  for (std::size_t extra = rng() % 4; extra-- > 0 && edge.size() < 20;) {  // a path of 1 to 3 from a vertex
    std::size_t at = rng() % edge.size();
    for (std::size_t length = 1 + rng() % 3; length-- > 0 && edge.size() < 20;) {
      for (auto& row : edge) row.push_back(false);
      edge.emplace_back(edge.size() + 1, false);
      const std::size_t v = edge.size() - 1;
      edge[at][v] = edge[v][at] = true;
      at = v;
    }
  }
  return text_of_edges(edge);
}
std::size_t largest_independent_set(const std::vector<std::vector<bool>>& edge) {
  std::vector<std::vector<bool>> complement(edge.size(), std::vector<bool>(edge.size(), false));
  for (std::size_t u = 0; u < edge.size(); ++u)
    for (std::size_t v = 0; v < edge.size(); ++v) complement[u][v] = u != v && !edge[u][v];
  return omega_of(complement);
}
}  // namespace

TEST_CASE("independent-set --max through the kernel: each rule on its own agrees with brute force", "[clique][kernel]") {
  const Reduction& independent = *find_reduction("independent-set");
  for (const clique::KernelRules rules : {clique::KernelRules{true, false, false, false}, clique::KernelRules{false, true, false, false},
                                          clique::KernelRules{false, false, true, false}, clique::KernelRules{}}) {
    OnlyKernelRules only(rules);
    std::mt19937_64 rng(100000);
    int shrunk = 0;
    for (int round = 0; round < 150; ++round) {
      std::vector<std::vector<bool>> edge;
      const std::string text = sparse_graph(rng, edge);
      const std::size_t alpha = largest_independent_set(edge);
      INFO("rules " << rules.degree_zero << rules.domination << rules.folding << " round " << round << " n " << edge.size() << " alpha "
                    << alpha << "\n" << text);
      for (const bool start_found : {true, false}) CHECK(largest(independent, text, start_found) == alpha);
      const Graph g = parse(text);
      const clique::Kernel kernel(g);
      CHECK(kernel.vertices().size() <= g.size());
      shrunk += kernel.vertices().size() < g.size();
    }
    INFO("rules " << rules.degree_zero << rules.domination << rules.folding);
    CHECK(shrunk > 50);  // each rule takes vertices out of many graphs
  }
}

TEST_CASE("the kernel takes a tree, a cycle and a clique with a private vertex down to one vertex", "[clique][kernel]") {
  // A path 0-1-...-9 (domination, then degree 0), a 7-cycle (folding), K5 (domination).
  std::ostringstream text;
  for (int v = 0; v < 9; ++v) text << v << ' ' << v + 1 << '\n';
  for (int v = 0; v < 7; ++v) text << 10 + v << ' ' << 10 + (v + 1) % 7 << '\n';
  for (int u = 0; u < 5; ++u)
    for (int v = u + 1; v < 5; ++v) text << 20 + u << ' ' << 20 + v << '\n';
  const Graph g = parse(text.str());
  const clique::Kernel kernel(g);
  CHECK(kernel.vertices().size() == 1);
  CHECK(kernel.offset() == 5 + 3 + 1 - 1);
  const Reduction& independent = *find_reduction("independent-set");
  CHECK(largest(independent, text.str(), true) == 9);
}

namespace {

std::string graph_with_twins(std::mt19937_64& rng, std::vector<std::vector<bool>>& edge);

// Of 150 random graphs made by `make` from `seed`, how many independent-set --max answers fall short of alpha.
int missed_alpha(std::string (*make)(std::mt19937_64&, std::vector<std::vector<bool>>&), std::uint64_t seed) {
  const Reduction& independent = *find_reduction("independent-set");
  std::mt19937_64 rng(seed);
  int missed = 0;
  for (int round = 0; round < 150; ++round) {
    std::vector<std::vector<bool>> edge;
    const std::string text = make(rng, edge);
    const auto best = dance::test::optimise(independent, read_one(independent, text, ModelOptions().set("max")));
    missed += !best.answer || static_cast<const clique::CliqueAnswer&>(*best.answer).vertices.size() < largest_independent_set(edge);
  }
  return missed;
}

}  // namespace

TEST_CASE("independent-set --max with the fold's lifting broken on purpose misses alpha", "[clique][kernel]") {
  const dance::test::Flipped broken(clique::Kernel::broken_fold_for_tests);
  CHECK(missed_alpha(sparse_graph, 100000) > 40);
}

namespace {
// A sparse random graph with pairs of twins added: two new vertices joined
// to the same three, with an edge among those three or not.
std::string graph_with_twins(std::mt19937_64& rng, std::vector<std::vector<bool>>& edge) {
  random_graph(rng, 5 + rng() % 9, 0.05 + 0.25 * static_cast<double>(rng() % 100) / 100.0, edge);
  for (std::size_t pairs = 1 + rng() % 3; pairs-- > 0 && edge.size() + 2 <= 20;) {
    std::vector<std::size_t> near(edge.size());
    std::iota(near.begin(), near.end(), std::size_t{0});
    std::shuffle(near.begin(), near.end(), rng);
    near.resize(3);
    if (rng() % 2) edge[near[0]][near[1]] = edge[near[1]][near[0]] = true;
    for (int twin = 0; twin < 2; ++twin) {
      for (auto& row : edge) row.push_back(false);
      edge.emplace_back(edge.size() + 1, false);
      for (const std::size_t x : near) edge[x].back() = edge.back()[x] = true;
    }
  }
  return text_of_edges(edge);
}
}  // namespace

TEST_CASE("independent-set --max through the kernel's twins rule agrees with brute force", "[clique][kernel]") {
  const Reduction& independent = *find_reduction("independent-set");
  for (const clique::KernelRules rules : {clique::KernelRules{false, false, false, true}, clique::KernelRules{}}) {
    OnlyKernelRules only(rules);
    std::mt19937_64 rng(5858);
    int taken = 0, folded = 0;
    for (int round = 0; round < 150; ++round) {
      std::vector<std::vector<bool>> edge;
      const std::string text = graph_with_twins(rng, edge);
      const std::size_t alpha = largest_independent_set(edge);
      INFO("twins alone " << !rules.folding << " round " << round << " n " << edge.size() << " alpha " << alpha << "\n" << text);
      for (const bool start_found : {true, false}) CHECK(largest(independent, text, start_found) == alpha);
      const Graph g = parse(text);
      const clique::Kernel kernel(g);
      const bool made_vertex = !kernel.vertices().empty() && kernel.vertices().back() >= g.size();
      folded += made_vertex;
      taken += !made_vertex && kernel.offset() > 0;
    }
    if (!rules.folding) {  // alone, the rule both takes and folds twins in many graphs
      INFO("taken " << taken << " folded " << folded);
      CHECK(taken > 60);   // 116 of the 150
      CHECK(folded > 20);  // 34
    }
  }
}

TEST_CASE("independent-set --max with twins taken even when their neighbours are independent misses alpha", "[clique][kernel]") {
  const dance::test::Flipped broken(clique::Kernel::broken_twins_for_tests);
  OnlyKernelRules only(clique::KernelRules{false, false, false, true});
  CHECK(missed_alpha(graph_with_twins, 5858) > 5);  // 10 of the 150
}

TEST_CASE("Kneser graphs: the root's double cover refutes omega + 1 at once, and with edges added counts stay right") {
  // K(m, 2): the pairs of m elements, adjacent when disjoint (the DIMACS
  // johnsonM-2-4 graphs). Clique number m / 2; chromatic number m - 2, so
  // colourings alone leave a search; the m stars cover every pair twice.
  std::mt19937_64 rng(5);
  const Reduction& cliques = *find_reduction("clique");
  int refuted_at_root = 0;
  for (std::size_t m = 4; m <= 12; ++m) {
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t a = 0; a < m; ++a)
      for (std::size_t b = a + 1; b < m; ++b) pairs.emplace_back(a, b);
    std::shuffle(pairs.begin(), pairs.end(), rng);  // vertex numbers in no telling order
    const std::size_t n = pairs.size();
    std::vector<std::vector<bool>> edge(n, std::vector<bool>(n, false));
    for (std::size_t u = 0; u < n; ++u)
      for (std::size_t v = 0; v < n; ++v) {
        const auto [a, b] = pairs[u];
        const auto [c, d] = pairs[v];
        edge[u][v] = a != c && a != d && b != c && b != d;
      }
    const auto omega = m / 2;
    INFO("m " << m);
    const std::string text = text_of_edges(edge);
    CHECK(count_verified(cliques, *read_one(cliques, text, ModelOptions().set("k", std::to_string(omega))), 1) == 1);
    const Encoding encoding = cliques.encode(*read_one(cliques, text, ModelOptions().set("k", std::to_string(omega + 1))));
    dlx::Solver solver(encoding.problem);
    solver.set_hook(encoding.hook.get());
    REQUIRE(solver.count() == dlx::Outcome::exhausted);
    CHECK(solver.statistics().solutions == 0);
    refuted_at_root += solver.statistics().nodes == 1;
    // Edges added at random: the stars cover less well, and the bound must
    // stay sound. Counts at the new omega - 1 .. omega + 1 against brute force.
    if (m > 8) continue;
    for (int round = 0; round < 6; ++round) {
      std::vector<std::vector<bool>> more = edge;
      for (std::size_t u = 0; u < n; ++u)
        for (std::size_t v = u + 1; v < n; ++v)
          if (rng() % 12 == 0) more[u][v] = more[v][u] = true;
      std::size_t most = 1;
      while (cliques_of_size(more, most + 1) > 0) ++most;
      const std::string more_text = text_of_edges(more);
      for (std::size_t k = most - 1; k <= most + 1; ++k) {
        INFO("round " << round << " k " << k);
        CHECK(count_verified(cliques, *read_one(cliques, more_text, ModelOptions().set("k", std::to_string(k)))) ==
              cliques_of_size(more, k));
      }
    }
  }
  CHECK(refuted_at_root == 9);
}

TEST_CASE("graphs with twins (coloured conflict items): counts agree with brute force") {
  // A random graph with each vertex blown up into 1 to 3 copies, adjacent to
  // each other or not: twins for the clique encoding, or for the
  // independent-set one, whose conflict items then carry colours.
  std::mt19937_64 rng(7);
  const Reduction& cliques = *find_reduction("clique");
  const Reduction& independent = *find_reduction("independent-set");
  int coloured = 0;
  for (int round = 0; round < 40; ++round) {
    const std::size_t base = 3 + rng() % 4;
    std::vector<std::vector<bool>> base_edge;
    random_graph(rng, base, 0.3 + 0.4 * static_cast<double>(rng() % 100) / 100.0, base_edge);
    std::vector<std::size_t> original;  // per vertex: the base vertex it copies
    std::vector<bool> copies_adjacent;  // per base vertex
    for (std::size_t b = 0; b < base; ++b) {
      copies_adjacent.push_back(rng() % 2 == 0);
      for (std::size_t copy = 1 + rng() % 3; copy-- > 0;) original.push_back(b);
    }
    const std::size_t n = original.size();
    std::vector<std::vector<bool>> edge(n, std::vector<bool>(n, false));
    std::ostringstream text;
    for (std::size_t u = 0; u < n; ++u) text << u << ' ' << u << '\n';
    for (std::size_t u = 0; u < n; ++u)
      for (std::size_t v = u + 1; v < n; ++v) {
        const std::size_t a = original[u], b = original[v];
        if (a == b ? copies_adjacent[a] : base_edge[a][b]) {
          edge[u][v] = edge[v][u] = true;
          text << u << ' ' << v << '\n';
        }
      }
    for (std::size_t k = 1; k <= std::min<std::size_t>(n, 6); ++k) {
      INFO("round " << round << " n " << n << " k " << k);
      const ModelOptions with_k = ModelOptions().set("k", std::to_string(k));
      const auto as_clique = read_one(cliques, text.str(), with_k);
      const auto as_independent = read_one(independent, text.str(), with_k);
      coloured += cliques.encode(*as_clique).problem->uses_colours();
      coloured += independent.encode(*as_independent).problem->uses_colours();
      CHECK(count_verified(cliques, *as_clique) == brute_force(edge, k, false));
      CHECK(count_verified(independent, *as_independent) == brute_force(edge, k, true));
    }
  }
  CHECK(coloured > 100);
}

TEST_CASE("twin classes shrink the encoding: c-fat200-1's 200 vertices are 37 classes") {
  const Reduction& reduction = *find_reduction("clique");
  const std::string text = text_of(std::string(DANCE_DATA_DIR) + "/graphs/clique/c-fat200-1.clq");
  const Encoding encoding = reduction.encode(*read_one(reduction, text, ModelOptions().set("k", "12")));
  // An item per conflict group of classes, not of vertices (1,500 or so).
  CHECK(encoding.problem->items().size() < 100);
  CHECK(encoding.problem->uses_colours());
}

TEST_CASE("clique asks for k or --max, and answers no for k beyond the graph") {
  const Reduction& reduction = *find_reduction("clique");
  std::istringstream in("0 1\n");
  CHECK_THROWS_WITH(reduction.reader(in, ModelOptions()), Catch::Contains("needs either -k (the size sought) or --max"));
  CHECK_THROWS_WITH(reduction.reader(in, ModelOptions().set("k", "0")), Catch::Contains("-k expects a whole number from 1"));
  const auto big = read_one(reduction, "0 1\n", ModelOptions().set("k", "3"));
  const Encoding encoding = reduction.encode(*big);
  REQUIRE(encoding.contradiction);
  CHECK(*encoding.contradiction == "k = 3, but the graph has 2 vertices");
  dlx::Solver solver(encoding.problem);  // the problem alone says no as well
  CHECK(solver.count() == dlx::Outcome::exhausted);
  CHECK(solver.statistics().solutions == 0);
}

TEST_CASE("random graphs: k-cliques counted part by part (assumed vertices, then the bound) agree with brute force") {
  std::mt19937_64 rng(31);
  const Reduction& cliques = *find_reduction("clique");
  int parts_seen = 0;
  for (int round = 0; round < 40; ++round) {
    const std::size_t n = 10 + rng() % 7;
    std::vector<std::vector<bool>> edge;
    const std::string text = random_graph(rng, n, 0.5 + 0.4 * static_cast<double>(rng() % 100) / 100.0, edge);
    const std::size_t k = 3 + rng() % 3;
    INFO("round " << round << " n " << n << " k " << k);
    const auto instance = read_one(cliques, text, ModelOptions().set("k", std::to_string(k)));
    const Encoding encoding = cliques.encode(*instance);
    dlx::Solver splitter(encoding.problem);
    splitter.set_hook(encoding.hook.get());
    std::vector<dlx::Subproblem> parts;
    while (splitter.split(1 + round % 2) == dlx::Outcome::solution) parts.push_back(splitter.subproblem());
    // One solver and one hook for all parts: the hook sees assumptions come and go between searches.
    const auto hook = encoding.hook->clone();
    dlx::Solver solver(encoding.problem);
    solver.set_hook(hook.get());
    std::uint64_t total = 0;
    for (const dlx::Subproblem& part : parts) {
      const std::uint64_t before = solver.statistics().solutions;
      if (solver.enter(part)) REQUIRE(solver.count() == dlx::Outcome::exhausted);
      total += solver.statistics().solutions - before;
    }
    CHECK(total == brute_force(edge, k, false));
    parts_seen += static_cast<int>(parts.size());
  }
  CHECK(parts_seen > 200);
}

TEST_CASE("generate clique: no clues to take away, and no density with a great many sets to repair", "[clique][generate]") {
  const Reduction& cliques = *find_reduction("clique");
  const auto type = [&](const char* vertices, const char* k, const char* density) {
    ModelOptions options = ModelOptions().set("vertices", vertices).set("k", k);
    if (density) options.set("density", density);
    return dance::puzzle_type(cliques, options);
  };
  GenerateOptions minimal;
  minimal.minimal = true;
  CHECK_THROWS_WITH(check_options(*type("30", "8", nullptr), minimal), "--minimal: clique puzzles are graphs given whole, with no clues to take away");
  GenerateOptions clues;
  clues.clues = 5;
  CHECK_THROWS_WITH(check_options(*type("30", "8", nullptr), clues), Catch::StartsWith("--clues: clique puzzles"));
  // G(200, 1/2) holds about 638 sets of 10 vertices, each a repair: refused, the density that holds 200 named.
  CHECK_THROWS_WITH(type("200", "10", "50"), "--density 50: a random graph of 200 vertices has about 638 sets of 10, each "
                                             "repaired by a search; take --density 48 or less, or a larger -k");
  // By default the density drops to about one such set: 46% at 200 vertices, 50% at 30.
  const auto edges = [&](const char* vertices, const char* k) {
    auto made = type(vertices, k, nullptr);
    const dance::UniquePuzzle puzzle = generate(*made, GenerateOptions(), 1, 0);
    std::ostringstream text;
    made->print_puzzle(text, puzzle.solution, puzzle.kept);
    std::istringstream in(text.str());
    std::string p, edge;
    long n = 0, m = 0;
    in >> p >> edge >> n >> m;
    return static_cast<double>(m) / static_cast<double>(n * (n - 1) / 2);
  };
  CHECK(edges("200", "10") < 0.48);
  CHECK(edges("30", "8") > 0.45);
}

TEST_CASE("generate clique and independent-set: one largest answer of k vertices, by brute force", "[clique][generate]") {
  for (const char* name : {"clique", "independent-set"}) {
    const Reduction& reduction = *find_reduction(name);
    const bool independent = std::string_view(name) == "independent-set";
    for (int round = 0; round < 12; ++round) {
      const int n = 8 + round % 6, k = 3 + round % 4;
      auto type = dance::puzzle_type(reduction, ModelOptions().set("vertices", std::to_string(n)).set("k", std::to_string(k)).set("density", std::to_string(30 + 5 * round)));
      const dance::UniquePuzzle made = generate(*type, GenerateOptions(), 11, static_cast<std::uint64_t>(round));
      REQUIRE_FALSE(type->verify(made.solution, made.kept));
      std::ostringstream text;
      type->print_record(text, made.solution, made.kept, true);
      // The graph as written, read back apart from the reduction: its sets of k and k + 1 that go together.
      std::istringstream in(text.str());
      std::vector<std::vector<bool>> edge(static_cast<std::size_t>(n), std::vector<bool>(static_cast<std::size_t>(n), false));
      std::string tag, answer;
      while (in >> tag) {
        if (tag == "e") {
          int u = 0, v = 0;
          in >> u >> v;
          edge[static_cast<std::size_t>(u - 1)][static_cast<std::size_t>(v - 1)] = edge[static_cast<std::size_t>(v - 1)][static_cast<std::size_t>(u - 1)] = true;
        } else {
          std::getline(in, answer);
        }
      }
      std::uint64_t of_k = 0, larger = 0;
      std::string found;
      for (std::uint32_t set = 0; set < (1u << n); ++set) {
        const int size = std::popcount(set);
        if (size != k && size != k + 1) continue;
        bool fits = true;
        for (int u = 0; u < n && fits; ++u)
          for (int v = 0; v < u && fits; ++v)
            if ((set >> u & 1) && (set >> v & 1)) fits = edge[static_cast<std::size_t>(u)][static_cast<std::size_t>(v)] != independent;
        if (!fits) continue;
        if (size == k + 1) ++larger;
        if (size != k) continue;
        ++of_k;
        for (int v = 0; v < n; ++v)
          if (set >> v & 1) found += (found.empty() ? "" : " ") + std::to_string(v + 1);
      }
      INFO(name << " n " << n << " k " << k << '\n' << text.str());
      CHECK(of_k == 1);
      CHECK(larger == 0);
      CHECK(answer == " answer: " + found);
    }
  }
}
