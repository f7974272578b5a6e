// The dancing-links search (TAOCP 7.2.2.1, Algorithms X, C and M).
//
// Contract:
// - A Solver links a Problem into Knuth's array layout once (items array,
//   nodes array, 32-bit links) and never allocates during the search.
// - It picks the loop the problem needs: plain X when there are no colours
//   and no multiplicities, C for colours, M for multiplicities (with colours).
// - Branching is on an item with the fewest remaining choices (minimum
//   remaining values, taking an item the last choice left with one option
//   at once, else the first in list order; an item marked Item::deferred
//   only when no other is left, unless forced). Seed 0 keeps the input
//   order, any other seed permutes the item and option order reproducibly,
//   so the same seed gives the same run.
// - Heuristics beyond that are SolverOptions, each a named switch whose
//   automatic setting depends on the problem's shape (below); none changes
//   the solutions, only the size of the tree. Rules that take options out
//   (the subset and pair rules) count them in Statistics::removals; hooks
//   are not told of them, and Remaining no longer shows them. docs/engine.md
//   has what each does and the measurements behind the thresholds.
// - The search is iterative and resumable: next() stops at each solution, and
//   a stop by a limit can be resumed by calling next()/count() again (after
//   raising the limit). The counters in statistics() accumulate over calls.
// - assume(option) forces an option before the search and retract() undoes
//   all assumptions, so one Solver serves many puzzles. Solutions include
//   the assumed options. forbid(option) takes an option out of the search
//   the same way ("not this one"). retract(k) keeps the first k assumptions,
//   so that puzzles which share clues (a generator's) need not assume them
//   again.
// - A Hook is told of every option chosen and un-chosen (assumed ones too)
//   and may reject a partial solution.
// - A search can be cut into parts (Subproblem): split() lists the partial
//   solutions at a depth, and donate() gives away a paused search's untried
//   choices nearest the root, which the donor then skips; enter() readies a
//   solver for one part. Team (team.hpp) builds parallel search on these.
// - Bad input never aborts: misuse throws std::logic_error, nothing else.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "dlx/count.hpp"
#include "dlx/problem.hpp"
#include "dlx/statistics.hpp"
#include "dlx/subproblem.hpp"

namespace dlx {

// Why a call to next()/count()/visit() returned.
enum class Outcome {
  solution,        // next(): a solution is in solution(); call again for more
  exhausted,       // the whole search space has been explored
  solution_limit,  // count(limit) reached its limit, or the visitor said stop
  node_limit,      // Limits::nodes reached
  time_limit,      // Limits::seconds reached
  interrupted,     // Limits::interrupt was set
  paused,          // Limits::pause was set; call again to go on
};
[[nodiscard]] const char* to_string(Outcome outcome);

// How far a search has got, for another thread to show (a progress line).
// At each check of its limits (every 1024 nodes or so) the search stores its
// counters here, and, when `asked` is set, Knuth's estimate of the fraction
// of its tree done (each level's choice weighed by its place among the
// item's options, as DLX1's progress reports), clearing `asked`. Costs
// nothing between checks.
struct Progress {
  std::atomic<std::uint64_t> nodes{0};      // Statistics::nodes of the solver
  std::atomic<std::uint64_t> solutions{0};  // Statistics::solutions of the solver
  std::atomic<bool> asked{false};
  std::atomic<double> done{-1};  // the estimate, in [0, 1]; -1 before the first
};

// All limits are on the whole search (the cumulative statistics); 0 = none.
struct Limits {
  std::uint64_t nodes = 0;
  double seconds = 0;
  const std::atomic<bool>* interrupt = nullptr;  // set it (from a signal handler) to stop
  // Set it to make the search return Outcome::paused within a thousand nodes
  // or so, resumable, e.g. to donate() work to an idle thread.
  const std::atomic<bool>* pause = nullptr;
  Progress* progress = nullptr;  // where to publish how far the search has got
};

// What a hook may read of the search: the options still possible, which are
// the options left in the lists of the uncovered items.
class Remaining {
 public:
  explicit Remaining(const void* state) : state_(state) {}
  // The options still in `item`'s list (none for an item that is covered),
  // in list order, into `out` (cleared first; no allocation once it is large
  // enough).
  void options(ItemId item, std::vector<OptionId>& out) const;
  // How many there are.
  [[nodiscard]] std::size_t count(ItemId item) const;
  // The least number of times a solution covers primary item `item`: its
  // Item::lo, or more since Solver::raise_lower_bound() (a branch and bound's
  // incumbent, which a bound reads here).
  [[nodiscard]] std::uint32_t lower_bound(ItemId item) const;

