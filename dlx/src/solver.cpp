// Knuth's DLX1/DLX2/DLX3 as one iterative search, specialised at compile
// time on whether colours (Algorithm C) and multiplicities (Algorithm M) are
// in play, so that a plain exact cover problem runs the bare X loop.
#include "dlx/solver.hpp"

#include <chrono>
#include <climits>
#include <numeric>
#include <optional>
#include <stdexcept>

namespace dlx {
namespace {

using Clock = std::chrono::steady_clock;

// Knuth's node: for an item's header node, `top` holds the list length; for
// a spacer between options it is -(number of the option after it), <= 0.
struct Node {
  std::int32_t up;
  std::int32_t down;
  std::int32_t top;
  std::int32_t colour;  // > 0 a colour; -1 already agreed with a purified item
};

enum class Resume { forward, backup, done };
enum class Mode { next, count };

// SplitMix64: a tiny generator whose output is the same on every platform.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t below(std::uint64_t n) {
    __extension__ using wide = unsigned __int128;  // the multiply-shift range reduction
    return static_cast<std::uint64_t>((static_cast<wide>(next()) * n) >> 64);
  }
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t k = v.size(); k > 1; --k) std::swap(v[k - 1], v[below(k)]);
  }

 private:
  std::uint64_t state_;
};

constexpr std::uint64_t check_interval = 1024;  // nodes between clock/interrupt checks

}  // namespace

const char* to_string(Outcome outcome) {
  switch (outcome) {
    case Outcome::solution: return "solution";
    case Outcome::exhausted: return "exhausted";
    case Outcome::solution_limit: return "solution limit";
    case Outcome::node_limit: return "node limit";
    case Outcome::time_limit: return "time limit";
    case Outcome::interrupted: return "interrupted";
  }
  return "?";
}

struct Solver::State {
  std::shared_ptr<const Problem> problem;
  bool colours = false;
  bool multiplicities = false;
  std::int32_t item_count = 0;      // N: headers are nodes 1..N
  std::int32_t secondary_root = 0;  // N + 1: head of the secondary items' list
  std::vector<Node> node;
  std::vector<std::int32_t> prev, next;     // the items' horizontal lists, root 0
  std::vector<std::int32_t> bound, slack;   // Algorithm M, per header
  std::vector<std::int32_t> option_first;   // per option: its first node

  // The search stack, sized once: a level per option and per primary item.
  std::vector<std::int32_t> choice;     // x_l: the node chosen at level l (a header: "no more")
  std::vector<std::int32_t> item;       // i_l: the item branched on at level l
  std::vector<std::int32_t> tweak_base; // Algorithm M: where level l's tweaks start
  std::vector<std::int32_t> tweaked;    // Algorithm M: options excluded, in order
  std::int32_t tweak_top = 0;
  std::int32_t level = 0;
  Resume resume = Resume::forward;

  std::vector<OptionId> assumed;
  std::vector<OptionId> solution;
  Limits limits;
  Hook* hook = nullptr;
  Statistics stats;

  [[nodiscard]] OptionId option_of(std::int32_t x) const {
    while (node[x].top > 0) --x;
    return static_cast<OptionId>(-node[x].top);
  }
};

namespace {

template <bool Colours, bool Multiplicities>
class Search {
 public:
  explicit Search(Solver::State& s)
      : s_(s), nd_(s.node.data()), prev_(s.prev.data()), next_(s.next.data()),
        bound_(s.bound.data()), slack_(s.slack.data()), updates_(s.stats.updates) {}
  ~Search() { s_.stats.updates = updates_; }
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  Outcome run(Mode mode, std::uint64_t limit);
  void unwind();
  bool assume(OptionId option);
  void unassume(OptionId option);

 private:
  std::int32_t& len(std::int32_t i) { return nd_[i].top; }

  void unlink_item(std::int32_t i) {
    const std::int32_t l = prev_[i], r = next_[i];
    next_[l] = r;
    prev_[r] = l;
    ++updates_;
  }
  void relink_item(std::int32_t i) {
    next_[prev_[i]] = i;
    prev_[next_[i]] = i;
  }

