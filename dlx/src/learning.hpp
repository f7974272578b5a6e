// Conflict-directed backjumping (Prosser's CBJ) and learned nogoods for the
// search loop: at every dead end the engine works out which levels' choices
// caused it, and on backing up skips the levels that played no part, whose
// other options would meet the same dead end. A level that fails keeps its
// conflict as a nogood (those options are never all chosen together), two
// of its options watched, so that once all but one are chosen the last
// leaves the search: in this subtree and every later one, restarts too. The reasons are asked lazily, at a dead end
// only: why an item has too few options left is why each of its missing
// options went (a chosen option that used up one of its items, a sibling
// tried before it, a hook's removal), found from the lists as they stand.
// A solution found below a level keeps every level below it (counts stay
// exact). Search calls in at the named points of its loop (search.hpp).
#pragma once

#include <vector>

#include "nogoods.hpp"
#include "state.hpp"

namespace dlx {

// A set of search levels: every level below `below`, and `levels`;
// `solutions`: it rests on a level whose earlier options led to solutions
// (Algorithm M leaves them out below it so as to count each solution once:
// no refutation, so no nogood may rest on it).
struct LevelSet {
  Index below = 0;
  std::vector<Index> levels;
  bool solutions = false;
  void clear() {
    below = 0;
    levels.clear();
    solutions = false;
  }
};

class Learning {
 public:
  explicit Learning(const Solver::State& s);

  // Level l branches on an item (`branching`: with more than one way): no reasons yet.
  void open(Index l, bool branching);
  // Dead ends at node l (choices 0..l-1 made), each setting the conflict
  // that travels down: an item with too few options left ...
  void dead_item(const Solver::State& s, Index l);
  // ... or a hook's propagate() that said no (its reason, or every level below l).
  void hook_failed(const Solver::State& s, Index l);
  // A solution at node l: every level below stays, so that counts stay exact.
  void solution_below(Index l);
  // Level l's option (choice[l]) failed at once: its commit emptied `item`, or the hook
  // refused it (its reason, or every level below l).
  void child_emptied(const Solver::State& s, Index l, Index item);
  void child_refused(const Solver::State& s, Index l);
  // Level l tried all it could: the conflict is its reasons and why its
  // item's other options were gone.
  void exhausted(const Solver::State& s, Index l);
  // Backing up into level l: whether the conflict involves l (then it joins
  // l's reasons and l tries its next option); false: l played no part and
  // is skipped.
  bool involves(Index l);
  // The search moved level l to another choice: the index of the path's items is stale from l on.
  void path_changed(Index l);
  // A new search: the assumptions may differ too (then the nogoods, which
  // hold under the assumptions and forbidden options they were learned
  // with, go); `fresh`: nothing is chosen yet.
  void forget_path(const Solver::State& s, bool fresh);

  // The learned nogoods (nogoods.hpp): the search tells them each choice
  // and takes out what they say, at node l; a nogood with every option
  // chosen is a dead end (propagate() false, the conflict then set).
  Nogoods nogoods;
  bool propagate(const Solver::State& s, OptionId o, Index l);
  // The search took nogoods.to_remove[k] out, at `pos` of the removed stack; or the hook took o out there.
  void removed_by_nogood(std::size_t k, Index pos) {
    removed_at[nogoods.to_remove[k]] = pos;
    nogoods.took_out(k);
  }
  void removed_by_hook(OptionId o, Index pos) {
    removed_at[o] = pos;
    nogoods.not_taken_out_by_one(o);
  }
  std::uint64_t learned = 0;
  // Per item: its dead ends, halved now and then (State::item_weight; dom/wdeg's weights).
  std::vector<std::uint32_t> weight;

  // Where hook removals and Algorithm M's excluded siblings are on their
  // stacks, per option, so that a reason finds the level that made them.
  std::vector<Index> removed_at, tweaked_at;

  std::uint64_t conflicts = 0, backjumps = 0;
  bool in_counts = true;  // false: count() searches without it
  // Whether this search learns: decided when it starts, kept while it goes on.
  bool applies = true;

