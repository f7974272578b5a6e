// The hook of the edge and degree encodings: path segments that must not
// close into a short cycle.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <vector>

#include "hamilton/encodings.hpp"
#include "hamilton/graph_rules.hpp"

namespace dance::hamilton {

// The ends of the path segments that the edges used so far form: end[v] is
// the other end of v's segment while v is an end. An edge that joins the two
// ends of one segment closes a cycle, allowed only for the whole cycle.
//
// Given the edge encoding's graph (undirected), the hook also propagates:
// the edge that would close a segment just formed into a short cycle goes
// at once, and the graph left must stay connected enough (GraphRules); given
// the degree encoding's, the graph left only.
class SegmentHook final : public dlx::Hook {
 public:
  // `graph`: the edge encoding's (an edge per option), or with `pairs` the
  // degree encoding's (an edge per edge number), when the hook propagates.
  SegmentHook(std::shared_ptr<const std::vector<Choice>> choices, std::size_t vertices, std::size_t edges,
              std::size_t cycle_length, std::shared_ptr<const EdgeGraph> graph = nullptr, bool pairs = false)
      : choices_(std::move(choices)), cycle_length_(cycle_length), end_(vertices), size_(vertices, 1), uses_(edges, 0),
        graph_(std::move(graph)), pairs_(pairs) {
    for (Vertex v = 0; v < vertices; ++v) end_[v] = v;
    if (graph_) {
      rules_.emplace(*graph_, cycle_length_ != 0, pairs_ ? choices_ : nullptr);
      chosen_.reserve(choices_->size());
      if (!pairs_) path_edges_.assign(vertices, {none, none});
      else linked_.assign(vertices, {none, none}), chooser_.assign(edges, none);
    }
  }
  bool choose(dlx::OptionId option, const dlx::Remaining&) override {
    marks_.push_back(log_.size());
    if (graph_) chosen_.push_back(option);
    const Choice& c = (*choices_)[option];
    if (!path_edges_.empty()) link(option);
    const bool first = add(c.at, c.a, c.edge_a, option);  // both always, so that unchoose undoes both
    const bool second = add(c.at, c.b, c.edge_b, option);
    refused_ = first && second ? none : option;
    refused_edge_ = first ? c.edge_b : c.edge_a;
    return refused_ == none;
  }
  [[nodiscard]] bool propagates() const override { return graph_ != nullptr; }
  bool propagate(const dlx::Remaining& remaining, dlx::Pruner& pruner) override {
    for (const auto& [x, y] : joined_)
      if (const auto closing = graph_->between(x, y)) pruner.remove(*closing);
    joined_.clear();
    refused_ = none;
    return rules_->possible(remaining, chosen_, pairs_ ? &pruner : nullptr);
  }
  // Learning's reasons, in the edge encoding: a refused edge by the segment it
  // would close, a failed propagate() by GraphRules, a removed closing edge
  // by the segment between its ends.
  bool explain(dlx::Reason& reason) override {
    if (!rules_) return false;
    if (refused_ == none) return rules_->explain(reason);
    reason.chosen(refused_);
    if (pairs_) {
      if (!recording_) record();
      return edges_between(refused_edge_, reason);
    }
    return segment_between((*choices_)[refused_].at, (*choices_)[refused_].a, refused_, reason);
  }
  // The degree encoding explains too, but its learning costs more than it
  // saves (GP(47,2): 2.5 times fewer nodes, 10 times the time; docs/engine.md),
  // so it learns only when asked (--learning on).
  [[nodiscard]] bool explains() const override { return !path_edges_.empty(); }
  bool explain_removal(dlx::OptionId option, dlx::Reason& reason) override {
    if (path_edges_.empty()) return false;
    return segment_between((*choices_)[option].at, (*choices_)[option].a, none, reason);
  }
  void unchoose(dlx::OptionId option) override {
    joined_.clear();  // a join not propagated yet only keeps its closing edge a little longer
    if (graph_) chosen_.pop_back();
    if (!path_edges_.empty()) unlink(option);
    const Choice& c = (*choices_)[option];
    for (const std::uint32_t e : {c.edge_a, c.edge_b})
      if (e != nobody && --uses_[e] == 0 && recording_) unlink_edge(e);
    for (const std::size_t mark = marks_.back(); log_.size() > mark; log_.pop_back()) {
      end_[log_.back().vertex] = log_.back().end;
      size_[log_.back().vertex] = log_.back().size;
    }
    marks_.pop_back();
  }
  [[nodiscard]] std::unique_ptr<dlx::Hook> clone() const override {
    return std::make_unique<SegmentHook>(choices_, end_.size(), uses_.size(), cycle_length_, graph_, pairs_);
  }

 private:
  struct Undo {
    Vertex vertex, end;
    std::size_t size;
  };
  bool add(Vertex u, Vertex v, std::uint32_t edge, dlx::OptionId option) {
    if (v == nobody) return true;
    if (uses_[edge]++ > 0) return true;  // its other end has it already
    const Vertex x = end_[u], y = end_[v];
    if (x == v) return size_[u] == cycle_length_;  // closes a cycle: only the whole one
    if (recording_) link_edge(edge, option);
    const std::size_t joined = size_[x] + size_[y];
    log_.push_back({x, end_[x], size_[x]});
    log_.push_back({y, end_[y], size_[y]});
    end_[x] = y;
    end_[y] = x;
    size_[x] = size_[y] = joined;
    // Edge x-y would close it short (a path: into any cycle at all).
    if (graph_ && !pairs_ && (cycle_length_ == 0 || joined < cycle_length_)) joined_.push_back({x, y});
    return true;
  }

