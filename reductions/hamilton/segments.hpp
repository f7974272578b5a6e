// The hook of the edge and degree encodings: path segments that must not
// close into a short cycle.
#pragma once

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
    }
  }
  bool choose(dlx::OptionId option, const dlx::Remaining&) override {
    marks_.push_back(log_.size());
    if (graph_) chosen_.push_back(option);
    const Choice& c = (*choices_)[option];
    const bool first = add(c.at, c.a, c.edge_a);  // both always, so that unchoose undoes both
    const bool second = add(c.at, c.b, c.edge_b);
    return first && second;
  }
  [[nodiscard]] bool propagates() const override { return graph_ != nullptr; }
  bool propagate(const dlx::Remaining& remaining, dlx::Pruner& pruner) override {
    for (const auto& [x, y] : joined_)
      if (const auto closing = graph_->between(x, y)) pruner.remove(*closing);
    joined_.clear();
    return rules_->possible(remaining, chosen_, pairs_ ? &pruner : nullptr);
  }
  void unchoose(dlx::OptionId option) override {
    joined_.clear();  // a join not propagated yet only keeps its closing edge a little longer
    if (graph_) chosen_.pop_back();
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
    return std::make_unique<SegmentHook>(choices_, end_.size(), uses_.size(), cycle_length_, graph_, pairs_);
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
    // Edge x-y would close it short (a path: into any cycle at all).
    if (graph_ && !pairs_ && (cycle_length_ == 0 || joined < cycle_length_)) joined_.push_back({x, y});
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
};

}  // namespace dance::hamilton
