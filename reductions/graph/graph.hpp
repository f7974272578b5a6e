// Graphs for the graph reductions (clique, independent set, Hamiltonian
// paths), read from the common text formats, detected from the text:
//
// - DIMACS:        c comments; p edge N M (or p col); e U V, 1-based
// - TSPLIB HCP:    KEY : value header lines, EDGE_DATA_SECTION, then 1-based
//                  U V pairs, -1, EOF
// - adjacency:     U: V W ...  (one line per vertex, '#' comments)
// - edge list:     U V         (one edge per line, '#' comments)
//
// In the last two, the vertices are the names that appear, in numeric order
// when every name is a whole number (a list numbered from 1 has no vertex 0),
// else in order of appearance; answers use the names. Undirected unless
// read as directed (arcs U -> V). Repeated edges and self-loops are dropped
// with a warning; a malformed line throws dlx::ParseError (line, column).
#pragma once

#include <cstdint>
#include <istream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "dlx/big_allocator.hpp"

namespace dance::graph {

using Vertex = std::uint32_t;

// The most vertices a graph may have: each has a name, and a DIMACS header
// or a vertex number of 10^9 would otherwise take minutes and gigabytes
// before the first edge.
inline constexpr std::size_t max_vertices = std::size_t{1} << 24;

using Arc = std::pair<Vertex, Vertex>;

// Sorted neighbour lists, all in one block: a list per vertex would cost an
// allocation each, on pages that fault one by one.
class Adjacency {
 public:
  Adjacency() = default;
  // The lists of vertices 0..n-1 from arcs u -> v in any order, each arc
  // once however often listed; `repeats` gets how many were listed again.
  Adjacency(std::size_t n, std::span<const Arc> arcs, std::size_t& repeats);
  [[nodiscard]] std::span<const Vertex> operator[](std::size_t u) const {
    return {targets_.data() + start_[u], start_[u + 1] - start_[u]};
  }
  [[nodiscard]] std::size_t size() const { return start_.empty() ? 0 : start_.size() - 1; }
  [[nodiscard]] std::size_t arc_count() const { return targets_.size(); }

 private:
  dlx::BigVector<Vertex> targets_;
  std::vector<std::size_t> start_;  // per vertex, and one past the last
};

struct Graph {
  std::vector<std::string> names;  // of the vertices, 0..n-1
  Adjacency out;                   // sorted neighbours (out-neighbours when directed)
  bool directed = false;

  [[nodiscard]] std::size_t size() const { return names.size(); }
  [[nodiscard]] bool adjacent(Vertex u, Vertex v) const;  // an edge (arc u -> v when directed)
  [[nodiscard]] std::size_t edge_count() const;           // edges, or arcs when directed
};

// What reading a graph also found: warnings for the user.
struct GraphWarnings {
  std::vector<std::string> messages;
};

[[nodiscard]] Graph read_graph(std::istream& in, bool directed, GraphWarnings& warnings);

}  // namespace dance::graph
