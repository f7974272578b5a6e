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
      adjacent_edge_(2 * graph.ends.size()),
      parent_edge_(graph.vertices),
      vertex_at_(graph.vertices + 1),
      subtree_(graph.vertices),
      cover_(graph.vertices),
      cover_sum_(graph.vertices),
      cover_label_(graph.vertices),
      label_(graph.ends.size()),
      used_(graph.ends.size(), 0),
      forced_(graph.ends.size(), 0),
      removed_(pairs_ ? pairs_->size() : 0, 0),
      marks_(graph.ends.size(), 0),
      last_seen_(graph.ends.size(), nobody),
      left_stamp_(graph.ends.size(), 0),
      in_part_(graph.vertices, 0),
      fixed_at_(graph.vertices, 0) {
  if (pairs_) {
    options_at_.resize(graph.vertices);
    edges_at_.resize(graph.vertices);
    chosen_at_.assign(graph.vertices, ~dlx::OptionId{0});
    listed_.assign(pairs_->size(), 0);
    for (dlx::OptionId o = 0; o < pairs_->size(); ++o) options_at_[(*pairs_)[o].at].push_back(o);
    for (std::uint32_t e = 0; e < graph.ends.size(); ++e)
      for (const Vertex v : {graph.ends[e].first, graph.ends[e].second})
        if (v < graph.vertices) edges_at_[v].push_back(e);
  }
  // A check reads the whole graph left. Where it finds few dead ends
  // (knight 6x6, alb5000: the degrees and the closing edges leave few) it
  // soon runs once in 64 times the graph's size of nodes; where it finds many
  // (a grid with holes), at every node.
  longest_interval_ = 64 * std::max<std::uint32_t>(1, static_cast<std::uint32_t>(graph.vertices + graph.ends.size()));
  interval_ = countdown_ = 1;
  options_.reserve(graph.ends.size());
  left_.reserve(graph.ends.size());
  std::size_t slots = 2;
  while (slots < 2 * graph.vertices) slots *= 2;
  slot_generation_.assign(slots, 0);
  slot_label_.assign(slots, 0);
  slot_order_.assign(slots, 0);
  // Fixed labels (splitmix64): two tree edges with equal xors are only a
  // candidate cut, checked before anything is forced.
  std::uint64_t x = 0;
  for (std::uint64_t& label : label_) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    label = z ^ (z >> 31);
  }
}

