// The search loop (class Search): Knuth's levels as an iterative loop that
// can stop, resume and be cut into parts, specialised at compile time on
// colours (Algorithm C), multiplicities (M), covers kept between siblings
// and the ring of forced items. Each variant is compiled in a file of its own
// (search_x.cpp, search_c.cpp, search_m.cpp), so that the build runs them in
// parallel.
#pragma once

#include "dance.hpp"
#include "learning.hpp"

namespace dlx {

template <bool Colours, bool Multiplicities, bool Sharing = false, bool Ring = false>
class Search {
 public:
  explicit Search(Solver::State& s) : s_(s) {}

  Outcome run(Mode mode, std::uint64_t limit);
  void unwind();
  bool assume(OptionId option);
  void unassume(OptionId option);
  bool forbid(OptionId option);
  void unforbid(OptionId option);

 private:
  using D = Dance<Colours, Multiplicities, Ring>;

  // Algorithm X lets sibling options share covered items: the items of x_l
  // stay covered on a stack, and moving on to the next option x uncovers only
  // those above the longest run from the bottom that x's option also has.
  // (Not for C, whose purify depends on the node, nor M, whose tweaks must
  // be undone between the covers of consecutive options; and only where
  // siblings share enough for the bookkeeping to pay, see Solver::Solver.)
  static constexpr bool shares = Sharing && !Colours && !Multiplicities;