 private:
  // The levels below `cap` whose choices took option o out, into found_;
  // `list`: the item whose list it is missing from, if any.
  void why_gone(const Solver::State& s, OptionId o, Index cap, Index list = 0);
  // Why item i's options missing from its list went, and (Algorithm M) the
  // levels that used it, into found_.
  void why_short(const Solver::State& s, Index i, Index cap);
  // The levels below `cap` whose chosen options hold item j (found by
  // walking the path once a dead end).
  void index_users(const Solver::State& s, Index cap);
  // The levels (indexed) whose chosen options hold item j, into found_.
  void add_users(Index j);
  // The hook's reason for its no into found_, with the path's levels below
  // `cap` indexed; false if it gives none.
  bool hook_reason(const Solver::State& s, Index cap);
  // The hook's reason for removing o at `node` into found_; false if it gives none.
  bool removal_reason(const Solver::State& s, OptionId o, Index node);
  // Into found_: the options the hook named chosen from said_chosen_[from]
  // (each above `node`), and why each it named gone from said_gone_[gone_from] went.
  void add_said(const Solver::State& s, std::size_t from, Index node, std::size_t gone_from = 0);
  // found_ empty, for levels below cap; tweaks were made at levels up to `branched`.
  void start_found(Index cap, Index branched);
  void add_found(Index level);
  void add_all_below(Index level);
  // dst gets src's levels below cap.
  void merge(LevelSet& dst, const LevelSet& src, Index cap);
  [[nodiscard]] static bool holds(const LevelSet& set, Index level);
  [[nodiscard]] LevelSet& level_set(Index l);

  std::vector<LevelSet> reasons_;  // per level: why its options so far failed
  std::vector<Index> block_;       // per level: the branching levels up to it (its block of decisions)
  // Level k's block; a level this search never opened (a part's prefix) a block of its own.
  [[nodiscard]] Index block_of(Index k) const { return k < block_.size() ? block_[k] : UINT32_MAX - k; }
  LevelSet conflict_;              // the dead end travelling down
  LevelSet found_;                 // scratch for a reason being worked out
  std::vector<std::uint32_t> mark_;  // per level: == epoch_ if in the set being built
  std::uint32_t epoch_ = 0;
  // The path's users of each item: a list per item through use_next_, kept
  // between dead ends for the levels below indexed_.
  static constexpr Index root = UINT32_MAX;            // the level of an assumption: none
  static constexpr Index not_chosen = UINT32_MAX - 1;  // option_level_ of an option off the path
  static constexpr std::uint32_t no_entry = UINT32_MAX;
  static constexpr OptionId no_option = UINT32_MAX;
  std::vector<std::uint32_t> use_head_;  // per item
  std::vector<Index> use_level_;         // per entry
  std::vector<Index> use_item_;
  std::vector<OptionId> use_option_;
  std::vector<std::uint32_t> use_next_;
  std::vector<std::int32_t> use_colour_;  // the colour that option gives the item
  Index indexed_ = 0;
  // Drops the entries of levels from indexed_ on (the assumptions' too, with roots_too).
  void unindex(bool roots_too);
  // Item i ran out of options: its weight grows, and every weight halves now and then.
  void weigh(Index i);
  std::vector<Index> option_level_;  // per option: the level that chose it, root, or not_chosen
  std::vector<std::int32_t> colour_;  // per node: its colour as linked (purify() marks agreeing ones -1)
  std::vector<Solver::State::Step> steps_;  // the assumptions and forbidden options the nogoods hold under
  static constexpr std::uint64_t weight_halving = 4096;  // conflicts
  static constexpr std::size_t longest_nogood = 32;  // longer conflicts are not kept
  std::vector<OptionId> learning_;                   // scratch: a nogood being made
  // Keeps the conflict, when short enough, as a nogood.
  void learn(const Solver::State& s);
  // Why a nogood took o out: the levels of its other options, into found_; false if none did or it is forgotten.
  bool nogood_reason(OptionId o, Index node);
  std::vector<OptionId> said_chosen_, said_gone_;  // a hook's Reason
  // Removals explained by removals: how deep the chain is, and how deep it may go.
  int explaining_ = 0;
  static constexpr int max_explaining = 16;
  Index cap_ = 0;
  Index branched_ = 0;  // the deepest level whose tweak_base is set: tweaks are looked up below it
};

}  // namespace dlx
