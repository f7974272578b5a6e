// The dancing itself (struct Dance): the arrays of Solver::State as raw
// pointers and the counters, copied into a local of the search loop so that
// they live in registers. Its operations are in three files included in the
// struct's body, one concern each: links.inc (cover, hide, commit and their
// undoing), rules.inc (the subset and pair rules) and choose.inc (the item
// to branch on).
#pragma once

#include "state.hpp"

namespace dlx {

// The dancing itself: the arrays as raw pointers and the update counter, all
// copied into a local of the search loop so that they live in registers.
template <bool Colours, bool Multiplicities, bool Ring = false>
struct Dance {
  Link* link;
  const Index* top;
  const Index* first_of;  // per node: the first node of its option
  std::int32_t* colour;
  std::int32_t* len;
  Index* prev;
  Index* next;
  std::int32_t* bound;
  const std::int32_t* slack;
  const std::int32_t* deferral;
  const std::uint32_t* weight;  // State::item_weight
  bool deferring;
  Index primary_count;
  std::uint64_t updates;
  Index emptied = 0;  // an item whose list hide_node emptied, if any
  Index emptied_dead = 0;  // the item whose emptying made the last commit a dead end
  Index forced;       // an item hide_node left with one option, if any: choose looks there first
  // With Ring, every such item, latest on top (the oldest forgotten when it
  // overflows): any of them still forced spares choose() its scan.
  Index* forced_ring;
  Index forced_top;
  // With Ring, the items whose lists shrank to subset_most options or fewer
  // (State::shrunk), and the options the subset and pair rules took out (State::removed).
  Index* shrunk;
  Index shrunk_mask;
  Index shrunk_top;
  Index shrunk_seen;
  Index* removed;
  Index removed_top;
  std::uint64_t removals;  // Statistics::removals
  const OptionId* option_at;
  const std::uint64_t* signature;
  std::uint64_t* looked_at;
  std::uint64_t propagations;
  bool seeded;        // the items' list order is a seed's permutation, not the input order
  bool tighten;       // State::tighten
  bool probing;       // State::probe
  bool pairing;       // State::pairs
  Index* active_primaries;

  explicit Dance(Solver::State& s)
      : link(s.link.data()), top(s.top.data()), first_of(s.first_of.data()), colour(s.colour.data()), len(s.len.data()),
        prev(s.prev.data()), next(s.next.data()), bound(s.bound.data()), slack(s.slack.data()), deferral(s.deferral.data()), weight(s.item_weight), deferring(s.deferring),
        primary_count(s.primary_count), updates(s.stats.updates), forced(s.forced), forced_ring(s.forced_ring.data()),
        forced_top(s.forced_top), shrunk(s.shrunk.data()), shrunk_mask(static_cast<Index>(s.shrunk.size()) - 1),
        shrunk_top(s.shrunk_top), shrunk_seen(s.shrunk_seen), removed(s.removed.data()), removed_top(s.removed_top), removals(s.stats.removals),
        option_at(s.option_at.data()), signature(s.signature.data()), looked_at(s.looked_at.data()), propagations(s.propagations), seeded(s.seed != 0), tighten(s.tighten), probing(s.probe), pairing(s.pairs), active_primaries(&s.active_primaries) {}


  // Writes the counters and lists' tops back into the state, all of them,
  // whichever of them the caller changed: what the constructor copied in goes
  // back out whole.
  void store(Solver::State& s) const {
    s.stats.updates = updates;
    s.forced = forced;
    s.forced_top = forced_top;
    s.shrunk_top = shrunk_top;
    s.shrunk_seen = shrunk_seen;
    s.stats.removals = removals;
    s.propagations = propagations;
    s.removed_top = removed_top;
  }

#include "links.inc"
#include "rules.inc"
#include "choose.inc"
};

}  // namespace dlx