 private:
  const void* state_;  // the solver's Solver::State
};

// What a hook's propagate() takes out of the search below a node.
class Pruner {
 public:
  explicit Pruner(std::vector<OptionId>& removals) : removals_(removals) {}
  // The option is in no solution below this node: the engine takes it out
  // (unless it is out already) and puts it back when the search backs up.
  void remove(OptionId option) { removals_.push_back(option); }

 private:
  std::vector<OptionId>& removals_;
};

// Why a hook said no (Hook::explain): options chosen, and options out of the
// search, that together leave no solution.
class Reason {
 public:
  Reason(std::vector<OptionId>& chosen, std::vector<OptionId>& gone) : chosen_(chosen), gone_(gone) {}
  void chosen(OptionId option) { chosen_.push_back(option); }
  void gone(OptionId option) { gone_.push_back(option); }

 private:
  std::vector<OptionId>& chosen_;
  std::vector<OptionId>& gone_;
};

// A reduction's global constraint that exact cover cannot state compactly.
class Hook {
 public:
  virtual ~Hook() = default;
  // The option was added to the partial solution (its items are committed).
  // Return false to reject the partial solution; unchoose() follows at once.
  // `remaining` shows what the search can still choose below this node.
  virtual bool choose(OptionId option, const Remaining& remaining) = 0;
  // What consider() says of an option.
  enum class Verdict {
    take,       // commit it and search below
    skip,       // it leads nowhere: go on with the next sibling
    skip_rest,  // neither it nor any choice left at this node leads anywhere
  };
  // Asked before the search commits an option (not for assumptions): skip is
  // cheaper than a rejection by choose() when a bound can tell from
  // `remaining` alone (the options still possible beside it) that it leads
  // nowhere, and skip_rest ends the node without touching the siblings.
  virtual Verdict consider(OptionId, const Remaining&) { return Verdict::take; }
  // The option was taken out again, in the reverse order of choose().
  virtual void unchoose(OptionId option) = 0;
  // Whether the hook propagates (below); Solver::set_hook() asks once.
  [[nodiscard]] virtual bool propagates() const { return false; }
  // Whether a call costs far more than a node (a hook written in Python): the
  // search then checks its limits at every node, not every 1024 or so, so that
  // a time limit or an interrupt holds within a call or two. Asked once too.
  [[nodiscard]] virtual bool slow() const { return false; }
  // At each node, before the search branches: takes out, through `pruner`,
  // options that can be in no solution extending the options chosen so far
  // (each option at most once a call). The engine undoes the removals exactly
  // when the search backs up past the node, counts them (Statistics::removals)
  // and branches on what is left, so that an item left with one option is
  // forced next and one left with none ends the branch. False ends the branch
  // at once: a dead end.
  virtual bool propagate(const Remaining&, Pruner&) { return true; }
  // Why the last propagate() said no, or the last choose() or consider()
  // refused (its option counts as chosen): asked at once after it, with
  // learning on (SolverOptions::learning) only, as CaDiCaL asks its external
  // propagator for reasons. The search backs up past choices the reason
  // leaves out, so it must hold every cause. False (the default): it cannot
  // tell, and every choice made counts.
  virtual bool explain(Reason&) { return false; }
  // Why propagate() removed `option` at a node the search is still below:
  // asked lazily, when a dead end's reason holds the removal. False (the
  // default): every choice made above that node counts.
  virtual bool explain_removal(OptionId, Reason&) { return false; }
  // Whether learning pays with the hook's reasons (SolverOptions::learning
  // automatic turns it on for searches for solutions); asked by set_hook().
  // A hook may explain (for learning on) and still say no, where learning
  // was measured to cost more than it saves (the path puzzles' chains).
  [[nodiscard]] virtual bool explains() const { return false; }
  // Whether the hook orders a node's choices (below); asked by set_hook().
  [[nodiscard]] virtual bool orders() const { return false; }
  // Algorithm M, at a node that branches on `item` and may use it again
  // below (so each option tried there is excluded from the later siblings'
  // subtrees, Knuth's tweak): the options of `item` to try first, in this
  // order, into `first` (empty on entry; options not in the item's list are
  // passed over); the rest follow in list order. A bound that knows which
  // options a better solution must use (clique: the vertices a colouring
  // leaves over) puts them first and answers skip_rest at the first other,
  // which then stays open to the children of those tried, as it should.
  // The engine undoes the order on backing up past the node.
  virtual void order(ItemId, const Remaining&, std::vector<OptionId>&) {}
  // A fresh copy in the state of no options chosen, for another worker.
  [[nodiscard]] virtual std::unique_ptr<Hook> clone() const = 0;
};

// A heuristic's switch: `automatic` leaves it to the problem's shape.
enum class Switch : std::uint8_t { automatic, off, on };

// The engine's heuristics, a switch each (CaDiCaL's way). Each is on, off, or
// automatic: on where the problem's shape says so. A switch that the
// algorithm cannot honour (the ring with colours) stays off.
struct SolverOptions {
  // Algorithm X whose options next to each other in a list share a quarter
  // of their items (pentomino placements): keep covers between siblings.
  Switch sharing = Switch::automatic;
  // X without sharing, 512 primary items or more: a ring of every item left
  // with one option, and the subset rule where the search would branch
  // (when every option of item k holds b, b's other options go).
  Switch ring = Switch::automatic;
  // X or C, 512 primary items or more: a tie of fewest options goes to the
  // tightest of the first 8 tied (whose options' items have fewest options).
  Switch tie_break = Switch::automatic;
  // With the ring, 2048 primary items or more: a tie of two-option items is
  // broken by committing each option and the forced ones it leads to.
  Switch probing = Switch::automatic;
  // With the ring, 2048 primary items or more: the pair rule (two items of
  // two options each, pairwise through items c and d: c's and d's other
  // options go; sudoku's naked and hidden pairs, X-wings).
  Switch pair_rule = Switch::automatic;
  // count() without a hook: a memo of the subproblems met, keyed by what
  // decides them (DXZ: the items still active; with multiplicities and
  // colours, the uses left and colours given too), so that each is counted
  // once. Automatic: on, given back where its lookups seldom answer
  // (docs/engine.md has the measurements).
  Switch memo = Switch::automatic;
  std::size_t memo_bytes = std::size_t{1} << 30;  // the memo's table at most; full, it forgets the cheaper half
  // For tests only: the memo's key leaves out multiplicities' uses left and
  // colours, which merges different subproblems (the counts go wrong).
  bool memo_broken_key = false;
  // Conflict-directed backjumping and learned nogoods: at a dead end the
  // search finds which levels' choices caused it, skips the levels that
  // played no part and keeps the conflict as a nogood. Without sharing and
  // the ring. Automatic: on for searches for solutions (not counts) with a
  // hook that explains (Hook::explains: the Hamiltonian search), where it
  // paid; off elsewhere, where it cost (docs/engine.md).
  Switch learning = Switch::automatic;
  // Learned nogoods kept at most: nogoods_per_option for each option, and
  // nogoods_kept in all; past it the worse half goes (Glucose's reduction:
  // those used lately stay, then those spanning fewest blocks of decisions).
  // Each choice visits the nogoods watching it, so the store's size is a
  // trade between the cost of a node and the nodes: 64 an option took
  // FHCP 48 to fewer nodes than 65,536 and GP(65,2) by the edge encoding
  // from 18.7 s to 5.3 s (docs/engine.md).
  std::size_t nogoods_kept = std::size_t{1} << 16;
  std::size_t nogoods_per_option = 64;
};

// Luby, Sinclair and Zuckerman's sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...,
// k from 1: the budgets of Solver::next_restarting's runs, in units.
[[nodiscard]] std::uint64_t luby(std::uint64_t k);

class Solver {
 public:
  // Copies the problem; the shared form lets many solvers (threads) share one.
  explicit Solver(const Problem& problem, std::uint64_t seed = 0, SolverOptions options = {});
  explicit Solver(std::shared_ptr<const Problem> problem, std::uint64_t seed = 0, SolverOptions options = {});
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  [[nodiscard]] const Problem& problem() const;

