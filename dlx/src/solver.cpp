// Knuth's DLX1/DLX2/DLX3 as one iterative search, specialised at compile
// time on whether colours (Algorithm C) and multiplicities (Algorithm M) are
// in play, so that a plain exact cover problem runs the bare X loop.
#include "dlx/solver.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <climits>
#include <cstring>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>

#include "dlx/big_allocator.hpp"
#include "dlx/random.hpp"

namespace dlx {
namespace {

using Clock = std::chrono::steady_clock;
using Index = std::uint32_t;  // a node or an item; unsigned so that indexing needs no sign extension
using Wide = std::size_t;     // the same in a register: spares the hot loops a zero extension per index

#define DLX_INLINE [[gnu::always_inline]] inline
#define DLX_LAMBDA_INLINE __attribute__((always_inline))

// Knuth's vertical links. Nodes 1..N are the items' list heads; each option
// is preceded by a spacer node whose up is the first node of the option
// before it and whose down is the last node of the option after it.
struct Link {
  Index up;
  Index down;
};

// Whether a level that branched on `item` and tries x has options after x
// (the item's list stays as it was while the item is covered): an open level.
inline bool open_after(const Link* link, Index x, Index item) { return link[x].down != item; }

enum class Resume { forward, advance, backup, done, spent };
enum class Mode { next, count, split };

constexpr std::uint64_t check_interval = 1024;  // nodes between clock/interrupt checks
constexpr std::uint32_t max_shared_run = 8;     // siblings looked at when ordering covers
constexpr std::uint32_t max_sorted_plan = 32;   // longer options keep their item order
constexpr std::int32_t covered_mark = 1 << 30;   // added to a covered item's len; above any deferral
constexpr std::int32_t deferral_mark = 1 << 28;  // Item::deferred: added to its branching degree, unless forced
constexpr Index choose_block = 16;               // primary items whose minimum one step of choose() takes
constexpr Index forced_ring_size = 256;          // choose()'s ring of forced items (a power of 2)
// Primary items from which choose() keeps a ring of every item left with
// one option, not just the last: its scan of them all then costs more than
// the ring's store per hidden node (16x16 sudoku generation: 12% faster;
// pentominoes, 72 items: 9% slower).
constexpr Index ring_from = 512;
// From this many primary items on, choose() breaks a tie of fewest options
// among the first tie_candidates tied items by the tightest: 25x25 sudoku
// proofs took 10 times fewer nodes, 16x16 7 times; a 9x9 lost a few
// percent (docs/engine.md).
constexpr Index tighten_from = 512;
constexpr Index tie_candidates = 8;
// From this many on, with the ring, a tie of items with probe_ways options
// by probing their options instead (Dance::most_forcing): 25x25 sudoku
// proofs took up to 100 times fewer nodes again, and --minimal 3.8 times
// less time over 18 seeds; at 1,024 items (16x16) generation was slower,
// and probing wider ties made 25x25 generation 5 times slower.
constexpr Index probe_from = 2048;
constexpr std::int32_t probe_ways = 2;
constexpr Index probe_depth = 16;  // forced options a probe follows to find a dead end
// With the ring comes the subset rule at each branch (Dance::propagate):
// 25x25 sudoku --minimal -n 1, seeds 1 to 24, took 45 s against 108,
// vu_kr 16x16 half the nodes and 1.3 times the puzzles a second; at 9x9
// (324 items) 15% to 31% fewer nodes cost 37% to 44% more time. It looks
// at the primary items whose lists shrank to this many options or fewer:
// a sudoku's locked candidates need as many as a box has columns or rows
// (5 at 25x25).
constexpr std::int32_t subset_most = 5;
// From this many on, with the ring, the subset rule comes with the pair
// rule (Dance::pair_rule): 25x25 sudoku --minimal -n 1, seeds 1 to 24,
// took 23.2 s against 44.3; at 1,024 items (16x16) it cut few nodes of a
// generator's searches, and --minimal took 20 ms a puzzle against 13.7
// (17 against 13 once propagate() looked at each item once a call).
constexpr Index pair_from = 2048;
// Whether an item left with n options goes on the subset rule's work list
// (2 to subset_most; one compare, no branch).
constexpr bool few_enough(std::int32_t n) { return static_cast<std::uint32_t>(n - 2) <= subset_most - 2; }
// An item's bit in an option's signature (State::signature).
constexpr std::uint64_t item_bit(Index item) { return std::uint64_t{1} << ((item * 0x9E3779B1u) >> 26); }

}  // namespace

const char* to_string(Outcome outcome) {
  switch (outcome) {
    case Outcome::solution: return "solution";
    case Outcome::exhausted: return "exhausted";
    case Outcome::solution_limit: return "solution limit";
    case Outcome::node_limit: return "node limit";
    case Outcome::time_limit: return "time limit";
    case Outcome::interrupted: return "interrupted";
    case Outcome::paused: return "paused";
  }
  return "?";
}

struct Solver::State {
  std::shared_ptr<const Problem> problem;
  bool colours = false;
  bool multiplicities = false;
  bool sharing = false;  // Algorithm X with siblings sharing covers (see Search)
  bool ring = false;     // Algorithm X with a ring of forced items and the subset rule (see ring_from)
  bool tighten = false;  // choose() breaks ties by the tightest item (see tighten_from)
  bool probe = false;    // ... by probing them (see probe_from)
  bool pairs = false;    // propagate() applies the pair rule too (see pair_from)
  Index item_count = 0;  // N: items are 1..N, primary ones first
  Index primary_count = 0;
  BigVector<Link> link;               // per node
  BigVector<Index> top;               // per node: its item, 0 for a spacer
  BigVector<Index> first_of;          // per node: the first node of its option
  BigVector<OptionId> option_at;      // per node: its option (for hooks and solutions)
  BigVector<std::int32_t> colour;     // per node: > 0 a colour, -1 agreed with a purified item
  std::vector<std::int32_t> len;      // per item: options left in its list
  Index active_primaries = 0;         // primary items not covered
  std::vector<Index> prev, next;      // the active items: primary from root 0, secondary from N+1
  std::vector<std::int32_t> deferral;  // per item: added to its branching degree, unless forced (Item::deferred)
  bool deferring = false;              // some item is deferred: choose() adds `deferral`
  std::vector<std::int32_t> bound, slack;  // Algorithm M, per item: uses left, and hi - lo
  std::vector<Index> option_first;    // per option (and one past the last): its first node
  std::vector<Index> column_start;    // per item: where its nodes start in `column`
  BigVector<Index> column;            // the items' nodes in list order, as linked (for donate)
  std::vector<std::int32_t> used;     // donate's scratch, per item: uses, or a secondary item's colour

