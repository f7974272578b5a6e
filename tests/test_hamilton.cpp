// Hamiltonian cycles and paths: the known counts of
// data/graphs/hamilton/expected.tsv, every answer verified, the FTL
// longest path (brute force on small random graphs:
// test_hamilton_brute_force.cpp).
#include <catch2/catch.hpp>
#include <algorithm>
#include <fstream>
#include <optional>
#include <tuple>
#include <sstream>

#include "dance/driver.hpp"
#include "dlx/solver.hpp"
#include "hamilton/graph_rules.hpp"
#include "hamilton/hamilton.hpp"
#include "hamilton/segments.hpp"
#include "helpers.hpp"
#include "verified_count.hpp"

using namespace dance;
using dance::test::count_verified;

namespace {
const Reduction& reduction = *find_reduction("hamilton");

std::unique_ptr<Instance> read(std::istream& in, const ModelOptions& options = {}) {
  return test::read_one(reduction, in, options);
}

std::unique_ptr<Instance> read_file(const std::string& name, const ModelOptions& options = {}) {
  std::ifstream in(std::string(DANCE_DATA_DIR) + "/graphs/hamilton/" + name);
  REQUIRE(in);
  return read(in, options);
}

}  // namespace

TEST_CASE("Hamiltonian cycles and knight's tours: the known counts, every cycle verified") {
  const std::pair<const char*, std::uint64_t> cases[] = {
      {"petersen.hcp", 0},   {"tutte.hcp", 0},     {"herschel.hcp", 0},  {"dodecahedron.hcp", 30},
      {"hypercube4.hcp", 1344}, {"K8.hcp", 2520},  {"grid4x4.hcp", 6},   {"grid6x6.hcp", 1072},
      {"heawood.hcp", 24},   {"desargues.hcp", 24}, {"truncated_tetrahedron.hcp", 3}, {"knight3x4.hcp", 0},
      {"knight5x5.hcp", 0},  {"knight3x10.hcp", 16}, {"knight5x6.hcp", 8}, {"knight6x6.hcp", 9862}};
  for (const auto& [file, count] : cases) {
    INFO(file);
    CHECK(count_verified(reduction, *read_file(file)) == count);
  }
}

TEST_CASE("open knight's tours of 5x5: 864 paths, 1728 with their direction") {
  CHECK(count_verified(reduction, *read_file("knight5x5.hcp", ModelOptions().set("path"))) == 864);
  std::istringstream none;
  CHECK(count_verified(reduction, *read(none, ModelOptions().set("knight", "5x5").set("path"))) == 864);
  std::istringstream none_again;
  CHECK(count_verified(reduction, *read(none_again, ModelOptions().set("knight", "5x5").set("path").set("directed"))) == 1728);
}

TEST_CASE("a first tour of hard graphs: FHCP graphs, the 8x8 knight") {
  std::istringstream none;
  CHECK(count_verified(reduction, *read(none, ModelOptions().set("knight", "8x8").set("closed")), 1) == 1);
  // The FHCP graphs of data/ that take under 100,000 nodes (bench_hamilton --fhcp has them all).
  for (const int graph : {1, 2, 3, 4, 5, 21, 23, 25, 27, 29}) {
    INFO("FHCP graph " << graph);
    CHECK(count_verified(reduction, *read_file("fhcpcs-graph" + std::to_string(graph) + ".hcp"), 1) == 1);
  }
}

TEST_CASE("the FTL map: the longest path from 0 to 23 has 23 vertices and avoids 18") {
 for (const bool directed : {false, true}) {
  INFO("directed " << directed);
  ModelOptions options = ModelOptions().set("longest").set("from", "0").set("to", "23");
  if (directed) options.set("directed");
  std::unique_ptr<Instance> step = read_file("ftl24.adj", options);
  const auto best = dance::test::optimise(reduction, std::move(step));
  REQUIRE(best.answer);
  const auto& order = static_cast<const hamilton::HamiltonAnswer&>(*best.answer).order;
  CHECK(order.size() == 23);
  CHECK(std::find(order.begin(), order.end(), 18) == order.end());
  CHECK(order.front() == 0);
  CHECK(order.back() == 23);
 }
}

