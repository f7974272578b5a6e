#include "dance/item_name.hpp"
#include "hamilton/hamilton.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

#include "dlx/error.hpp"
#include "hamilton/encodings.hpp"
#include "hamilton/picture.hpp"
#include "hamilton/reader.hpp"

namespace dance::hamilton {

std::vector<OptionSpec> HamiltonReduction::options() const {
  return {OptionSpec::flag("path", "a Hamiltonian path instead of a cycle"),
          OptionSpec::text("from", "S", "the path starts at vertex S (with --to)"),
          OptionSpec::text("to", "T", "the path ends at vertex T (with --from)"),
          OptionSpec::flag("longest", "a path from S to T through as many vertices as possible"),
          OptionSpec::dimensions("knight", "MxN", 1, 100, "the knight's graph of an M x N board instead of an input graph (an open tour unless --closed)")
              .making_instance(),
          OptionSpec::flag("closed", "a cycle (a closed knight's tour); the default for an input graph"),
          OptionSpec::flag("directed", "read arcs, not edges (u v: from u to v); count directed cycles and paths"),
          OptionSpec::text("given", "V=K,...", "vertex V is step K of the path or cycle (K from 1), for each pair; the position encoding"),
          OptionSpec::choice("encoding", {"edge", "degree", "position"},
                             "the exact cover model (default: degree for an undirected cycle of degree 4 at most, "
                             "position with --given, else edge; --longest uses degree; position finds each undirected answer twice)")};
}
std::unique_ptr<InstanceReader> HamiltonReduction::read(std::istream& in, const ModelOptions& options) const {
  return make_reader(in, options);
}

namespace {

// The restarting search's unit: 300 nodes proved the Petersen-piece graphs
// and found GP(99,2)'s cycle and FHCP's i324 and a736 in under 0.15 s each.
constexpr std::uint64_t portfolio_restarts = 300;

// A graph of one vertex has one Hamiltonian path, the vertex alone (no edge),
// and no cycle (that would need an edge): one item, one option, whatever
// the encoding, whose only edge options could not say so.
Encoding lone_vertex(const graph::Graph& g) {
  dlx::ProblemBuilder b;
  b.add_option(std::vector<dlx::Entry>{{b.add_primary(item_name(g.names[0]))}});
  Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  return encoding;
}

}  // namespace

Encoding HamiltonReduction::encode(const HamiltonInstance& h) const {
  if (h.impossible) return contradiction(*h.impossible);
  if (h.path && h.graph->size() == 1) return lone_vertex(*h.graph);
  Encoding encoding = h.model == HamiltonInstance::Model::edge     ? encode_by_edges(h)
                      : h.model == HamiltonInstance::Model::degree ? encode_by_degree(h)
                                                                   : encode_by_position(h);
  // A first answer by a plain search beside a restarting one: graphs built
  // against backtracking hide a first cycle behind an unlucky subtree, which
  // restarts leave, and proofs of none need the whole tree (docs/graphs.md).
  encoding.strategy.portfolio_restarts = portfolio_restarts;
  return encoding;
}

namespace {

// The `length` vertices of a path or cycle from `start` on, given each
// vertex's neighbours on it (directed: its successor).
std::vector<Vertex> walk(const std::vector<std::vector<Vertex>>& next, Vertex start, std::size_t length) {
  std::vector<Vertex> order;
  for (Vertex previous = nobody, at = start; at != nobody && order.size() < length;) {
    order.push_back(at);
    Vertex step = nobody;
    for (const Vertex w : next[at])
      if (w != previous) step = w;
    previous = at;
    at = step;
  }
  return order;
}

}  // namespace

std::unique_ptr<HamiltonAnswer> HamiltonReduction::decode(const HamiltonInstance& h, std::span<const dlx::OptionId> solution) const {
  const graph::Graph& g = *h.graph;
  auto answer = std::make_unique<HamiltonAnswer>();
  answer->cycle = !h.path;
  if (h.path && g.size() == 1) {  // lone_vertex()
    answer->order = {0};
    return answer;
  }
  if (h.model == HamiltonInstance::Model::position) {
    answer->order.assign(g.size(), nobody);  // every vertex, in order
    for (const dlx::OptionId o : solution) {
      if (o >= h.steps->size()) continue;  // a path's start (with givens): its first step says it
      const HamiltonInstance::Step& s = (*h.steps)[o];
      answer->order[s.step] = s.from;
      if (s.step + 1 < answer->order.size()) answer->order[s.step + 1] = s.to;
    }
    return answer;
  }
  const bool by_edges = h.model == HamiltonInstance::Model::edge;  // every vertex on the path (no --longest)
  const bool star = by_edges && h.free_ends();                      // the cycle through *
  std::vector<std::vector<Vertex>> next(g.size() + (star ? 1 : 0));  // the path's neighbours (directed: the successor)
  std::size_t on_path = by_edges ? next.size() : 0;
  Vertex start = star ? static_cast<Vertex>(g.size()) : h.from.value_or(nobody);
  for (const dlx::OptionId o : solution) {
    const Choice& c = (*h.choices)[o];
    if (by_edges) {  // an edge, or an arc
      next[c.at].push_back(c.a);
      if (!g.directed) next[c.a].push_back(c.at);
      continue;
    }
    if (skips(c)) continue;
    ++on_path;
    if (g.directed && c.a == nobody) start = c.at;
    if (c.a != nobody && !g.directed) next[c.at].push_back(c.a);
    if (c.b != nobody) next[c.at].push_back(c.b);
  }
  for (Vertex v = 0; v < g.size() && start == nobody; ++v)
    if (!next[v].empty() && (answer->cycle || next[v].size() == 1)) start = v;
  answer->order = walk(next, start, on_path);
  if (star && !answer->order.empty()) answer->order.erase(answer->order.begin());
  return answer;
}

std::optional<std::string> HamiltonReduction::verify(const HamiltonInstance& h, const HamiltonAnswer& answer) const {
  const graph::Graph& g = *h.graph;
  const auto& a = answer;
  const std::vector<Vertex>& order = a.order;
  std::vector<bool> seen(g.size(), false);
  for (const Vertex v : order) {
    if (v >= g.size()) return "no vertex " + std::to_string(v);
    if (seen[v]) return "vertex " + g.names[v] + " twice";
    seen[v] = true;
  }
  const auto edge = [&g](Vertex u, Vertex v) {
    const auto& list = g.out[u];
    return std::find(list.begin(), list.end(), v) != list.end();
  };
  for (std::size_t k = 1; k < order.size(); ++k)
    if (!edge(order[k - 1], order[k])) return g.names[order[k - 1]] + " and " + g.names[order[k]] + " are not adjacent";
  // An undirected cycle has three vertices at least; a directed one may go a -> b -> a.
  if (a.cycle && (order.size() < (g.directed ? 2u : 3u) || !edge(order.back(), order.front())))
    return "the cycle does not close";
  if (!h.longest && order.size() != g.size())
    return "visits " + std::to_string(order.size()) + " of " + std::to_string(g.size()) + " vertices";
  if (h.from && (order.empty() || order.front() != *h.from || order.back() != *h.to)) return "the ends are not the ones asked for";
  for (const Given& given : h.givens)
    if (given.position >= order.size() || order[given.position] != given.vertex)
      return "vertex " + g.names[given.vertex] + " is not step " + std::to_string(given.position + 1);
  return std::nullopt;
}

void HamiltonReduction::print(std::ostream& out, const HamiltonInstance& h, const HamiltonAnswer& answer) const {
  const graph::Graph& g = *h.graph;
  const auto& a = answer;
  for (std::size_t k = 0; k < a.order.size(); ++k) out << (k ? " " : "") << g.names[a.order[k]];
  if (a.cycle && !a.order.empty()) out << ' ' << g.names[a.order.front()];
  out << '\n';
}

void HamiltonReduction::write_json(nlohmann::ordered_json& out, const HamiltonInstance& h, const HamiltonAnswer& answer) const {
  // each vertex once; "cycle" says whether the last one leads back to the first
  std::vector<std::string> names;
  for (const Vertex v : answer.order) names.push_back(h.graph->names[v]);
  out = {{"vertices", std::move(names)}, {"cycle", answer.cycle}};
}

std::vector<Writer<HamiltonInstance, HamiltonAnswer>> HamiltonReduction::writers() const {
  return {{"svg", "each answer as an SVG picture: a knight's board with the moves numbered, or the graph on a circle",
           [](std::ostream& out, const HamiltonInstance& h, const HamiltonAnswer& answer) { draw(out, h, answer); }}};
}

void HamiltonReduction::print_none(std::ostream& out, const HamiltonInstance&) const {
  out << "none\n";
}

void HamiltonReduction::print_stopped(std::ostream& out, const HamiltonInstance&) const {
  out << "unknown\n";
}

bool HamiltonReduction::optimises(const HamiltonInstance& instance) const {
  return instance.longest;
}

std::unique_ptr<HamiltonInstance> HamiltonReduction::next_step(const HamiltonInstance& h, const HamiltonAnswer* found) const {
  const auto usable = h.graph->size() - static_cast<std::size_t>(std::count(h.useless->begin(), h.useless->end(), true));
  if (found || static_cast<std::size_t>(h.skipped) + 2 >= usable) return nullptr;  // the first path found is longest
  auto next = std::make_unique<HamiltonInstance>(h);
  next->warnings.clear();
  ++next->skipped;
  return next;
}

}  // namespace dance::hamilton