  // The search stack, sized once: a level per option and per primary item.
  BigVector<Index> choice;      // x_l: the node chosen at level l (an item: "use it no more")
  BigVector<Index> item;        // i_l: the item branched on at level l
  BigVector<Index> tweak_base;  // Algorithm M: where level l's tweaks start
  BigVector<Index> tweaked;     // Algorithm M: options excluded, in order
  BigVector<Index> covered;     // Algorithm X: the items covered for x_0, x_1, ..., in order
  BigVector<Index> covered_base;  // Algorithm X: where level l's covered items start
  Index covered_top = 0;
  std::vector<std::uint32_t> shared_run;  // scratch for sorting a plan of covers
  Index tweak_top = 0;
  Index level = 0;
  std::uint64_t pause_after = 0;  // nodes: Limits::pause is not looked at before
  Index floor = 0;  // levels below it were given away by donate(): the search ends on backing up to it
  // Where next()/count() go on: a new level, retrying x_level (stopped just
  // before committing it), after a solution, or nowhere; `spent` is nowhere
  // with levels 0..level-1 still committed, undone only if the lists are
  // needed again (a retract() that copies the pristine lists never undoes them).
  Resume resume = Resume::forward;
  // Levels floor..level-1 whose item has options after x_l: none left means
  // that backing up only undoes, and the search can stop as spent.
  Index open_levels = 0;
  std::uint64_t seed = 0;  // of the order the lists were linked in
  // Dance::forced and its ring between calls, so that a resumed search chooses alike.
  Index forced = 0;
  std::array<Index, forced_ring_size> forced_ring{};
  Index forced_top = 0;
  // The subset rule's work list (Dance::propagate): the items whose lists
  // the levels' covers shrank, in order, each level's from shrunk_level on.
  BigVector<Index> shrunk;
  Index shrunk_top = 0;
  Index shrunk_seen = 0;           // how many of them propagate() has looked at
  BigVector<Index> shrunk_level;   // per level: shrunk_top when it chose its item
  BigVector<Index> seen_level;     // per level: shrunk_seen then
  std::vector<std::uint64_t> signature;  // with the ring, per option: item_bit() of its items, or'ed
  std::vector<std::uint64_t> looked_at;  // with the ring, per item: propagate()'s call and len when it last looked (Dance::seen_as)
  std::uint64_t propagations = 0;        // propagate()'s calls so far
  BigVector<Index> removed;       // options the subset and pair rules took out, in order (a node of each)
  BigVector<Index> removed_base;  // per level: where its removals start
  Index removed_top = 0;
  void forget_forced() {  // a fresh search starts as a fresh solver would
    forced = 0;
    forced_top = 0;
    shrunk_top = 0;
    shrunk_seen = 0;
  }

  // The lists as linked, nothing assumed: retract() copies them back when
  // that costs less than undoing update by update (a sudoku batch: each
  // puzzle's clues and search).
  struct Pristine {
    bool valid = false;
    BigVector<Link> link;
    std::vector<std::int32_t> len, colour, bound;
    std::vector<Index> prev, next;
    std::uint64_t updates = 0;  // stats.updates when the lists were last as linked
  } pristine;

  std::vector<OptionId> assumed;
  // Assumptions and forbidden options in the order made, for retract().
  struct Step {
    OptionId option;
    bool forbidden;
  };
  std::vector<Step> steps;
  std::vector<OptionId> solution;
  Limits limits;
  Hook* hook = nullptr;
  Statistics stats;

  [[nodiscard]] OptionId option_of(Index x) const { return option_at[x]; }
};

namespace {

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
  bool deferring;
  Index primary_count;
  std::uint64_t updates;
  Index emptied = 0;  // an item whose list hide_node emptied, if any
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
        prev(s.prev.data()), next(s.next.data()), bound(s.bound.data()), slack(s.slack.data()), deferral(s.deferral.data()), deferring(s.deferring),
        primary_count(s.primary_count), updates(s.stats.updates), forced(s.forced), forced_ring(s.forced_ring.data()),
        forced_top(s.forced_top), shrunk(s.shrunk.data()), shrunk_mask(static_cast<Index>(s.shrunk.size()) - 1),
        shrunk_top(s.shrunk_top), shrunk_seen(s.shrunk_seen), removed(s.removed.data()), removed_top(s.removed_top), removals(s.stats.removals),
        option_at(s.option_at.data()), signature(s.signature.data()), looked_at(s.looked_at.data()), propagations(s.propagations), seeded(s.seed != 0), tighten(s.tighten), probing(s.probe), pairing(s.pairs), active_primaries(&s.active_primaries) {}

  DLX_INLINE void unlink_item(Wide i) {
    const Wide l = prev[i], r = next[i];
    next[l] = static_cast<Index>(r);
    prev[r] = static_cast<Index>(l);
    ++updates;
  }
  DLX_INLINE void relink_item(Wide i) {
    next[prev[i]] = static_cast<Index>(i);
    prev[next[i]] = static_cast<Index>(i);
  }
  [[nodiscard]] DLX_INLINE bool active(Index i) const { return next[prev[i]] == i; }
  // Whether primary item f is active with one way left. Outside Algorithm M
  // only a cover takes an item out, and its covered_mark says so.
  [[nodiscard]] DLX_INLINE bool forced_now(Index f) const {
    if constexpr (Multiplicities) return f <= primary_count && active(f) && ways(f) == 1;
    return f <= primary_count && len[f] == 1;
  }
  [[nodiscard]] DLX_INLINE bool linked(Index q) const { return link[link[q].up].down == q; }
  // Whether the option of nodes first..last may still be chosen: none of its
  // nodes hidden, none of its items used up.
  [[nodiscard]] bool available(Index first, Index last) const {
    for (Index q = first; q <= last; ++q)
      if (!linked(q) || !active(top[q])) return false;
    return true;
  }