  // Forces an option. Returns false and changes nothing when the option is
  // no longer possible (it clashes with an earlier assumption) or the hook
  // rejects it. Only between searches: after reset() or before the first.
  bool assume(OptionId option);
  // Excludes an option from the search, until retracted. Returns false and
  // changes nothing when it is no longer possible anyway. Only between
  // searches, like assume().
  bool forbid(OptionId option);
  // Undoes everything assume() and forbid() did after the first `keep`
  // assumptions (everything by default), abandoning any search in progress.
  // All of it, with no hook set, may be a copy of the lists as first linked.
  void retract(std::size_t keep = 0);
  [[nodiscard]] std::span<const OptionId> assumptions() const;

  // Permutes the items and options as a Solver made with this seed would,
  // without allocating the arrays again (a generator wants a fresh random
  // solution per puzzle), with the options `first` before all others as
  // prefer() puts them (one linking for both). Only with no assumptions;
  // abandons any search.
  void reseed(std::uint64_t seed, std::span<const OptionId> first = {});
  // Puts these options before all others in their items' lists, in the
  // order given, the rest in the seed's order, until the next reseed() or
  // prefer(): value ordering. A search for a solution near a known one tries
  // its options first; a search that runs to the end finds the same solutions.
  // Only with no assumptions; abandons any search.
  void prefer(std::span<const OptionId> options);

