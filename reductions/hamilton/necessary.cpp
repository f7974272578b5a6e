#include "hamilton/necessary.hpp"

#include <algorithm>
#include <span>

#include "hamilton/encodings.hpp"
#include "hamilton/pieces.hpp"

namespace dance::hamilton {

namespace {

// The parts of a graph without some vertices, by one depth-first search
// with low points (Tarjan's): how many parts, and for every vertex how many
// parts are left once it goes too. Arrays sized once, for a search per vertex
// or per set of vertices.
class Parts {
 public:
  explicit Parts(const graph::Adjacency& adjacent)
      : adjacent_(adjacent), order_(adjacent.size()), low_(adjacent.size()), parent_(adjacent.size()),
        next_(adjacent.size()), cuts_(adjacent.size()), part_(adjacent.size()), gone_(adjacent.size(), 0) {}

  // Searches the graph without vertex `gone` (nobody: the whole graph).
  void search(Vertex gone = nobody) { search(std::span<const Vertex>(&gone, gone == nobody ? 0 : 1)); }
  // Searches the graph without the vertices `gone`.
  void search(std::span<const Vertex> gone) {
    for (const Vertex v : gone) gone_[v] = 1;
    search_marked();
    for (const Vertex v : gone) gone_[v] = 0;
  }
  [[nodiscard]] std::size_t parts() const { return parts_; }
  // Parts once vertex v (not gone) goes too: its own part falls into the
  // subtrees it cuts off, and the rest of it unless v is the part's root.
  [[nodiscard]] std::size_t without(Vertex v) const { return parts_ - 1 + cuts_[v] + (parent_[v] == nobody ? 0 : 1); }
  // Whether a vertex left out touches three parts or more.
  [[nodiscard]] bool joins_three(Vertex v) const {
    std::uint32_t first = 0, second = 0;
    for (const Vertex w : adjacent_[v]) {
      const std::uint32_t p = part_[w];
      if (order_[w] == 0 || p == first || p == second) continue;  // left out too, or a part seen
      if (first == 0) first = p;
      else if (second == 0) second = p;
      else return true;
    }
    return false;
  }