  // Removes the option of node p from every list but p's own.
  void hide(std::int32_t p) {
    for (std::int32_t q = p + 1; q != p;) {
      const std::int32_t x = nd_[q].top;
      if (x <= 0) {
        q = nd_[q].up;
        continue;
      }
      if constexpr (Colours) {
        if (nd_[q].colour < 0) {  // its item is purified: that list is left alone
          ++q;
          continue;
        }
      }
      const std::int32_t u = nd_[q].up, d = nd_[q].down;
      nd_[u].down = d;
      nd_[d].up = u;
      --len(x);
      ++updates_;
      ++q;
    }
  }
  void unhide(std::int32_t p) {
    for (std::int32_t q = p - 1; q != p;) {
      const std::int32_t x = nd_[q].top;
      if (x <= 0) {
        q = nd_[q].down;
        continue;
      }
      if constexpr (Colours) {
        if (nd_[q].colour < 0) {
          --q;
          continue;
        }
      }
      const std::int32_t u = nd_[q].up, d = nd_[q].down;
      nd_[u].down = q;
      nd_[d].up = q;
      ++len(x);
      --q;
    }
  }
  void cover(std::int32_t i) {
    for (std::int32_t p = nd_[i].down; p != i; p = nd_[p].down) hide(p);
    unlink_item(i);
  }
  void uncover(std::int32_t i) {
    relink_item(i);
    for (std::int32_t p = nd_[i].up; p != i; p = nd_[p].up) unhide(p);
  }
  // Keeps only the options that give p's secondary item p's colour.
  void purify(std::int32_t p) {
    const std::int32_t c = nd_[p].colour, i = nd_[p].top;
    for (std::int32_t q = nd_[i].down; q != i; q = nd_[q].down) {
      if (nd_[q].colour != c) hide(q);
      else if (q != p) nd_[q].colour = -1;
    }
  }
  void unpurify(std::int32_t p) {
    const std::int32_t c = nd_[p].colour, i = nd_[p].top;
    for (std::int32_t q = nd_[i].up; q != i; q = nd_[q].up) {
      if (nd_[q].colour < 0) nd_[q].colour = c;
      else if (q != p) unhide(q);
    }
  }
  // Takes the item of node p into account for a chosen option.
  void commit(std::int32_t p) {
    const std::int32_t j = nd_[p].top;
    if constexpr (Multiplicities) {
      if (j <= primary_last()) {
        if (--bound_[j] == 0) cover(j);
        return;
      }
    }
    if constexpr (Colours) {
      const std::int32_t c = nd_[p].colour;
      if (c > 0) purify(p);
      else if (c == 0) cover(j);
    } else {
      cover(j);
    }
  }
  void uncommit(std::int32_t p) {
    const std::int32_t j = nd_[p].top;
    if constexpr (Multiplicities) {
      if (j <= primary_last()) {
        if (bound_[j]++ == 0) uncover(j);
        return;
      }
    }
    if constexpr (Colours) {
      const std::int32_t c = nd_[p].colour;
      if (c > 0) unpurify(p);
      else if (c == 0) uncover(j);
    } else {
      uncover(j);
    }
  }
  void commit_others(std::int32_t x) {
    for (std::int32_t p = x + 1; p != x;) {
      if (nd_[p].top <= 0) {
        p = nd_[p].up;
      } else {
        commit(p);
        ++p;
      }
    }
  }
  void uncommit_others(std::int32_t x) {
    for (std::int32_t p = x - 1; p != x;) {
      if (nd_[p].top <= 0) {
        p = nd_[p].down;
      } else {
        uncommit(p);
        --p;
      }
    }
  }
  // Algorithm M's tweak: the option of x leaves every list, its own item's too.
  void hide_option(std::int32_t x) {
    hide(x);
    const std::int32_t u = nd_[x].up, d = nd_[x].down;
    nd_[u].down = d;
    nd_[d].up = u;
    --len(nd_[x].top);
    ++updates_;
  }
  void unhide_option(std::int32_t x) {
    const std::int32_t u = nd_[x].up, d = nd_[x].down;
    nd_[u].down = x;
    nd_[d].up = x;
    ++len(nd_[x].top);
    unhide(x);
  }

  [[nodiscard]] std::int32_t primary_last() const {
    return static_cast<std::int32_t>(s_.problem->primary_count());
  }

