// Learning's reasons for a propagating hook's removals (Hook::explain_removal),
// kept as the removals are made: the engine asks lazily, at a conflict deeper
// down, when the hook's state that forced the removal is gone. A reason is
// a list of segments of chosen options, so that the removals of one call
// share what they rest on (a gap's search) instead of copying it; all of it
// goes with the choices it rests on (unchose), and a propagate() at a node
// again drops what an earlier one there kept (a new search's root).
//
// Nothing is kept until learning first asks (start()): a search without
// learning pays nothing, and a removal made before then answers false
// (every choice above it counts, which is always sound). A failure's
// reason, asked at once, is made in a segment too (explain_segment()).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "dlx/solver.hpp"

namespace dance::hamilton {

class RemovalReasons {
 public:
  static constexpr std::uint32_t none = ~std::uint32_t{0};
  // Test only: a reason leaves out its searches' segments (search_segment()),
  // which is wrong, so that the differential tests must fail.
  static inline bool broken_for_tests = false;

  explicit RemovalReasons(std::size_t options) : options_(options) {}
  [[nodiscard]] bool recording() const { return recording_; }
  // Learning asked for a reason, with `chosen` options chosen: keep them from now on.
  void start(std::size_t chosen) {
    if (recording_) return;
    recording_ = true;
    why_.assign(options_, {0, none});
    in_segment_.assign(options_, 0);
    marks_.assign(chosen, {0, 0, 0});
  }
  // choose() and unchoose(): what a node below keeps goes when its choice does.
  void chose() {
    if (recording_) marks_.push_back({said_.size(), segments_.size(), lists_.size()});
  }
  void unchose() {
    if (!recording_) return;
    truncate(marks_.back());
    marks_.pop_back();
  }
  // propagate() at a node: what an earlier call at this node kept goes.
  void node() {
    if (recording_) truncate(marks_.empty() ? Mark{0, 0, 0} : marks_.back());
  }

  // A segment: open(), add() its options (each once; none is passed over),
  // close() for its number. opened() tells the segments apart, for a hook's
  // own marks of what a segment holds.
  void open() {
    ++opened_;
    open_ = said_.size();
  }
  void add(dlx::OptionId option) {
    if (option == none || in_segment_[option] == opened_) return;
    in_segment_[option] = opened_;
    said_.push_back(option);
  }
  [[nodiscard]] std::uint64_t opened() const { return opened_; }
  std::uint32_t close() {
    segments_.push_back({open_, said_.size()});
    return static_cast<std::uint32_t>(segments_.size() - 1);
  }
  // A search's segment (kept apart, so that broken_for_tests can leave it out).
  [[nodiscard]] std::uint32_t search_segment(std::uint32_t segment) const { return broken_for_tests ? none : segment; }
  // The option was removed because of these segments' options (none in
  // the list are left out), or (unexplained) for reasons not kept.
  void removed(dlx::OptionId option, std::span<const std::uint32_t> segments) {
    why_[option] = {static_cast<std::uint32_t>(lists_.size()), static_cast<std::uint32_t>(segments.size())};
    lists_.insert(lists_.end(), segments.begin(), segments.end());
  }
  void unexplained(dlx::OptionId option) { why_[option] = {0, none}; }
  // Its reason (the removal in effect: the latest), or false when none was kept.
  bool explain(dlx::OptionId option, dlx::Reason& reason) const {
    if (!recording_ || option >= why_.size() || why_[option].second == none) return false;
    const auto [first, count] = why_[option];
    if (first + count > lists_.size()) return false;  // gone with its node: not the removal in effect
    for (std::size_t k = first; k < first + count; ++k) {
      if (lists_[k] == none) continue;
      if (lists_[k] >= segments_.size()) return false;
      explain_segment(lists_[k], reason);
    }
    return true;
  }
  // A segment's options, for a failure explained at once.
  void explain_segment(std::uint32_t segment, dlx::Reason& reason) const {
    if (segment == none) return;
    for (std::size_t k = segments_[segment].first; k < segments_[segment].second; ++k) reason.chosen(said_[k]);
  }

 private:
  struct Mark {
    std::size_t said, segments, lists;
  };
  void truncate(Mark mark) {
    said_.resize(mark.said);
    segments_.resize(mark.segments);
    lists_.resize(mark.lists);
  }

  std::size_t options_;
  bool recording_ = false;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> why_;  // per option: its latest removal's list in lists_ (count none: unexplained)
  std::vector<std::uint32_t> lists_;                           // the removals' lists of segments
  std::vector<dlx::OptionId> said_;
  std::vector<std::pair<std::size_t, std::size_t>> segments_;  // [first, end) in said_
  std::vector<Mark> marks_;                                    // per choice: the sizes before it
  std::size_t open_ = 0;
  std::vector<std::uint64_t> in_segment_;  // per option: == opened_ if in the segment being made
  std::uint64_t opened_ = 0;
};

}  // namespace dance::hamilton
