// The necessary conditions checked before a Hamiltonian search
// (reductions/hamilton/necessary.hpp): each fires on a graph made for it,
// says why, and the answer is none. That they never fire where there is an
// answer: the brute force of test_hamilton_brute_force.cpp, where they run
// on every random graph.
#include <catch2/catch.hpp>
#include <sstream>

#include "hamilton/hamilton.hpp"
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
