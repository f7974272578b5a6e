// Knuth's DLX1/DLX2/DLX3 as one iterative search, specialised at compile
// time on whether colours (Algorithm C) and multiplicities (Algorithm M) are
// in play, so that a plain exact cover problem runs the bare X loop. This
// file holds the Solver's calls into the search; state.hpp, dance.hpp (with
// links.inc, rules.inc, choose.inc), search.hpp, setup.cpp and partition.cpp
// the rest, one concern each.
#include <limits>

#include "learning.hpp"
#include "memo.hpp"
#include "search.hpp"

namespace dlx {

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

Outcome Solver::next() {
  return with_search(*state_, [](auto& search) { return search.run(Mode::next, 0); });
}

std::span<const OptionId> Solver::solution() const { return state_->solution; }

namespace {

// count() by the search loop, a solution at a time.
Outcome plain_count(Solver::State& s, std::uint64_t limit) {
  const std::uint64_t before = s.stats.solutions;
  const Outcome outcome = with_search(s, [limit](auto& search) { return search.run(Mode::count, limit); });
  s.counted = s.stats.solutions - before;
  return outcome;
}

// The solver's memo, made at its first use.
Memo& memo_of(Solver::State& s) {
  if (!s.memo) {
    s.memo = std::make_unique<Memo>(s, s.memo_bytes);
    s.memo->broken_key = s.memo_broken_key;
  }
  return *s.memo;
}

// The memo's tallies into the statistics.
void tally_memo(Solver::State& s, const Memo& m) {
  s.stats.memo_hits += m.hits;
  s.stats.memo_entries = m.entries();
  s.stats.memo_bytes = m.bytes();
}

}  // namespace

Outcome Solver::count(std::uint64_t limit) {
  State& s = *state_;
  if (s.memo_wanted && memo_serves(s, limit)) {
    Memo& m = memo_of(s);
    Count total = 0;
    const Outcome outcome = count_with_memo(s, total);
    tally_memo(s, m);
    if (m.declined) {  // the memo paid too little: the plain search counts, all of it
      s.stats.set_solutions(s.stats.all_solutions() - m.reported);  // what the stopped counts reported goes
      m.reported = 0;
      s.stats.memo_entries = s.stats.memo_bytes = 0;
      m.clear();
      return plain_count(s, limit);
    }
    // What a stopped count reported already is not added again (count_with_memo counts afresh).
    const Count added = total - m.reported;
    s.stats.add_solutions(added);
    s.counted = added;
    if (outcome == Outcome::exhausted) m.reported = 0;
    else if (m.reported < total) m.reported = total;
    // A count run to the end has nothing more to find, as the search loop's (its levels are undone already).
    if (outcome == Outcome::exhausted) s.resume = Resume::done;
    return outcome;
  }
  return plain_count(s, limit);
}

Count Solver::counted() const { return state_->counted; }

Outcome Solver::sample(std::uint64_t n, std::uint64_t random_seed,
                       const std::function<bool(std::span<const OptionId>)>& visit) {
  reset();
  State& s = *state_;
  if (s.hook) throw std::invalid_argument("solutions are drawn at random only without a hook (its state is no part of the memo's key)");
  Memo& m = memo_of(s);
  const Outcome outcome = sample_with_memo(s, n, random_seed, visit);
  tally_memo(s, m);
  return outcome;
}

Outcome Solver::enumerate(const std::function<bool(std::span<const OptionId>)>& visit) {
  State& s = *state_;
  // Only with the memo switched on: automatic, the walk cost domino tilings
  // (few dead ends) 1.3 times the search loop's time (docs/engine.md).
  if (!s.memo_wanted || s.memo_automatic || !memo_serves(s, 0)) return this->visit(visit);
  Memo& m = memo_of(s);
  const Outcome outcome = enumerate_with_memo(s, visit);
  tally_memo(s, m);
  if (outcome == Outcome::exhausted) s.resume = Resume::done;
  return outcome;
}

Outcome Solver::visit(const std::function<bool(std::span<const OptionId>)>& visit) {
  for (;;) {
    const Outcome outcome = next();
    if (outcome != Outcome::solution) return outcome;
    if (!visit_timed(*state_, visit)) return Outcome::solution_limit;
  }
}

Outcome Solver::split(std::uint32_t depth) {
  return with_search(*state_, [depth](auto& search) { return search.run(Mode::split, depth); });
}

std::uint64_t luby(std::uint64_t k) {
  for (;;) {
    std::uint64_t power = 1;  // the smallest 2^m - 1 >= k
    while (power < k) power = 2 * power + 1;
    if (power == k) return (power + 1) / 2;
    k -= power / 2;  // k - (2^(m-1) - 1): the sequence repeats
  }
}

Outcome Solver::next_restarting(std::uint64_t unit, std::uint64_t seed) {
  return restarting(unit, seed, [](Solver& solver) { return solver.next(); });
}

Outcome Solver::restarting(std::uint64_t unit, std::uint64_t seed, const std::function<Outcome(Solver&)>& search,
                           std::span<const OptionId> first, Budgets budgets) {
  State& s = *state_;
  const Limits given = s.limits;
  const std::vector<State::Step> steps = s.steps;  // made again after each reseed
  for (std::uint64_t run = 1;; ++run) {
    if (run > 1) {
      retract();
      reseed(seed + run - 1, first);
      for (const State::Step& step : steps)
        if (!(step.forbidden ? forbid(step.option) : assume(step.option)))
          throw std::logic_error("restarting: an assumption that fitted before does not after a reseed");
    }
    const std::uint64_t units = budgets == Budgets::luby ? luby(run) : std::uint64_t{1} << std::min<std::uint64_t>(run - 1, 40);
    const std::uint64_t budget = s.stats.nodes + units * std::max<std::uint64_t>(unit, 1);
    Limits limits = given;
    const bool given_first = given.nodes != 0 && given.nodes <= budget;
    limits.nodes = given_first ? given.nodes : budget;
    s.limits = limits;
    const Outcome outcome = search(*this);
    s.limits = given;
    if (outcome != Outcome::node_limit || given_first) return outcome;
  }
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

std::uint32_t Remaining::lower_bound(ItemId item) const {
  const auto& s = *static_cast<const Solver::State*>(state_);
  return s.multiplicities ? s.least[item + 1] : s.problem->items()[item].lo;
}

void Solver::set_hook(Hook* hook) {
  if (!state_->steps.empty()) throw std::logic_error("set_hook: retract the assumptions first");
  reset();
  State& s = *state_;
  s.hook = hook;
  s.prunes = hook != nullptr && hook->propagates();
  s.check_every = hook != nullptr && hook->slow() ? 1 : check_interval;
  s.orders = hook != nullptr && s.multiplicities && hook->orders();
  if (s.orders && s.moved_base.empty()) {  // sized once; `moved` grows only when a path moves more than ever before
    s.moved_base.assign(s.choice.size(), 0);
    s.moved.resize(s.option_first.size());
    s.first.reserve(s.option_first.size());
  }
  if (s.learning_automatic && hook != nullptr) {  // on for searches for solutions with a hook that explains its no
    if (hook->explains() && !s.sharing && !s.ring) start_learning(s, false);
    else {
      s.learning.reset();
      s.item_weight = nullptr;
    }
  }
  if (!s.prunes) return;
  if (s.removed.empty()) {  // sized once: an option is out at most once at a time
    s.removed.assign(s.option_first.size(), 0);
    s.removed_base.assign(s.choice.size(), 0);
  }
  s.removals.reserve(s.option_first.size());
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
                                   std::pair{s.pairs, "pair rule"}, std::pair{s.memo && !s.memo->declined, "memo for counts"},
                                   std::pair{s.learning != nullptr, "learning"}})
    if (used) on += (on.empty() ? "" : ", ") + std::string(name);
  return std::string(1, algorithm()) + (on.empty() ? "" : " with " + on);
}


}  // namespace dlx
