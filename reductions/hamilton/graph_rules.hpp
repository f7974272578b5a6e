// What a Hamiltonian search knows of the whole graph at a node (the edge
// encoding, undirected; the degree encoding): the graph left, the edges chosen and those still
// possible, must stay connected, and for a cycle 2-connected (no cut
// vertex, so no bridge either), or no cycle (path) through every vertex is
// left. One depth-first search with low points (Tarjan's) checks both; its
// tree also gives the 2-edge cuts, whose edges a cycle must use.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <tuple>
#include <vector>

#include "dlx/solver.hpp"
#include "hamilton/encodings.hpp"

namespace dance::hamilton {

// The edge encoding's graph: option o joins ends[o].first and ends[o].second
// (vertex n - 1 is `*` for free path ends); item v is vertex v.
struct EdgeGraph {
  std::size_t vertices = 0;
  std::vector<std::pair<Vertex, Vertex>> ends;                     // per option
  std::vector<std::vector<std::pair<Vertex, dlx::OptionId>>> joins;  // per vertex: (neighbour, option)
  // The option joining u and v, if any: a scan of the shorter of their lists.
  [[nodiscard]] std::optional<dlx::OptionId> between(Vertex u, Vertex v) const;
};

[[nodiscard]] EdgeGraph edge_graph(const std::vector<Choice>& choices, std::size_t vertices);
// The degree encoding's graph: edge e joins the ends of the edge numbered e
// in `choices` (joins left empty: no option is an edge).
[[nodiscard]] EdgeGraph pair_graph(const std::vector<Choice>& choices, std::size_t vertices, std::size_t edges);

class GraphRules {
 public:
  // The edge encoding: edge o of `graph` is option o. The degree encoding
  // (`pairs`, its options): edge e of `graph` is the edge numbered e, and
  // option o chooses pairs[o]'s edges at its vertex, item v being vertex v.
  GraphRules(const EdgeGraph& graph, bool cycle, std::shared_ptr<const std::vector<Choice>> pairs = nullptr);
  // Whether the graph of `chosen` and the options left in the vertices'
  // lists can still hold the answer. Runs the search only as often as it
  // pays: at the next node after it found a dead end (where dead ends come
  // often, as in grids, every node), the interval doubling while it finds
  // none, up to 64 times the graph's size; in between it says yes.
  // Given a pruner (the degree encoding, a cycle), it also forces both edges
  // of each 2-edge cut of the graph left (a cycle crosses a cut an even
  // number of times, so twice), each cut found exactly, whenever the check
  // runs; a vertex left with no option is a dead end.
  bool possible(const dlx::Remaining& remaining, std::span<const dlx::OptionId> chosen, dlx::Pruner* pruner = nullptr);
  // Why the last possible() said no: the edges gone that left a vertex with
  // too few, or that crossed the cut it found (a part of the graph joined
  // to the rest by none, or for a cycle only through one vertex). In the
  // degree encoding an edge is gone by an end's chosen option without it,
  // or by all that end's options with it gone; a dead end met while forcing
  // the 2-edge cuts is not explained (false).
  bool explain(dlx::Reason& reason);
  // Test only: the degree encoding's reasons leave out the ends' chosen
  // options, which is wrong, so that the reasons' tests must fail.
  static inline bool broken_for_tests = false;

 private:
  // The edges left into left_, by encoding.
  void edges_left(const dlx::Remaining& remaining, std::span<const dlx::OptionId> chosen);
  void edges_left_by_pairs(const dlx::Remaining& remaining, std::span<const dlx::OptionId> chosen);
  bool connected_enough();
  // After connected_enough() said yes: the 2-edge cuts of the graph left,
  // their edges not chosen yet forced through `pruner`, to a fixed point.
  bool force_two_edge_cuts(const dlx::Remaining& remaining, dlx::Pruner& pruner);
  // The 2-edge cuts of the graph left by the last connected_enough(), their
  // edges added to forced_edges_.
  void find_two_edge_cuts();
  // Takes out of left_ the edges not used nor forced at a vertex with two
  // that are; whether it took any. `ok` false: a vertex with three.
  bool drop_edges_at_full_vertices(bool& ok);
  // Whether the tree edges above a and b (b below a) are all that join the
  // vertices of a's subtree outside b's to the rest.
  bool cuts_off_between(Vertex a, Vertex b);
  // Forces both edges of the cut {e, f}.
  void force_cut(std::uint32_t e, std::uint32_t f);