  // Trims level l's covered items to those x (a node, or the item: none) keeps.
  DLX_INLINE void keep_shared(D& d, Index l, Index x) {
    Index keep = s_.covered_base[l];
    if (x > s_.item_count) {
      const Index start = d.option_start(x);
      while (keep < s_.covered_top && d.contains(start, s_.covered[keep])) ++keep;
    }
    while (s_.covered_top > keep) d.uncover(s_.covered[--s_.covered_top]);
  }
  // Covers the items of x's option not yet covered, those the next options
  // share first (the longer they stay shared, the deeper) so that they can
  // stay; false as soon as an item outside x's option has no options left
  // (the items covered so far stay on the stack; x is not committed).
  DLX_INLINE bool cover_rest_unless_dead(D& d, Index x) {
    Index* const covered = s_.covered.data();
    const Index kept = s_.covered_top;
    Index planned = kept;
    d.for_others(x, [&](Wide, Wide j) DLX_LAMBDA_INLINE {
      if (d.active(static_cast<Index>(j))) covered[planned++] = static_cast<Index>(j);
    });
    // Insertion sort by how many of the following siblings share the item,
    // then shortest list first: a dead end found early costs less.
    std::uint32_t* const shared = s_.shared_run.data();
    const Index sorted_end = planned - kept <= max_sorted_plan ? planned : kept;  // quadratic: short plans only
    for (Index k = kept; k < sorted_end; ++k) {
      const Index j = covered[k];
      std::uint32_t run = 0;
      for (Index y = d.link[x].down; y > s_.item_count && run < max_shared_run; y = d.link[y].down, ++run)
        if (!d.in_option(y, j)) break;
      Index m = k;
      for (; m > kept && (shared[m - 1] < run || (shared[m - 1] == run && d.len[covered[m - 1]] > d.len[j])); --m) {
        covered[m] = covered[m - 1];
        shared[m] = shared[m - 1];
      }
      covered[m] = j;
      shared[m] = run;
    }
    d.emptied = 0;
    for (Index k = kept; k < planned; ++k) {
      if (!d.cover_unless_dead(covered[k], x)) {
        s_.covered_top = k;  // what is covered stays for keep_shared to trim
        return false;
      }
    }
    s_.covered_top = planned;
    return true;
  }
  // Commits x_l's option; false, with x_l not committed, if its child would be a dead end.
  DLX_INLINE bool commit_unless_dead(D& d, Index x) {
    if constexpr (shares) return cover_rest_unless_dead(d, x);
    return d.commit_others_unless_dead(x);
  }
  // Undoes level l's choice of x_l (not the item it branched on; Algorithm X
  // leaves x_l's items covered for keep_shared).
  DLX_INLINE void take_back(D& d, Index x) {
    if constexpr (Multiplicities) {
      if (x <= s_.item_count) {  // the "use it no more" branch of item x
        if (d.bound[x] != 0) d.relink_item(x);
        return;
      }
    }
    if (s_.hook) s_.hook->unchoose(s_.option_of(x));
    if (s_.learning) s_.learning->nogoods.chosen(s_.option_of(x), false);
    if constexpr (!shares) d.uncommit_others(x);
  }
  // Whether this search learns (decided as it starts, so that a count that
  // goes on from a next() keeps it); readies it for the path it is on.
  bool learning_here(Learning& learn, Mode mode) {
    const bool fresh = s_.resume == Resume::forward && s_.level == 0;
    if (fresh) learn.applies = mode != Mode::count || learn.in_counts;
    if (learn.applies) learn.forget_path(s_, fresh);  // the assumptions may have changed since the last call
    return learn.applies;
  }
  // Whether options leave the search at a node (the subset rule, or the
  // hook's propagate()): they go on the `removed` stack, from removed_base[l].
  [[nodiscard]] bool removes() const { return Ring || s_.prunes || s_.learning; }
  // Undoes the levels below l, deepest first, leaving l at 0.
  void take_back_levels(D& d, Index& l) {
    if (removes()) d.restore_removed(s_.removed_base[l]);
    while (l > 0) {
      --l;
      take_back(d, s_.choice[l]);
      restore_item(d, l);
      if (removes()) d.restore_removed(s_.removed_base[l]);
    }
  }
  // The last node of option o's, before the next spacer.
  [[nodiscard]] Index last_node(OptionId o) const { return s_.option_first[o + 1] - 2; }
  // The hook's propagate() at this node, and its removals; false at a dead end.
  bool prune(D& d) {
    s_.removals.clear();
    Pruner pruner(s_.removals);
    if (!s_.hook->propagate(Remaining(&s_), pruner)) return false;
    for (const OptionId o : s_.removals) {
      const Index first = s_.option_first[o];
      if (!d.available(first, last_node(o))) continue;  // chosen, out already, or clashing
      if (s_.learning) s_.learning->removed_by_hook(o, d.removed_top);
      take_out(d, first);
    }
    return true;
  }
  // Takes the option of node `first` out below this node, on the `removed` stack.
  static void take_out(D& d, Index first) {
    d.hide_option(first);
    d.removed[d.removed_top++] = first;
    ++d.removals;
  }
  // The learned nogoods that level l - 1's choice leaves with one option
  // not chosen take that option out at node l; false at a nogood all chosen.
  bool take_out_nogoods(D& d, Index l) {
    Learning& learn = *s_.learning;
    if (!learn.propagate(s_, s_.option_of(s_.choice[l - 1]), l)) return false;
    for (std::size_t k = 0; k < learn.nogoods.to_remove.size(); ++k) {
      const OptionId o = learn.nogoods.to_remove[k];
      const Index first = s_.option_first[o];
      if (!d.available(first, last_node(o))) continue;  // out already
      learn.removed_by_nogood(k, d.removed_top);
      take_out(d, first);
    }
    return true;
  }
  // Hook::order() at this node: the options it names go to the front of
  // item i's list, in its order, each move kept on the `moved` stack.
  void reorder(D& d, Index i) {
    s_.first.clear();
    s_.hook->order(i - 1, Remaining(&s_), s_.first);
    if (s_.moved.size() < s_.moved_top + s_.first.size()) s_.moved.resize(s_.moved_top + s_.first.size());
    Index before = i;  // the node the next one goes after
    for (const OptionId o : s_.first) {
      if (o >= s_.option_first.size() - 1) continue;
      Index q = s_.option_first[o];
      while (s_.top[q] != 0 && s_.top[q] != i) ++q;
      if (s_.top[q] == 0 || !d.linked(q) || q == before) continue;  // not in the list
      if (d.link[before].down != q) {
        const Index up = d.link[q].up, down = d.link[q].down, after = d.link[before].down;
        s_.moved[s_.moved_top++] = {q, up};
        d.link[up].down = down, d.link[down].up = up;
        d.link[q].up = before, d.link[q].down = after;
        d.link[before].down = q, d.link[after].up = q;
        ++d.updates;
      }
      before = q;
    }
  }
  // Undoes level l's branching on its item.
  DLX_INLINE void restore_item(D& d, Index l) {
    const Index i = s_.item[l];
    if constexpr (Multiplicities) {
      while (s_.tweak_top > s_.tweak_base[l]) d.unhide_option(s_.tweaked[--s_.tweak_top]);
      if (s_.orders) {
        while (s_.moved_top > s_.moved_base[l]) {  // each node back after its old up, the last moved first
          const auto [q, up] = s_.moved[--s_.moved_top];
          const Index before = d.link[q].up, after = d.link[q].down;
          d.link[before].down = after, d.link[after].up = before;
          const Index next = d.link[up].down;
          d.link[q].up = up, d.link[q].down = next;
          d.link[up].down = q, d.link[next].up = q;
        }
      }
      if (d.bound[i]++ == 0) d.uncover(i);
    } else {
      if constexpr (shares) keep_shared(d, l, i);
      d.uncover(i);
    }
  }

