// Necessary conditions for a Hamiltonian cycle or path, checked on the graph
// before any search: each failure is a proof that there is none, said in a
// line. They read the graph as undirected (a directed answer is an
// undirected one of the graph of its arcs), in time linear in its size
// except where said.
//
// - connected: a path or cycle joins every vertex;
// - taking away one vertex leaves at most one part for a cycle (no cut
//   vertex), two for a path;
// - bipartite: a cycle alternates sides, so they are of equal size; a path
//   has sides that differ by one at most, and by the ends' side;
// - a cycle: no small piece that meets the rest in 2 or 3 edges and has no
//   Hamiltonian path between two of them (pieces.hpp);
// - taking away two vertices leaves at most two parts for a cycle, three for
//   a path (the 1-tough condition on pairs; a search from each vertex, so
//   only for graphs small enough, see necessary.cpp);
// - the same for the k vertices of most edges (all of degree d or more, for
//   each d while they are at most half the graph): k parts at most for a
//   cycle, k + 1 for a path less its ends among them (pieces hung on hubs).
#pragma once

#include <optional>
#include <string>

#include "hamilton/hamilton.hpp"

namespace dance::hamilton {

// Why the question of `h` (a cycle, or a path with free or fixed ends; not
// --longest) has no answer in its graph, or nothing when these conditions
// hold.
[[nodiscard]] std::optional<std::string> why_none(const HamiltonInstance& h);

}  // namespace dance::hamilton
