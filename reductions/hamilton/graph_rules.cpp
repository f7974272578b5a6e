#include "hamilton/graph_rules.hpp"

#include <algorithm>

namespace dance::hamilton {

std::optional<dlx::OptionId> EdgeGraph::between(Vertex u, Vertex v) const {
  if (joins[u].size() > joins[v].size()) std::swap(u, v);  // `*` of a free path joins every vertex
  for (const auto& [w, option] : joins[u])
    if (w == v) return option;
  return std::nullopt;
}

EdgeGraph edge_graph(const std::vector<Choice>& choices, std::size_t vertices) {
  EdgeGraph g;
  g.vertices = vertices;
  g.joins.resize(vertices);
  for (dlx::OptionId o = 0; o < choices.size(); ++o) {
    const Choice& c = choices[o];
    g.ends.push_back({c.at, c.a});
    g.joins[c.at].push_back({c.a, o});
    g.joins[c.a].push_back({c.at, o});
  }
  return g;
}

GraphRules::GraphRules(const EdgeGraph& graph, bool cycle)
    : graph_(graph),
      cycle_(cycle),
      start_(graph.vertices + 1),
      degree_(graph.vertices),
      order_(graph.vertices),
      low_(graph.vertices),
      parent_(graph.vertices),
      edge_at_(graph.vertices),
      adjacent_(2 * graph.ends.size()) {
  // A check reads the whole graph left. Where it finds few dead ends
  // (knight 6x6, alb5000: the degrees and the closing edges leave few) it
  // soon runs once in 8 times the graph's size of nodes; where it finds many
  // (a grid with holes), at every node.
  longest_interval_ = 64 * std::max<std::uint32_t>(1, static_cast<std::uint32_t>((graph.vertices + graph.ends.size()) / 8));
  interval_ = countdown_ = 1;
  options_.reserve(graph.ends.size());
}

bool GraphRules::possible(const dlx::Remaining& remaining, std::span<const dlx::OptionId> chosen) {
  if (--countdown_ > 0) return true;
  const bool ok = connected_enough(remaining, chosen);
  interval_ = ok ? std::min(2 * interval_, longest_interval_) : 1;
  countdown_ = interval_;
  return ok;
}

bool GraphRules::connected_enough(const dlx::Remaining& remaining, std::span<const dlx::OptionId> chosen) {
  const std::size_t n = graph_.vertices;
  // The graph left, as adjacency arrays: each vertex's options left (each
  // edge is in both ends' lists), and the chosen edges both ways.
  for (Vertex v = 0; v < n; ++v) degree_[v] = static_cast<std::uint32_t>(remaining.count(static_cast<dlx::ItemId>(v)));
  for (const dlx::OptionId o : chosen) {
    ++degree_[graph_.ends[o].first];
    ++degree_[graph_.ends[o].second];
  }
  start_[0] = 0;
  for (Vertex v = 0; v < n; ++v) {
    if (degree_[v] < (cycle_ ? 2u : 1u)) return false;
    start_[v + 1] = start_[v] + degree_[v];
  }
  std::copy(start_.begin(), start_.end() - 1, degree_.begin());  // degree_: where the next neighbour goes
  const auto join = [this](Vertex u, Vertex v) { adjacent_[degree_[u]++] = v; };
  for (Vertex v = 0; v < n; ++v) {
    remaining.options(static_cast<dlx::ItemId>(v), options_);
    for (const dlx::OptionId o : options_) join(v, graph_.ends[o].first == v ? graph_.ends[o].second : graph_.ends[o].first);
  }
  for (const dlx::OptionId o : chosen) {
    join(graph_.ends[o].first, graph_.ends[o].second);
    join(graph_.ends[o].second, graph_.ends[o].first);
  }
  // Depth-first from vertex 0, iteratively: order_ (1-based; 0 unvisited),
  // low_, and edge_at_, the next neighbour to look at.
  std::fill(order_.begin(), order_.end(), 0);
  std::uint32_t visited = 0;
  std::uint32_t root_children = 0;
  order_[0] = low_[0] = ++visited;
  edge_at_[0] = start_[0];
  parent_[0] = 0;
  Vertex v = 0;
  for (;;) {
    if (edge_at_[v] < start_[v + 1]) {
      const Vertex w = adjacent_[edge_at_[v]++];
      if (order_[w] == 0) {
        parent_[w] = v;
        order_[w] = low_[w] = ++visited;
        edge_at_[w] = start_[w];
        root_children += v == 0;
        v = w;
      } else {
        low_[v] = std::min(low_[v], order_[w]);  // the edge back to the parent too: a double edge is no bridge
      }
      continue;
    }
    if (v == 0) break;
    const Vertex u = parent_[v];
    if (cycle_ && u != 0 && low_[v] >= order_[u]) return false;  // u cuts v's subtree off
    low_[u] = std::min(low_[u], low_[v]);
    v = u;
  }
  if (visited < n) return false;
  return !cycle_ || root_children <= 1;  // the root cuts when it has two subtrees
}

}  // namespace dance::hamilton
