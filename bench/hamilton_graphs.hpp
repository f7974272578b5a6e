// Graphs made against Hamiltonian search (issue 45), for bench_hamilton and
// the tests: each as an edge list on vertices 0..n-1, written in TSPLIB's
// HCP format by hcp(). Random ones take a seed, so anyone can remake them.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace dance::bench {

struct EdgeList {
  std::size_t vertices = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
};

// TSPLIB HCP text (1-based), the format dance and the FHCP set use.
std::string hcp(const EdgeList& g, const std::string& name);

// The generalized Petersen graph GP(n, k): outer cycle, spokes, inner star
// polygon {n/k}. Hamiltonian unless k = 2 and n = 5 mod 6 (Alspach), e.g.
// GP(101, 2).
EdgeList generalized_petersen(std::uint32_t n, std::uint32_t k);

// The flower snark J_n (n odd): cubic, not 3-edge-colourable, so with no
// Hamiltonian cycle.
EdgeList flower_snark(std::uint32_t n);

// A chain of `count` Petersen graphs joined by Isaacs' dot product, at random
// places: each step takes two edges a1-b1, a2-b2 of the graph so far with no
// end in common, and a new Petersen graph less two adjacent vertices x, y,
// and joins a1 and b1 to x's other neighbours, a2 and b2 to y's. A dot
// product of snarks is a snark (not 3-edge-colourable), so there is no
// Hamiltonian cycle; 8 x count + 2 vertices.
EdgeList petersen_dot_products(std::uint32_t count, std::uint64_t seed);

// A random cubic graph (pairings of 3n points, again until simple).
EdgeList random_cubic(std::uint32_t n, std::uint64_t seed);

// A random cubic graph of n vertices with one vertex replaced by a Petersen
// graph minus a vertex (n + 8 vertices): no Hamiltonian cycle, since one
// would cross the 3-edge cut around the piece twice and so close a
// Hamiltonian cycle of the Petersen graph.
// With `truncated` > 0, that many of the piece's vertices are each replaced
// by a triangle (9 + 2 x truncated vertices in the piece, which still has no
// Hamiltonian path between two of its ends): a piece too large for the
// piece rule's search (hamilton/pieces.hpp) from 2 on.
EdgeList cubic_with_petersen_piece(std::uint32_t n, std::uint64_t seed, std::uint32_t truncated = 0);

// A random bipartite graph of sides `left` and `right` where every vertex of
// the left side has degree 3 (the right side's degrees as even as can be):
// no Hamiltonian cycle when left != right.
EdgeList unbalanced_bipartite(std::uint32_t left, std::uint32_t right, std::uint64_t seed);

// Two hubs joined to each of three random cubic pieces of n vertices (each
// piece with one vertex's edges rewired to the hubs): taking the hubs away
// leaves three parts, so there is no Hamiltonian cycle.
EdgeList two_hubs_three_pieces(std::uint32_t n, std::uint64_t seed);

// Not 1-tough, hidden: a set S of `cut` vertices of degree `cut_degree`
// (3 or 4) whose removal leaves cut + 1 parts, each a random graph of
// degree 3 (a fraction `decoys` of its vertices 4, so that S is not the set
// of the largest degrees) joined to S by 2 edges at least (3 when S's
// degree is 4: no 2-edge cut to force), `vertices` in all, numbered at
// random. A Hamiltonian cycle less S would be `cut` paths at most, so there
// is none.
EdgeList not_one_tough(std::uint32_t cut, std::uint32_t cut_degree, std::uint32_t vertices, double decoys,
                       std::uint64_t seed);

// Like FHCP's hub graphs (Challenge Set graphs 19 and 48): blocks of
// vertices of degree 4, each block with its own hubs (degree about 14-15);
// a block's vertex has two edges of a planted Hamiltonian cycle, and either
// one edge to a hub of its block and one more in the block (four in five)
// or two more in the block; the cycle runs through a block in segments, a
// hub between two, and on to the next block. `blocks`: (vertices, hubs)
// per block, e.g. {{144, 9}, {15, 1}} is FHCP 19's shape. Hamiltonian.
EdgeList hub_graph(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& blocks, std::uint64_t seed);

// The rows x columns grid graph.
EdgeList grid(std::uint32_t rows, std::uint32_t columns);

// An even rows x columns grid with `holes` of its 2x2 blocks (at even
// coordinates) taken out, the blocks left connected: Hamiltonian (a cycle
// goes round a spanning tree of the blocks left).
EdgeList grid_with_holes(std::uint32_t rows, std::uint32_t columns, std::uint32_t holes, std::uint64_t seed);

// A grid with `cells` random cells taken out (the rest connected).
EdgeList grid_minus_cells(std::uint32_t rows, std::uint32_t columns, std::uint32_t cells, std::uint64_t seed);

}  // namespace dance::bench