  // One node leaves its item's list (unless that item is purified: Algorithm C
  // leaves such lists alone, and unhide_node must skip the same nodes).
  DLX_INLINE void hide_node(Wide q, Wide x) {
    if constexpr (Colours) {
      if (colour[q] < 0) return;
    }
    const Wide u = link[q].up, d = link[q].down;
    link[u].down = static_cast<Index>(d);
    link[d].up = static_cast<Index>(u);
    const std::int32_t left = --len[x];
    if (left == 0) emptied = static_cast<Index>(x);
    if constexpr (Ring) {
      forced_ring[forced_top & (forced_ring_size - 1)] = static_cast<Index>(x);  // no branch: kept only if forced
      forced_top += left == 1;
      shrunk[shrunk_top & shrunk_mask] = static_cast<Index>(x);
      shrunk_top += few_enough(left);
    } else {
      if (left == 1) forced = static_cast<Index>(x);
    }
    ++updates;
  }
  DLX_INLINE void unhide_node(Wide q, Wide x) {
    if constexpr (Colours) {
      if (colour[q] < 0) return;
    }
    const Wide u = link[q].up, d = link[q].down;
    link[u].down = static_cast<Index>(q);
    link[d].up = static_cast<Index>(q);
    ++len[x];
  }
  // Calls f on each node of p's option but p, left to right: first up to the
  // spacer after the option (whose up is the option's first node), then on to p.
  template <class F>
  DLX_INLINE void for_others(Wide p, F f) {
    Wide q = p + 1;
    for (Wide x; (x = top[q]) != 0; ++q) f(q, x);
    for (q = link[q].up; q != p; ++q) f(q, top[q]);
  }
  // The same right to left, via the spacer before the option (its down is the last node).
  template <class F>
  DLX_INLINE void for_others_reversed(Wide p, F f) {
    Wide q = p - 1;
    for (Wide x; (x = top[q]) != 0; --q) f(q, x);
    for (q = link[q].down; q != p; --q) f(q, top[q]);
  }
  // Removes the option of node p from every list but p's own.
  DLX_INLINE void hide(Wide p) {
    for_others(p, [this](Wide q, Wide x) DLX_LAMBDA_INLINE { hide_node(q, x); });
  }
  DLX_INLINE void unhide(Wide p) {
    for_others_reversed(p, [this](Wide q, Wide x) DLX_LAMBDA_INLINE { unhide_node(q, x); });
  }
  // A covered item's len carries covered_mark, so that choose() can take the
  // minimum over all primary items without looking at the active list.
  DLX_INLINE void unlink_covered(Wide i) {
    unlink_item(i);
    len[i] += covered_mark;
    if (i <= primary_count) --*active_primaries;
  }
  DLX_INLINE void cover(Wide i) {
    for (Wide p = link[i].down; p != i; p = link[p].down) hide(p);
    unlink_covered(i);
  }
  DLX_INLINE void uncover(Wide i) {
    len[i] -= covered_mark;
    if (i <= primary_count) ++*active_primaries;
    relink_item(i);
    for (Wide p = link[i].up; p != i; p = link[p].up) unhide(p);
  }
  // Keeps only the options that give p's secondary item p's colour.
  DLX_INLINE void purify(Index p) {
    const std::int32_t c = colour[p];
    const Index i = top[p];
    for (Index q = link[i].down; q != i; q = link[q].down) {
      if (colour[q] != c) hide(q);
      else if (q != p) colour[q] = -1;
    }
  }
  DLX_INLINE void unpurify(Index p) {
    const std::int32_t c = colour[p];
    const Index i = top[p];
    for (Index q = link[i].up; q != i; q = link[q].up) {
      if (colour[q] < 0) colour[q] = c;
      else if (q != p) unhide(q);
    }
  }
  // Takes the item of node p into account for a chosen option.
  DLX_INLINE void commit(Index p) {
    const Index j = top[p];
    if constexpr (Multiplicities) {
      if (j <= primary_count) {
        if (--bound[j] == 0) cover(j);
        return;
      }
    }
    if constexpr (Colours) {
      const std::int32_t c = colour[p];
      if (c > 0) purify(p);
      else if (c == 0) cover(j);
    } else {
      cover(j);
    }
  }
  DLX_INLINE void uncommit(Index p) {
    const Index j = top[p];
    if constexpr (Multiplicities) {
      if (j <= primary_count) {
        if (bound[j]++ == 0) uncover(j);
        return;
      }
    }
    if constexpr (Colours) {
      const std::int32_t c = colour[p];
      if (c > 0) unpurify(p);
      else if (c == 0) uncover(j);
    } else {
      uncover(j);
    }
  }
  DLX_INLINE void uncommit_others(Index x) {
    for_others_reversed(x, [this](Wide q, Wide) DLX_LAMBDA_INLINE { uncommit(static_cast<Index>(q)); });
  }
  // commit_others that gives up as soon as an item outside x's option that
  // still needs covering has no options left: the search would find that dead
  // end one level down, after committing the rest. Returns false, with
  // nothing committed, in that case.
  DLX_INLINE bool commit_others_unless_dead(Index x) {
    const Index start = top[x + 1] != 0 ? x + 1 : link[x + 1].up;
    emptied = 0;
    for (Index q = start; q != x;) {
      if (!commit_unless_dead(q, x)) {
        while (q != start) {
          if (top[--q] == 0) q = link[q].down;
          uncommit(q);
        }
        return false;
      }
      if (top[++q] == 0) q = link[q].up;
    }
    return true;
  }
  // commit(p) for x's option, or false (and nothing done) at a dead end.
  DLX_INLINE bool commit_unless_dead(Index p, Index x) {
    const Index j = top[p];
    if constexpr (Multiplicities) {
      if (j <= primary_count) {
        if (bound[j] == 1 && !cover_unless_dead(j, x)) return false;
        --bound[j];
        return true;
      }
    }
    if constexpr (Colours) {
      const std::int32_t c = colour[p];
      if (c > 0) {
        purify(p);
        if (!dead_end(x)) return true;
        unpurify(p);
        return false;
      }
      if (c < 0) return true;
    }
    return cover_unless_dead(j, x);
  }
  // cover(j), stopped and undone as soon as an option hidden empties an item.
  DLX_INLINE bool cover_unless_dead(Wide j, Index x) {
    for (Wide p = link[j].down; p != j; p = link[p].down) {
      hide(p);
      if (dead_end(x)) {
        for (; p != j; p = link[p].up) unhide(p);
        return false;
      }
    }
    unlink_covered(j);
    return true;
  }
  // Whether the item hide_node last emptied makes x's child a dead end.
  DLX_INLINE bool dead_end(Index x) {
    if (emptied == 0) return false;
    const Index e = emptied;
    emptied = 0;
    return e <= primary_count && still_needed(e) && !in_option(x, e);
  }
  // Whether a primary item must still be covered (Algorithm M: lo not yet reached).
  [[nodiscard]] DLX_INLINE bool still_needed(Index item) const {
    if constexpr (Multiplicities) return bound[item] > slack[item];
    return true;
  }
  [[nodiscard]] DLX_INLINE Index option_start(Index x) const { return first_of[x]; }
  [[nodiscard]] DLX_INLINE bool contains(Index start, Index item) const {
    for (Index q = start; top[q] != 0; ++q)
      if (top[q] == item) return true;
    return false;
  }
  [[nodiscard]] DLX_INLINE bool in_option(Index x, Index item) const { return contains(option_start(x), item); }
  // Algorithm M's tweak: the option of x leaves every list, its own item's too.
  DLX_INLINE void hide_option(Index x) {
    hide(x);
    hide_node(x, top[x]);
  }
  DLX_INLINE void unhide_option(Index x) {
    unhide_node(x, top[x]);
    unhide(x);
  }

  // The subset rule (a sudoku's locked candidates): when every option left to
  // a primary item k holds item b, b's other options can be in no solution
  // and go, onto the `removed` stack; and for k with two options, the pair
  // rule (pair_rule) where it pays (pair_from). Looks at the items shrunk
  // since the last call, and at those its own removals shrink, until none
  // is left. False at a dead end: a primary item left with no options.
  DLX_INLINE bool propagate() {
    emptied = 0;
    ++propagations;
    while (shrunk_seen != shrunk_top) {
      const Index k = shrunk[shrunk_seen++ & shrunk_mask];
      const std::int32_t n = len[k];
      if (k > primary_count || n < 2 || n > subset_most) continue;  // a covered item's len is above them all
      // An item listed twice, with the same options: a third of the pair
      // rule's calls at 25x25 (a new partner shows up at its own entry).
      if (looked_at[k] == seen_as(n)) continue;
      looked_at[k] = seen_as(n);
      if (n == 2 && pairing && pair_rule(k) == Rule::dead_end) return false;
      std::uint64_t common = ~std::uint64_t{0};
      for (Index p = link[k].down; p != k; p = link[p].down) common &= signature[option_at[p]];
      if ((common & ~item_bit(k)) == 0) continue;  // no other item in all of them (the usual case, at a glance)
      const Index first = link[k].down;
      for (Index q = first_of[first]; top[q] != 0; ++q) {
        const Index b = top[q];
        if (b == k || (common & item_bit(b)) == 0 || len[b] == n) continue;  // not in them all, or nothing to take out
        Index p = link[first].down;
        while (p != k && in_option(p, b)) p = link[p].down;
        if (p != k) continue;
        if (take_out_all_but(b, k, k) == Rule::dead_end) return false;
      }
    }
    return true;
  }
  // This call of propagate() with k at n options: lists only shrink within
  // a call, so k's options are as they were when it was last seen so.
  [[nodiscard]] DLX_INLINE std::uint64_t seen_as(std::int32_t n) const {
    static_assert(subset_most < 8);
    return propagations << 3 | static_cast<std::uint64_t>(n);
  }
  enum class Rule { nothing, took_out, dead_end };  // in this order: the most that happened wins
  // The pair rule (a sudoku's naked and hidden pairs and X-wings): k has
  // two options, a1 holding item c1 and a2 holding c2, and so has another
  // primary item k2, b1 holding c1 and b2 holding c2, no option holding
  // both k and k2. Then k and k2 take a1 and b2 or a2 and b1, which cover
  // c1 and c2 both: their other options go. Looks for k2 along the lists
  // of a1's items (any pair shows up there).
  DLX_INLINE Rule pair_rule(Index k) {
    const Index a1 = link[k].down, a2 = link[a1].down;
    // Node t of option b1 of item c1: whether t's item is such a k2, and what that takes out.
    const auto partner = [this, k, a2](Index t, Index c1) DLX_LAMBDA_INLINE {
      const Index k2 = top[t];
      if (k2 > primary_count || len[k2] != 2) return Rule::nothing;
      const Index b2 = link[t].down != k2 ? link[t].down : link[t].up;
      if (in_option(b2, k)) return Rule::nothing;
      for (Index u = first_of[b2]; top[u] != 0; ++u) {
        const Index c2 = top[u];
        if (c2 == k2 || c2 == c1 || !in_option(a2, c2)) continue;
        Rule rule = take_out_all_but(c1, k, k2);
        if (rule != Rule::dead_end) rule = std::max(rule, take_out_all_but(c2, k, k2));
        if (rule != Rule::nothing) return rule;
      }
      return Rule::nothing;
    };
    for (Index q = first_of[a1]; top[q] != 0; ++q) {
      const Index c1 = top[q];
      if (c1 == k || in_option(a2, c1)) continue;  // both options hold c1: the subset rule's case
      for (Index r = link[c1].down; r != c1; r = link[r].down) {
        if (r == q) continue;
        // r's neighbours in the arrays, up to the spacers: no first_of lookup on this hot path
        for (Index t = r + 1; top[t] != 0; ++t)
          if (const Rule rule = partner(t, c1); rule != Rule::nothing) return rule;
        for (Index t = r - 1; top[t] != 0; --t)
          if (const Rule rule = partner(t, c1); rule != Rule::nothing) return rule;
      }
    }
    return Rule::nothing;
  }
  // Takes out, onto the `removed` stack, the options of item c that hold
  // neither `keep` nor `also` (the subset rule passes keep twice).
  DLX_INLINE Rule take_out_all_but(Index c, Index keep, Index also) {
    Rule rule = Rule::nothing;
    for (Index r = link[c].down; r != c;) {
      const Index after = link[r].down;  // r's own links stay as they were
      if (!in_option(r, keep) && (also == keep || !in_option(r, also))) {
        hide_option(r);
        removed[removed_top++] = r;
        ++removals;
        if (emptied != 0 && emptied <= primary_count) return Rule::dead_end;
        rule = Rule::took_out;
      }
      r = after;
    }
    return rule;
  }
  // Puts on the work list, afresh, the items whose lists covering x's
  // item shrank for x's child: the other items of x's siblings.
  DLX_INLINE void shrunk_by_siblings(Index x) {
    const Index i = top[x];
    for (Index p = link[i].down; p != i; p = link[p].down)
      if (p != x) for_others(p, [this](Wide, Wide j) DLX_LAMBDA_INLINE { shrunk[shrunk_top++ & shrunk_mask] = static_cast<Index>(j); });
  }
  // Puts back what propagate() took out after the stack was `base` high.
  DLX_INLINE void restore_removed(Index base) {
    while (removed_top > base) unhide_option(removed[--removed_top]);
  }
  // Puts every active primary item with few enough options on the work
  // list (a search starting afresh sees its assumptions' consequences
  // whatever was assumed before); a covered item's len is above them all.
  DLX_INLINE void shrunk_all() {
    shrunk_top = shrunk_seen = 0;
    for (Index k = 1; k <= primary_count; ++k) {
      shrunk[shrunk_top] = k;
      shrunk_top += few_enough(len[k]);
    }
  }

