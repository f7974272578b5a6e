#include <algorithm>
#include <stdexcept>

#include "dance/item_name.hpp"
#include "dlx/error.hpp"
#include "hamilton/encodings.hpp"
#include "hamilton/segments.hpp"

namespace dance::hamilton {

// The options: for each vertex, its pairs of path edges, its single edges
// where it may be an end, then (longest) its skip option. For a directed
// graph, a = the predecessor and b = the successor (nobody at a start or an
// end); edges are arcs then.
std::vector<Choice> choices_of(const HamiltonInstance& h) {
  const graph::Graph& g = *h.graph;
  const auto usable = [&h](Vertex v) { return !h.useless || !(*h.useless)[v]; };
  // Edge (or arc) numbers; an undirected edge has one number for both ends.
  std::vector<std::vector<std::uint32_t>> edge_of(g.size());
  std::uint32_t edges = 0;
  for (Vertex u = 0; u < g.size(); ++u) {
    edge_of[u].assign(g.out[u].size(), nobody);
    for (std::size_t k = 0; k < g.out[u].size(); ++k) {
      const Vertex v = g.out[u][k];
      if (!usable(u) || !usable(v)) continue;
      if (g.directed && (v == h.from || u == h.to)) continue;  // no arc into the start or out of the end
      if (g.directed || v > u) {
        edge_of[u][k] = edges++;
      } else {
        const auto at = std::lower_bound(g.out[v].begin(), g.out[v].end(), u) - g.out[v].begin();
        edge_of[u][k] = edge_of[v][static_cast<std::size_t>(at)];
      }
    }
  }
  // Directed: the arcs into each vertex.
  std::vector<std::vector<std::pair<Vertex, std::uint32_t>>> in(g.size());
  if (g.directed)
    for (Vertex u = 0; u < g.size(); ++u)
      for (std::size_t k = 0; k < g.out[u].size(); ++k)
        if (edge_of[u][k] != nobody) in[g.out[u][k]].push_back({u, edge_of[u][k]});
  std::vector<Choice> all;
  // Back where it came from: only the directed cycle of two vertices goes so.
  const bool two_cycle = !h.path && g.size() == 2;
  for (Vertex v = 0; v < g.size(); ++v) {
    if (!usable(v)) continue;
    const bool fixed_end = v == h.from || v == h.to;
    const auto& out = g.out[v];
    if (g.directed) {
      const bool may_start = h.path && (h.from ? v == h.from : true);
      const bool may_finish = h.path && (h.to ? v == h.to : true);
      for (const auto& [u, arc] : in[v]) {
        if (!fixed_end)
          for (std::size_t j = 0; j < out.size(); ++j)
            if (edge_of[v][j] != nobody && (out[j] != u || two_cycle)) all.push_back({v, u, out[j], arc, edge_of[v][j]});
        if (may_finish) all.push_back({v, u, nobody, arc, nobody});
      }
      if (may_start)
        for (std::size_t j = 0; j < out.size(); ++j)
          if (edge_of[v][j] != nobody) all.push_back({v, nobody, out[j], nobody, edge_of[v][j]});
      continue;
    }
    const bool may_end = h.path && (!h.from || fixed_end);
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (edge_of[v][i] == nobody) continue;
      if (!fixed_end)
        for (std::size_t j = i + 1; j < out.size(); ++j)
          if (edge_of[v][j] != nobody) all.push_back({v, out[i], out[j], edge_of[v][i], edge_of[v][j]});
      if (may_end) all.push_back({v, out[i], nobody, edge_of[v][i], nobody});
    }
  }
  if (h.longest)
    for (Vertex v = 0; v < g.size(); ++v)
      if (usable(v) && v != h.from && v != h.to) all.push_back({v, nobody, nobody, nobody, nobody});
  return all;
}

namespace {

std::size_t edge_count(const std::vector<Choice>& choices) {
  std::uint32_t edges = 0;
  for (const Choice& c : choices)
    for (const std::uint32_t e : {c.edge_a, c.edge_b})
      if (e != nobody) edges = std::max(edges, e + 1);
  return edges;
}

}  // namespace

