// The engine's shared ground (every file of dlx/src includes it): the
// constants of its heuristics with what was measured for each, Knuth's links,
// and Solver::State, the linked arrays and the search stack.
#pragma once

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

#include <memory>

#include "dlx/big_allocator.hpp"
#include "dlx/random.hpp"
#include "dlx/solver.hpp"

namespace dlx {

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


class Memo;
class Learning;

struct Solver::State {
  std::shared_ptr<const Problem> problem;
  bool colours = false;
  bool multiplicities = false;
  bool sharing = false;  // Algorithm X with siblings sharing covers (see Search)
  bool ring = false;     // Algorithm X with a ring of forced items and the subset rule (see ring_from)
  bool tighten = false;  // choose() breaks ties by the tightest item (see tighten_from)
  bool probe = false;    // ... by probing them (see probe_from)
  bool pairs = false;    // propagate() applies the pair rule too (see pair_from)
  bool memo_wanted = false;  // count() keeps a memo of subproblems where it can (memo.hpp)
  bool memo_automatic = false;  // ... and leaves it off where it pays too little
  std::size_t memo_bytes = 0;
  std::size_t nogoods_kept = 0;  // SolverOptions::nogoods_kept
  bool memo_broken_key = false;  // SolverOptions::memo_broken_key (tests only)
  std::unique_ptr<Memo> memo;  // made by the first count() that uses it
  Count counted;               // the last count()'s solutions, exact past 2^64
  std::unique_ptr<Learning> learning;  // conflict-directed backjumping (learning.hpp), null when off
  bool learning_automatic = false;     // SolverOptions::learning automatic: set_hook() decides
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
  const std::uint32_t* item_weight = nullptr;  // per item, with learning: its recent dead ends; Algorithm M's ties go to the most
  bool deferring = false;              // some item is deferred: choose() adds `deferral`
  std::vector<std::int32_t> bound, slack;  // Algorithm M, per item: uses left, and hi - lo
  std::vector<std::uint32_t> least;        // Algorithm M, per item: lo, as given or raised (raise_lower_bound)
  std::vector<Index> raised;               // the items whose lo is raised: reset() puts the problem's back
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
  BigVector<Index> removed;       // options the subset and pair rules or the hook took out, in order (a node of each)
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
  bool prunes = false;             // the hook propagates: its removals go on the `removed` stack
  bool orders = false;             // the hook orders a node's choices (Hook::order): its moves go on `moved`
  std::vector<OptionId> first;     // what Hook::order() put first at this node
  std::vector<Link> moved;         // per move of a node to the front of its list: the node, and its up before
  BigVector<Index> moved_base;     // per level: where its moves start
  Index moved_top = 0;
  std::uint64_t check_every = check_interval;  // nodes between checks of the limits: 1 for a slow hook
  std::vector<OptionId> removals;  // what the hook's propagate() asked to take out at this node
  Statistics stats;

  [[nodiscard]] OptionId option_of(Index x) const { return option_at[x]; }
  // The assumptions and the options chosen at the levels below `depth` (not
  // Algorithm M's "use it no more") into `solution`.
  void record_solution(Index depth) {
    solution.assign(assumed.begin(), assumed.end());
    for (Index k = 0; k < depth; ++k)
      if (choice[k] > item_count) solution.push_back(option_of(choice[k]));
  }
};

// A bound (lo or hi) of primary item i as the search uses it: one more than
// the item's options says as much as any larger number (never enough, or no
// limit), and fits the 32-bit counts.
std::int32_t clamped(const Solver::State& s, Index i, std::uint32_t bound);

// Learning on (setup, or set_hook() for a hook that explains), for counts too or searches for solutions only.
void start_learning(Solver::State& s, bool in_counts);

// Links `ring`'s items, in that order, into the horizontal list headed by `root`.
inline void link_ring(Solver::State& s, Index root, const std::vector<Index>& ring) {
  Index last = root;
  for (const Index i : ring) {
    s.next[last] = i;
    s.prev[i] = last;
    last = i;
  }
  s.next[last] = root;
  s.prev[root] = last;
}

// Hands the solution to `visit`, its time counted as the search's: a time
// limit bounds what the user waits, the decoding and printing of every
// solution included (-n 0 printing 650,000 tilings overran -t 0.2 by 1.3 s).
inline bool visit_timed(Solver::State& s, const std::function<bool(std::span<const OptionId>)>& visit) {
  const auto start = Clock::now();
  const bool more = visit(s.solution);
  s.stats.seconds += std::chrono::duration<double>(Clock::now() - start).count();
  return more;
}

}  // namespace dlx
