#include "hamilton/reader.hpp"

#include <algorithm>
#include <span>
#include <stdexcept>

#include "dlx/error.hpp"
#include "hamilton/encodings.hpp"
#include "hamilton/necessary.hpp"
#include "hamilton/givens.hpp"

namespace dance::hamilton {
namespace {

// Vertices that no path from `from` to `to` passes through. Undirected:
// repeatedly a vertex other than the ends with at most one neighbour left.
// Directed: a vertex that `from` cannot reach without passing `to`, or that
// cannot reach `to` without passing `from` (a path starts at `from` and
// ends at `to`); the other vertices may lie on a path, so all are kept.
std::vector<bool> useless_vertices(const graph::Graph& g, Vertex from, Vertex to) {
  std::vector<bool> useless(g.size(), false);
  if (g.directed) {
    std::vector<std::vector<Vertex>> in(g.size());
    for (Vertex u = 0; u < g.size(); ++u)
      for (const Vertex v : g.out[u]) in[v].push_back(u);
    // The vertices reached from `start` along `next`, never leaving `wall`.
    const auto reached = [&g](Vertex start, Vertex wall, const auto& next) {
      std::vector<bool> seen(g.size(), false);
      std::vector<Vertex> stack{start};
      seen[start] = true;
      while (!stack.empty()) {
        const Vertex v = stack.back();
        stack.pop_back();
        if (v == wall) continue;
        for (const Vertex w : next(v))
          if (!seen[w]) seen[w] = true, stack.push_back(w);
      }
      return seen;
    };
    const auto forward = reached(from, to, [&g](Vertex v) { return g.out[v]; });
    const auto backward = reached(to, from, [&in](Vertex v) { return std::span<const Vertex>(in[v]); });
    for (Vertex v = 0; v < g.size(); ++v) useless[v] = v != from && v != to && (!forward[v] || !backward[v]);
    return useless;
  }
  std::vector<std::size_t> degree(g.size());
  for (Vertex v = 0; v < g.size(); ++v) degree[v] = g.out[v].size();
  for (bool changed = true; changed;) {
    changed = false;
    for (Vertex v = 0; v < g.size(); ++v) {
      if (useless[v] || v == from || v == to || degree[v] > 1) continue;
      useless[v] = changed = true;
      for (const Vertex w : g.out[v]) --degree[w];
    }
  }
  return useless;
}

// Vertices with too few edges for the question, by name, for the user: a
// cycle needs two edges at each vertex (an arc in and an arc out), a path one.
std::vector<std::string> too_few_edges(const graph::Graph& g, bool path) {
  if (g.size() < 2) return {};
  std::vector<std::size_t> in(g.size(), 0);
  if (g.directed)
    for (Vertex u = 0; u < g.size(); ++u)
      for (const Vertex v : g.out[u]) ++in[v];
  std::vector<std::string> said;
  std::size_t more = 0;
  for (Vertex v = 0; v < g.size(); ++v) {
    const std::size_t out = g.out[v].size();
    std::string why;
    if (g.directed && !path && (out == 0 || in[v] == 0)) why = out == 0 ? "no arc out" : "no arc in";
    else if (!g.directed && !path && out < 2) why = out == 0 ? "no edges" : "only one edge";
    else if (path && out == 0 && in[v] == 0) why = "no edges";
    if (why.empty()) continue;
    if (said.size() < 5) said.push_back("vertex '" + g.names[v] + "' has " + why + ": no Hamiltonian " + (path ? "path" : "cycle"));
    else ++more;
  }
  if (more) said.push_back(std::to_string(more) + " more vertices like these");
  return said;
}

// Whether the question is a cycle of an undirected graph of degree 4 at
// most, where the degree encoding is the default: a vertex's options are its
// few pairs of edges, and a first cycle of FHCP's graphs comes far sooner
// (a736: 0.008 s against none in 60 s; i324 with --restarts 300: 0.002 to
// 0.022 s over 5 seeds, none in 15 s by edges; FHCP graph 1: 6,447 nodes
// against 28,641). Denser graphs keep the edge encoding, which counts
// knight's tours 4 times as fast and finds alb1000's cycle 6 times as fast.
bool sparse_cycle(const graph::Graph& g, const HamiltonInstance& h) {
  if (h.path || g.directed) return false;
  for (Vertex v = 0; v < g.size(); ++v)
    if (g.out[v].size() > 4) return false;
  return true;
}

class HamiltonReader final : public OneInstanceReader {
 public:
  HamiltonReader(std::istream& in, const ModelOptions& options) : in_(in), options_(options) {}
  std::unique_ptr<Instance> read() override {
    auto h = std::make_unique<HamiltonInstance>();
    graph::GraphWarnings warnings;
    if (options_.has("knight")) {
      const auto [rows, columns] = options_.dimensions("knight", {0, 0});
      graph::Graph board_graph = knight_graph(static_cast<int>(rows), static_cast<int>(columns));
      board_graph.directed = options_.has("directed");  // both arcs of every move
      h->graph = std::make_shared<const graph::Graph>(std::move(board_graph));
      h->line = 0;  // from --knight, not the input
      h->rows = static_cast<int>(rows);
      h->columns = static_cast<int>(columns);
    } else {
      h->graph = std::make_shared<const graph::Graph>(graph::read_graph(in_, options_.has("directed"), warnings));
    }
    h->warnings = std::move(warnings.messages);
    const graph::Graph& g = *h->graph;
    // A knight's tour is open unless --closed; a graph's question a cycle unless a path is asked for.
    h->path = options_.has("path") || options_.has("from") || options_.has("to") || options_.has("longest") ||
              (options_.has("knight") && !options_.has("closed"));
    if (!options_.has("longest")) {  // the longest path may leave vertices out
      std::vector<std::string> too_few = too_few_edges(g, h->path);
      if (!too_few.empty()) h->impossible = too_few.front();
      for (std::string& why : too_few) h->warnings.push_back(std::move(why));
    }
    if (h->path && options_.has("closed")) throw OptionError({option_named("closed"), {" asks for a cycle; "}, option_named("path"), {", "}, option_named("from"), {", "},
                                                                            option_named("to"), {" and "}, option_named("longest"), {" for a path"}});
    const auto vertex = [&g](const std::string& name, const char* option) {
      const auto found = std::find(g.names.begin(), g.names.end(), name);
      if (found == g.names.end()) throw OptionError({option_named(option), {" names vertex '" + name + "', which the graph does not have"}});
      return static_cast<Vertex>(found - g.names.begin());
    };
    if (options_.has("from")) h->from = vertex(options_.text("from"), "from");
    if (options_.has("to")) h->to = vertex(options_.text("to"), "to");
    if (h->from.has_value() != h->to.has_value()) throw OptionError({option_named("from"), {" and "}, option_named("to"), {" go together"}});
    if (h->from && h->from == h->to) throw OptionError({option_named("from"), {" and "}, option_named("to"), {" name the same vertex"}});
    h->longest = options_.has("longest");
    if (h->longest && !h->from) throw OptionError({option_named("longest"), {" needs "}, option_named("from"), {" and "}, option_named("to")});
    if (!h->impossible && !h->longest) h->impossible = why_none(*h);  // said by the answer "none"
    if (h->longest) {
      h->useless = std::make_shared<const std::vector<bool>>(useless_vertices(g, *h->from, *h->to));
      const auto dropped = std::count(h->useless->begin(), h->useless->end(), true);
      if (dropped) h->warnings.push_back(std::to_string(dropped) + " vertices can lie on no path between the ends and are left out");
    }
    if (options_.has("given")) {
      if (h->longest) throw OptionError({option_named("given"), {" and "}, option_named("longest"), {" do not go together"}});
      h->givens = parse_givens(options_.text("given"), g);
      h->distances = std::make_shared<const Distances>(g);
    }
    using Model = HamiltonInstance::Model;
    const std::string encoding = options_.text("encoding").empty() && options_.has("given") ? "position" : options_.text("encoding");
    if (encoding != "position" && options_.has("given")) throw OptionError({option_named("given"), {" works with the position encoding only"}});
    h->model = encoding == "position" ? Model::position
               : encoding == "degree" || (encoding.empty() && (h->longest || sparse_cycle(g, *h))) ? Model::degree
                                                                                                 : Model::edge;
    if (h->model != Model::degree && h->longest) throw OptionError({option_named("longest"), {" works with the degree encoding only"}});
    if (h->impossible) return h;  // no options to compute
    if (h->model == Model::position) h->steps = std::make_shared<const std::vector<HamiltonInstance::Step>>(steps_of(*h));
    else h->choices = std::make_shared<const std::vector<Choice>>(h->model == Model::edge ? edge_choices_of(*h) : choices_of(*h));
    return h;
  }

 private:
  std::istream& in_;
  ModelOptions options_;
};

}  // namespace

std::unique_ptr<InstanceReader> make_reader(std::istream& in, const ModelOptions& options) {
  return std::make_unique<HamiltonReader>(in, options);
}

graph::Graph knight_graph(int rows, int columns) {
  graph::Graph g;
  const auto id = [columns](int r, int c) { return static_cast<Vertex>(r * columns + c); };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c)
      g.names.push_back(columns <= 26 ? std::string(1, static_cast<char>('a' + c)) + std::to_string(r + 1)
                                      : std::to_string(r + 1) + "," + std::to_string(c + 1));
  std::vector<graph::Arc> arcs;
  const int jumps[8][2] = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c)
      for (const auto& j : jumps)
        if (r + j[0] >= 0 && r + j[0] < rows && c + j[1] >= 0 && c + j[1] < columns)
          arcs.emplace_back(id(r, c), id(r + j[0], c + j[1]));
  std::size_t repeats = 0;  // none: every jump is listed once
  g.out = graph::Adjacency(g.names.size(), arcs, repeats);
  return g;
}

}  // namespace dance::hamilton
