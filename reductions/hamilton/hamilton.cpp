#include "hamilton/hamilton.hpp"

#include <algorithm>
#include <ostream>
#include <stdexcept>

#include "dance/json.hpp"
#include "dlx/error.hpp"

namespace dance::hamilton {
namespace {

using Choice = HamiltonInstance::Choice;
constexpr Vertex nobody = HamiltonInstance::nobody;

// The ends of the path segments that the edges used so far form: end[v] is
// the other end of v's segment while v is an end. An edge that joins the two
// ends of one segment closes a cycle, allowed only for the whole cycle.
class SegmentHook final : public dlx::Hook {
 public:
  SegmentHook(std::shared_ptr<const std::vector<Choice>> choices, std::size_t vertices, std::size_t edges,
              std::size_t cycle_length)
      : choices_(std::move(choices)), cycle_length_(cycle_length), end_(vertices), size_(vertices, 1), uses_(edges, 0) {
    for (Vertex v = 0; v < vertices; ++v) end_[v] = v;
  }
  bool choose(dlx::OptionId option, const dlx::Remaining&) override {
    marks_.push_back(log_.size());
    const Choice& c = (*choices_)[option];
    const bool first = add(c.at, c.a, c.edge_a);  // both always, so that unchoose undoes both
    const bool second = add(c.at, c.b, c.edge_b);
    return first && second;
  }
  void unchoose(dlx::OptionId option) override {
    const Choice& c = (*choices_)[option];
    for (const std::uint32_t e : {c.edge_a, c.edge_b})
      if (e != nobody) --uses_[e];
    for (const std::size_t mark = marks_.back(); log_.size() > mark; log_.pop_back()) {
      end_[log_.back().vertex] = log_.back().end;
      size_[log_.back().vertex] = log_.back().size;
    }
    marks_.pop_back();
  }
  [[nodiscard]] std::unique_ptr<dlx::Hook> clone() const override {
    return std::make_unique<SegmentHook>(choices_, end_.size(), uses_.size(), cycle_length_);
  }

 private:
  struct Undo {
    Vertex vertex, end;
    std::size_t size;
  };
  bool add(Vertex u, Vertex v, std::uint32_t edge) {
    if (v == nobody) return true;
    if (uses_[edge]++ > 0) return true;  // its other end has it already
    const Vertex x = end_[u], y = end_[v];
    if (x == v) return size_[u] == cycle_length_;  // closes a cycle: only the whole one
    const std::size_t joined = size_[x] + size_[y];
    log_.push_back({x, end_[x], size_[x]});
    log_.push_back({y, end_[y], size_[y]});
    end_[x] = y;
    end_[y] = x;
    size_[x] = size_[y] = joined;
    return true;
  }

