// `hamilton`: Hamiltonian cycles and paths, paths with fixed ends, longest
// paths, knight's tours.
//
// Edge encoding (the default): every vertex is a primary item to be covered
// exactly twice (once at a fixed end of a path), and every edge an option of
// its two ends, so an exact cover (Algorithm M) is a set of edges with two at
// every vertex: disjoint cycles. Free path ends are the edges to an extra
// vertex `*`, and a path then the cycle through it. Directed: an item for
// each vertex's arc in and one for its arc out, each covered once.
//
// Degree encoding (Knuth's, with colours; --encoding degree, and always for
// --longest): every vertex is a primary item; its options choose the two
// edges of the path at it (one at a path end), every edge is a secondary
// item coloured 1 when used and 0 when not, so both ends of an edge agree on
// it and an exact cover is a set of disjoint cycles (and paths). For
// --longest a vertex may also be skipped (an item `skip` covered exactly m
// times), and m goes up from 0 until a path exists.
//
// In both, a hook keeps the two ends of every path segment and rejects an
// edge that would close a segment into a cycle before all vertices are in it.
//
// Position encoding (--encoding position), for comparison: a primary item per
// step of the walk and per vertex, a secondary item per position coloured by
// the vertex there; an option per step and arc. No hook is needed, but each
// undirected path or cycle is found once per direction.
#pragma once

#include "dance/reduction.hpp"
#include "graph/graph.hpp"

namespace dance::hamilton {

using graph::Vertex;

// Vertex `vertex` is at `position` of the walk (step position + 1): a clue
// of a path puzzle (givens.hpp).
struct Given {
  Vertex vertex;
  std::uint32_t position;
};
class Distances;

struct HamiltonInstance : Instance {
  std::shared_ptr<const graph::Graph> graph;
  bool path = false;                    // a path, not a cycle
  std::optional<Vertex> from, to;       // fixed ends of a path
  [[nodiscard]] bool free_ends() const { return path && !from; }  // a path that may end anywhere
  bool longest = false;                 // as many vertices as possible (from and to fixed)
  long skipped = 0;                     // longest: vertices left out in this step
  std::shared_ptr<const std::vector<bool>> useless;  // longest: vertices no from-to path can pass through
  enum class Model { edge, degree, position };
  Model model = Model::edge;
  // Option j chooses, at vertex `at`, the path edges to `a` and `b` (none
  // for `nobody`: at a path end only `a`; skipped, neither). Computed by the
  // reader; the skip options come last, so the others do not change with m.
  // In the edge encoding option j is the edge (or arc) from `at` to `a`,
  // where a = the number of vertices stands for `*`.
  struct Choice {
    Vertex at, a, b;
    std::uint32_t edge_a, edge_b;  // the edges' numbers, items 1 + edge of the problem's secondaries
  };
  static constexpr Vertex nobody = ~Vertex{0};
  std::shared_ptr<const std::vector<Choice>> choices;
  // --encoding position: option j puts the arc from -> to between positions
  // `step` and step + 1 (a cycle's last step returns to position 0).
  struct Step {
    std::uint32_t step;
    Vertex from, to;
  };
  std::shared_ptr<const std::vector<Step>> steps;
  // --given: vertices at fixed positions (the position encoding only), and
  // the graph's distances for the rule that propagates them (givens.hpp).
  std::vector<Given> givens;
  std::shared_ptr<const Distances> distances;
  int rows = 0, columns = 0;  // --knight: the board, vertex r * columns + c
  // Why there is no answer on the face of it (a vertex with too few edges):
  // then no options are computed.
  std::optional<std::string> impossible;
};

struct HamiltonAnswer : Answer {
  std::vector<Vertex> order;  // the vertices in path order (a cycle starts at its smallest vertex)
  bool cycle = false;
};

class HamiltonReduction final : public TypedReduction<HamiltonInstance, HamiltonAnswer> {
 public:
  [[nodiscard]] std::string_view name() const override { return "hamilton"; }
  [[nodiscard]] std::string_view summary() const override {
    return "Hamiltonian cycles and paths, fixed ends, longest paths, knight's tours";
  }
  [[nodiscard]] std::vector<OptionSpec> options() const override;
  [[nodiscard]] std::unique_ptr<InstanceReader> read(std::istream& in, const ModelOptions& options) const override;
  [[nodiscard]] Encoding encode(const HamiltonInstance& instance) const override;
  [[nodiscard]] std::unique_ptr<HamiltonAnswer> decode(const HamiltonInstance& instance,
                                               std::span<const dlx::OptionId> solution) const override;
  [[nodiscard]] std::optional<std::string> verify(const HamiltonInstance& instance, const HamiltonAnswer& answer) const override;
  void print(std::ostream& out, const HamiltonInstance& instance, const HamiltonAnswer& answer) const override;
  void write_json(nlohmann::ordered_json& out, const HamiltonInstance& instance, const HamiltonAnswer& answer) const override;
  [[nodiscard]] std::vector<Writer<HamiltonInstance, HamiltonAnswer>> writers() const override;
  [[nodiscard]] std::string text_help() const override {
    return "each answer's vertices on a line (a cycle's first vertex again at its end), 'none' or 'unknown'";
  }
  void print_none(std::ostream& out, const HamiltonInstance& instance) const override;
  void print_stopped(std::ostream& out, const HamiltonInstance& instance) const override;
  [[nodiscard]] bool optimises(const HamiltonInstance& instance) const override;
  [[nodiscard]] std::unique_ptr<HamiltonInstance> next_step(const HamiltonInstance& tried, const HamiltonAnswer* found) const override;
};

// The knight's graph of a rows x columns board; squares named a1, b1, ...
graph::Graph knight_graph(int rows, int columns);

}  // namespace dance::hamilton