  // Minimum remaining values: the active item with the fewest ways left to
  // branch, first in list order on ties; 0 when some item has none.
  std::int32_t choose() {
    std::int32_t best = 0, fewest = INT32_MAX;
    for (std::int32_t k = next_[0]; k != 0; k = next_[k]) {
      std::int32_t ways = len(k);
      if constexpr (Multiplicities) {
        // Options that can start this level's choice, plus "use it no more" if allowed.
        ways = ways + 1 - std::max(bound_[k] - slack_[k], 0);
      }
      if (ways < fewest) {
        if (ways <= 0) return 0;
        best = k;
        fewest = ways;
      }
    }
    return best;
  }

  // Undoes level l's choice of x_l (not the item it branched on).
  void take_back(std::int32_t x) {
    if constexpr (Multiplicities) {
      if (x <= s_.item_count) {  // the "use it no more" branch of item x
        if (bound_[x] != 0) relink_item(x);
        return;
      }
    }
    if (s_.hook) s_.hook->unchoose(s_.option_of(x));
    uncommit_others(x);
  }
  // Undoes level l's branching on its item.
  void restore_item(std::int32_t l) {
    const std::int32_t i = s_.item[l];
    if constexpr (Multiplicities) {
      while (s_.tweak_top > s_.tweak_base[l]) unhide_option(s_.tweaked[--s_.tweak_top]);
      if (bound_[i]++ == 0) uncover(i);
    } else {
      uncover(i);
    }
  }

  std::optional<Outcome> check_limits(std::uint64_t nodes, Clock::time_point start) const {
    const Limits& lim = s_.limits;
    if (lim.nodes && nodes >= lim.nodes) return Outcome::node_limit;
    if (lim.interrupt && lim.interrupt->load(std::memory_order_relaxed)) return Outcome::interrupted;
    if (lim.seconds > 0) {
      const double spent = s_.stats.seconds + std::chrono::duration<double>(Clock::now() - start).count();
      if (spent >= lim.seconds) return Outcome::time_limit;
    }
    return std::nullopt;
  }

  void record_solution(std::int32_t depth) {
    s_.solution.assign(s_.assumed.begin(), s_.assumed.end());
    for (std::int32_t k = 0; k < depth; ++k)
      if (s_.choice[k] > s_.item_count) s_.solution.push_back(s_.option_of(s_.choice[k]));
  }