  // Abandons the search in progress; the next call starts afresh from the
  // assumptions. Statistics are kept.
  void reset();

  // Finds the next solution. Outcome::solution means solution() holds it.
  Outcome next();
  // Finds a first solution by runs of luby(k) * unit nodes, k = 1, 2, ...: the first
  // in the present order, each after it reseeded with seed + k - 1 and the
  // assumptions and forbidden options made again. A long unlucky subtree
  // costs a run's budget, not the search. Complete: a run that ends within
  // its budget proves there is none, and the budgets grow without end. The
  // same seed and unit give the same answer. The limits hold over all runs;
  // the statistics add up. Between searches, like next().
  Outcome next_restarting(std::uint64_t unit, std::uint64_t seed);
  // The same for any search (next(), count(limit), a loop of next()):
  // `search` runs once a run, until it ends other than by the run's budget;
  // each reseed puts `first` before the other options, as prefer() does.
  // The budgets follow Luby's sequence, or double from `unit` (the sudoku
  // generator's proofs of uniqueness: Luby's took 1.8 times as long at
  // 25x25 --minimal). Returns the last run's outcome.
  enum class Budgets { luby, doubling };
  Outcome restarting(std::uint64_t unit, std::uint64_t seed, const std::function<Outcome(Solver&)>& search,
                     std::span<const OptionId> first = {}, Budgets budgets = Budgets::luby);
  // Branch and bound over Algorithm M: asks every solution from now on to
  // cover primary item `item` at least `lo` times (lo at most the item's hi;
  // a lower lo changes nothing). Between the next() calls of one search, so
  // that after a solution the same search goes on for a better one, never
  // revisiting what it has searched; Remaining::lower_bound() tells a hook.
  // The levels still open when it is raised may have given the item up
  // ("use it no more"): their solutions that fall short are passed over.
  // Holds until the search is reset (reset(), retract(), assume(), ...).
  void raise_lower_bound(ItemId item, std::uint32_t lo);
  // The options of the last solution found by next(): assumptions first,
  // then the chosen options in the order they were chosen.
  [[nodiscard]] std::span<const OptionId> solution() const;

