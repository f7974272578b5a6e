#include "learning.hpp"

namespace dlx {

namespace {

bool active(const Solver::State& s, Index i) { return s.next[s.prev[i]] == i; }
bool linked(const Solver::State& s, Index q) { return s.link[s.link[q].up].down == q; }

// The level whose entry on a stack of per-level entries (bases[0..last]) is at pos.
Index level_of(const BigVector<Index>& bases, Index last, Index pos) {
  const Index* const b = bases.data();
  return static_cast<Index>(std::upper_bound(b, b + last + 1, pos) - b) - 1;
}

}  // namespace

Learning::Learning(const Solver::State& s)
    : nogoods(s.option_first.size(), s.nogoods_kept),
      weight(s.item_count + 2, 0),
      removed_at(s.option_first.size(), 0),
      tweaked_at(s.option_first.size(), 0),
      mark_(s.choice.size() + 1, 0),
      use_head_(s.item_count + 2, no_entry),
      option_level_(s.option_first.size(), not_chosen),
      colour_(s.colours ? std::vector<std::int32_t>(s.colour.begin(), s.colour.end()) : std::vector<std::int32_t>{}) {}

LevelSet& Learning::level_set(Index l) {
  if (l >= reasons_.size()) reasons_.resize(std::max<std::size_t>(l + 1, 2 * reasons_.size()));  // deeper than ever: amortised
  return reasons_[l];
}

void Learning::open(Index l, bool branching) {
  level_set(l).clear();
  if (l >= block_.size()) block_.resize(reasons_.size());
  block_[l] = (l == 0 ? 0 : block_[l - 1]) + (branching ? 1 : 0);
}

bool Learning::holds(const LevelSet& set, Index level) {
  return level < set.below || std::find(set.levels.begin(), set.levels.end(), level) != set.levels.end();
}

void Learning::start_found(Index cap, Index branched) {
  found_.clear();
  ++epoch_;
  cap_ = cap;
  branched_ = branched;
}

void Learning::add_found(Index level) {
  if (level >= cap_ || level < found_.below || mark_[level] == epoch_) return;
  mark_[level] = epoch_;
  found_.levels.push_back(level);
}

void Learning::add_all_below(Index level) {
  level = std::min(level, cap_);
  if (level > found_.below) found_.below = level;
}

void Learning::merge(LevelSet& dst, const LevelSet& src, Index cap) {
  dst.solutions = dst.solutions || src.solutions;
  const Index below = std::max(dst.below, std::min(src.below, cap));
  if (below > dst.below) {
    dst.below = below;
    std::erase_if(dst.levels, [below](Index v) { return v < below; });
  }
  ++epoch_;
  for (const Index v : dst.levels) mark_[v] = epoch_;
  for (const Index v : src.levels)
    if (v < cap && v >= dst.below && mark_[v] != epoch_) {
      mark_[v] = epoch_;
      dst.levels.push_back(v);
    }
}

void Learning::path_changed(Index l) { indexed_ = std::min(indexed_, l); }

void Learning::forget_path(const Solver::State& s, bool fresh) {
  indexed_ = 0;
  unindex(true);
  if (fresh) nogoods.nothing_chosen();  // a search left spent keeps its choices marked
  const bool same = s.steps.size() == steps_.size() &&
                    std::equal(s.steps.begin(), s.steps.end(), steps_.begin(), [](const auto& a, const auto& b) {
                      return a.option == b.option && a.forbidden == b.forbidden;
                    });
  if (same) return;
  steps_ = s.steps;
  nogoods.clear();
}

void Learning::learn(const Solver::State& s) {
  // The options chosen at the conflict's levels; none with every level below
  // a prefix, none resting on solutions, none that is Algorithm M's "use it no more".
  std::vector<Index>& levels = conflict_.levels;
  if (conflict_.solutions || conflict_.below > 0 || levels.size() < 2 || levels.size() > longest_nogood) return;
  for (const Index k : levels)
    if (s.choice[k] <= s.item_count) return;
  std::sort(levels.begin(), levels.end(), std::greater<>());  // the deepest two are watched
  learning_.clear();
  std::uint32_t blocks = 0;
  for (std::size_t n = 0; n < levels.size(); ++n) {
    learning_.push_back(s.option_of(s.choice[levels[n]]));
    if (n == 0 || block_of(levels[n]) != block_of(levels[n - 1])) ++blocks;
  }
  nogoods.add(learning_, blocks);
  ++learned;
}

bool Learning::propagate(const Solver::State& s, OptionId o, Index l) {
  const std::span<const OptionId> all_chosen = nogoods.propagate(o);
  if (all_chosen.empty()) return true;
  ++conflicts;
  start_found(l, l == 0 ? 0 : l - 1);
  index_users(s, l);
  for (const OptionId chosen : all_chosen) add_found(option_level_[chosen]);
  conflict_ = found_;
  return false;
}

bool Learning::nogood_reason(OptionId o, Index node) {
  const std::span<const OptionId> by = nogoods.took_out_by(o);
  if (by.empty()) return false;
  for (const OptionId other : by) {
    if (other == o) continue;
    const Index level = option_level_[other];
    if (level == not_chosen || level == root || level >= node) return false;
    add_found(level);
  }
  return true;
}

void Learning::unindex(bool roots_too) {
  while (!use_level_.empty()) {
    if (!roots_too && (use_level_.back() == root || use_level_.back() < indexed_)) break;
    const std::size_t e = use_level_.size() - 1;
    use_head_[use_item_[e]] = use_next_[e];
    if (use_option_[e] != no_option) option_level_[use_option_[e]] = not_chosen;
    use_level_.pop_back();
    use_item_.pop_back();
    use_option_.pop_back();
    use_next_.pop_back();
    use_colour_.pop_back();
  }
}

void Learning::index_users(const Solver::State& s, Index cap) {
  // The index is kept between dead ends: only the levels whose choices
  // changed since (path_changed), and those past the last dead end's, are
  // walked again; entries are in level order, each item's list deepest first.
  if (indexed_ > cap) indexed_ = cap;
  const bool fresh = use_level_.empty();
  unindex(false);
  const auto use = [&](Index j, Index level, OptionId o, std::int32_t colour) {
    use_next_.push_back(use_head_[j]);
    use_head_[j] = static_cast<std::uint32_t>(use_level_.size());
    use_level_.push_back(level);
    use_item_.push_back(j);
    use_option_.push_back(o);
    use_colour_.push_back(colour);
    if (o != no_option) option_level_[o] = level;
  };
  const auto use_option = [&](OptionId o, Index level) {
    for (Index q = s.option_first[o]; s.top[q] != 0; ++q) use(s.top[q], level, o, colour_.empty() ? 0 : colour_[q]);
  };
  if (fresh)
    for (const OptionId o : s.assumed) use_option(o, root);
  for (Index k = indexed_; k < cap; ++k) {
    const Index x = s.choice[k];
    if (x <= s.item_count) use(x, k, no_option, 0);  // Algorithm M's "use it no more"
    else use_option(s.option_of(x), k);
  }
  indexed_ = cap;
}

void Learning::why_gone(const Solver::State& s, OptionId o, Index cap, Index list) {
  // Of the causes found, the one whose deepest level is shallowest lets the
  // search jump furthest; depth 0 is no level (the assumptions), k + 1 level k.
  const auto depth = [](Index level) { return level == root ? 0 : level + 1; };
  Index best = UINT32_MAX;
  enum class Cause { none, users, one_level, sibling, below } cause = Cause::none;
  Index cause_item = 0, cause_level = 0;
  const Index first_node = s.option_first[o];
  for (Index q = first_node; s.top[q] != 0; ++q) {
    const Index j = s.top[q];
    // Not the item whose list o is missing from: a cover leaves its own list whole (and
    // Algorithm M covers the item a level branches on before that level's choice is made).
    if (j == list || use_head_[j] == no_entry) continue;  // nor an item no chosen option holds
    if (j <= s.primary_count) {
      if (active(s, j)) continue;  // Algorithm M: uses left
      // Used up: by every option that holds it (the list is deepest first).
      if (depth(use_level_[use_head_[j]]) < best) best = depth(use_level_[use_head_[j]]), cause = Cause::users, cause_item = j;
      continue;
    }
    // A secondary item: the first option that holds it clashes with o unless both give it one colour.
    std::uint32_t e = use_head_[j];
    while (use_next_[e] != no_entry) e = use_next_[e];
    const std::int32_t mine = colour_.empty() ? 0 : colour_[q];
    if (mine != 0 && mine == use_colour_[e]) continue;
    if (depth(use_level_[e]) < best) best = depth(use_level_[e]), cause = Cause::one_level, cause_level = use_level_[e];
  }
  if (const Index pos = removed_at[o]; pos < s.removed_top && s.removed[pos] == first_node) {
    const Index node = level_of(s.removed_base, cap, pos);  // a removal at node k: choices 0..k-1
    if (node < best) best = node, cause = Cause::below, cause_level = node;
  }
  if (const Index pos = tweaked_at[o]; pos < s.tweak_top && s.first_of[s.tweaked[pos]] == first_node) {
    const Index level = level_of(s.tweak_base, branched_, pos);
    if (level + 1 < best) best = level + 1, cause = Cause::sibling, cause_level = level;
  }
  switch (cause) {
    case Cause::users: add_users(cause_item); return;
    case Cause::one_level: add_found(cause_level); return;
    case Cause::sibling: {
      // Algorithm M's: the option chosen at that level, or a sibling tried
      // before it, out because its subtree failed, for the reasons that
      // level has gathered (which a nogood needs; backjumping needs the level only).
      add_found(cause_level);
      if (s.choice[cause_level] > s.item_count && s.option_of(s.choice[cause_level]) == o) return;
      const LevelSet& refuted = level_set(cause_level);
      add_all_below(refuted.below);
      for (const Index k : refuted.levels) add_found(k);
      found_.solutions = found_.solutions || refuted.solutions;
      return;
    }
    case Cause::below:
      // A nogood's removal by the nogood (if kept still), the hook's by the hook.
      if (!(nogoods.taken_out_by_one(o) ? nogood_reason(o, cause_level) : removal_reason(s, o, cause_level)))
        add_all_below(cause_level);
      return;
    case Cause::none:
      // Forbidden: no level's doing; anything else is not known, so every level.
      for (const Solver::State::Step& step : s.steps)
        if (step.forbidden && step.option == o) return;
      add_all_below(cap);
      return;
  }
}

bool Learning::hook_reason(const Solver::State& s, Index cap) {
  said_chosen_.clear();
  said_gone_.clear();
  Reason reason(said_chosen_, said_gone_);
  if (!s.hook->explain(reason)) return false;
  index_users(s, cap);
  add_said(s, 0, cap);  // a refused option is chosen at level cap - 1, which counts as the owner's
  return true;
}

bool Learning::removal_reason(const Solver::State& s, OptionId o, Index node) {
  if (!s.hook || explaining_ == max_explaining) return false;  // a chain of removals this long: every level
  const std::size_t from = said_chosen_.size(), gone_from = said_gone_.size();
  Reason reason(said_chosen_, said_gone_);
  const bool explained = s.hook->explain_removal(o, reason);
  if (explained) {
    ++explaining_;
    add_said(s, from, node, gone_from);
    --explaining_;
  }
  said_chosen_.resize(from);
  said_gone_.resize(gone_from);
  return explained;
}

void Learning::add_said(const Solver::State& s, std::size_t from, Index node, std::size_t gone_from) {
  // Each option named chosen at the level that chose it, which must be above
  // `node`; anything else makes the reason wrong, and every level above counts.
  for (std::size_t k = from; k < said_chosen_.size(); ++k) {
    const OptionId o = said_chosen_[k];
    const Index level = o < option_level_.size() ? option_level_[o] : not_chosen;
    if (level == root || (level != not_chosen && level < node)) add_found(level);
    else add_all_below(node);
  }
  for (std::size_t k = gone_from; k < said_gone_.size(); ++k) {  // why_gone may add to the list: by index
    const OptionId o = said_gone_[k];
    if (o + 1 < s.option_first.size()) why_gone(s, o, cap_);
    else add_all_below(node);
  }
}

void Learning::add_users(Index j) {
  for (std::uint32_t e = use_head_[j]; e != no_entry; e = use_next_[e]) add_found(use_level_[e]);
}

void Learning::why_short(const Solver::State& s, Index i, Index cap) {
  index_users(s, cap);
  for (Index c = s.column_start[i]; c < s.column_start[i + 1]; ++c) {
    const Index q = s.column[c];
    if (!linked(s, q)) why_gone(s, s.option_of(q), cap, i);
  }
  if (s.multiplicities) add_users(i);
}

void Learning::dead_item(const Solver::State& s, Index l) {
  ++conflicts;
  // choose() said only that some item has too few options: the first such.
  Index dead = 0;
  for (Index k = s.next[0]; k != 0 && dead == 0; k = s.next[k]) {
    const std::int32_t need = s.multiplicities ? std::max(s.bound[k] - s.slack[k], 0) : 1;
    if (s.len[k] + 1 - need <= 0) dead = k;
  }
  start_found(l, l == 0 ? 0 : l - 1);
  if (dead == 0) add_all_below(l);  // cannot tell: every level
  else {
    weigh(dead);
    why_short(s, dead, l);
  }
  conflict_ = found_;
}

void Learning::weigh(Index i) {
  ++weight[i];
  if (conflicts % weight_halving == 0)
    for (std::uint32_t& w : weight) w >>= 1;
}

void Learning::hook_failed(const Solver::State& s, Index l) {
  ++conflicts;
  start_found(l, l == 0 ? 0 : l - 1);
  if (!hook_reason(s, l)) add_all_below(l);
  conflict_ = found_;
}

void Learning::solution_below(Index l) {
  conflict_.clear();
  conflict_.below = l;
  conflict_.solutions = true;
}

void Learning::child_emptied(const Solver::State& s, Index l, Index item) {
  ++conflicts;
  start_found(l, l);
  weigh(item);
  why_short(s, item, l);  // what the option hid counts as level l's, which it is
  if (s.multiplicities) {
    // ... but in Algorithm M it hid them by using up items that earlier levels had used too.
    for (Index q = s.option_first[s.option_of(s.choice[l])]; s.top[q] != 0; ++q)
      if (s.top[q] <= s.primary_count) add_users(s.top[q]);
  }
  merge(level_set(l), found_, l);
}

void Learning::child_refused(const Solver::State& s, Index l) {
  ++conflicts;
  start_found(l, l);
  if (!hook_reason(s, l + 1)) add_all_below(l);  // level l's option is named as chosen too
  merge(level_set(l), found_, l);
}

void Learning::exhausted(const Solver::State& s, Index l) {
  start_found(l, l);
  why_short(s, s.item[l], l);
  conflict_ = found_;
  merge(conflict_, level_set(l), l);
  learn(s);
}

bool Learning::involves(Index l) {
  if (!holds(conflict_, l)) {
    ++backjumps;
    return false;
  }
  merge(level_set(l), conflict_, l);
  return true;
}

}  // namespace dlx
