// What a Hamiltonian search knows of the whole graph at a node (the edge
// encoding, undirected): the graph left, the edges chosen and those still
// possible, must stay connected, and for a cycle 2-connected (no cut
// vertex, so no bridge either), or no cycle (path) through every vertex is
// left. One depth-first search with low points (Tarjan's) checks both.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "dlx/solver.hpp"
#include "hamilton/encodings.hpp"

namespace dance::hamilton {

// The edge encoding's graph: option o joins ends[o].first and ends[o].second
// (vertex n - 1 is `*` for free path ends); item v is vertex v.
struct EdgeGraph {
  std::size_t vertices = 0;
  std::vector<std::pair<Vertex, Vertex>> ends;                     // per option
  std::vector<std::vector<std::pair<Vertex, dlx::OptionId>>> joins;  // per vertex: (neighbour, option)
  // The option joining u and v, if any: a scan of the shorter of their lists.
  [[nodiscard]] std::optional<dlx::OptionId> between(Vertex u, Vertex v) const;
};

[[nodiscard]] EdgeGraph edge_graph(const std::vector<Choice>& choices, std::size_t vertices);

class GraphRules {
 public:
  GraphRules(const EdgeGraph& graph, bool cycle);
  // Whether the graph of `chosen` and the options left in the vertices'
  // lists can still hold the answer. Runs the search only as often as it
  // pays: at the next node after it found a dead end (where dead ends come
  // often, as in grids, every node), the interval doubling while it finds
  // none, up to 8 times the graph's size; in between it says yes.
  bool possible(const dlx::Remaining& remaining, std::span<const dlx::OptionId> chosen);

 private:
  bool connected_enough(const dlx::Remaining& remaining, std::span<const dlx::OptionId> chosen);

  const EdgeGraph& graph_;
  bool cycle_;
  std::uint32_t longest_interval_, interval_, countdown_;
  // Scratch, sized once: the graph left as adjacency arrays, and the search's stack.
  std::vector<std::uint32_t> start_, degree_, order_, low_, parent_, edge_at_;
  std::vector<Vertex> adjacent_;
  std::vector<dlx::OptionId> options_;
};

}  // namespace dance::hamilton