  // The branching degree of active item k: the options that can start this
  // level's choice, plus in Algorithm M "use it no more" when allowed.
  DLX_INLINE std::int32_t ways(Index k) const {
    if constexpr (Multiplicities) return len[k] + 1 - std::max(bound[k] - slack[k], 0);
    return len[k];
  }
  // Minimum remaining values: the active item with the fewest ways left to
  // branch, first in list order on ties, deferred items only when no other is
  // left unless forced; 0 when some item has none.
  DLX_INLINE Index choose() {
    if constexpr (Ring) {
      if (const Index f = forced_in_ring()) return f;
    } else {
      const Index f = forced;  // hide_node left it one option: if it is still forced, no need to look further
      forced = 0;
      if (f != 0 && forced_now(f)) return f;
    }
    // The array costs about an eighth of the list per item: it pays while
    // an eighth or more of the primary items are left.
    if (Multiplicities || *active_primaries * 8 < primary_count) return choose_from_list();
    return seeded ? choose_in_seed_order() : choose_from_array();
  }
  // The latest item of the ring still forced, or 0 (the ring then empty).
  DLX_INLINE Index forced_in_ring() {
    for (Index n = 0; forced_top > 0 && n < forced_ring_size; ++n) {
      const Index f = forced_ring[--forced_top & (forced_ring_size - 1)];
      if (forced_now(f)) return f;
    }
    forced_top = 0;
    return 0;
  }
  // A walk along the active items, ties in list order: for Algorithm M, and once few items are left.
  DLX_INLINE Index choose_from_list() {
    Index best = 0;
    std::int32_t fewest = INT32_MAX;
    for (Index k = next[0]; k != 0; k = next[k]) {
      const std::int32_t w = ways(k);
      if (w <= 1) return w == 1 ? k : 0;  // forced or dead: no need to look further
      if (w + deferral[k] < fewest) {
        best = k;
        fewest = w + deferral[k];
      }
    }
    return tighten && best != 0 ? break_tie(best, tied_in_list(fewest)) : best;
  }
  // The next item after k in list order with `fewest` ways (plus deferral), or 0.
  DLX_INLINE auto tied_in_list(std::int32_t fewest) const {
    return [this, fewest](Index k) {
      for (k = next[k]; k != 0 && ways(k) + deferral[k] != fewest;) k = next[k];
      return k;
    };
  }
  // Of `first` and the items tied with it that `after` lists (0 at the end),
  // up to tie_candidates in all, the one to branch on: MRV alone leaves
  // many ties on large problems, and which one is split decides the size
  // of the tree.
  template <class After>
  DLX_INLINE Index break_tie(Index first, After after) {
    std::array<Index, tie_candidates> tied;
    Index count = 0;
    for (Index k = first; count < tie_candidates && k != 0; k = after(k)) tied[count++] = k;
    const std::span<const Index> candidates(tied.data(), count);
    if constexpr (Ring) {
      if (probing && len[first] <= probe_ways) return most_forcing(candidates);
    }
    return tightest(candidates);
  }
  // The candidate one of whose options probe() finds a dead end (in effect
  // a forced move), else the one whose options, each committed, leave the
  // most items forced at once (the product over its options, so that no
  // branch is weak): a small look-ahead.
  DLX_INLINE Index most_forcing(std::span<const Index> candidates) {
    Index best = candidates[0];
    std::int64_t most = -1;
    for (const Index k : candidates) {
      std::int64_t forcing = 1;
      for (Index p = link[k].down; p != k; p = link[p].down) {
        const std::int32_t forced_items = probe(p);
        if (forced_items < 0) return k;
        forcing *= 1 + forced_items;
      }
      if (forcing > most) {
        most = forcing;
        best = k;
      }
    }
    return best;
  }
  // Commits p's option as choosing it would, but with its item left
  // uncovered, then up to probe_depth of the options that this forces, in
  // turn; undoes it all. Returns how many items the commit of p alone left
  // forced (the ring's count), or -1 if a dead end came up.
  DLX_INLINE std::int32_t probe(Index p) {
    const Index top_before = forced_top, shrunk_before = shrunk_top;
    if (!commit_others_unless_dead(p)) {
      forced_top = top_before;
      shrunk_top = shrunk_before;
      return -1;
    }
    const auto forced_at_once = static_cast<std::int32_t>(forced_top - top_before);
    std::array<Index, probe_depth> made;
    Index count = 0;
    bool dead = false;
    while (count < probe_depth && forced_top > top_before) {
      const Index f = forced_ring[--forced_top & (forced_ring_size - 1)];
      if (f == top[p] || !forced_now(f)) continue;  // p's item: p covers it
      const Index y = link[f].down;
      cover(f);
      if (!commit_others_unless_dead(y)) {
        uncover(f);
        dead = true;
        break;
      }
      made[count++] = y;
    }
    while (count > 0) {
      const Index y = made[--count];
      uncommit_others(y);
      uncover(top[y]);
    }
    uncommit_others(p);
    forced_top = top_before;
    shrunk_top = shrunk_before;
    return dead ? -1 : forced_at_once;
  }
  // The candidate whose options hold the primary items with the fewest
  // options left: its choices force the most. A cheap stand-in for
  // most_forcing() where there is no ring of forced items.
  DLX_INLINE Index tightest(std::span<const Index> candidates) const {
    Index best = candidates[0];
    std::int64_t least = INT64_MAX;
    for (const Index k : candidates) {
      const std::int64_t load = load_of(k);
      if (load < least) {
        least = load;
        best = k;
      }
    }
    return best;
  }
  // The options left to the primary items that k's options hold, but k.
  [[nodiscard]] std::int64_t load_of(Index k) const {
    std::int64_t load = 0;
    for (Index p = link[k].down; p != k; p = link[p].down)
      for (Index q = first_of[p]; top[q] != 0; ++q)
        if (top[q] != k && top[q] <= primary_count) load += len[top[q]];
    return load;
  }
  // X and C: ways(k) is len[k], and a covered item's len carries
  // covered_mark, so the minimum runs over the whole array of primary items
  // in blocks the compiler vectorises, without the active list's pointer
  // chase; ties go to the first item in input order.
  using Lanes = std::int32_t __attribute__((vector_size(16)));
  static constexpr Index lanes = sizeof(Lanes) / sizeof(std::int32_t);
  DLX_INLINE static Lanes load(const std::int32_t* from) {
    Lanes v;
    std::memcpy(&v, from, sizeof v);
    return v;
  }
  [[nodiscard]] DLX_INLINE std::int32_t key(Wide k) const {
    return len[k] > 1 ? len[k] + deferral[k] : len[k];
  }
  DLX_INLINE Index choose_from_array() {
    Index block = 0;
    const std::int32_t fewest = fewest_in_array(block);
    if (fewest == 0 || fewest >= covered_mark) return 0;
    const Index end = primary_count + 1;
    Index k = block;
    while (key(k) != fewest) ++k;
    if (tighten && fewest > 1)
      return break_tie(k, [this, fewest, end](Index j) {
        for (++j; j < end; ++j)
          if (key(j) == fewest) return j;
        return Index{0};
      });
    return k;
  }
  // A seeded solver chooses as choose_from_list() would, ties in the seed's
  // order, but finds the fewest in the array: at 25x25 sudoku the walk of
  // 2,500 items at each branch took most of a generator's restarts.
  DLX_INLINE Index choose_in_seed_order() {
    Index block = 0;
    const std::int32_t fewest = fewest_in_array(block);
    if (fewest <= 1 || fewest >= covered_mark) return choose_from_list();  // which forced or dead item comes first
    Index k = next[0];
    while (key(k) != fewest) k = next[k];
    return tighten ? break_tie(k, tied_in_list(fewest)) : k;
  }
  // The fewest ways (plus deferral) of an active primary item, or
  // covered_mark when none is active, and the block where it first occurs
  // (cut short at a forced or dead item).
  DLX_INLINE std::int32_t fewest_in_array(Index& block) const {
    std::int32_t fewest = covered_mark;
    const Index end = primary_count + 1;
    // Unseeded, the active list is in input order: the blocks before its
    // first item hold covered items only (a million items covered one by
    // one in order cost a scan from the start each, quadratic).
    const Index first = seeded ? 1 : next[0];
    if (first == 0) return fewest;
    Index b = 1 + (first - 1) / choose_block * choose_block;
    for (; b + choose_block <= end; b += choose_block) {
      Lanes low = Lanes{} + INT32_MAX;
      for (Index k = 0; k < choose_block; k += lanes) {
        Lanes more = load(len + b + k);
        if (deferring) more += load(deferral + b + k) & (more > 1);
        low = more < low ? more : low;
      }
      std::int32_t least = low[0];
      for (Index k = 1; k < lanes; ++k) least = std::min(least, low[k]);
      if (least < fewest) {
        fewest = least;
        block = b;
        if (least <= 1) break;  // forced or dead: no need to look further
      }
    }
    if (fewest > 1) {
      for (Index k = b; k < end; ++k) {
        if (key(k) < fewest) {
          fewest = key(k);
          block = k;
        }
      }
    }
    return fewest;
  }
};

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
    if constexpr (!shares) d.uncommit_others(x);
  }
  // Undoes the levels below l, deepest first, leaving l at 0.
  void take_back_levels(D& d, Index& l) {
    if constexpr (Ring) d.restore_removed(s_.removed_base[l]);
    while (l > 0) {
      --l;
      take_back(d, s_.choice[l]);
      restore_item(d, l);
      if constexpr (Ring) d.restore_removed(s_.removed_base[l]);
    }
  }
  // Undoes level l's branching on its item.
  DLX_INLINE void restore_item(D& d, Index l) {
    const Index i = s_.item[l];
    if constexpr (Multiplicities) {
      while (s_.tweak_top > s_.tweak_base[l]) d.unhide_option(s_.tweaked[--s_.tweak_top]);
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
      s_.pause_after = nodes + check_interval;  // a search resumed goes some way before it pauses again
      outcome = Outcome::paused;
      return true;
    }
    if (lim.seconds > 0 &&
        s_.stats.seconds + std::chrono::duration<double>(Clock::now() - start).count() >= lim.seconds) {
      outcome = Outcome::time_limit;
      return true;
    }
    next_check = nodes + check_interval;
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

  void record_solution(Index depth) {
    s_.solution.assign(s_.assumed.begin(), s_.assumed.end());
    for (Index k = 0; k < depth; ++k)
      if (s_.choice[k] > s_.item_count) s_.solution.push_back(s_.option_of(s_.choice[k]));
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

  switch (s.resume) {
    case Resume::forward: goto forward;
    case Resume::advance:
      x = choice[l];
      goto try_x;
    case Resume::backup: goto backup;
    case Resume::done:
    case Resume::spent: return Outcome::exhausted;
  }

forward:
  if constexpr (Ring) s.removed_base[l] = d.removed_top;
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
    ++s.stats.solutions;
    ++found;
    if (mode == Mode::next) {
      record_solution(l);
      s.resume = Resume::backup;
      outcome = Outcome::solution;
      goto leave;
    }
    if (found == limit) {
      s.resume = Resume::backup;
      outcome = Outcome::solution_limit;
      goto leave;
    }
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
  if (i == 0) goto backup;
  item[l] = i;
  if constexpr (Multiplicities) {
    s.tweak_base[l] = s.tweak_top;
    if (--d.bound[i] == 0) d.cover(i);
  } else {
    if constexpr (shares) s.covered_base[l] = s.covered_top;
    d.cover(i);
  }
  choice[l] = d.link[i].down;

advance:
  x = choice[l];
  i = item[l];
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
    choice[l] = d.link[x].down;
    goto advance;
  }
  if (hook && !hook->choose(s.option_of(x), Remaining(&s))) {
    take_back(d, x);
    choice[l] = d.link[x].down;
    goto advance;
  }
  if constexpr (!Multiplicities) open += open_after(d.link, x, item[l]);
  ++l;
  goto forward;

backup:
  if constexpr (Ring) d.restore_removed(s.removed_base[l]);
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
  if constexpr (Multiplicities) {
    if (x <= s.item_count) goto restore;
  }
  choice[l] = d.link[x].down;
  goto advance;

restore:
  restore_item(d, l);
  goto backup;

leave:
  s.level = l;
  s.open_levels = open;
  s.stats.nodes = nodes;
  s.stats.updates = d.updates;
  s.forced = d.forced;
  s.forced_top = d.forced_top;
  s.shrunk_top = d.shrunk_top;
  s.shrunk_seen = d.shrunk_seen;
  s.stats.removals = d.removals;
  s.propagations = d.propagations;
  s.removed_top = d.removed_top;
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
  s_.stats.updates = d.updates;
  s_.removed_top = d.removed_top;
  s_.forget_forced();
}