  Solver::State& s_;
  Node* const nd_;
  std::int32_t* const prev_;
  std::int32_t* const next_;
  std::int32_t* const bound_;
  std::int32_t* const slack_;
  std::uint64_t updates_;
};

template <bool Colours, bool Multiplicities>
Outcome Search<Colours, Multiplicities>::run(Mode mode, std::uint64_t limit) {
  Solver::State& s = s_;
  std::int32_t* const choice = s.choice.data();
  std::int32_t* const item = s.item.data();
  const auto start = Clock::now();
  std::uint64_t nodes = s.stats.nodes, found = 0;
  std::uint32_t max_depth = s.stats.max_depth;
  std::int32_t l = s.level, i = 0, x = 0;
  Outcome outcome = Outcome::exhausted;
  std::uint64_t next_check = nodes;  // check the limits before the first node

  switch (s.resume) {
    case Resume::forward: goto forward;
    case Resume::backup: goto backup;
    case Resume::done: return Outcome::exhausted;
  }

forward:
  if (nodes >= next_check) {
    if (const auto stop = check_limits(nodes, start)) {
      s.resume = Resume::forward;
      outcome = *stop;
      goto leave;
    }
    next_check = nodes + check_interval;
    if (s.limits.nodes && next_check > s.limits.nodes) next_check = s.limits.nodes;
  }
  ++nodes;
  if (static_cast<std::uint32_t>(l) > max_depth) max_depth = static_cast<std::uint32_t>(l);
  if (next_[0] == 0) {
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
  i = choose();
  if (i == 0) goto backup;
  item[l] = i;
  if constexpr (Multiplicities) {
    s.tweak_base[l] = s.tweak_top;
    if (--bound_[i] == 0) cover(i);
  } else {
    cover(i);
  }
  choice[l] = nd_[i].down;

advance:
  x = choice[l];
  i = item[l];
  if (x == i) {
    if constexpr (Multiplicities) {
      if (bound_[i] < slack_[i]) {  // enough uses already: try using it no more
        if (bound_[i] != 0) unlink_item(i);
        ++l;
        goto forward;
      }
    }
    goto restore;
  }
  if constexpr (Multiplicities) {
    if (bound_[i] > 0) {
      if (len(i) <= bound_[i] - slack_[i]) goto restore;  // too few options left to reach lo
      hide_option(x);
      s.tweaked[s.tweak_top++] = x;
    }
  }
  commit_others(x);
  if (s.hook && !s.hook->choose(s.option_of(x))) {
    take_back(x);
    choice[l] = nd_[x].down;
    goto advance;
  }
  ++l;
  goto forward;

backup:
  if (l == 0) {
    s.resume = Resume::done;
    outcome = Outcome::exhausted;
    goto leave;
  }
  --l;
  x = choice[l];
  take_back(x);
  if constexpr (Multiplicities) {
    if (x <= s.item_count) goto restore;
  }
  choice[l] = nd_[x].down;
  goto advance;

restore:
  restore_item(l);
  goto backup;

leave:
  s.level = l;
  s.stats.nodes = nodes;
  s.stats.max_depth = max_depth;
  s.stats.seconds += std::chrono::duration<double>(Clock::now() - start).count();
  return outcome;
}

template <bool Colours, bool Multiplicities>
void Search<Colours, Multiplicities>::unwind() {
  if (s_.resume != Resume::done) {
    while (s_.level > 0) {
      const std::int32_t l = --s_.level;
      take_back(s_.choice[l]);
      restore_item(l);
    }
  }
  s_.level = 0;
  s_.resume = Resume::forward;
}

template <bool Colours, bool Multiplicities>
bool Search<Colours, Multiplicities>::assume(OptionId option) {
  const std::int32_t first = s_.option_first[option];
  const std::int32_t last = s_.option_first[option + 1] - 2;  // before the next spacer
  for (std::int32_t q = first; q <= last; ++q) {
    const std::int32_t t = nd_[q].top;
    if (nd_[nd_[q].up].down != q) return false;  // hidden by an earlier choice
    if (next_[prev_[t]] != t) return false;       // its item is used up
  }
  hide_option(first);
  for (std::int32_t q = first; q <= last; ++q) commit(q);
  if (s_.hook && !s_.hook->choose(option)) {
    s_.hook->unchoose(option);
    for (std::int32_t q = last; q >= first; --q) uncommit(q);
    unhide_option(first);
    return false;
  }
  s_.assumed.push_back(option);
  return true;
}

template <bool Colours, bool Multiplicities>
void Search<Colours, Multiplicities>::unassume(OptionId option) {
  const std::int32_t first = s_.option_first[option];
  const std::int32_t last = s_.option_first[option + 1] - 2;
  if (s_.hook) s_.hook->unchoose(option);
  for (std::int32_t q = last; q >= first; --q) uncommit(q);
  unhide_option(first);
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
  Search<false, false> search(s);
  return f(search);
}

std::shared_ptr<const Problem> share(const Problem& problem) {
  return std::make_shared<const Problem>(problem);
}

}  // namespace

Solver::Solver(const Problem& problem, std::uint64_t seed) : Solver(share(problem), seed) {}

Solver::Solver(std::shared_ptr<const Problem> problem, std::uint64_t seed)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.problem = std::move(problem);
  const Problem& p = *s.problem;
  const auto n = static_cast<std::int32_t>(p.items().size());
  const auto n1 = static_cast<std::int32_t>(p.primary_count());
  const auto options = static_cast<std::int32_t>(p.option_count());
  if (p.items().size() + p.entry_count() + p.option_count() + 2 > static_cast<std::size_t>(INT32_MAX))
    throw BuildError("problem too large for 32-bit links");
  s.colours = p.uses_colours();
  s.multiplicities = p.uses_multiplicities();
  s.item_count = n;
  s.secondary_root = n + 1;