// An item per vertex (a path edge pair each), the path edges as secondary
// items coloured used or not, and the segments hook.
Encoding encode_by_degree(const HamiltonInstance& h) {
  const graph::Graph& g = *h.graph;
  const std::vector<Choice>& choices = *h.choices;
  const std::size_t edges = edge_count(choices);
  dlx::ProblemBuilder b;
  std::vector<dlx::ItemId> item(g.size(), 0);
  std::size_t vertices = 0;
  for (Vertex v = 0; v < g.size(); ++v)
    if (!h.useless || !(*h.useless)[v]) item[v] = b.add_primary(item_name(g.names[v])), ++vertices;
  const bool free_ends = h.free_ends();
  // Free ends: two of them (undirected), or one start and one finish (directed).
  const dlx::ItemId ends = free_ends ? g.directed ? b.add_primary("#start") : b.add_primary("#ends", 2, 2) : 0;
  const dlx::ItemId finish = free_ends && g.directed ? b.add_primary("#finish") : 0;
  const auto m = static_cast<std::uint32_t>(h.skipped);
  const dlx::ItemId skip = m > 0 ? b.add_primary("#skip", m, m) : 0;
  const dlx::ItemId first_edge = static_cast<dlx::ItemId>(b.peek().items().size());
  std::vector<std::string> edge_names(edges);
  for (const Choice& c : choices) {
    const auto name = [&](Vertex from, Vertex to) {  // directed: the arc from -> to
      return g.directed ? item_name(g.names[from]) + "->" + item_name(g.names[to])
                        : item_name(g.names[std::min(from, to)]) + "-" + item_name(g.names[std::max(from, to)]);
    };
    if (c.edge_a != nobody) edge_names[c.edge_a] = name(c.a, c.at);
    if (c.edge_b != nobody) edge_names[c.edge_b] = name(c.at, c.b);
  }
  for (std::size_t e = 0; e < edges; ++e)  // an arc no option uses still needs a name
    b.add_secondary(edge_names[e].empty() ? "#arc" + std::to_string(e) : edge_names[e]);
  const dlx::ColourId unused = b.colour("0"), used = b.colour("1");
  // Each vertex's edges, for the "not used" entries: at both ends of every
  // edge, also where an end has no option with it (a skipped vertex, a
  // vertex with arcs in only), so that no option uses it alone.
  std::vector<std::vector<std::uint32_t>> edges_at(g.size());
  const auto add = [&edges_at](Vertex v, std::uint32_t e) {
    if (std::find(edges_at[v].begin(), edges_at[v].end(), e) == edges_at[v].end()) edges_at[v].push_back(e);
  };
  for (const Choice& c : choices) {
    if (c.edge_a != nobody) add(c.at, c.edge_a), add(c.a, c.edge_a);
    if (c.edge_b != nobody) add(c.at, c.edge_b), add(c.b, c.edge_b);
  }
  std::vector<dlx::Entry> entries;
  for (const Choice& c : choices) {
    if (skips(c) && m == 0) break;  // the skip options come last; none when nothing is skipped
    entries = {{item[c.at]}};
    if (skips(c)) entries.push_back({skip});
    else if (free_ends && c.a == nobody) entries.push_back({ends});  // a directed start
    else if (free_ends && c.b == nobody) entries.push_back({g.directed ? finish : ends});
    for (const std::uint32_t e : edges_at[c.at])
      entries.push_back({first_edge + e, e == c.edge_a || e == c.edge_b ? used : unused});
    b.add_option(entries);
  }
  Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  // The graph left must stay connected (2-connected for a cycle); not for
  // --longest, which may leave vertices out.
  auto graph = h.longest ? nullptr : std::make_shared<const EdgeGraph>(pair_graph(choices, g.size(), edges));
  encoding.hook = std::make_unique<SegmentHook>(h.choices, g.size(), edges, h.path ? 0 : vertices, std::move(graph), true);
  return encoding;
}

}  // namespace dance::hamilton