  // Whether a limit stops the search before the next node (then `outcome`
  // says which); otherwise sets when to look again.
  bool stop_here(std::uint64_t nodes, Index level, std::uint64_t& next_check, Clock::time_point start,
                 Outcome& outcome) {
    const Limits& lim = s_.limits;
    if (lim.progress) publish(*lim.progress, nodes, level);
    if (lim.nodes && nodes >= lim.nodes) {
      outcome = Outcome::node_limit;
      return true;
    }
    if (lim.interrupt && lim.interrupt->load(std::memory_order_relaxed)) {
      outcome = Outcome::interrupted;
      return true;
    }
    if (lim.pause && nodes >= s_.pause_after && lim.pause->load(std::memory_order_relaxed)) {
      s_.pause_after = nodes + s_.check_every;  // a search resumed goes some way before it pauses again
      outcome = Outcome::paused;
      return true;
    }
    if (lim.seconds > 0 &&
        s_.stats.seconds + std::chrono::duration<double>(Clock::now() - start).count() >= lim.seconds) {
      outcome = Outcome::time_limit;
      return true;
    }
    next_check = nodes + s_.check_every;
    if (lim.nodes && next_check > lim.nodes) next_check = lim.nodes;
    return false;
  }

  // Stores the counters, and the estimate when it is asked for (Progress).
  void publish(Progress& progress, std::uint64_t nodes, Index level) const {
    progress.nodes.store(nodes, std::memory_order_relaxed);
    progress.solutions.store(s_.stats.solutions, std::memory_order_relaxed);
    if (level == s_.floor || !progress.asked.load(std::memory_order_relaxed)) return;  // at the root: nothing known yet
    double done = 0, weight = 1;
    for (Index k = s_.floor; k < level; ++k) {  // the item's list stays whole while it is covered
      const Index i = s_.item[k], x = s_.choice[k];
      Index place = 0, options = 0;
      for (Index y = s_.link[i].down; y != i; y = s_.link[y].down)
        if (++options, y == x) place = options;
      if (place == 0) place = ++options;  // Algorithm M's "use the item no more", after its options
      weight /= options;
      done += (place - 1) * weight;
    }
    progress.done.store(done + weight / 2, std::memory_order_relaxed);
    progress.asked.store(false, std::memory_order_relaxed);
  }

  // Undoes an assumed option's commits, nodes first..last, and shows it again.
  static void withdraw(D& d, Index first, Index last) {
    for (Index q = last + 1; q-- > first;) d.uncommit(q);
    d.unhide_option(first);
  }