  // Why edge e is gone, into the reason: the edge encoding, the option; the
  // degree encoding, an end's chosen option without it or its options with it.
  void explain_gone(std::uint32_t e, dlx::Reason& reason);

  // Records a failure for explain(): a vertex short of edges, or the part of
  // the graph left that holds `inside` and is joined to the rest only
  // through `through` (none: not at all).
  bool fail_short(Vertex v);
  bool fail_cut(Vertex inside, Vertex through);

  const EdgeGraph& graph_;
  bool cycle_;
  std::shared_ptr<const std::vector<Choice>> pairs_;
  std::uint32_t longest_interval_, interval_, countdown_;
  // Scratch, sized once: the graph left as adjacency arrays, and the search's stack.
  std::vector<std::uint32_t> start_, degree_, order_, low_, parent_, edge_at_;
  std::vector<Vertex> adjacent_;
  std::vector<std::uint32_t> adjacent_edge_;         // the edge of each adjacency entry
  // The cuts: per vertex (its tree edge up), the back edges over that edge:
  // how many, the sum of their numbers (the one when there is one) and the
  // xor of their labels (equal for two tree edges that are a cut, checked).
  std::vector<std::uint32_t> parent_edge_, vertex_at_, subtree_, cover_, cover_sum_;
  std::vector<std::uint64_t> cover_label_, label_;   // label_: per edge, fixed
  // Tree edges over 2+ back edges by label (open addressing, a slot live
  // when its generation is this call's): the last one's preorder number.
  std::vector<std::uint32_t> slot_generation_, slot_order_;
  std::vector<std::uint64_t> slot_label_;
  std::uint32_t generation_ = 0;
  std::vector<std::tuple<std::uint64_t, std::uint32_t, std::uint32_t>> candidates_;  // (label, preorder numbers of a pair)
  std::vector<std::uint8_t> used_, forced_;          // per edge
  std::vector<std::uint32_t> forced_edges_;
  std::vector<std::uint8_t> removed_;                // per option: taken out in this call
  std::vector<dlx::OptionId> removed_options_;
  std::uint32_t checked_ = 0;                        // adjacency entries read checking cuts, this call
  std::vector<dlx::OptionId> options_;
  std::vector<std::uint32_t> left_;                  // edges left
  std::vector<std::uint8_t> marks_;                  // by pairs: per edge, how many of its ends have it
  std::vector<Vertex> last_seen_;                    // by pairs: the vertex that marked the edge last
  // explain()'s dead end (the check that failed), and what it reads.
  enum class DeadEnd { none, short_vertex, cut } dead_end_ = DeadEnd::none;
  Vertex failed_at_ = 0, failed_through_ = 0;
  std::vector<std::uint32_t> left_stamp_;  // per edge: == stamp_ if left at the last check
  std::uint32_t stamp_ = 0;
  std::vector<std::uint8_t> in_part_;      // explain()'s scratch: per vertex
  std::vector<Vertex> part_;
  std::vector<std::uint32_t> fixed_at_;    // per vertex: its edges left used or forced
  // The degree encoding's, for explain(): per vertex its options and its
  // edges, the option chosen there at the last check (none), and whether
  // the last check's failure can be explained (none met while forcing).
  std::vector<std::vector<dlx::OptionId>> options_at_;
  std::vector<std::vector<std::uint32_t>> edges_at_;
  std::vector<dlx::OptionId> chosen_at_;
  std::vector<std::uint32_t> listed_;  // per option: == list_stamp_ if in its vertex's list at the last check
  std::uint32_t list_stamp_ = 0;
  bool explainable_ = true;

};

}  // namespace dance::hamilton