template <bool Colours, bool Multiplicities, bool Sharing, bool Ring>
bool Search<Colours, Multiplicities, Sharing, Ring>::assume(OptionId option) {
  D d(s_);
  const Index first = s_.option_first[option];
  const Index last = s_.option_first[option + 1] - 2;  // before the next spacer
  if (!d.available(first, last)) return false;
  d.hide_option(first);
  for (Index q = first; q <= last; ++q) d.commit(q);
  bool accepted = true;
  if (s_.hook && !s_.hook->choose(option, Remaining(&s_))) {
    s_.hook->unchoose(option);
    for (Index q = last + 1; q-- > first;) d.uncommit(q);
    d.unhide_option(first);
    accepted = false;
  }
  if (accepted) {
    s_.assumed.push_back(option);
    s_.steps.push_back({option, false});
  }
  s_.stats.updates = d.updates;
  s_.forced = d.forced;
  s_.forced_top = d.forced_top;
  return accepted;
}

template <bool Colours, bool Multiplicities, bool Sharing, bool Ring>
void Search<Colours, Multiplicities, Sharing, Ring>::unassume(OptionId option) {
  D d(s_);
  const Index first = s_.option_first[option];
  const Index last = s_.option_first[option + 1] - 2;
  if (s_.hook) s_.hook->unchoose(option);
  for (Index q = last + 1; q-- > first;) d.uncommit(q);
  d.unhide_option(first);
  s_.stats.updates = d.updates;
  s_.forget_forced();
}