  // Whether the options assumed and chosen (levels below `depth`) cover
  // each item whose lower bound raise_lower_bound() raised that often: a
  // part of the search begun before the raise (below a level that gave the
  // item up) may fall short.
  [[nodiscard]] bool meets_raised_bounds(Index depth) const {
    for (const Index i : s_.raised) {
      std::uint32_t uses = 0;
      const auto count_in = [&](Index first) {
        for (Index q = first; s_.top[q] != 0; ++q) uses += s_.top[q] == i;
      };
      for (const OptionId o : s_.assumed) count_in(s_.option_first[o]);
      for (Index k = 0; k < depth; ++k)
        if (s_.choice[k] > s_.item_count) count_in(s_.first_of[s_.choice[k]]);
      if (uses < s_.least[i]) return false;
    }
    return true;
  }

  Solver::State& s_;
};

template <bool Colours, bool Multiplicities, bool Sharing, bool Ring>
Outcome Search<Colours, Multiplicities, Sharing, Ring>::run(Mode mode, std::uint64_t limit) {
  Solver::State& s = s_;
  D d(s);
  Index* const choice = s.choice.data();
  Index* const item = s.item.data();
  const auto start = Clock::now();
  std::uint64_t nodes = s.stats.nodes, found = 0;
  std::uint32_t max_depth = s.stats.max_depth;
  Index l = s.level, i = 0, x = 0;
  const Index floor = s.floor;
  Index open = s.open_levels;
  Outcome outcome = Outcome::exhausted;
  std::uint64_t next_check = nodes;  // check the limits before the first node
  Hook* const hook = s.hook;
  // Null without learning: one predictable branch at each dead end.
  Learning* const learn = s.learning && learning_here(*s.learning, mode) ? s.learning.get() : nullptr;
  const bool prunes = s.prunes, removing = Ring || prunes || learn;  // in registers, not re-read from the state
  // Learning at a dead end reads the removed stack's top, which lives in `d` meanwhile.
  const auto told = [&]() -> Learning& {
    s.removed_top = d.removed_top;
    return *learn;
  };

  switch (s.resume) {
    case Resume::forward: goto forward;
    case Resume::advance:
      x = choice[l];
      goto try_x;
    case Resume::backup:  // after a solution: every level below it stays
      if (learn) learn->solution_below(l);
      goto backup;
    case Resume::done:
    case Resume::spent: return Outcome::exhausted;
  }

forward:
  if (removing) s.removed_base[l] = d.removed_top;
  if (nodes >= next_check && stop_here(nodes, l, next_check, start, outcome)) {
    s.resume = Resume::forward;
    goto leave;
  }
  ++nodes;
  if (l > max_depth) max_depth = l;
  if (mode == Mode::split && (l == limit || d.next[0] == 0)) {  // a part: its subtree is not searched here
    s.resume = Resume::backup;
    outcome = Outcome::solution;
    goto leave;
  }
  if (d.next[0] == 0) {
    if constexpr (Multiplicities) {
      if (!s.raised.empty() && !meets_raised_bounds(l)) {
        if (learn) learn->solution_below(l);  // no conflict to learn from: every level below stays
        goto backup;
      }
    }
    ++s.stats.solutions;
    ++found;
    if (mode == Mode::next) {
      s.record_solution(l);
      s.resume = Resume::backup;
      outcome = Outcome::solution;
      goto leave;
    }
    if (found == limit) {
      s.resume = Resume::backup;
      outcome = Outcome::solution_limit;
      goto leave;
    }
    if (learn) learn->solution_below(l);
    goto backup;
  }
  if (learn && l > 0 && choice[l - 1] > s.item_count && !take_out_nogoods(d, l)) goto backup;
  if (prunes && !prune(d)) {
    if (learn) told().hook_failed(s, l);  // learning: why the hook said no
    goto backup;
  }
  i = 0;
  if constexpr (Ring) {  // singles first: the subset rule only where the search would branch
    if (l == floor) d.shrunk_all();
    i = d.forced_in_ring();
    if (i == 0 && !d.propagate()) goto backup;
    s.shrunk_level[l] = d.shrunk_top;
    s.seen_level[l] = d.shrunk_seen;
  }
  if (i == 0) i = d.choose();
  if (i == 0) {
    if (learn) told().dead_item(s, l);  // learning: why the item has too few options
    goto backup;
  }
  if (learn) learn->open(l, d.ways(i) > 1);
  item[l] = i;
  if constexpr (Multiplicities) {
    s.tweak_base[l] = s.tweak_top;
    if (--d.bound[i] == 0) d.cover(i);
    if (s.orders) {
      s.moved_base[l] = s.moved_top;
      if (d.bound[i] > 0) reorder(d, i);
    }
  } else {
    if constexpr (shares) s.covered_base[l] = s.covered_top;
    d.cover(i);
  }
  choice[l] = d.link[i].down;

advance:
  x = choice[l];
  i = item[l];
  if (learn) learn->path_changed(l);
  if constexpr (shares) keep_shared(d, l, x);
  if (x == i) {
    if constexpr (Multiplicities) {
      if (d.bound[i] < d.slack[i]) {  // enough uses already: try using it no more
        if (d.bound[i] != 0) d.unlink_item(i);
        ++l;
        goto forward;
      }
    }
    goto restore;
  }
  if constexpr (Multiplicities) {
    if (d.bound[i] > 0) {
      if (d.len[i] <= d.bound[i] - d.slack[i]) goto restore;  // too few options left to reach lo
      d.hide_option(x);
      if (learn) learn->tweaked_at[s.option_of(x)] = s.tweak_top;
      s.tweaked[s.tweak_top++] = x;
    }
  }
try_x:
  if constexpr (Ring) {  // what x's siblings' commits shrank is not the work list of x's
    d.shrunk_top = s.shrunk_level[l];
    d.shrunk_seen = s.seen_level[l];
    d.shrunk_by_siblings(x);
  }
  if (hook) {
    const Hook::Verdict verdict = hook->consider(s.option_of(x), Remaining(&s));
    if (learn && verdict != Hook::Verdict::take) told().child_refused(s, l);
    if (verdict == Hook::Verdict::skip_rest) goto restore;
    if (verdict == Hook::Verdict::skip) {
      choice[l] = d.link[x].down;
      goto advance;
    }
  }
  if (!commit_unless_dead(d, x)) {  // a child that is a dead end at once
    if (nodes >= next_check && stop_here(nodes, l, next_check, start, outcome)) {
      s.resume = Resume::advance;  // x is tried again on resuming
      goto leave;
    }
    ++nodes;
    if (learn) told().child_emptied(s, l, d.emptied_dead);  // learning: why the emptied item had no other options
    choice[l] = d.link[x].down;
    goto advance;
  }
  if (hook && !hook->choose(s.option_of(x), Remaining(&s))) {
    if (learn) told().child_refused(s, l);
    take_back(d, x);
    choice[l] = d.link[x].down;
    goto advance;
  }
  if constexpr (!Multiplicities) open += open_after(d.link, x, item[l]);
  if (learn) learn->nogoods.chosen(s.option_of(x), true);
  ++l;
  goto forward;

backup:
  if (removing) d.restore_removed(s.removed_base[l]);
  if (l == floor) {
    take_back_levels(d, l);  // those below the floor are someone else's
    s.resume = Resume::done;
    outcome = Outcome::exhausted;
    goto leave;
  }
  if constexpr (!Multiplicities) {
    // Every level left is on its last option: backing up would only undo,
    // which unwind() does if the lists are wanted again (a hook must see it now).
    if (open == 0 && !hook) {
      s.resume = Resume::spent;
      outcome = Outcome::exhausted;
      goto leave;
    }
  }
  --l;
  x = choice[l];
  if constexpr (!Multiplicities) open -= open_after(d.link, x, item[l]);
  take_back(d, x);
  if (learn && !learn->involves(l)) {  // learning: l's choice played no part in the dead end, nor would its siblings'
    restore_item(d, l);
    goto backup;
  }
  if constexpr (Multiplicities) {
    if (x <= s.item_count) goto restore;
  }
  choice[l] = d.link[x].down;
  goto advance;

restore:
  if (learn) told().exhausted(s, l);  // learning: the dead end that travels down is l's
  restore_item(d, l);
  goto backup;

leave:
  if (learn) {
    s.stats.conflicts = learn->conflicts;
    s.stats.backjumps = learn->backjumps;
    s.stats.learned = learn->learned;
    s.stats.nogoods = learn->nogoods.count();
    s.stats.nogood_bytes = learn->nogoods.bytes();
  }
  s.level = l;
  s.open_levels = open;
  s.stats.nodes = nodes;
  d.store(s);
  s.stats.max_depth = max_depth;
  s.stats.seconds += std::chrono::duration<double>(Clock::now() - start).count();
  return outcome;
}

template <bool Colours, bool Multiplicities, bool Sharing, bool Ring>
void Search<Colours, Multiplicities, Sharing, Ring>::unwind() {
  D d(s_);
  if (s_.resume == Resume::advance) restore_item(d, s_.level);  // its x is not committed yet
  if (s_.resume != Resume::done) take_back_levels(d, s_.level);
  s_.level = 0;
  s_.floor = 0;
  s_.open_levels = 0;
  s_.resume = Resume::forward;
  d.store(s_);
  s_.forget_forced();
}

template <bool Colours, bool Multiplicities, bool Sharing, bool Ring>
bool Search<Colours, Multiplicities, Sharing, Ring>::assume(OptionId option) {
  D d(s_);
  const Index first = s_.option_first[option];
  const Index last = last_node(option);
  if (!d.available(first, last)) return false;
  d.hide_option(first);
  for (Index q = first; q <= last; ++q) d.commit(q);
  bool accepted = true;
  if (s_.hook && !s_.hook->choose(option, Remaining(&s_))) {
    s_.hook->unchoose(option);
    withdraw(d, first, last);
    accepted = false;
  }
  if (accepted) {
    s_.assumed.push_back(option);
    s_.steps.push_back({option, false});
  }
  d.store(s_);
  return accepted;
}

template <bool Colours, bool Multiplicities, bool Sharing, bool Ring>
void Search<Colours, Multiplicities, Sharing, Ring>::unassume(OptionId option) {
  D d(s_);
  const Index first = s_.option_first[option];
  const Index last = last_node(option);
  if (s_.hook) s_.hook->unchoose(option);
  withdraw(d, first, last);
  d.store(s_);
  s_.forget_forced();
}

template <bool Colours, bool Multiplicities, bool Sharing, bool Ring>
bool Search<Colours, Multiplicities, Sharing, Ring>::forbid(OptionId option) {
  D d(s_);
  const Index first = s_.option_first[option];
  if (!d.available(first, last_node(option))) return false;
  d.hide_option(first);
  s_.steps.push_back({option, true});
  d.store(s_);
  return true;
}

template <bool Colours, bool Multiplicities, bool Sharing, bool Ring>
void Search<Colours, Multiplicities, Sharing, Ring>::unforbid(OptionId option) {
  D d(s_);
  d.unhide_option(s_.option_first[option]);
  d.store(s_);
  s_.forget_forced();
}


// The variants, each compiled once, in search_*.cpp.
extern template class Search<false, false>;
extern template class Search<false, false, true>;
extern template class Search<false, false, false, true>;
extern template class Search<true, false>;
extern template class Search<false, true>;
extern template class Search<true, true>;

// Runs f on the Search specialised for this problem.
template <class F>
decltype(auto) with_search(Solver::State& s, F&& f) {
  if (s.multiplicities) {
    if (s.colours) {
      Search<true, true> search(s);
      return f(search);
    }
    Search<false, true> search(s);
    return f(search);
  }
  if (s.colours) {
    Search<true, false> search(s);
    return f(search);
  }
  if (s.sharing) {
    Search<false, false, true> search(s);
    return f(search);
  }
  if (s.ring) {
    Search<false, false, false, true> search(s);
    return f(search);
  }
  Search<false, false> search(s);
  return f(search);
}


}  // namespace dlx
