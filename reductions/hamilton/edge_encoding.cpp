#include <algorithm>
#include <stdexcept>

#include "dance/item_name.hpp"
#include "dlx/error.hpp"
#include "hamilton/encodings.hpp"
#include "hamilton/segments.hpp"

namespace dance::hamilton {

// The edge encoding's options: every edge (every arc) of the graph, then
// for free path ends the edges to `*`, vertex n (directed: the arcs from
// and to it).
std::vector<Choice> edge_choices_of(const HamiltonInstance& h) {
  const graph::Graph& g = *h.graph;
  const auto star = static_cast<Vertex>(g.size());
  std::vector<Choice> all;
  const auto add = [&all](Vertex u, Vertex v) { all.push_back({u, v, nobody, static_cast<std::uint32_t>(all.size()), nobody}); };
  for (Vertex u = 0; u < g.size(); ++u)
    for (const Vertex v : g.out[u])
      if (g.directed ? v != h.from && u != h.to : v > u) add(u, v);  // directed: nothing into from, out of to
  if (h.free_ends())
    for (Vertex v = 0; v < g.size(); ++v) {
      add(v, star);
      if (g.directed) add(star, v);
    }
  return all;
}

// An item per vertex, covered twice (once at a fixed end); directed, an
// item per vertex for its arc out and one for its arc in. `*` (free ends)
// is one more vertex.
Encoding encode_by_edges(const HamiltonInstance& h) {
  const graph::Graph& g = *h.graph;
  const bool free_ends = h.free_ends();
  const std::size_t n = g.size() + (free_ends ? 1 : 0);
  const auto name = [&g](Vertex v) { return v < g.size() ? item_name(g.names[v]) : std::string("#*"); };
  dlx::ProblemBuilder b;
  std::vector<dlx::ItemId> out(n, 0), in(n, 0);  // undirected: the vertex's item in both
  for (Vertex v = 0; v < n; ++v) {
    if (!g.directed) {
      const std::uint32_t uses = v == h.from || v == h.to ? 1 : 2;
      out[v] = in[v] = b.add_primary(name(v), uses, uses);
      continue;
    }
    if (v != h.to) out[v] = b.add_primary(name(v) + ">");
    if (v != h.from) in[v] = b.add_primary(">" + name(v));
  }
  for (const Choice& c : *h.choices) b.add_option(std::vector<dlx::Entry>{{out[c.at]}, {in[c.a]}});
  Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  // Undirected, item v is vertex v: the hook can see the graph left.
  auto graph = g.directed ? nullptr : std::make_shared<const EdgeGraph>(edge_graph(*h.choices, n));
  encoding.hook = std::make_unique<SegmentHook>(h.choices, n, h.choices->size(), h.from ? 0 : n, std::move(graph));
  return encoding;
}

}  // namespace dance::hamilton
