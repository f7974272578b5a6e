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

EdgeGraph pair_graph(const std::vector<Choice>& choices, std::size_t vertices, std::size_t edges) {
  EdgeGraph g;
  g.vertices = vertices;
  g.ends.resize(edges);
  for (const Choice& c : choices) {
    if (c.edge_a != nobody) g.ends[c.edge_a] = {c.a, c.at};
    if (c.edge_b != nobody) g.ends[c.edge_b] = {c.at, c.b};
  }
  return g;
}

GraphRules::GraphRules(const EdgeGraph& graph, bool cycle, std::shared_ptr<const std::vector<Choice>> pairs)
    : graph_(graph),
      cycle_(cycle),
      pairs_(std::move(pairs)),
      start_(graph.vertices + 1),
      degree_(graph.vertices),
      order_(graph.vertices),
      low_(graph.vertices),
      parent_(graph.vertices),
      edge_at_(graph.vertices),
      adjacent_(2 * graph.ends.size()),
      marks_(graph.ends.size(), 0),
      last_seen_(graph.ends.size(), nobody) {
  // A check reads the whole graph left. Where it finds few dead ends
  // (knight 6x6, alb5000: the degrees and the closing edges leave few) it
  // soon runs once in 64 times the graph's size of nodes; where it finds many
  // (a grid with holes), at every node.
  longest_interval_ = 64 * std::max<std::uint32_t>(1, static_cast<std::uint32_t>(graph.vertices + graph.ends.size()));
  interval_ = countdown_ = 1;
  options_.reserve(graph.ends.size());
  left_.reserve(graph.ends.size());
}

bool GraphRules::possible(const dlx::Remaining& remaining, std::span<const dlx::OptionId> chosen) {
  if (--countdown_ > 0) return true;
  if (pairs_) edges_left_by_pairs(remaining, chosen);
  else edges_left(remaining, chosen);
  const bool ok = connected_enough();
  interval_ = ok ? std::min(2 * interval_, longest_interval_) : 1;
  countdown_ = interval_;
  return ok;
}

void GraphRules::edges_left(const dlx::Remaining& remaining, std::span<const dlx::OptionId> chosen) {
  left_.assign(chosen.begin(), chosen.end());
  for (Vertex v = 0; v < graph_.vertices; ++v) {
    remaining.options(static_cast<dlx::ItemId>(v), options_);
    for (const dlx::OptionId o : options_)
      if (graph_.ends[o].first == v) left_.push_back(o);  // each edge is in both ends' lists
  }
}

void GraphRules::edges_left_by_pairs(const dlx::Remaining& remaining, std::span<const dlx::OptionId> chosen) {
  // An edge is left when each of its ends has it: a vertex covered, in its
  // chosen pair; one not, in an option left in its list.
  const std::vector<Choice>& choices = *pairs_;
  left_.clear();
  const auto mark = [this](Vertex v, std::uint32_t e) {
    if (e == nobody || last_seen_[e] == v) return;
    last_seen_[e] = v;
    if (++marks_[e] == 2) left_.push_back(e);
  };
  for (const dlx::OptionId o : chosen) {
    mark(choices[o].at, choices[o].edge_a);
    mark(choices[o].at, choices[o].edge_b);
  }
  for (Vertex v = 0; v < graph_.vertices; ++v) {
    remaining.options(static_cast<dlx::ItemId>(v), options_);
    for (const dlx::OptionId o : options_) {
      mark(v, choices[o].edge_a);
      mark(v, choices[o].edge_b);
    }
  }
  std::fill(marks_.begin(), marks_.end(), 0);
  std::fill(last_seen_.begin(), last_seen_.end(), nobody);
}

bool GraphRules::connected_enough() {
  const std::size_t n = graph_.vertices;
  // The graph left, as adjacency arrays.
  std::fill(degree_.begin(), degree_.end(), 0);
  for (const std::uint32_t e : left_) {
    ++degree_[graph_.ends[e].first];
    ++degree_[graph_.ends[e].second];
  }
  start_[0] = 0;
  for (Vertex v = 0; v < n; ++v) {
    if (degree_[v] < (cycle_ ? 2u : 1u)) return false;
    start_[v + 1] = start_[v] + degree_[v];
  }
  std::copy(start_.begin(), start_.end() - 1, degree_.begin());  // degree_: where the next neighbour goes
  for (const std::uint32_t e : left_) {
    const auto [u, v] = graph_.ends[e];
    adjacent_[degree_[u]++] = v;
    adjacent_[degree_[v]++] = u;
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