template <bool Colours, bool Multiplicities, bool Sharing, bool Ring>
bool Search<Colours, Multiplicities, Sharing, Ring>::forbid(OptionId option) {
  D d(s_);
  const Index first = s_.option_first[option];
  if (!d.available(first, s_.option_first[option + 1] - 2)) return false;
  d.hide_option(first);
  s_.steps.push_back({option, true});
  s_.stats.updates = d.updates;
  s_.forced = d.forced;
  s_.forced_top = d.forced_top;
  return true;
}

template <bool Colours, bool Multiplicities, bool Sharing, bool Ring>
void Search<Colours, Multiplicities, Sharing, Ring>::unforbid(OptionId option) {
  D d(s_);
  d.unhide_option(s_.option_first[option]);
  s_.stats.updates = d.updates;
  s_.forget_forced();
}

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

// Whether options next to each other in the primary items' lists share
// enough other items (a quarter of them, as pentomino placements of one piece
// do, and sudoku options do not) for Algorithm X to keep covers between
// siblings: below that the bookkeeping costs more than it saves.
bool siblings_share(const Solver::State& s) {
  std::uint64_t shared = 0, others = 0;
  // Per item, the node of the last option p that held it: an entry of p's
  // sibling is shared when marked by p (options of 900 items compared entry
  // against entry took seconds).
  std::vector<Index> marked_by(static_cast<std::size_t>(s.item_count) + 1, 0);
  for (Index i = 1; i <= s.primary_count; ++i) {
    for (Index p = s.link[i].down; p != i && s.link[p].down != i; p = s.link[p].down) {
      for (Index r = s.first_of[p]; s.top[r] != 0; ++r) marked_by[s.top[r]] = p;
      const Index next = s.link[p].down;
      for (Index q = s.first_of[next]; s.top[q] != 0; ++q) {
        if (s.top[q] == i) continue;
        ++others;
        shared += marked_by[s.top[q]] == p;
      }
    }
  }
  return others > 0 && 4 * shared >= others;
}

// Links the item heads, and the options into their items' lists, in input
// order or in the permutation of the seed, after the options `first` in their order.
void link_lists(Solver::State& s, std::uint64_t seed, std::span<const OptionId> first = {}) {
  s.pristine.valid = false;
  const Index n = s.item_count, n1 = s.primary_count;
  const auto options = static_cast<Index>(s.option_first.size() - 1);
  for (Index i = 1; i <= n; ++i) {
    s.link[i] = Link{i, i};
    s.len[i] = 0;
  }
  // The lists as linked are also kept in `column`, for donate() to know an
  // item's options in the order tried: item i's from column_start[i] on.
  s.column_start.assign(static_cast<std::size_t>(n) + 2, 0);
  for (Index x = n + 1; x < s.top.size(); ++x)
    if (s.top[x] != 0) ++s.column_start[s.top[x] + 1];
  for (Index i = 1; i <= n; ++i) s.column_start[i + 1] += s.column_start[i];
  s.column.resize(s.column_start[n + 1]);
  Random random(seed);
  std::vector<Index> order(options);
  std::iota(order.begin(), order.end(), Index{0});
  if (seed) random.shuffle(order);
  if (!first.empty()) {
    std::vector<bool> placed(options, false);
    std::vector<Index> rest;
    rest.swap(order);
    for (const OptionId o : first)
      if (!placed[o]) {
        placed[o] = true;
        order.push_back(o);
      }
    for (const Index o : rest)
      if (!placed[o]) order.push_back(o);
  }
  for (const Index o : order) {
    for (Index x = s.option_first[o]; s.top[x] != 0; ++x) {
      const Index h = s.top[x];
      const Index last = s.link[h].up;
      s.link[x] = Link{last, h};
      s.link[last].down = x;
      s.link[h].up = x;
      s.column[s.column_start[h] + static_cast<Index>(s.len[h]++)] = x;
    }
  }

  // Horizontal lists: primary items from root 0, secondary from root N+1.
  s.prev.assign(static_cast<std::size_t>(n) + 2, 0);
  s.next.assign(static_cast<std::size_t>(n) + 2, 0);
  std::vector<Index> primaries(n1);
  std::iota(primaries.begin(), primaries.end(), Index{1});
  if (seed) random.shuffle(primaries);
  const auto link_ring = [&s](Index root, const std::vector<Index>& ring) {
    Index last = root;
    for (const Index i : ring) {
      s.next[last] = i;
      s.prev[i] = last;
      last = i;
    }
    s.next[last] = root;
    s.prev[root] = last;
  };
  link_ring(0, primaries);
  std::vector<Index> secondaries(n - n1);
  std::iota(secondaries.begin(), secondaries.end(), n1 + 1);
  link_ring(n + 1, secondaries);
}

// A bound (lo or hi) of primary item i as the search uses it: one more than
// the item's options says as much as any larger number (never enough, or no
// limit), and fits the 32-bit counts.
std::int32_t clamped(const Solver::State& s, Index i, std::uint32_t bound) {
  return static_cast<std::int32_t>(std::min<std::uint64_t>(bound, s.column_start[i + 1] - s.column_start[i] + 1));
}

std::shared_ptr<const Problem> share(const Problem& problem) {
  return std::make_shared<const Problem>(problem);
}

}  // namespace

Solver::Solver(const Problem& problem, std::uint64_t seed, SolverOptions heuristics)
    : Solver(share(problem), seed, heuristics) {}

