// The necessary conditions checked before a Hamiltonian search
// (reductions/hamilton/necessary.hpp): each fires on a graph made for it,
// says why, and the answer is none. That they never fire where there is an
// answer: the brute force of test_hamilton_brute_force.cpp, where they run
// on every random graph.
#include <algorithm>
#include <catch2/catch.hpp>
#include <random>
#include <sstream>

#include "hamilton/hamilton.hpp"
#include "hamilton_graphs.hpp"
#include "helpers.hpp"
#include "verified_count.hpp"

using namespace dance;

namespace {

const Reduction& reduction = *find_reduction("hamilton");

// The reason the instance of `edges` with `options` has no answer on its face, or "".
std::string why_none(const std::string& edges, const ModelOptions& options = {}) {
  std::istringstream in(edges);
  const auto instance = reduction.reader(in, options)->next();
  const auto& h = static_cast<const hamilton::HamiltonInstance&>(*instance);
  if (h.impossible) CHECK(dance::test::count_verified(reduction, *instance) == 0);
  return h.impossible.value_or("");
}

}  // namespace

TEST_CASE("hamilton's necessary conditions: parts, cut vertices") {
  // Two triangles: two parts.
  CHECK(why_none("0 1\n1 2\n2 0\n3 4\n4 5\n5 3\n") == "no Hamiltonian cycle: the graph falls into 2 parts");
  // Two triangles sharing vertex 2: a cycle cannot pass it twice; a path can.
  const std::string bowtie = "0 1\n1 2\n2 0\n2 3\n3 4\n4 2\n";
  CHECK(why_none(bowtie) == "no Hamiltonian cycle: without vertex '2' the graph falls into 2 parts");
  CHECK(why_none(bowtie, ModelOptions().set("path")).empty());
  // ... unless it is an end of the path.
  CHECK(why_none(bowtie, ModelOptions().set("from", "2").set("to", "0")) ==
        "no Hamiltonian path: without vertex '2' the graph falls into 2 parts");
  // A star of three: a path cannot take three branches.
  CHECK(why_none("0 1\n0 2\n0 3\n", ModelOptions().set("path")) ==
        "no Hamiltonian path: without vertex '0' the graph falls into 3 parts");
  // Directed: the arcs read as edges.
  CHECK(why_none("0 1\n1 2\n2 0\n2 3\n3 4\n4 2\n", ModelOptions().set("directed")) ==
        "no Hamiltonian cycle: without vertex '2' the graph falls into 2 parts");
}

TEST_CASE("hamilton's necessary conditions: a bipartite graph's sides") {
  // The 3x3 grid: sides of 5 corners and centre, 4 edge cells.
  const std::string grid = "0 1\n1 2\n3 4\n4 5\n6 7\n7 8\n0 3\n3 6\n1 4\n4 7\n2 5\n5 8\n";
  CHECK(why_none(grid) == "no Hamiltonian cycle: the graph is bipartite with sides of 5 and 4 vertices");
  CHECK(why_none(grid, ModelOptions().set("path")).empty());
  CHECK(why_none(grid, ModelOptions().set("from", "0").set("to", "8")).empty());  // corner to corner
  CHECK(why_none(grid, ModelOptions().set("from", "0").set("to", "1")) ==
        "no Hamiltonian path: the graph is bipartite with sides of 5 and 4 vertices (the ends on both sides)");
  CHECK(why_none(grid, ModelOptions().set("from", "1").set("to", "3")) ==
        "no Hamiltonian path: the graph is bipartite with sides of 5 and 4 vertices (the ends on one side)");
  // K(2,4): sides two apart.
  CHECK(why_none("0 2\n0 3\n0 4\n0 5\n1 2\n1 3\n1 4\n1 5\n", ModelOptions().set("path")) ==
        "no Hamiltonian path: the graph is bipartite with sides of 2 and 4 vertices");
  std::istringstream none;
  const auto knight = reduction.reader(none, ModelOptions().set("knight", "5x5").set("closed"))->next();
  CHECK(static_cast<const hamilton::HamiltonInstance&>(*knight).impossible ==
        "no Hamiltonian cycle: the graph is bipartite with sides of 13 and 12 vertices");
}

TEST_CASE("hamilton's necessary conditions: pairs of vertices") {
  // Two hubs 0 and 1, each joined to three triangles: without them, three parts.
  const std::string hubs = "0 2\n1 3\n2 3\n3 4\n4 2\n0 5\n1 6\n5 6\n6 7\n7 5\n0 8\n1 9\n8 9\n9 10\n10 8\n";
  CHECK(why_none(hubs) == "no Hamiltonian cycle: without vertices '0' and '1' the graph falls into 3 parts");
  CHECK(why_none(hubs, ModelOptions().set("path")).empty());  // a path may join three parts
  CHECK(why_none(hubs, ModelOptions().set("from", "0").set("to", "4")) ==
        "no Hamiltonian path: without vertices '0' and '1' the graph falls into 3 parts");
}

TEST_CASE("hamilton's necessary conditions: a piece that meets the rest in 3 edges") {
  // The Petersen graph less a vertex in place of a vertex of a cubic graph.
  const bench::EdgeList g = bench::cubic_with_petersen_piece(20, 1);
  const std::string reason = why_none(bench::hcp(g, "piece"));
  CHECK(reason.starts_with("no Hamiltonian cycle: the 9 vertices "));
  CHECK(reason.ends_with(" meet the rest in 3 edges, and no Hamiltonian path through them joins two"));
  CHECK(why_none(bench::hcp(g, "piece"), ModelOptions().set("path")).find("meet the rest") == std::string::npos);
  // Two triangles joined by two edges: a cycle takes both, and each triangle has its path.
  CHECK(why_none("0 1\n1 2\n2 0\n3 4\n4 5\n5 3\n0 3\n1 4\n").empty());
}

