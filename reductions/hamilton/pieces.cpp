#include "hamilton/pieces.hpp"

#include <algorithm>
#include <cstdint>
#include <set>

namespace dance::hamilton {

using graph::Vertex;

namespace {

constexpr std::size_t most_near = 24;     // vertices within the distance grown
constexpr std::size_t largest_piece = 12;  // the subsets' search: 2^12 x 12 steps
constexpr int farthest = 3;                // distance

// Whether the graph induced by `piece` (inside[v]: v's place in it, or -1)
// has a Hamiltonian path between two different vertices of `ends`.
bool traversable(const graph::Adjacency& adjacent, const std::vector<Vertex>& piece, const std::vector<int>& inside,
                 const std::vector<Vertex>& ends) {
  const std::size_t k = piece.size();
  std::vector<std::uint16_t> neighbours(k, 0);  // within the piece, as bits
  for (std::size_t i = 0; i < k; ++i)
    for (const Vertex w : adjacent[piece[i]])
      if (inside[w] >= 0) neighbours[i] |= static_cast<std::uint16_t>(1u << inside[w]);
  std::uint16_t end_bits = 0;
  for (const Vertex e : ends) end_bits |= static_cast<std::uint16_t>(1u << inside[e]);
  // reach[mask]: the vertices where a path from `start` through exactly `mask` can end.
  std::vector<std::uint16_t> reach(std::size_t{1} << k);
  const std::size_t full = (std::size_t{1} << k) - 1;
  for (std::size_t start = 0; start < k; ++start) {
    if (!(end_bits >> start & 1u)) continue;
    std::fill(reach.begin(), reach.end(), 0);
    reach[std::size_t{1} << start] = static_cast<std::uint16_t>(1u << start);
    for (std::size_t mask = 1; mask < full; ++mask)
      for (std::uint16_t at = reach[mask]; at != 0; at &= static_cast<std::uint16_t>(at - 1)) {
        const auto v = static_cast<std::size_t>(__builtin_ctz(at));
        for (std::uint16_t next = neighbours[v] & static_cast<std::uint16_t>(~mask); next != 0;
             next &= static_cast<std::uint16_t>(next - 1)) {
          const auto w = static_cast<std::size_t>(__builtin_ctz(next));
          reach[mask | std::size_t{1} << w] |= static_cast<std::uint16_t>(1u << w);
        }
      }
    if (reach[full] & end_bits & ~(1u << start)) return true;
  }
  return false;
}

}  // namespace

std::optional<Piece> untraversable_piece(const graph::Adjacency& adjacent) {
  const std::size_t n = adjacent.size();
  std::vector<int> distance(n, -1), inside(n, -1);
  std::vector<Vertex> near, piece, ends, peeling;
  std::vector<std::uint32_t> within(n, 0);  // neighbours in the set being peeled
  std::set<std::vector<Vertex>> tested;
  for (Vertex v = 0; v < n; ++v) {
    if (adjacent[v].size() > 3) continue;  // pieces hard to pass are sparse: start from their vertices of degree 3
    // The vertices within distance 2, then 3, of v, breadth first.
    near.assign(1, v);
    distance[v] = 0;
    for (std::size_t at = 0, layer_end = 1, grown = 1; grown <= farthest; ++grown) {
      for (; at < layer_end && near.size() <= most_near; ++at)
        for (const Vertex w : adjacent[near[at]])
          if (distance[w] < 0) distance[w] = static_cast<int>(grown), near.push_back(w);
      layer_end = near.size();
      if (near.size() > most_near || near.size() == n) break;  // too many to be a piece, or the whole graph
      if (grown == 1) continue;  // a piece within distance 1 of v is within distance 2 of a neighbour
      // Peel: a vertex with one neighbour left in the set cannot be inside a piece.
      for (const Vertex u : near) inside[u] = 0;
      peeling.clear();
      for (const Vertex u : near) {
        within[u] = 0;
        for (const Vertex w : adjacent[u]) within[u] += inside[w] >= 0;
      }
      for (const Vertex u : near)
        if (within[u] < 2) peeling.push_back(u), inside[u] = -1;
      while (!peeling.empty()) {
        const Vertex u = peeling.back();
        peeling.pop_back();
        for (const Vertex w : adjacent[u])
          if (inside[w] >= 0 && --within[w] < 2) peeling.push_back(w), inside[w] = -1;
      }
      piece.clear();
      for (const Vertex u : near)
        if (inside[u] >= 0) piece.push_back(u);
      // Its edges to the rest of the graph, and their inner ends.
      std::size_t cut = 0;
      ends.clear();
      for (const Vertex u : piece)
        for (const Vertex w : adjacent[u])
          if (inside[w] < 0) ++cut, ends.push_back(u);
      bool found = false;
      if (piece.size() >= 2 && piece.size() <= largest_piece && piece.size() < n && (cut == 2 || cut == 3)) {
        std::sort(piece.begin(), piece.end());
        if (tested.insert(piece).second) {
          for (std::size_t i = 0; i < piece.size(); ++i) inside[piece[i]] = static_cast<int>(i);
          found = !traversable(adjacent, piece, inside, ends);
        }
      }
      for (const Vertex u : near) inside[u] = -1;
      if (found) {
        for (const Vertex u : near) distance[u] = -1;
        return Piece{piece, cut};
      }
      if (piece.empty()) break;  // no cycle near v: farther, most likely none either
    }
    for (const Vertex u : near) distance[u] = -1;
  }
  return std::nullopt;
}

}  // namespace dance::hamilton