  // Counts solutions until the search ends or `limit` more have been found
  // (0 = no limit). The number found is counted(), or the difference of
  // statistics().solutions across the call (saturated at 2^64 - 1).
  Outcome count(std::uint64_t limit = 0);
  // The solutions the last count() found, exact past 2^64 (the memo's counts).
  [[nodiscard]] Count counted() const;

  // Draws `n` solutions uniformly at random among all (with replacement),
  // each shown to `visit` (false: no more, solution_limit), through the
  // memo's counts (SolverOptions::memo, whatever its switch): a walk from the
  // root takes each branch with probability count(branch) / count(node).
  // The same random_seed, the same draws. exhausted after n (or when there
  // is none), or the limit that stopped it. Not with a hook
  // (std::invalid_argument): the memo's counts need a subproblem that its
  // items, uses and colours decide. Starts from reset().
  Outcome sample(std::uint64_t n, std::uint64_t random_seed, const std::function<bool(std::span<const OptionId>)>& visit);

  // Calls visit for each solution until it returns false (solution_limit).
  Outcome visit(const std::function<bool(std::span<const OptionId>)>& visit);
  // The same, when every solution is wanted (`-n 0`): with the memo
  // switched on (SolverOptions::memo on, not automatic: it pays where the
  // search meets many dead ends, and cost 1.3 times the time of domino
  // tilings, which meet few; under the conditions of count()), the solutions
  // are counted first, then a walk enters only the branches whose count is
  // not 0, so the time goes in the solutions (times their depth), not in the
  // dead search. The same solutions as visit(); the same order but where the
  // ring picks forced items (X, 512 primary items or more) or the choice of
  // item hangs on what the dead search left. Not resumable: a stop leaves
  // the solver reset. Otherwise visit().
  Outcome enumerate(const std::function<bool(std::span<const OptionId>)>& visit);

  // Finds the next part of the search at `depth` levels below the
  // assumptions (or a solution shallower than that): Outcome::solution means
  // subproblem() describes it. The parts found until exhausted partition the
  // solutions.
  Outcome split(std::uint32_t depth);
  // The current partial solution as a part: the assumptions and the options
  // chosen, and every option forbidden or, in Algorithm M, excluded so far.
  [[nodiscard]] Subproblem subproblem() const;
  // Of a search paused (or stopped at a solution) by next()/count(): appends
  // to `out` the parts of its untried choices at the shallowest level that
  // has any, which this search then skips; returns how many. 0: nothing left
  // to give. Some parts may turn out empty (enter() says so).
  std::size_t donate(std::vector<Subproblem>& out);
  // Retracts everything, then forbids and assumes the part's options.
  // False when they clash (the part has no solutions).
  bool enter(const Subproblem& part);

  void set_limits(const Limits& limits);
  [[nodiscard]] const Limits& limits() const;
  // The hook stays owned by the caller and must outlive the search.
  // Only between searches with no assumptions.
  void set_hook(Hook* hook);

  [[nodiscard]] const Statistics& statistics() const;

  // Which of Knuth's algorithms this problem runs: 'X', 'C' or 'M'.
  [[nodiscard]] char algorithm() const;
  // The algorithm and the heuristics on, e.g. "X with ring and subset rule,
  // tie-break, probing, pair rule" (--stats shows it); the memo once it has
  // counted (not when switched on where it cannot serve, or given back).
  [[nodiscard]] std::string variant() const;

  struct State;  // the linked arrays and the search stack (solver.cpp)

 private:
  // Links the lists in the seed's order after the options `first` (reseed, prefer).
  void relink(const char* caller, std::uint64_t seed, std::span<const OptionId> first);
  std::unique_ptr<State> state_;
};

}  // namespace dlx
