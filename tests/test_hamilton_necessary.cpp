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
