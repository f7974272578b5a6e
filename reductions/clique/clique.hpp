// `clique` and `independent-set`: is there a clique (independent set) of k
// vertices? An independent set of G is a clique of G's complement, so one
// class serves both: it works on the graph of compatible pairs (adjacent for
// a clique, non-adjacent for an independent set).
//
// Exact cover: one primary item `k` covered exactly k times (Algorithm M),
// one option per vertex covering it, and secondary items that keep
// incompatible vertices apart: the simplest is an item per incompatible
// pair, in the options of both its vertices; here an item per group of
// pairwise incompatible vertices, the groups covering every such pair (a
// greedy cover; far fewer nodes, so a choice costs fewer updates). Twins
// (vertices with the same compatible vertices) form one class: the groups
// are of classes, and in a group with a class of twins each class has a
// colour, so that its members agree while whole classes stay apart. A hook
// bounds the search: the vertices chosen plus the colours of a greedy
// colouring of the remaining candidates must reach k.
//
// --max is one branch and bound search on the same encoding: item k is
// covered between lo and hi times, hi the colours of a greedy colouring; lo
// is raised past a clique found without search (maximum.hpp), then past
// each clique the search finds (Encoding::improving), and the bound asks
// for lo.
#pragma once

#include "dance/reduction.hpp"
#include "graph/graph.hpp"

namespace dance::clique {

using graph::Vertex;
using Bits = std::vector<std::uint64_t>;  // a set of vertices (or options), 64 to a word
class Kernel;                             // kernel.hpp

struct CliqueInstance : Instance {
  std::shared_ptr<const graph::Graph> graph;
  long k = 0;            // -k; 0 with --max
  bool maximum = false;  // --max: the largest
  // Test only: false, and --max searches from no clique at all, so that the
  // search finds each better clique itself (tests/test_clique.cpp).
  bool start_found = true;
  // The vertices in the order the search tries them (fewest compatible
  // vertices first); option j is vertex order[j].
  std::shared_ptr<const std::vector<Vertex>> order;
  // Per option: the options whose vertices are compatible with its vertex.
  std::shared_ptr<const std::vector<Bits>> compatible;
  // independent-set --max: the graph's kernel (kernel.hpp), whose vertices
  // `order` then holds; an answer is lifted back to the graph's.
  std::shared_ptr<const Kernel> kernel;
};

struct CliqueAnswer : Answer {
  std::vector<Vertex> vertices;  // sorted
};

class CliqueReduction final : public TypedReduction<CliqueInstance, CliqueAnswer> {
 public:
  explicit CliqueReduction(bool independent) : independent_(independent) {}
  [[nodiscard]] std::string_view name() const override { return independent_ ? "independent-set" : "clique"; }
  [[nodiscard]] std::string_view summary() const override {
    return independent_ ? "is there an independent set of k vertices? (--max: the largest)"
                        : "is there a clique of k vertices? (--max: the largest)";
  }
  [[nodiscard]] std::vector<OptionSpec> options() const override;
  [[nodiscard]] std::unique_ptr<InstanceReader> read(std::istream& in, const ModelOptions& options) const override;
  [[nodiscard]] Encoding encode(const CliqueInstance& instance) const override;
  [[nodiscard]] std::unique_ptr<CliqueAnswer> decode(const CliqueInstance& instance,
                                               std::span<const dlx::OptionId> solution) const override;
  [[nodiscard]] std::optional<std::string> verify(const CliqueInstance& instance, const CliqueAnswer& answer) const override;
  void print(std::ostream& out, const CliqueInstance& instance, const CliqueAnswer& answer) const override;
  void write_json(nlohmann::ordered_json& out, const CliqueInstance& instance, const CliqueAnswer& answer) const override;
  [[nodiscard]] std::vector<Writer<CliqueInstance, CliqueAnswer>> writers() const override;
  [[nodiscard]] std::string text_help() const override { return "'yes:' and the vertices of the answer, or 'no'"; }
  void print_none(std::ostream& out, const CliqueInstance& instance) const override;
  void print_stopped(std::ostream& out, const CliqueInstance& instance) const override;
  [[nodiscard]] bool optimises(const CliqueInstance& instance) const override;
  // dance generate: a graph whose one largest answer has -k vertices (puzzles.hpp).
  [[nodiscard]] std::unique_ptr<PuzzleType> make_puzzle_type(const ModelOptions& options) const override;

  // Whether two vertices may be in one answer when they are not adjacent
  // (independent set) rather than when they are (clique).
  [[nodiscard]] bool independent() const { return independent_; }

 private:
  bool independent_;
};

}  // namespace dance::clique
