// Small pieces that a Hamiltonian cycle cannot pass (a necessary condition,
// necessary.hpp): a set S of vertices that meets the rest of the graph in two
// or three edges is crossed by a cycle an even number of times, so exactly
// twice, and the cycle goes through S as one Hamiltonian path of S between
// the inner ends of two of those edges. When S has no such path, there is no
// cycle: the Petersen graph less a vertex in place of a vertex of a cubic
// graph (a 3-edge cut) is the classic case.
//
// Pieces are looked for near every vertex v of degree 3 at most (the pieces
// hard to pass are sparse, and large dense graphs pay nothing): the vertices within distance
// 2 of v, less those with one neighbour left in the set, again and again;
// when some are left (v is near a short cycle), the same within distance 3,
// while at most 24. That finds a piece of up to 12 vertices whose vertices
// have two neighbours in it at least, and may miss others (the rule then
// says nothing). Linear in the graph's size; each piece found is tested
// once, by a search over its subsets (2^12 x 12 steps at most).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "graph/graph.hpp"

namespace dance::hamilton {

struct Piece {
  std::vector<graph::Vertex> vertices;  // sorted
  std::size_t cut = 0;                  // edges to the rest: 2 or 3
};

// A piece of `adjacent` (undirected) that no Hamiltonian cycle can pass, or nothing.
[[nodiscard]] std::optional<Piece> untraversable_piece(const graph::Adjacency& adjacent);

}  // namespace dance::hamilton
