// The hook of the edge and degree encodings: path segments that must not
// close into a short cycle.
#pragma once

#include <memory>
#include <vector>

#include "hamilton/encodings.hpp"

namespace dance::hamilton {

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

}  // namespace dance::hamilton