bool GraphRules::possible(const dlx::Remaining& remaining, std::span<const dlx::OptionId> chosen, dlx::Pruner* pruner) {
  if (--countdown_ > 0) return true;
  dead_end_ = DeadEnd::none;
  explainable_ = true;
  if (pairs_) edges_left_by_pairs(remaining, chosen);
  else edges_left(remaining, chosen);
  ++stamp_;
  for (const std::uint32_t e : left_) left_stamp_[e] = stamp_;
  const bool ok = connected_enough();
  interval_ = ok ? std::min(2 * interval_, longest_interval_) : 1;
  countdown_ = interval_;
  // The cuts ride on the check, as often as it runs: letting their dead ends
  // run it more often cost more than it saved (i324 5 times slower).
  return ok && (!pruner || !pairs_ || !cycle_ || force_two_edge_cuts(remaining, *pruner));
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
  std::fill(used_.begin(), used_.end(), 0);
  for (const dlx::OptionId o : chosen)
    for (const std::uint32_t e : {choices[o].edge_a, choices[o].edge_b})
      if (e != nobody) used_[e] = 1;
  const auto mark = [this](Vertex v, std::uint32_t e) {
    if (e == nobody || last_seen_[e] == v) return;
    last_seen_[e] = v;
    if (++marks_[e] == 2) left_.push_back(e);
  };
  std::fill(chosen_at_.begin(), chosen_at_.end(), ~dlx::OptionId{0});
  for (const dlx::OptionId o : chosen) {
    chosen_at_[choices[o].at] = o;
    mark(choices[o].at, choices[o].edge_a);
    mark(choices[o].at, choices[o].edge_b);
  }
  ++list_stamp_;
  for (Vertex v = 0; v < graph_.vertices; ++v) {
    remaining.options(static_cast<dlx::ItemId>(v), options_);
    for (const dlx::OptionId o : options_) {
      listed_[o] = list_stamp_;
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
    if (degree_[v] < (cycle_ ? 2u : 1u)) return fail_short(v);
    start_[v + 1] = start_[v] + degree_[v];
  }
  std::copy(start_.begin(), start_.end() - 1, degree_.begin());  // degree_: where the next neighbour goes
  for (const std::uint32_t e : left_) {
    const auto [u, v] = graph_.ends[e];
    adjacent_edge_[degree_[u]] = e;
    adjacent_[degree_[u]++] = v;
    adjacent_edge_[degree_[v]] = e;
    adjacent_[degree_[v]++] = u;
  }
  // Depth-first from vertex 0, iteratively: order_ (1-based; 0 unvisited),
  // low_, and edge_at_, the next neighbour to look at.
  std::fill(order_.begin(), order_.end(), 0);
  std::uint32_t visited = 0;
  std::uint32_t root_children = 0;
  order_[0] = low_[0] = ++visited;
  vertex_at_[visited] = 0;
  edge_at_[0] = start_[0];
  parent_[0] = 0;
  parent_edge_[0] = nobody;
  Vertex v = 0;
  for (;;) {
    if (edge_at_[v] < start_[v + 1]) {
      const std::uint32_t e = adjacent_edge_[edge_at_[v]];
      const Vertex w = adjacent_[edge_at_[v]++];
      if (order_[w] == 0) {
        parent_[w] = v;
        parent_edge_[w] = e;
        order_[w] = low_[w] = ++visited;
        vertex_at_[visited] = w;
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
    if (cycle_ && u != 0 && low_[v] >= order_[u]) return fail_cut(v, u);  // u cuts v's subtree off
    low_[u] = std::min(low_[u], low_[v]);
    v = u;
  }
  if (visited < n) return fail_cut(0, nobody);
  if (cycle_ && root_children > 1) return fail_cut(adjacent_[start_[0]], 0);  // the root cuts its two subtrees apart
  return true;
}

bool GraphRules::fail_short(Vertex v) {
  dead_end_ = DeadEnd::short_vertex;
  failed_at_ = v;
  return false;
}

bool GraphRules::fail_cut(Vertex inside, Vertex through) {
  dead_end_ = DeadEnd::cut;
  failed_at_ = inside;
  failed_through_ = through;
  return false;
}

void GraphRules::explain_gone(std::uint32_t e, dlx::Reason& reason) {
  if (!pairs_) return reason.gone(e);
  constexpr dlx::OptionId none = ~dlx::OptionId{0};
  const auto has = [this, e](dlx::OptionId o) { return (*pairs_)[o].edge_a == e || (*pairs_)[o].edge_b == e; };
  const auto [a, b] = graph_.ends[e];
  // An end covered by an option without it says it in one; else an end none of whose options with it is left.
  for (const Vertex w : {a, b})
    if (chosen_at_[w] != none && !has(chosen_at_[w])) {
      if (!broken_for_tests) reason.chosen(chosen_at_[w]);
      return;
    }
  for (const Vertex w : {a, b}) {
    if (chosen_at_[w] != none) continue;  // covered with it: not this end
    options_.clear();
    for (const dlx::OptionId o : options_at_[w])
      if (has(o)) options_.push_back(o);
    // Every option of w with e is out of the search (an end that has it
    // would have kept the edge), so this end explains it.
    bool left = false;
    for (const dlx::OptionId o : options_) left = left || listed_[o] == list_stamp_;
    if (left) continue;
    for (const dlx::OptionId o : options_) reason.gone(o);
    return;
  }
}

bool GraphRules::explain(dlx::Reason& reason) {
  if (dead_end_ == DeadEnd::none || !explainable_) return false;
  const auto gone = [&](std::uint32_t edge) { return left_stamp_[edge] != stamp_; };
  if (dead_end_ == DeadEnd::short_vertex) {
    if (pairs_) {
      for (const std::uint32_t edge : edges_at_[failed_at_])
        if (gone(edge)) explain_gone(edge, reason);
      return true;
    }
    for (const auto& [w, edge] : graph_.joins[failed_at_])
      if (gone(edge)) reason.gone(edge);
    return true;
  }
  // The part: what the edges left reach from failed_at_ without passing failed_through_.
  part_.assign(1, failed_at_);
  in_part_[failed_at_] = 1;
  if (failed_through_ != nobody) in_part_[failed_through_] = 2;
  for (std::size_t k = 0; k < part_.size(); ++k)
    for (std::uint32_t a = start_[part_[k]]; a < start_[part_[k] + 1]; ++a)
      if (const Vertex w = adjacent_[a]; !in_part_[w]) in_part_[w] = 1, part_.push_back(w);
  for (const Vertex v : part_) {
    if (pairs_) {
      for (const std::uint32_t edge : edges_at_[v]) {
        const Vertex w = graph_.ends[edge].first == v ? graph_.ends[edge].second : graph_.ends[edge].first;
        if (!in_part_[w] && gone(edge)) explain_gone(edge, reason);
      }
      continue;
    }
    for (const auto& [w, edge] : graph_.joins[v])
      if (!in_part_[w] && gone(edge)) reason.gone(edge);
  }

  for (const Vertex v : part_) in_part_[v] = 0;
  if (failed_through_ != nobody) in_part_[failed_through_] = 0;
  return true;
}

bool GraphRules::force_two_edge_cuts(const dlx::Remaining& remaining, dlx::Pruner& pruner) {
  forced_edges_.clear();
  // To a fixed point: a vertex given both its edges (chosen or forced) drops
  // its others, which leaves new cuts (a set of vertices whose removal leaves
  // more parts than it can join, as in a graph that is not 1-tough, comes
  // apart so, cut by cut) or a part cut off.
  bool ok = true;
  for (;;) {
    find_two_edge_cuts();
    if (!drop_edges_at_full_vertices(ok) || !ok) break;
    explainable_ = false;  // the edges dropped rest on the cuts: not explained
    if (!connected_enough()) {
      ok = false;
      break;
    }
  }
  // Each vertex not covered keeps the options that hold every edge forced at
  // it; an option goes once, for the first forced edge it lacks. A vertex
  // left with none is a dead end, found here (it steers how often this runs).
  for (const std::uint32_t e : forced_edges_)
    for (const Vertex v : {graph_.ends[e].first, graph_.ends[e].second}) {
      if (!ok) break;
      remaining.options(static_cast<dlx::ItemId>(v), options_);
      std::size_t kept = 0;
      for (const dlx::OptionId o : options_) {
        const Choice& c = (*pairs_)[o];
        if (c.edge_a == e || c.edge_b == e) kept += !removed_[o];
        else if (!removed_[o]) removed_[o] = 1, removed_options_.push_back(o), pruner.remove(o);
      }
      ok = ok && (options_.empty() || kept > 0);
    }
  for (const dlx::OptionId o : removed_options_) removed_[o] = 0;
  removed_options_.clear();
  for (const std::uint32_t e : forced_edges_) forced_[e] = 0;
  if (!ok) explainable_ = false;
  return ok;
}

bool GraphRules::drop_edges_at_full_vertices(bool& ok) {
  std::fill(fixed_at_.begin(), fixed_at_.end(), 0);
  for (const std::uint32_t e : left_)
    if (used_[e] || forced_[e]) ++fixed_at_[graph_.ends[e].first], ++fixed_at_[graph_.ends[e].second];
  for (const std::uint32_t k : fixed_at_)
    if (k > 2) return ok = false;  // three edges a cycle must use at one vertex
  const auto full = [this](std::uint32_t e) {
    return !used_[e] && !forced_[e] && (fixed_at_[graph_.ends[e].first] == 2 || fixed_at_[graph_.ends[e].second] == 2);
  };
  const std::size_t before = left_.size();
  std::erase_if(left_, full);
  return left_.size() < before;
}

void GraphRules::find_two_edge_cuts() {
  const std::size_t n = graph_.vertices;
  // Each back edge (every edge left not in the tree joins a vertex to an
  // ancestor) covers the tree edges on its way up: counted at its lower end,
  // taken off at its upper end, summed up the tree in reverse preorder.
  for (Vertex v = 0; v < n; ++v) {
    std::uint32_t count = 0, sum = 0;
    std::uint64_t label = 0;
    for (std::uint32_t k = start_[v]; k < start_[v + 1]; ++k) {
      const Vertex w = adjacent_[k];
      const std::uint32_t e = adjacent_edge_[k];
      if (e == parent_edge_[v] || e == parent_edge_[w]) continue;  // tree edges
      const bool up = order_[w] < order_[v];
      count += up ? 1 : -1;
      sum += up ? e : -e;
      label ^= label_[e];
    }
    cover_[v] = count, cover_sum_[v] = sum, cover_label_[v] = label, subtree_[v] = 1;
  }
  for (std::uint32_t i = static_cast<std::uint32_t>(n); i > 1; --i) {
    const Vertex v = vertex_at_[i], u = parent_[v];
    cover_[u] += cover_[v], cover_sum_[u] += cover_sum_[v], cover_label_[u] ^= cover_label_[v], subtree_[u] += subtree_[v];
  }
  checked_ = 0;
  // Tree edges over the same back edges (so on one path up) are a cut two by
  // two: with equal labels, candidates, each with the one before it in
  // preorder (found in a table by label: sorting every tree edge by its
  // label took a fifth of a check's time on 1,000 vertices).
  if (++generation_ == 0) std::fill(slot_generation_.begin(), slot_generation_.end(), 0), generation_ = 1;
  const std::size_t mask = slot_generation_.size() - 1;
  for (std::uint32_t i = 2; i <= n; ++i) {
    const Vertex v = vertex_at_[i];
    // Over the tree edge one back edge only: the two are a cut (no bridge
    // here: connected_enough() said so).
    if (cover_[v] == 1) {
      force_cut(parent_edge_[v], cover_sum_[v]);
      continue;
    }
    const std::uint64_t label = cover_label_[v];
    std::size_t slot = label & mask;
    while (slot_generation_[slot] == generation_ && slot_label_[slot] != label) slot = (slot + 1) & mask;
    if (slot_generation_[slot] != generation_) {
      slot_generation_[slot] = generation_, slot_label_[slot] = label, slot_order_[slot] = i;
      continue;
    }
    candidates_.push_back({label, slot_order_[slot], i});
    slot_order_[slot] = i;
  }
  // Checked in the order of their labels (the reading is budgeted, so the
  // order says which cuts are found when the budget runs out).
  std::sort(candidates_.begin(), candidates_.end());
  for (const auto& [label, first, second] : candidates_) {
    const Vertex a = vertex_at_[first], b = vertex_at_[second];
    if (used_[parent_edge_[a]] && used_[parent_edge_[b]]) continue;
    if (cover_[a] == cover_[b] && cuts_off_between(a, b)) force_cut(parent_edge_[a], parent_edge_[b]);
  }
  candidates_.clear();
}

void GraphRules::force_cut(std::uint32_t e, std::uint32_t f) {
  if (used_[e] && used_[f]) return;
  for (const std::uint32_t edge : {e, f})
    if (!used_[edge] && !forced_[edge]) forced_[edge] = 1, forced_edges_.push_back(edge);
}

bool GraphRules::cuts_off_between(Vertex a, Vertex b) {
  const std::uint32_t first = order_[a], end = first + subtree_[a];
  const std::uint32_t hole = order_[b], hole_end = hole + subtree_[b];
  if (hole <= first || hole >= end) return false;  // b not below a
  const auto between = [&](std::uint32_t order) { return order >= first && order < end && (order < hole || order >= hole_end); };
  for (std::uint32_t i = first; i < end; i = i == hole - 1 ? hole_end : i + 1) {
    const Vertex v = vertex_at_[i];
    // At most the graph's adjacency read once a call: a cut left unchecked is only not forced.
    if ((checked_ += start_[v + 1] - start_[v]) > start_[graph_.vertices]) return false;
    for (std::uint32_t k = start_[v]; k < start_[v + 1]; ++k) {
      const std::uint32_t e = adjacent_edge_[k];
      if (e != parent_edge_[a] && e != parent_edge_[b] && !between(order_[adjacent_[k]])) return false;
    }
  }
  return true;
}

}  // namespace dance::hamilton