  std::shared_ptr<const std::vector<Choice>> choices_;
  std::size_t cycle_length_;  // 0 for paths: no cycle at all
  std::vector<Vertex> end_;
  std::vector<std::size_t> size_;
  std::vector<std::uint32_t> uses_;  // per edge: how many chosen options use it (0 to 2)
  std::vector<Undo> log_;
  std::vector<std::size_t> marks_;
};

// Vertices that no path from `from` to `to` passes through: repeatedly a
// vertex other than the ends with at most one neighbour left.
std::vector<bool> useless_vertices(const graph::Graph& g, Vertex from, Vertex to) {
  std::vector<bool> useless(g.size(), false);
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

bool skips(const Choice& c) { return c.a == nobody && c.b == nobody; }

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
  const auto name = [&g](Vertex v) { return v < g.size() ? g.names[v] : std::string("*"); };
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
  encoding.hook = std::make_unique<SegmentHook>(h.choices, n, h.choices->size(), h.from ? 0 : n);
  return encoding;
}

// The position encoding's options: every arc (both ways of an edge) at every
// step; a cycle starts and ends at vertex 0, a path with fixed ends at them.
std::vector<HamiltonInstance::Step> steps_of(const HamiltonInstance& h) {
  const graph::Graph& g = *h.graph;
  const auto n = static_cast<std::uint32_t>(g.size());
  const std::uint32_t steps = h.path ? n - 1 : n;
  std::vector<HamiltonInstance::Step> all;
  if (!h.path && !g.directed && n == 2) return all;  // its one edge twice is no cycle
  for (std::uint32_t p = 0; p < steps; ++p)
    for (Vertex u = 0; u < n; ++u)
      for (const Vertex v : g.out[u]) {
        if (!h.path && ((p == 0 && u != 0) || (p == steps - 1 && v != 0))) continue;
        if (h.from && ((p == 0 && u != *h.from) || (p == steps - 1 && v != *h.to))) continue;
        all.push_back({p, u, v});
      }
  return all;
}

Encoding encode_by_position(const HamiltonInstance& h) {
  const graph::Graph& g = *h.graph;
  const auto n = static_cast<std::uint32_t>(g.size());
  const std::uint32_t steps = h.path ? n - 1 : n;
  dlx::ProblemBuilder b;
  for (std::uint32_t p = 0; p < steps; ++p) b.add_primary("step" + std::to_string(p));
  for (Vertex v = 0; v < n; ++v) b.add_primary(g.names[v]);
  for (std::uint32_t p = 0; p < n; ++p) b.add_secondary("position" + std::to_string(p));
  std::vector<dlx::ColourId> colour(n);
  for (Vertex v = 0; v < n; ++v) colour[v] = b.colour(g.names[v]);
  const dlx::ItemId first_position = steps + n;
  for (const HamiltonInstance::Step& s : *h.steps) {
    std::vector<dlx::Entry> entries{{s.step}, {steps + s.from}, {first_position + s.step, colour[s.from]},
                                    {first_position + (s.step + 1) % n, colour[s.to]}};
    if (h.path && s.step == steps - 1) entries.push_back({steps + s.to});  // the last vertex of a path
    b.add_option(entries);
  }
  Encoding encoding;
  encoding.problem = std::make_shared<const dlx::Problem>(b.build());
  return encoding;
}

std::size_t edge_count(const std::vector<Choice>& choices) {
  std::uint32_t edges = 0;
  for (const Choice& c : choices)
    for (const std::uint32_t e : {c.edge_a, c.edge_b})
      if (e != nobody) edges = std::max(edges, e + 1);
  return edges;
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

class HamiltonReader final : public OneInstanceReader {
 public:
  HamiltonReader(std::istream& in, const ModelOptions& options) : in_(in), options_(options) {}
  std::unique_ptr<Instance> read() override {
    auto h = std::make_unique<HamiltonInstance>();
    graph::GraphWarnings warnings;
    if (options_.has("knight")) {
      const auto [rows, columns] = options_.dimensions("knight", "MxN (such as 8x8)", {0, 0}, 1, 100);
      graph::Graph board_graph = knight_graph(static_cast<int>(rows), static_cast<int>(columns));
      board_graph.directed = options_.has("directed");  // both arcs of every move
      h->graph = std::make_shared<const graph::Graph>(std::move(board_graph));
      h->line = 0;  // from --knight, not the input
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
    if (h->path && options_.has("closed")) throw std::invalid_argument("--closed asks for a cycle; --path, --from, --to and --longest for a path");
    const auto vertex = [&g](const std::string& name, const char* option) {
      const auto found = std::find(g.names.begin(), g.names.end(), name);
      if (found == g.names.end()) throw std::invalid_argument(std::string("--") + option + " names vertex '" + name + "', which the graph does not have");
      return static_cast<Vertex>(found - g.names.begin());
    };
    if (options_.has("from")) h->from = vertex(options_.text("from"), "from");
    if (options_.has("to")) h->to = vertex(options_.text("to"), "to");
    if (h->from.has_value() != h->to.has_value()) throw std::invalid_argument("--from and --to go together");
    if (h->from && h->from == h->to) throw std::invalid_argument("--from and --to name the same vertex");
    h->longest = options_.has("longest");
    if (h->longest && !h->from) throw std::invalid_argument("--longest needs --from and --to");
    if (h->longest) {
      h->useless = std::make_shared<const std::vector<bool>>(useless_vertices(g, *h->from, *h->to));
      const auto dropped = std::count(h->useless->begin(), h->useless->end(), true);
      if (dropped) h->warnings.push_back(std::to_string(dropped) + " vertices can lie on no path between the ends and are left out");
    }
    h->json = options_.choice("format", {"text", "json"}) == "json";
    using Model = HamiltonInstance::Model;
    const std::string encoding = options_.choice("encoding", {"edge", "degree", "position"});
    h->model = encoding == "position" ? Model::position
               : encoding == "degree" || (encoding.empty() && h->longest) ? Model::degree
                                                                          : Model::edge;
    if (h->model != Model::degree && h->longest) throw std::invalid_argument("--longest works with the degree encoding only");
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

std::vector<OptionSpec> HamiltonReduction::options() const {
  return {{"path", "", "a Hamiltonian path instead of a cycle"},
          {"from", "S", "the path starts at vertex S (with --to)"},
          {"to", "T", "the path ends at vertex T (with --from)"},
          {"longest", "", "a path from S to T through as many vertices as possible"},
          {"knight", "MxN", "the knight's graph of an M x N board instead of an input graph (an open tour unless --closed)"},
          {"closed", "", "a cycle (a closed knight's tour); the default for an input graph"},
          {"directed", "", "read arcs, not edges (u v: from u to v); count directed cycles and paths"},
          {"encoding", "edge|degree|position",
           "the exact cover model (default edge; degree is the one --longest uses; position finds each undirected "
           "answer twice)"},
          {"format", "text|json", "write each answer as its vertices on a line (default) or as a JSON object on a line"}};
}

std::unique_ptr<InstanceReader> HamiltonReduction::reader(std::istream& in, const ModelOptions& options) const {
  return std::make_unique<HamiltonReader>(in, options);
}

Encoding HamiltonReduction::encode(const Instance& instance) const {
  const auto& h = static_cast<const HamiltonInstance&>(instance);
  if (h.impossible) return contradiction(*h.impossible);
  if (h.model == HamiltonInstance::Model::position) return encode_by_position(h);
  if (h.model == HamiltonInstance::Model::edge) return encode_by_edges(h);
  const graph::Graph& g = *h.graph;
  const std::vector<Choice>& choices = *h.choices;
  const std::size_t edges = edge_count(choices);
  dlx::ProblemBuilder b;
  std::vector<dlx::ItemId> item(g.size(), 0);
  std::size_t vertices = 0;
  for (Vertex v = 0; v < g.size(); ++v)
    if (!h.useless || !(*h.useless)[v]) item[v] = b.add_primary(g.names[v]), ++vertices;
  const bool free_ends = h.free_ends();
  // Free ends: two of them (undirected), or one start and one finish (directed).
  const dlx::ItemId ends = free_ends ? g.directed ? b.add_primary("start") : b.add_primary("ends", 2, 2) : 0;
  const dlx::ItemId finish = free_ends && g.directed ? b.add_primary("finish") : 0;
  const auto m = static_cast<std::uint32_t>(h.skipped);
  const dlx::ItemId skip = m > 0 ? b.add_primary("skip", m, m) : 0;
  const dlx::ItemId first_edge = static_cast<dlx::ItemId>(b.peek().items().size());
  std::vector<std::string> edge_names(edges);
  for (const Choice& c : choices) {
    const auto name = [&](Vertex from, Vertex to) {  // directed: the arc from -> to
      return g.directed ? g.names[from] + "->" + g.names[to] : g.names[std::min(from, to)] + "-" + g.names[std::max(from, to)];
    };
    if (c.edge_a != nobody) edge_names[c.edge_a] = name(c.a, c.at);
    if (c.edge_b != nobody) edge_names[c.edge_b] = name(c.at, c.b);
  }
  for (std::size_t e = 0; e < edges; ++e)  // an arc no option uses still needs a name
    b.add_secondary(edge_names[e].empty() ? "arc" + std::to_string(e) : edge_names[e]);
  const dlx::ColourId unused = b.colour("0"), used = b.colour("1");
  // Each vertex's edges, for the "not used" entries.
  std::vector<std::vector<std::uint32_t>> edges_at(g.size());
  for (const Choice& c : choices)
    for (const std::uint32_t e : {c.edge_a, c.edge_b})
      if (e != nobody && std::find(edges_at[c.at].begin(), edges_at[c.at].end(), e) == edges_at[c.at].end())
        edges_at[c.at].push_back(e);
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
  encoding.hook = std::make_unique<SegmentHook>(h.choices, g.size(), edges, h.path ? 0 : vertices);
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

std::unique_ptr<Answer> HamiltonReduction::decode(const Instance& instance, std::span<const dlx::OptionId> solution) const {
  const auto& h = static_cast<const HamiltonInstance&>(instance);
  const graph::Graph& g = *h.graph;
  auto answer = std::make_unique<HamiltonAnswer>();
  answer->cycle = !h.path;
  if (h.model == HamiltonInstance::Model::position) {
    answer->order.assign(h.path ? solution.size() + 1 : solution.size(), nobody);
    for (const dlx::OptionId o : solution) {
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

std::optional<std::string> HamiltonReduction::verify(const Instance& instance, const Answer& answer) const {
  const auto& h = static_cast<const HamiltonInstance&>(instance);
  const graph::Graph& g = *h.graph;
  const auto& a = static_cast<const HamiltonAnswer&>(answer);
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
  return std::nullopt;
}

void HamiltonReduction::print(std::ostream& out, const Instance& instance, const Answer& answer) const {
  const auto& h = static_cast<const HamiltonInstance&>(instance);
  const graph::Graph& g = *h.graph;
  const auto& a = static_cast<const HamiltonAnswer&>(answer);
  if (h.json) {  // each vertex once; "cycle" says whether the last one leads back to the first
    out << R"({"found": true, "cycle": )" << (a.cycle ? "true" : "false") << R"(, "length": )" << a.order.size()
        << R"(, "vertices": [)";
    for (std::size_t k = 0; k < a.order.size(); ++k) {
      if (k) out << ", ";
      write_json_string(out, g.names[a.order[k]]);
    }
    out << "]}\n";
    return;
  }
  for (std::size_t k = 0; k < a.order.size(); ++k) out << (k ? " " : "") << g.names[a.order[k]];
  if (a.cycle && !a.order.empty()) out << ' ' << g.names[a.order.front()];
  out << '\n';
}

void HamiltonReduction::print_none(std::ostream& out, const Instance& instance) const {
  out << (static_cast<const HamiltonInstance&>(instance).json ? R"({"found": false})" : "none") << '\n';
}

void HamiltonReduction::print_stopped(std::ostream& out, const Instance& instance) const {
  out << (static_cast<const HamiltonInstance&>(instance).json ? R"({"found": null})" : "unknown") << '\n';
}

bool HamiltonReduction::optimises(const Instance& instance) const {
  return static_cast<const HamiltonInstance&>(instance).longest;
}

std::unique_ptr<Instance> HamiltonReduction::next_step(const Instance& tried, const Answer* found) const {
  const auto& h = static_cast<const HamiltonInstance&>(tried);
  const auto usable = h.graph->size() - static_cast<std::size_t>(std::count(h.useless->begin(), h.useless->end(), true));
  if (found || static_cast<std::size_t>(h.skipped) + 2 >= usable) return nullptr;  // the first path found is longest
  auto next = std::make_unique<HamiltonInstance>(h);
  next->warnings.clear();
  ++next->skipped;
  return next;
}

}  // namespace dance::hamilton
