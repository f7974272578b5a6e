#include <algorithm>
#include <stdexcept>

#include "dance/item_name.hpp"
#include "dlx/error.hpp"
#include "hamilton/encodings.hpp"
#include "hamilton/givens.hpp"

namespace dance::hamilton {

// The position encoding's options: every arc (both ways of an edge) at every
// step; a cycle starts and ends at vertex 0 (unless givens place it), a path
// with fixed ends at them; with givens, only the arcs that fit them.
std::vector<HamiltonInstance::Step> steps_of(const HamiltonInstance& h) {
  const graph::Graph& g = *h.graph;
  const auto n = static_cast<std::uint32_t>(g.size());
  const std::uint32_t steps = h.path ? n - 1 : n;
  std::vector<HamiltonInstance::Step> all;
  if (!h.path && !g.directed && n == 2) return all;  // its one edge twice is no cycle
  const bool anchored = !h.path && h.givens.empty();
  const std::optional<Placements> placements =
      h.givens.empty() ? std::nullopt : std::optional<Placements>(Placements(h, h.givens));
  for (std::uint32_t p = 0; p < steps; ++p)
    for (Vertex u = 0; u < n; ++u)
      for (const Vertex v : g.out[u]) {
        if (anchored && ((p == 0 && u != 0) || (p == steps - 1 && v != 0))) continue;
        if (h.from && ((p == 0 && u != *h.from) || (p == steps - 1 && v != *h.to))) continue;
        if (placements && !placements->allows({p, u, v})) continue;
        all.push_back({p, u, v});
      }
  return all;
}

Encoding encode_by_position(const HamiltonInstance& h) {
  const graph::Graph& g = *h.graph;
  const auto n = static_cast<std::uint32_t>(g.size());
  const std::uint32_t steps = h.path ? n - 1 : n;
  // A path with givens (a puzzle) also has an item per vertex for the step
  // into it, and options that start the path at each vertex: a vertex with
  // one way in left is then forced, as a vertex with one way out is.
  const bool entered = h.path && !h.givens.empty();
  dlx::ProblemBuilder b;
  for (std::uint32_t p = 0; p < steps; ++p) b.add_primary("#step" + std::to_string(p));
  for (Vertex v = 0; v < n; ++v) b.add_primary(item_name(g.names[v]));
  if (entered)
    for (Vertex v = 0; v < n; ++v) b.add_primary(">" + item_name(g.names[v]));
  const dlx::ItemId first_entered = steps + n, first_position = steps + (entered ? 2 : 1) * n;
  for (std::uint32_t p = 0; p < n; ++p) b.add_secondary("#position" + std::to_string(p));
  std::vector<dlx::ColourId> colour(n);
  for (Vertex v = 0; v < n; ++v) colour[v] = b.colour(g.names[v]);
  for (const HamiltonInstance::Step& s : *h.steps) {
    std::vector<dlx::Entry> entries{{s.step}, {steps + s.from}, {first_position + s.step, colour[s.from]},
                                    {first_position + (s.step + 1) % n, colour[s.to]}};
    if (h.path && s.step == steps - 1) entries.push_back({steps + s.to});  // the last vertex of a path
    if (entered) entries.push_back({first_entered + s.to});
    b.add_option(entries);
  }
  if (entered) {  // after the steps: option steps->size() + k starts at the k-th vertex that may be first
    const Placements placements(h, h.givens);
    for (Vertex v = 0; v < n; ++v)
      if (placements.allows(0, v) && (!h.from || v == *h.from))
        b.add_option(std::vector<dlx::Entry>{{first_entered + v}, {first_position, colour[v]}});
  }
  Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  if (!h.givens.empty()) {  // the givens propagate: a bound, the options fit them already
    encoding.hook = std::make_unique<GivenStepsHook>(h.steps, StepRule(h.distances, n, !h.path), h.graph, h.distances, h.givens);
    encoding.hook_is_bound = true;
  }
  return encoding;
}

}  // namespace dance::hamilton