TEST_CASE("hamilton refuses ends that do not go together") {
  std::istringstream a("0 1\n1 2\n");
  CHECK_THROWS_WITH(read(a, ModelOptions().set("from", "0")), Catch::Contains("--from and --to go together"));
  std::istringstream b("0 1\n1 2\n");
  CHECK_THROWS_WITH(read(b, ModelOptions().set("from", "0").set("to", "7")), Catch::Contains("vertex '7'"));
  std::istringstream c("0 1\n1 2\n");
  CHECK_THROWS_WITH(read(c, ModelOptions().set("longest")), Catch::Contains("--longest needs --from and --to"));
}

TEST_CASE("forced moves fall out of minimum remaining values: a cycle or a path graph is solved without branching") {
  std::ostringstream cycle, path;
  const int n = 12;
  for (int v = 0; v < n; ++v) cycle << v << ' ' << (v + 1) % n << '\n';
  for (int v = 0; v + 1 < n; ++v) path << v << ' ' << v + 1 << '\n';
  const std::pair<std::string, ModelOptions> questions[] = {
      {cycle.str(), ModelOptions()},
      {path.str(), ModelOptions().set("path")},
      {path.str(), ModelOptions().set("from", "0").set("to", "11")}};
  for (const char* encoding : {"edge", "degree"}) {
    for (const auto& [graph, question] : questions) {
      INFO("encoding " << encoding << '\n' << graph);
      std::istringstream in(graph);
      const auto instance = read(in, ModelOptions(question).set("encoding", encoding));
      Encoding encoding_of = reduction.encode(*instance);
      dlx::Solver solver(encoding_of.problem);
      solver.set_hook(encoding_of.hook.get());
      solver.count();
      CHECK(solver.statistics().solutions == 1);
      // One node per level: never a second choice anywhere.
      CHECK(solver.statistics().nodes == solver.statistics().max_depth + 1);
    }
  }
}

TEST_CASE("the edge encoding propagates: closing edges go as segments form, the same cycles in fewer nodes") {
  const auto instance = read_file("knight6x6.hcp");
  const auto& h = static_cast<const hamilton::HamiltonInstance&>(*instance);
  const std::size_t n = h.graph->size();
  const Encoding encoding = reduction.encode(*instance);
  REQUIRE(encoding.hook->propagates());
  hamilton::SegmentHook without(h.choices, n, h.choices->size(), n);  // the same hook, no graph: no propagation
  REQUIRE_FALSE(without.propagates());
  dlx::Solver propagating(encoding.problem), plain(encoding.problem);
  propagating.set_hook(encoding.hook.get());
  plain.set_hook(&without);
  propagating.count();
  plain.count();
  CHECK(propagating.statistics().solutions == 9862);
  CHECK(plain.statistics().solutions == 9862);
  CHECK(propagating.statistics().removals > 0);
  CHECK(plain.statistics().removals == 0);
  CHECK(propagating.statistics().nodes < plain.statistics().nodes);
}