  static constexpr dlx::OptionId none = ~dlx::OptionId{0};
  // The edge encoding's chosen edges at each vertex (at most two), for reasons.
  void link(dlx::OptionId edge) {
    for (const Vertex v : {(*choices_)[edge].at, (*choices_)[edge].a}) {
      auto& at = path_edges_[v];
      (at[0] == none ? at[0] : at[1]) = edge;
    }
  }
  void unlink(dlx::OptionId edge) {
    for (const Vertex v : {(*choices_)[edge].at, (*choices_)[edge].a}) {
      auto& at = path_edges_[v];
      if (at[1] == edge) at[1] = none;
      else if (at[0] == edge) at[0] = at[1], at[1] = none;
    }
  }
  // The degree encoding's segments, kept from learning's first question on
  // (a search without learning does not pay for them): edge e joined
  // segments by `option`'s choice.
  void link_edge(std::uint32_t e, dlx::OptionId option) {
    chooser_[e] = option;
    for (const Vertex w : {graph_->ends[e].first, graph_->ends[e].second})
      (linked_[w][0] == none ? linked_[w][0] : linked_[w][1]) = e;
  }
  // Learning's first question: the segments of the options chosen so far,
  // each edge linked by its first chooser (but the refused edge).
  void record() {
    recording_ = true;
    for (const dlx::OptionId o : chosen_)
      for (const std::uint32_t e : {(*choices_)[o].edge_a, (*choices_)[o].edge_b})
        if (e != nobody && chooser_[e] == none && !(o == refused_ && e == refused_edge_)) link_edge(e, o);
  }
  // The degree encoding's: edge e leaves the segments it joined.
  void unlink_edge(std::uint32_t e) {
    for (const Vertex w : {graph_->ends[e].first, graph_->ends[e].second}) {
      auto& at = linked_[w];
      if (at[1] == e) at[1] = none;
      else if (at[0] == e) at[0] = at[1], at[1] = none;
    }
    chooser_[e] = none;
  }
  // The degree encoding's refusal: the options that chose the edges of the
  // segment between the ends of `closing`, the edge that would close it
  // short, into the reason; false if there is none. Either edge at its first
  // end may lead there (the refused option may have added one).
  bool edges_between(std::uint32_t closing, dlx::Reason& reason) {
    const auto [from, to] = graph_->ends[closing];
    for (const std::uint32_t start : linked_[from]) {
      walked_.clear();
      Vertex at = from;
      for (std::uint32_t edge = start; edge != none && edge != closing && walked_.size() <= linked_.size();) {
        walked_.push_back(chooser_[edge]);
        at = graph_->ends[edge].first == at ? graph_->ends[edge].second : graph_->ends[edge].first;
        if (at == to) {
          for (const dlx::OptionId o : walked_) reason.chosen(o);
          return true;
        }
        edge = linked_[at][0] == edge ? linked_[at][1] : linked_[at][0];
      }
    }
    return false;
  }
  // The chosen edges of the segment from u to v (not `skip`) into the reason; false if there is none.
  bool segment_between(Vertex u, Vertex v, dlx::OptionId skip, dlx::Reason& reason) const {
    dlx::OptionId came = skip;
    for (Vertex at = u, steps = 0; at != v; ++steps) {
      const auto& edges = path_edges_[at];
      const dlx::OptionId next = edges[0] != came && edges[0] != skip ? edges[0] : edges[1] != skip ? edges[1] : none;
      if (next == none || next == came || steps > path_edges_.size()) return false;
      reason.chosen(next);
      at = (*choices_)[next].at == at ? (*choices_)[next].a : (*choices_)[next].at;
      came = next;
    }
    return true;
  }

  std::shared_ptr<const std::vector<Choice>> choices_;
  std::size_t cycle_length_;  // 0 for paths: no cycle at all
  std::vector<Vertex> end_;
  std::vector<std::size_t> size_;
  std::vector<std::uint32_t> uses_;  // per edge: how many chosen options use it (0 to 2)
  std::vector<Undo> log_;
  std::vector<std::size_t> marks_;
  std::shared_ptr<const EdgeGraph> graph_;  // propagating: the encoding's graph
  bool pairs_;                              // the degree encoding's: no closing edges (an edge is no option)
  std::optional<GraphRules> rules_;
  std::vector<dlx::OptionId> chosen_;
  std::vector<std::pair<Vertex, Vertex>> joined_;  // segments' new ends since the last propagate()
  std::vector<std::array<dlx::OptionId, 2>> path_edges_;  // per vertex, the edge encoding's chosen edges
  dlx::OptionId refused_ = none;                         // choose()'s last refusal, for explain()
  std::uint32_t refused_edge_ = none;                    // the degree encoding's: the edge it refused
  std::vector<std::array<std::uint32_t, 2>> linked_;     // per vertex, the degree encoding's segment edges there
  std::vector<dlx::OptionId> chooser_;                   // per edge: the option whose choice put it in a segment
  std::vector<dlx::OptionId> walked_;                    // edges_between()'s scratch
  bool recording_ = false;                               // linked_ and chooser_ kept (learning asked)
};

}  // namespace dance::hamilton