Solver::Solver(std::shared_ptr<const Problem> problem, std::uint64_t seed, SolverOptions heuristics)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.problem = std::move(problem);
  const Problem& p = *s.problem;
  const std::size_t node_count = p.items().size() + 2 + p.entry_count() + p.option_count();
  if (node_count >= static_cast<std::size_t>(INT32_MAX)) throw BuildError("problem too large for 32-bit links");
  const auto n = static_cast<Index>(p.items().size());
  const auto n1 = static_cast<Index>(p.primary_count());
  const auto options = static_cast<Index>(p.option_count());
  s.colours = p.uses_colours();
  s.multiplicities = p.uses_multiplicities();
  s.item_count = n;
  s.primary_count = n1;

  // Nodes: 0 unused, heads 1..N, then a spacer before each option and one at the end.
  s.link.assign(node_count, Link{0, 0});
  s.top.assign(node_count, 0);
  s.first_of.assign(node_count, 0);
  s.option_at.assign(node_count, 0);
  s.colour.assign(node_count, 0);
  s.len.assign(static_cast<std::size_t>(n) + 2, 0);
  s.active_primaries = n1;
  for (Index i = 1; i <= n; ++i) s.top[i] = i;
  s.option_first.resize(static_cast<std::size_t>(options) + 1);
  Index q = n + 1;  // the spacer before option 0
  Index previous_first = 0;
  for (Index o = 0; o < options; ++o) {
    const auto entries = p.option(o);
    s.link[q] = Link{previous_first, q + static_cast<Index>(entries.size())};
    s.option_first[o] = previous_first = q + 1;
    for (const Entry& e : entries) {
      ++q;
      s.top[q] = e.item + 1;
      s.first_of[q] = previous_first;
      s.option_at[q] = o;
      s.colour[q] = static_cast<std::int32_t>(e.colour);
    }
    ++q;
  }
  s.link[q].up = previous_first;
  s.option_first[options] = q + 1;

  s.seed = seed;
  link_lists(s, seed);
  for (Index i = 1; i <= n; ++i)
    if (s.len[i] >= deferral_mark) throw BuildError("an item in 2^28 options or more: too many for the search's counts");
  // Each heuristic as SolverOptions asks, automatic by the problem's shape.
  const auto chosen = [](Switch option, const auto& automatic) {
    return option == Switch::automatic ? automatic() : option == Switch::on;
  };
  const bool plain = !s.colours && !s.multiplicities;
  s.sharing = plain && chosen(heuristics.sharing, [&s] { return siblings_share(s); });
  s.ring = plain && !s.sharing && chosen(heuristics.ring, [n1] { return n1 >= ring_from; });
  s.tighten = !s.multiplicities && chosen(heuristics.tie_break, [n1] { return n1 >= tighten_from; });
  s.probe = s.ring && chosen(heuristics.probing, [n1] { return n1 >= probe_from; });
  s.pairs = s.ring && chosen(heuristics.pair_rule, [n1] { return n1 >= pair_from; });
  if (s.ring) {
    // The subset rule's work list never wraps: it holds every item at the
    // start, then an entry per node hidden and per node of a level's
    // siblings (covered with their item), and what a failed commit left.
    s.shrunk.assign(std::bit_ceil(3 * node_count + n1 + 1), 0);
    s.signature.assign(options, 0);
    s.looked_at.assign(static_cast<std::size_t>(n1) + 1, 0);
    for (Index node = n + 1; node < node_count; ++node)
      if (s.top[node] != 0) s.signature[s.option_at[node]] |= item_bit(s.top[node]);
  }

  s.deferral.assign(static_cast<std::size_t>(n) + 2, 0);
  for (Index i = 0; i < n1; ++i)
    if (p.items()[i].deferred) {
      s.deferral[i + 1] = deferral_mark;
      s.deferring = true;
    }
  s.bound.assign(static_cast<std::size_t>(n) + 2, 1);
  s.slack.assign(static_cast<std::size_t>(n) + 2, 0);
  for (Index i = 0; i < n1; ++i) {
    const Item& item = p.items()[i];
    s.bound[i + 1] = clamped(s, i + 1, item.hi);
    s.slack[i + 1] = s.bound[i + 1] - clamped(s, i + 1, item.lo);
  }

  const std::size_t depth = static_cast<std::size_t>(options) + n1 + 1;
  s.choice.assign(depth, 0);
  s.item.assign(depth, 0);
  s.tweak_base.assign(depth, 0);
  if (s.ring) {
    s.removed_base.assign(depth, 0);
    s.removed.assign(static_cast<std::size_t>(options) + 1, 0);
    s.shrunk_level.assign(depth, 0);
    s.seen_level.assign(depth, 0);
  }
  s.tweaked.assign(static_cast<std::size_t>(options) + 1, 0);
  s.covered.assign(static_cast<std::size_t>(n) + 1, 0);
  s.covered_base.assign(depth, 0);
  s.shared_run.assign(static_cast<std::size_t>(n) + 1, 0);
  s.used.assign(n, 0);
}

Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

const Problem& Solver::problem() const { return *state_->problem; }

namespace {

// A copy of the lists costs about a tenth of an update per node: worth it
// when more updates than a tenth of the nodes are to be undone. Problems of
// more nodes than this keep no copy (the memory would double).
constexpr std::size_t copy_per_update = 10;
constexpr std::size_t most_nodes_copied = std::size_t{1} << 22;

// Called with the lists as linked (nothing assumed, no search under way).
void note_pristine(Solver::State& s) {
  Solver::State::Pristine& p = s.pristine;
  p.updates = s.stats.updates;
  if (p.valid || s.link.size() > most_nodes_copied) return;
  p.link.assign(s.link.begin(), s.link.end());
  p.len = s.len;
  p.prev = s.prev;
  p.next = s.next;
  if (s.colours) p.colour.assign(s.colour.begin(), s.colour.end());
  if (s.multiplicities) p.bound = s.bound;
  p.valid = true;
}

// Whether retract(0) is cheaper as a copy of the pristine lists; a hook
// must see each assumption and level taken back, so not with one.
bool restorable(const Solver::State& s) {
  return s.pristine.valid && !s.hook && !s.steps.empty() &&
         (s.stats.updates - s.pristine.updates) * copy_per_update > s.link.size();
}

void restore_pristine(Solver::State& s) {
  const Solver::State::Pristine& p = s.pristine;
  std::copy(p.link.begin(), p.link.end(), s.link.begin());
  std::copy(p.len.begin(), p.len.end(), s.len.begin());
  std::copy(p.prev.begin(), p.prev.end(), s.prev.begin());
  std::copy(p.next.begin(), p.next.end(), s.next.begin());
  if (s.colours) std::copy(p.colour.begin(), p.colour.end(), s.colour.begin());
  if (s.multiplicities) std::copy(p.bound.begin(), p.bound.end(), s.bound.begin());
  s.active_primaries = s.primary_count;  // none covered
  s.level = 0;
  s.floor = 0;
  s.open_levels = 0;
  s.resume = Resume::forward;
  s.forget_forced();
  s.removed_top = 0;
  s.covered_top = 0;
  s.tweak_top = 0;
  s.assumed.clear();
  s.steps.clear();
  s.pristine.updates = s.stats.updates;
}

}  // namespace

bool Solver::assume(OptionId option) {
  if (option >= state_->problem->option_count()) throw std::out_of_range("assume: no such option");
  reset();
  if (state_->steps.empty()) note_pristine(*state_);
  return with_search(*state_, [option](auto& search) { return search.assume(option); });
}

bool Solver::forbid(OptionId option) {
  if (option >= state_->problem->option_count()) throw std::out_of_range("forbid: no such option");
  reset();
  if (state_->steps.empty()) note_pristine(*state_);
  return with_search(*state_, [option](auto& search) { return search.forbid(option); });
}

void Solver::retract(std::size_t keep) {
  State& s = *state_;
  if (keep == 0 && restorable(s)) return restore_pristine(s);
  reset();
  with_search(s, [&s, keep](auto& search) {
    while (!s.steps.empty() && (s.steps.back().forbidden || s.assumed.size() > keep)) {
      const State::Step step = s.steps.back();
      s.steps.pop_back();
      if (step.forbidden) {
        search.unforbid(step.option);
      } else {
        s.assumed.pop_back();
        search.unassume(step.option);
      }
    }
  });
}

std::span<const OptionId> Solver::assumptions() const { return state_->assumed; }

void Solver::reseed(std::uint64_t seed, std::span<const OptionId> first) { relink("reseed", seed, first); }

void Solver::prefer(std::span<const OptionId> options) { relink("prefer", state_->seed, options); }

void Solver::relink(const char* caller, std::uint64_t seed, std::span<const OptionId> first) {
  State& s = *state_;
  if (!s.steps.empty()) throw std::logic_error(std::string(caller) + ": retract the assumptions first");
  for (const OptionId o : first)
    if (o >= s.option_first.size() - 1) throw std::out_of_range(std::string(caller) + ": no such option");
  reset();
  s.seed = seed;
  link_lists(s, seed, first);
}

void Solver::reset() {
  if (state_->level == 0 && state_->resume == Resume::forward) return;
  with_search(*state_, [](auto& search) { search.unwind(); });
}

