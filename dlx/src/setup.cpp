// Setting a solver up: linking a problem into Knuth's arrays (in input order
// or a seed's), the heuristics it runs, the pristine copy of the lists that
// retract() restores, and the assumptions and exclusions before a search.
#include <algorithm>

#include "learning.hpp"  // State's Learning, complete for ~Solver
#include "memo.hpp"      // State's Memo, too
#include "search.hpp"

namespace dlx {
namespace {

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
  link_ring(s, 0, primaries);
  std::vector<Index> secondaries(n - n1);
  std::iota(secondaries.begin(), secondaries.end(), n1 + 1);
  link_ring(s, n + 1, secondaries);
}


std::shared_ptr<const Problem> share(const Problem& problem) {
  return std::make_shared<const Problem>(problem);
}


}  // namespace

std::int32_t clamped(const Solver::State& s, Index i, std::uint32_t bound) {
  return static_cast<std::int32_t>(std::min<std::uint64_t>(bound, s.column_start[i + 1] - s.column_start[i] + 1));
}

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
  const bool learning = heuristics.learning == Switch::on;  // automatic: set_hook() decides
  s.sharing = plain && !learning && chosen(heuristics.sharing, [&s] { return siblings_share(s); });
  s.ring = plain && !learning && !s.sharing && chosen(heuristics.ring, [n1] { return n1 >= ring_from; });
  s.tighten = !s.multiplicities && chosen(heuristics.tie_break, [n1] { return n1 >= tighten_from; });
  s.probe = s.ring && chosen(heuristics.probing, [n1] { return n1 >= probe_from; });
  s.pairs = s.ring && chosen(heuristics.pair_rule, [n1] { return n1 >= pair_from; });
  s.memo_wanted = chosen(heuristics.memo, [] { return true; });
  s.memo_automatic = heuristics.memo == Switch::automatic;
  s.memo_bytes = heuristics.memo_bytes;
  const std::size_t option_count = std::max<std::size_t>(p.option_count(), 1);
  const std::size_t by_options = heuristics.nogoods_per_option > heuristics.nogoods_kept / option_count
                                     ? heuristics.nogoods_kept
                                     : heuristics.nogoods_per_option * option_count;
  s.nogoods_kept = std::max<std::size_t>(std::min(heuristics.nogoods_kept, by_options), 2);
  s.memo_broken_key = heuristics.memo_broken_key;
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
  s.least.assign(static_cast<std::size_t>(n) + 2, 0);
  for (Index i = 0; i < n1; ++i) {
    const Item& item = p.items()[i];
    s.bound[i + 1] = clamped(s, i + 1, item.hi);
    s.slack[i + 1] = s.bound[i + 1] - clamped(s, i + 1, item.lo);
    s.least[i + 1] = item.lo;
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
  s.learning_automatic = heuristics.learning == Switch::automatic;
  if (learning) start_learning(s, true);
}

void start_learning(Solver::State& s, bool in_counts) {
  if (!s.learning) s.learning = std::make_unique<Learning>(s);
  s.item_weight = s.learning->weight.data();
  s.learning->in_counts = in_counts;
  if (s.removed_base.empty()) {  // the nogoods' removals
    s.removed_base.assign(s.choice.size(), 0);
    s.removed.assign(s.option_first.size(), 0);
  }
}

Solver::~Solver() = default;  // State's Memo is complete here (memo.hpp)
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

// The problem's lower bounds back, after raise_lower_bound() (bound[i] is
// uses left either way: only the slack moves).
void restore_lower_bounds(Solver::State& s) {
  if (s.learning && !s.raised.empty()) s.learning->nogoods.clear();  // they may rest on the raised bounds
  for (const Index i : s.raised) {
    const Item& item = s.problem->items()[i - 1];
    s.slack[i] += clamped(s, i, s.least[i]) - clamped(s, i, item.lo);
    s.least[i] = item.lo;
  }
  s.raised.clear();
}

void restore_pristine(Solver::State& s) {
  if (s.memo) s.memo->reported = 0;
  restore_lower_bounds(s);
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

void Solver::raise_lower_bound(ItemId item, std::uint32_t lo) {
  State& s = *state_;
  if (!s.multiplicities || item >= s.primary_count) throw std::logic_error("raise_lower_bound: no primary item of Algorithm M");
  const Index i = item + 1;
  const std::uint32_t hi = s.problem->items()[item].hi;
  if (lo > hi) throw std::logic_error("raise_lower_bound: lo beyond the item's hi");
  if (lo <= s.least[i]) return;
  // The slack is hi - lo as the search counts them (clamped); uses left (bound) stay.
  s.slack[i] -= clamped(s, i, lo) - clamped(s, i, s.least[i]);
  if (std::find(s.raised.begin(), s.raised.end(), i) == s.raised.end()) s.raised.push_back(i);
  s.least[i] = lo;
}

void Solver::reset() {
  if (state_->memo) state_->memo->reported = 0;  // a count stopped by a limit is abandoned too
  restore_lower_bounds(*state_);
  if (state_->level == 0 && state_->resume == Resume::forward) return;
  with_search(*state_, [](auto& search) { search.unwind(); });
}


}  // namespace dlx