TEST_CASE("GraphRules: a graph left with a cut vertex holds no Hamiltonian cycle, and may hold a path") {
  // Two triangles joined at vertex 2 (a cut vertex), then apart.
  const std::vector<hamilton::Choice> bowtie = {{0, 1, hamilton::nobody, 0, hamilton::nobody}, {1, 2, hamilton::nobody, 1, hamilton::nobody},
                                                {0, 2, hamilton::nobody, 2, hamilton::nobody}, {2, 3, hamilton::nobody, 3, hamilton::nobody},
                                                {3, 4, hamilton::nobody, 4, hamilton::nobody}, {2, 4, hamilton::nobody, 5, hamilton::nobody}};
  const hamilton::EdgeGraph graph = hamilton::edge_graph(bowtie, 5);
  dlx::ProblemBuilder b;
  for (int v = 0; v < 5; ++v) b.add_primary("v" + std::to_string(v), 2, 2);
  for (const auto& c : bowtie) b.add_option(std::vector<dlx::Entry>{{c.at}, {c.a}});
  const dlx::Problem problem = b.build();
  // What the search sees of it at the root: every edge left, none chosen.
  struct Probe final : dlx::Hook {
    const hamilton::EdgeGraph* graph;
    std::optional<bool> cycle_possible, path_possible;
    bool choose(dlx::OptionId, const dlx::Remaining&) override { return true; }
    void unchoose(dlx::OptionId) override {}
    [[nodiscard]] bool propagates() const override { return true; }
    bool propagate(const dlx::Remaining& remaining, dlx::Pruner&) override {
      hamilton::GraphRules cycle(*graph, true), path(*graph, false);
      for (int k = 0; k < 64 && !cycle_possible; ++k)  // the first check comes after an interval
        if (!cycle.possible(remaining, {})) cycle_possible = false;
      if (!cycle_possible) cycle_possible = true;
      bool ok = true;
      for (int k = 0; k < 64; ++k) ok = ok && path.possible(remaining, {});
      path_possible = ok;
      return false;
    }
    [[nodiscard]] std::unique_ptr<dlx::Hook> clone() const override { return nullptr; }
  } probe;
  probe.graph = &graph;
  dlx::Solver solver(problem);
  solver.set_hook(&probe);
  CHECK(solver.next() == dlx::Outcome::exhausted);
  CHECK(probe.cycle_possible == false);  // vertex 2 cuts
  CHECK(probe.path_possible == true);    // a path may pass a cut vertex
}

TEST_CASE("i324 and a736 (FHCP, built against backtracking): verified cycles, with restarts and by both encodings") {
  const std::tuple<const char*, const char*, std::size_t> cases[] = {
      {"i324.hcp", "degree", 324}, {"a736.hcp", "degree", 736}, {"a736.hcp", "edge", 736}};
  for (const auto& [file, encoding_name, vertices] : cases) {
    INFO(file << " by " << encoding_name);
    const auto instance = read_file(file, ModelOptions().set("encoding", encoding_name));
    Encoding encoding = reduction.encode(*instance);
    dlx::Solver solver(encoding.problem, 2);
    solver.set_hook(encoding.hook.get());
    REQUIRE(solver.next_restarting(std::string(encoding_name) == "edge" ? 30 : 300, 2) == dlx::Outcome::solution);
    const auto answer = reduction.decode(*instance, encoding, solver.solution());
    CHECK_FALSE(reduction.verify(*instance, *answer));
    CHECK(static_cast<const hamilton::HamiltonAnswer&>(*answer).order.size() == vertices);
  }
  // Degree 4 at most: the degree encoding by default (algorithm C); the knight's graph keeps the edge encoding (M).
  CHECK(dlx::Solver(reduction.encode(*read_file("i324.hcp")).problem).algorithm() == 'C');
  CHECK(dlx::Solver(reduction.encode(*read_file("knight6x6.hcp")).problem).algorithm() == 'M');
}

TEST_CASE("hamilton: a wrong option's message keeps its options as data, for each face to name") {
  const auto angled = [](std::string_view name) { return "<" + std::string(name) + ">"; };
  try {
    (void)test::read_one(reduction, "a b\nb c\n", ModelOptions().set("path").set("from", "a").set("to", "zz"));
    FAIL("--to zz was taken");
  } catch (const OptionError& e) {
    CHECK(std::string(e.what()) == "--to names vertex 'zz', which the graph does not have");
    CHECK(worded(e.parts(), angled) == "<to> names vertex 'zz', which the graph does not have");
    const Failure failure = bad_option(e, "graph: ");
    CHECK(failure.message == "graph: --to names vertex 'zz', which the graph does not have");
    CHECK(failure.worded(angled) == "graph: <to> names vertex 'zz', which the graph does not have");
  }
  try {
    (void)test::read_one(reduction, "a b\nb c\n", ModelOptions().set("longest"));
    FAIL("--longest alone was taken");
  } catch (const OptionError& e) {
    CHECK(worded(e.parts(), angled) == "<longest> needs <from> and <to>");
  }
}