 private:
  void search_marked() {
    const std::size_t n = adjacent_.size();
    std::fill(order_.begin(), order_.end(), 0);
    std::fill(cuts_.begin(), cuts_.end(), 0);
    parts_ = 0;
    std::uint32_t visited = 0;
    for (Vertex root = 0; root < n; ++root) {
      if (order_[root] || gone_[root]) continue;
      ++parts_;
      part_[root] = static_cast<std::uint32_t>(parts_);
      order_[root] = low_[root] = ++visited;
      parent_[root] = nobody;
      next_[root] = 0;
      for (Vertex v = root;;) {
        const auto list = adjacent_[v];
        if (next_[v] < list.size()) {
          const Vertex w = list[next_[v]++];
          if (gone_[w]) continue;
          if (order_[w] == 0) {
            parent_[w] = v;
            part_[w] = static_cast<std::uint32_t>(parts_);
            order_[w] = low_[w] = ++visited;
            next_[w] = 0;
            v = w;
          } else {
            low_[v] = std::min(low_[v], order_[w]);
          }
          continue;
        }
        if (v == root) break;
        const Vertex u = parent_[v];
        if (low_[v] >= order_[u]) ++cuts_[u];  // v's subtree hangs on u alone (the root: each subtree)
        low_[u] = std::min(low_[u], low_[v]);
        v = u;
      }
    }
  }
  const graph::Adjacency& adjacent_;
  std::vector<std::uint32_t> order_, low_, parent_, next_, cuts_;
  std::vector<std::uint32_t> part_;  // per vertex searched: its part, from 1
  std::vector<std::uint8_t> gone_;  // per vertex: left out of this search
  std::size_t parts_ = 0;
};

// The graph's edges both ways: the graph itself when undirected.
graph::Adjacency both_ways(const graph::Graph& g) {
  std::vector<graph::Arc> arcs;
  arcs.reserve(2 * g.out.arc_count());
  for (Vertex u = 0; u < g.size(); ++u)
    for (const Vertex v : g.out[u]) arcs.emplace_back(u, v), arcs.emplace_back(v, u);
  std::size_t repeats = 0;
  return {g.size(), arcs, repeats};
}

// Sides of a connected graph's 2-colouring, or nothing when it has an odd cycle.
std::optional<std::vector<bool>> two_colouring(const graph::Adjacency& adjacent) {
  std::vector<bool> side(adjacent.size(), false), seen(adjacent.size(), false);
  std::vector<Vertex> stack{0};
  seen[0] = true;
  while (!stack.empty()) {
    const Vertex v = stack.back();
    stack.pop_back();
    for (const Vertex w : adjacent[v]) {
      if (!seen[w]) {
        seen[w] = true;
        side[w] = !side[v];
        stack.push_back(w);
      } else if (side[w] == side[v]) {
        return std::nullopt;
      }
    }
  }
  return side;
}

// The pairs rule searches once per vertex: up to this many vertices times
// (vertices + arcs), some 2 ms: a cubic graph of 300 vertices (FHCP's i324,
// 324 vertices, solved in 5 ms with --restarts 300, would take 7).
constexpr std::size_t pairs_work = 400'000;
constexpr std::size_t hubs_work = 20'000'000;  // some 20 ms

// The 1-tough condition on the vertices of most edges, a set per degree
// (those of degree d or more, d from the largest down, while they are at
// most half the graph): a graph made of pieces hung on a few hubs falls
// apart without them; and each set again without its vertices that join
// two parts at most (back in the graph, such a vertex takes one from the
// set and at most one from the parts: the test is no weaker), until none goes.
// The first set that leaves too many parts, if any; searches while they
// cost hubs_work in all.
template <class MostParts>
std::optional<std::vector<Vertex>> not_tough_hubs(const graph::Adjacency& adjacent, Parts& parts, MostParts most_parts) {
  const std::size_t n = adjacent.size();
  std::vector<Vertex> by_degree(n);
  for (Vertex v = 0; v < n; ++v) by_degree[v] = v;
  std::stable_sort(by_degree.begin(), by_degree.end(),
                   [&adjacent](Vertex a, Vertex b) { return adjacent[a].size() > adjacent[b].size(); });
  const std::size_t each = n + adjacent.arc_count();
  std::size_t work = 0;
  for (std::size_t taken = 1; taken <= n / 2 && work <= hubs_work; ++taken) {
    if (adjacent[by_degree[taken]].size() == adjacent[by_degree[taken - 1]].size()) continue;  // not all of this degree yet
    std::vector<Vertex> hubs(by_degree.begin(), by_degree.begin() + static_cast<std::ptrdiff_t>(taken));
    for (std::size_t before = 0; !hubs.empty() && hubs.size() != before && work <= hubs_work;) {
      parts.search(hubs);
      work += each;
      if (parts.parts() > most_parts(hubs)) return hubs;
      before = hubs.size();
      std::erase_if(hubs, [&parts](Vertex v) { return !parts.joins_three(v); });
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> why_none(const HamiltonInstance& h) {
  const graph::Graph& g = *h.graph;
  const std::size_t n = g.size();
  const char* const answer = h.path ? "no Hamiltonian path: " : "no Hamiltonian cycle: ";
  if (n == 0) return std::string(answer) + "the graph has no vertices";  // not an empty path or cycle
  if (n < 3) return std::nullopt;
  const graph::Adjacency owned = g.directed ? both_ways(g) : graph::Adjacency();
  const graph::Adjacency& adjacent = g.directed ? owned : g.out;
  const auto name = [&g](Vertex v) { return "'" + g.names[v] + "'"; };
  const auto is_end = [&h](Vertex v) { return v == h.from || v == h.to; };
  // Taking k vertices off a cycle leaves k pieces at most; off a path, k + 1,
  // one fewer for each of its ends taken.
  const auto most_parts = [&](std::span<const Vertex> taken) {
    std::size_t most = h.path ? taken.size() + 1 : taken.size();
    for (const Vertex v : taken) most -= is_end(v);
    return most;
  };

  Parts parts(adjacent);
  parts.search();
  if (parts.parts() > 1) return answer + std::string("the graph falls into ") + std::to_string(parts.parts()) + " parts";
  for (Vertex v = 0; v < n; ++v)
    if (parts.without(v) > most_parts({&v, 1}))
      return answer + std::string("without vertex ") + name(v) + " the graph falls into " + std::to_string(parts.without(v)) + " parts";

  if (const auto side = two_colouring(adjacent)) {
    const auto ones = static_cast<std::size_t>(std::count(side->begin(), side->end(), true));
    const std::size_t sizes[2] = {n - ones, ones};
    // Vertices alternate sides: a cycle has as many of each, a path one more
    // of its ends' side when both ends are on one side.
    bool fits = sizes[0] == sizes[1];
    if (h.path && !h.from) fits = fits || sizes[0] + 1 == sizes[1] || sizes[1] + 1 == sizes[0];
    if (h.from && (*side)[*h.from] == (*side)[*h.to]) fits = sizes[(*side)[*h.from]] == sizes[!(*side)[*h.from]] + 1;
    if (!fits)
      return answer + std::string("the graph is bipartite with sides of ") + std::to_string(sizes[0]) + " and " +
             std::to_string(sizes[1]) + " vertices" + (h.from ? " (the ends on " + std::string((*side)[*h.from] == (*side)[*h.to] ? "one side)" : "both sides)") : "");
  }

  if (n * (n + adjacent.arc_count()) <= pairs_work)
    for (Vertex a = 0; a < n; ++a) {
      parts.search(a);
      for (Vertex b = a + 1; b < n; ++b)  // each pair once: b's search would find the same
        if (const Vertex pair[] = {a, b}; parts.without(b) > most_parts(pair))
          return answer + std::string("without vertices ") + name(a) + " and " + name(b) + " the graph falls into " +
                 std::to_string(parts.without(b)) + " parts";
    }

  if (auto hubs = not_tough_hubs(adjacent, parts, most_parts)) {
    std::string names;
    constexpr std::size_t named = 12;
    for (std::size_t k = 0; k < std::min(named, hubs->size()); ++k) names += (k == 0 ? "" : ", ") + name((*hubs)[k]);
    if (hubs->size() > named) names += ", ...";
    parts.search(*hubs);
    return answer + std::string("without the ") + std::to_string(hubs->size()) + " vertices " + names +
           " the graph falls into " + std::to_string(parts.parts()) + " parts";
  }

  if (!h.path)
    if (const auto piece = untraversable_piece(adjacent)) {
      std::string names;
      for (const Vertex v : piece->vertices) names += (names.empty() ? "" : ", ") + name(v);
      return answer + std::string("the ") + std::to_string(piece->vertices.size()) + " vertices " + names +
             " meet the rest in " + std::to_string(piece->cut) + " edges, and no Hamiltonian path through them joins two";
    }
  return std::nullopt;
}

}  // namespace dance::hamilton