  // Nodes: 0 unused, headers 1..N, then a spacer before each option and one at the end.
  s.node.assign(static_cast<std::size_t>(n) + 2 + p.entry_count() + p.option_count(), Node{0, 0, 0, 0});
  for (std::int32_t i = 1; i <= n; ++i) s.node[i] = Node{i, i, 0, 0};
  s.option_first.resize(static_cast<std::size_t>(options) + 1);
  std::int32_t q = n + 1;  // the spacer before option 0
  std::int32_t previous_first = 0;
  for (std::int32_t o = 0; o < options; ++o) {
    const auto entries = p.option(static_cast<OptionId>(o));
    s.node[q].top = -o;
    s.node[q].up = previous_first;
    s.node[q].down = q + static_cast<std::int32_t>(entries.size());
    s.option_first[o] = previous_first = q + 1;
    for (const Entry& e : entries) {
      ++q;
      s.node[q].top = static_cast<std::int32_t>(e.item) + 1;
      s.node[q].colour = static_cast<std::int32_t>(e.colour);
    }
    ++q;
  }
  s.node[q].top = -options;
  s.node[q].up = previous_first;
  s.option_first[options] = q + 1;

  // Vertical lists, options in input order or in a seeded permutation.
  Random random(seed);
  std::vector<std::int32_t> order(static_cast<std::size_t>(options));
  std::iota(order.begin(), order.end(), 0);
  if (seed) random.shuffle(order);
  for (const std::int32_t o : order) {
    for (std::int32_t x = s.option_first[o]; s.node[x].top > 0; ++x) {
      const std::int32_t h = s.node[x].top;
      const std::int32_t last = s.node[h].up;
      s.node[x].up = last;
      s.node[x].down = h;
      s.node[last].down = x;
      s.node[h].up = x;
      ++s.node[h].top;
    }
  }

  // Horizontal lists: primary items from root 0, secondary from root N+1.
  s.prev.assign(static_cast<std::size_t>(n) + 2, 0);
  s.next.assign(static_cast<std::size_t>(n) + 2, 0);
  std::vector<std::int32_t> primaries(static_cast<std::size_t>(n1));
  std::iota(primaries.begin(), primaries.end(), 1);
  if (seed) random.shuffle(primaries);
  const auto link_ring = [&s](std::int32_t root, const std::vector<std::int32_t>& ring) {
    std::int32_t last = root;
    for (const std::int32_t i : ring) {
      s.next[last] = i;
      s.prev[i] = last;
      last = i;
    }
    s.next[last] = root;
    s.prev[root] = last;
  };
  link_ring(0, primaries);
  std::vector<std::int32_t> secondaries(static_cast<std::size_t>(n - n1));
  std::iota(secondaries.begin(), secondaries.end(), n1 + 1);
  link_ring(s.secondary_root, secondaries);

  s.bound.assign(static_cast<std::size_t>(n) + 2, 1);
  s.slack.assign(static_cast<std::size_t>(n) + 2, 0);
  for (std::int32_t i = 0; i < n1; ++i) {
    const Item& item = p.items()[static_cast<std::size_t>(i)];
    s.bound[i + 1] = static_cast<std::int32_t>(item.hi);
    s.slack[i + 1] = static_cast<std::int32_t>(item.hi - item.lo);
  }

  const std::size_t depth = static_cast<std::size_t>(options) + static_cast<std::size_t>(n1) + 1;
  s.choice.assign(depth, 0);
  s.item.assign(depth, 0);
  s.tweak_base.assign(depth, 0);
  s.tweaked.assign(static_cast<std::size_t>(options) + 1, 0);
}

Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

const Problem& Solver::problem() const { return *state_->problem; }

bool Solver::assume(OptionId option) {
  if (option >= state_->problem->option_count()) throw std::out_of_range("assume: no such option");
  reset();
  return with_search(*state_, [option](auto& search) { return search.assume(option); });
}

void Solver::retract() {
  reset();
  with_search(*state_, [this](auto& search) {
    while (!state_->assumed.empty()) {
      const OptionId option = state_->assumed.back();
      state_->assumed.pop_back();
      search.unassume(option);
    }
  });
}

std::span<const OptionId> Solver::assumptions() const { return state_->assumed; }

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

void Solver::set_limits(const Limits& limits) { state_->limits = limits; }
const Limits& Solver::limits() const { return state_->limits; }

void Solver::set_hook(Hook* hook) {
  if (!state_->assumed.empty()) throw std::logic_error("set_hook: retract the assumptions first");
  reset();
  state_->hook = hook;
}

const Statistics& Solver::statistics() const { return state_->stats; }

char Solver::algorithm() const {
  return state_->multiplicities ? 'M' : state_->colours ? 'C' : 'X';
}

}  // namespace dlx