namespace {

// Brute force beside the necessary conditions on g: a reason that names
// `rule` must mean no cycle (counted in proved); the cycles counted too.
void tally(const bench::EdgeList& g, const std::string& rule, int& proved, int& hamiltonian_graphs) {
  INFO(bench::hcp(g, "g"));
  const bool has_cycle = test::has_hamiltonian_cycle(g.vertices, g.edges);
  if (why_none(bench::hcp(g, "g")).find(rule) != std::string::npos) {
    CHECK_FALSE(has_cycle);
    ++proved;
  }
  hamiltonian_graphs += has_cycle;
}

}  // namespace

// The piece rule against brute force: random cubic graphs of 10 to 16
// vertices; a random cubic graph of 4 to 10 vertices less a vertex in place
// of a vertex of a random cubic graph of 4 to 12 (pieces that mostly have a
// Hamiltonian path between two of their three ends); the Petersen graph less
// a vertex in place of one (none).
TEST_CASE("hamilton's piece rule against brute force on cubic graphs with a random piece") {
  std::mt19937_64 rng(45);
  int proved = 0, hamiltonian_graphs = 0;
  for (int round = 0; round < 300; ++round) {
    bench::EdgeList g;
    if (round % 3 == 0) {
      g = bench::random_cubic(static_cast<std::uint32_t>(10 + 2 * (rng() % 4)), rng());
    } else if (round % 3 == 1) {
      g = bench::cubic_with_petersen_piece(static_cast<std::uint32_t>(4 + 2 * (rng() % 5)), rng());
    } else {
      // The piece replaces the host's vertex 0; its own vertex 0 goes, its three neighbours take the host's edges.
      const bench::EdgeList host = bench::random_cubic(static_cast<std::uint32_t>(4 + 2 * (rng() % 5)), rng());
      const bench::EdgeList piece = bench::random_cubic(static_cast<std::uint32_t>(4 + 2 * (rng() % 4)), rng());
      const auto base = static_cast<std::uint32_t>(host.vertices - 1);  // host vertex h > 0 is h - 1; piece p > 0 is base + p - 1
      g.vertices = host.vertices - 1 + piece.vertices - 1;
      std::vector<std::uint32_t> outer, inner;
      for (const auto& [u, v] : host.edges)
        if (u == 0 || v == 0) outer.push_back((u == 0 ? v : u) - 1);
        else g.edges.push_back({u - 1, v - 1});
      for (const auto& [u, v] : piece.edges)
        if (u == 0 || v == 0) inner.push_back(base + (u == 0 ? v : u) - 1);
        else g.edges.push_back({base + u - 1, base + v - 1});
      for (std::size_t k = 0; k < 3; ++k) g.edges.push_back({outer[k], inner[k]});
    }
    INFO("round " << round);
    tally(g, "meet the rest", proved, hamiltonian_graphs);
  }
  CHECK(proved > 80);
  CHECK(hamiltonian_graphs > 100);
}

TEST_CASE("hamilton's necessary conditions: the vertices of most edges, against brute force") {
  // Three hubs of 4 edges, each joined to four pentagons: without them, four parts.
  std::string pentagons;
  for (int p = 0; p < 4; ++p) {
    for (int i = 0; i < 5; ++i) pentagons += std::to_string(5 * p + i) + " " + std::to_string(5 * p + (i + 1) % 5) + "\n";
    for (int h = 0; h < 3; ++h) pentagons += std::to_string(20 + h) + " " + std::to_string(5 * p + 2 * h) + "\n";
  }
  CHECK(why_none(pentagons) == "no Hamiltonian cycle: without the 3 vertices '20', '21', '22' the graph falls into 4 parts");
  CHECK(why_none(pentagons, ModelOptions().set("path")).empty());  // a path may take four parts
  // Random hubs and odd cycles hung on them, some joined: the rule never says none where brute force finds a cycle.
  std::mt19937_64 rng(11);
  int proved = 0, hamiltonian_graphs = 0;
  for (int round = 0; round < 400; ++round) {
    bench::EdgeList g;
    const auto hubs = static_cast<std::uint32_t>(3 + rng() % 3), pieces = hubs + (rng() % 3 == 0 ? 0u : 1u);
    std::vector<std::uint32_t> first{hubs};
    for (std::uint32_t p = 0; p < pieces; ++p) first.push_back(first.back() + 5 + 2 * static_cast<std::uint32_t>(rng() % 2));
    g.vertices = first.back();
    for (std::uint32_t p = 0; p < pieces; ++p) {
      for (std::uint32_t v = first[p]; v + 1 < first[p + 1]; ++v) g.edges.push_back({v, v + 1});  // an odd cycle
      g.edges.push_back({first[p], first[p + 1] - 1});
      for (std::uint32_t h = 0; h < hubs; ++h)
        if (h == p % hubs || h == (p + 1) % hubs || rng() % 4 != 0)  // at every other vertex of the piece
          g.edges.push_back({h, first[p] + 2 * h % (first[p + 1] - first[p])});
    }
    if (rng() % 2) g.edges.push_back({0, 1});  // hubs joined
    if (rng() % 2) {  // two pieces joined: fewer parts
      const std::uint32_t a = first[0] + static_cast<std::uint32_t>(rng() % (first[1] - first[0]));
      g.edges.push_back({a, first[1]});
    }
    std::sort(g.edges.begin(), g.edges.end());
    g.edges.erase(std::unique(g.edges.begin(), g.edges.end()), g.edges.end());
    INFO("round " << round);
    tally(g, "without the ", proved, hamiltonian_graphs);
  }
  CHECK(proved > 40);
  CHECK(hamiltonian_graphs > 20);
}