Outcome Solver::next() {
  return with_search(*state_, [](auto& search) { return search.run(Mode::next, 0); });
}

std::span<const OptionId> Solver::solution() const { return state_->solution; }

Outcome Solver::count(std::uint64_t limit) {
  return with_search(*state_, [limit](auto& search) { return search.run(Mode::count, limit); });
}

Outcome Solver::visit(const std::function<bool(std::span<const OptionId>)>& visit) {
  for (;;) {
    const Outcome outcome = next();
    if (outcome != Outcome::solution) return outcome;
    if (!visit(solution())) return Outcome::solution_limit;
  }
}

Outcome Solver::split(std::uint32_t depth) {
  return with_search(*state_, [depth](auto& search) { return search.run(Mode::split, depth); });
}

namespace {

// Where the tweaks (Algorithm M's excluded options) of the levels below k end.
Index tweaks_before(const Solver::State& s, Index k) {
  if (!s.multiplicities) return 0;
  if (k < s.level || s.resume == Resume::advance) return s.tweak_base[k];
  return s.tweak_top;
}

// Each forbidden option once, and none that is assumed (Algorithm M
// excludes each option it tries at a level, the one it goes on with too).
void tidy(Subproblem& part) {
  std::sort(part.forbidden.begin(), part.forbidden.end());
  part.forbidden.erase(std::unique(part.forbidden.begin(), part.forbidden.end()), part.forbidden.end());
  std::erase_if(part.forbidden, [&part](OptionId o) {
    return std::find(part.assumed.begin(), part.assumed.end(), o) != part.assumed.end();
  });
}

// Forbids every option of item i: Algorithm M's "use it no more".
void forbid_item(const Solver::State& s, Index i, Subproblem& part) {
  for (Index c = s.column_start[i]; c < s.column_start[i + 1]; ++c) part.forbidden.push_back(s.option_of(s.column[c]));
}

// The partial solution of the levels below k (k <= s.level) as a part.
Subproblem partial(const Solver::State& s, Index k) {
  Subproblem part;
  part.assumed = s.assumed;
  for (Index l = 0; l < k; ++l) {
    if (s.choice[l] > s.item_count) part.assumed.push_back(s.option_of(s.choice[l]));
    else forbid_item(s, s.item[l], part);
  }
  for (const Solver::State::Step& step : s.steps)
    if (step.forbidden) part.forbidden.push_back(step.option);
  for (Index t = 0, end = tweaks_before(s, k); t < end; ++t) part.forbidden.push_back(s.option_of(s.tweaked[t]));
  tidy(part);
  return part;
}

}  // namespace

Subproblem Solver::subproblem() const {
  const State& s = *state_;
  return partial(s, s.resume == Resume::spent ? 0 : s.level);  // a spent search's levels are no part
}

std::size_t Solver::donate(std::vector<Subproblem>& out) {
  State& s = *state_;
  if (s.resume == Resume::done || s.resume == Resume::spent) return 0;
  const Problem& p = *s.problem;
  const auto primary = static_cast<ItemId>(s.primary_count);
  // s.used: the items taken by the assumptions and the levels looked at so far.
  std::fill(s.used.begin(), s.used.end(), 0);
  const auto take = [&](OptionId o) {
    for (const Entry& e : p.option(o))
      s.used[e.item] = e.item < primary ? s.used[e.item] + 1 : e.colour != no_colour ? static_cast<std::int32_t>(e.colour) : -1;
  };
  // Whether option o fits beside them (a superset of the options in the lists
  // at that level: those that do not are parts that enter() finds empty).
  const auto fits = [&](OptionId o) {
    for (const Entry& e : p.option(o)) {
      const std::int32_t u = s.used[e.item];
      if (e.item < primary ? u >= clamped(s, e.item + 1, p.items()[e.item].hi)
                           : u != 0 && (e.colour == no_colour || u != static_cast<std::int32_t>(e.colour)))
        return false;
    }
    return true;
  };
  for (const OptionId o : s.assumed) take(o);
  for (Index k = 0; k < s.level; ++k) {
    const Index x = s.choice[k];
    if (x <= s.item_count) continue;  // Algorithm M's "use it no more": the last branch of its level
    if (k >= s.floor) {
      const Index i = s.item[k];
      const Index* const first = s.column.data() + s.column_start[i];
      const Index* const last = s.column.data() + s.column_start[i + 1];
      const Index* after = std::find(first, last, x) + 1;
      // Algorithm M excludes each option tried at a level from its later
      // siblings, and ends the level with "use the item no more" once it has
      // been used lo times.
      const Index tweak_begin = tweaks_before(s, k), tweak_end = tweaks_before(s, k + 1);
      const bool tweaking = tweak_end > tweak_begin;
      const bool no_more = s.multiplicities && s.used[i - 1] >= clamped(s, i, p.items()[i - 1].lo);
      if (no_more || std::any_of(after, last, [&](Index y) { return fits(s.option_of(y)); })) {
        const std::size_t before = out.size();
        Subproblem rest = partial(s, k);
        if (no_more) {
          out.push_back(rest);
          forbid_item(s, i, out.back());
        }
        for (Index t = tweak_begin; t < tweak_end; ++t) rest.forbidden.push_back(s.option_of(s.tweaked[t]));
        for (; after != last; ++after) {
          const OptionId y = s.option_of(*after);
          if (fits(y) && std::find(rest.forbidden.begin(), rest.forbidden.end(), y) == rest.forbidden.end()) {
            out.push_back(rest);
            out.back().assumed.push_back(y);
          }
          if (tweaking) rest.forbidden.push_back(y);
        }
        for (std::size_t u = before; u < out.size(); ++u) tidy(out[u]);
        s.floor = k + 1;
        s.open_levels = 0;
        for (Index j = s.floor; j < s.level; ++j) s.open_levels += open_after(s.link.data(), s.choice[j], s.item[j]);
        return out.size() - before;
      }
    }
    take(s.option_of(x));
  }
  return 0;
}

bool Solver::enter(const Subproblem& part) {
  retract();
  for (const OptionId o : part.forbidden) forbid(o);
  for (const OptionId o : part.assumed)
    if (!assume(o)) return false;
  return true;
}

void Solver::set_limits(const Limits& limits) { state_->limits = limits; }
const Limits& Solver::limits() const { return state_->limits; }

void Remaining::options(ItemId item, std::vector<OptionId>& out) const {
  const auto& s = *static_cast<const Solver::State*>(state_);
  out.clear();
  const Index head = item + 1;
  if (head > s.item_count || s.next[s.prev[head]] != head) return;  // no such item, or covered
  for (Index x = s.link[head].down; x != head; x = s.link[x].down) out.push_back(s.option_of(x));
}

std::size_t Remaining::count(ItemId item) const {
  const auto& s = *static_cast<const Solver::State*>(state_);
  const Index head = item + 1;
  return head <= s.item_count && s.next[s.prev[head]] == head ? static_cast<std::size_t>(s.len[head]) : 0;
}

void Solver::set_hook(Hook* hook) {
  if (!state_->steps.empty()) throw std::logic_error("set_hook: retract the assumptions first");
  reset();
  state_->hook = hook;
}

const Statistics& Solver::statistics() const { return state_->stats; }

char Solver::algorithm() const {
  return state_->multiplicities ? 'M' : state_->colours ? 'C' : 'X';
}

std::string Solver::variant() const {
  const State& s = *state_;
  std::string on;
  for (const auto& [used, name] : {std::pair{s.sharing, "sharing"}, std::pair{s.ring, "ring and subset rule"},
                                   std::pair{s.tighten, "tie-break"}, std::pair{s.probe, "probing"},
                                   std::pair{s.pairs, "pair rule"}})
    if (used) on += (on.empty() ? "" : ", ") + std::string(name);
  return std::string(1, algorithm()) + (on.empty() ? "" : " with " + on);
}

}  // namespace dlx
