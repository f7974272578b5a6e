// Counting with a memo of subproblems, as Nishino, Yasuda, Minato and
// Nagata's DXZ does beside DLX ("Dancing with Decision Diagrams", AAAI
// 2017): with no hook, the solutions below a node depend only on what is
// left of the problem there, so a node whose subproblem was met before takes
// its count from the memo instead of searching again. The key is what
// determines that subproblem (Memo::key_at): the active items, and in
// Algorithms C and M what else decides which options are left. It is stored
// whole beside its hash (a collision never merges two subproblems); the
// value is its count, exact of any size.
#pragma once

#include "dlx/count.hpp"
#include "state.hpp"

namespace dlx {

class Memo {
 public:
  Memo(const Solver::State& s, std::size_t most_bytes);

  // Empties the table, keeping its memory (a fresh count: other assumptions).
  void clear();
  // Readies a count: afresh (the table emptied, nothing reported) or going
  // on from a stopped one; the lists' order into `rank`, the tallies at 0.
  void begin(const Solver::State& s, bool fresh);
  // The key of level l's subproblem into level l's slot, and its hash (never
  // 0). The key: a bit per active item; for each active item of Algorithm M
  // with multiplicities, its uses left and how far down its list the levels
  // above have tweaked its options away (`cut`: M tries an item's options in
  // list order and hides each one tried, so those are a prefix of its list);
  // and Algorithm C's colour given to each secondary item by the options
  // chosen at the levels above (`tint`). Those decide which options are left:
  // the ones whose items are all active, not given another colour, and not
  // in a cut prefix.
  std::uint64_t key_at(const Solver::State& s, Index l);
  // The count stored for level l's key, if any, into `count`.
  bool find(Index l, std::uint64_t hash, Count& count) const;
  // Stores level l's key with its count and the nodes its search took; when
  // full, forgets the half of the entries that took the fewest nodes (they
  // pay least: counting them again is cheap).
  void store(Index l, std::uint64_t hash, const Count& count, std::uint64_t work);

  [[nodiscard]] std::size_t entries() const { return entries_; }
  [[nodiscard]] std::size_t bytes() const;

  // The search's own per level state (state.hpp's choice and item serve too).
  std::vector<Count> acc;             // the count of level l's node so far
  std::vector<std::uint64_t> hashes;  // level l's key's hash (0: not remembered)
  std::vector<std::uint64_t> nodes_at;  // the node count when level l's node was entered
  // Algorithm C, per item: the colour that an option chosen by the memo's
  // search gave the secondary item, 0 if none (what the assumptions gave is
  // the same throughout a count, so no part of a key).
  std::vector<std::int32_t> tint;
  // Algorithm M, per item: the rank in its list (`rank`, from 1) of its last
  // option tweaked away by the levels above, 0 if none; per level, the
  // branched item's cut before it branched (restored on backing up).
  std::vector<Index> cut;
  std::vector<Index> cut_before;
  std::vector<Index> rank;  // per node of an item with multiplicities: its place in its list, from 1
  // A count stopped by a limit gave this much as a lower bound: the next
  // count(), which counts afresh, adds only the rest.
  Count reported = 0;
  std::uint64_t hits = 0;
  std::uint64_t lookups = 0;
  // Automatic only: a count whose memo pays too little is given back to the
  // plain search (Langford pairs and queens meet few subproblems twice, and a
  // key per node made their counts 2 to 3 times slower).
  bool declined = false;
  // For tests only: the key leaves out the uses left (Algorithm M) and the
  // colours (C), so that subproblems that differ in them are merged and the
  // counts go wrong; the differential test must notice.
  bool broken_key = false;

 private:
  // A count of 2^128 - 2^32 or more is kept in big_, its entry holding big_mark + its place there.
  static constexpr Count::Wide big_mark = ~Count::Wide{0} - 0xffffffffu;
  struct Entry {
    std::uint64_t hash = 0;  // 0: empty (a key's hash is never 0)
    std::uint32_t work = 0;  // the nodes its count took (at most 2^32 - 1): what forgetting it would cost
    Count::Wide count = 0;
  };
  void grow();
  void forget_cheapest();
  [[nodiscard]] const std::uint64_t* key_of(std::size_t entry) const { return &keys_[entry * words_]; }
  // A hash's first slot, by its high bits (the table's size need not be a power of 2), and linear probing's next.
  [[nodiscard]] std::size_t home(std::uint64_t hash) const {
    return static_cast<std::size_t>((static_cast<Count::Wide>(hash) * table_.size()) >> 64);
  }
  [[nodiscard]] std::size_t after(std::size_t e) const { return e + 1 == table_.size() ? 0 : e + 1; }

  Index item_words_;                  // the key's first words: a bit per item
  std::vector<Index> counted_items_;  // Algorithm M: primary items that may be used more than once
  unsigned bound_bits_ = 0;           // ... and the bits of their uses left
  std::vector<Index> coloured_items_;  // Algorithm C: secondary items that some option colours
  unsigned colour_bits_ = 0;
  unsigned rank_bits_ = 0;            // ... and of a place in their lists
  Index words_;                       // 64-bit words of a key
  std::size_t most_entries_;          // what most_bytes holds
  std::vector<std::uint64_t> level_keys_;  // per level: its key (words_ each)
  std::vector<Entry> table_;          // open addressing, linear probing
  std::vector<std::uint64_t> keys_;   // the keys of table_'s entries, words_ each
  std::vector<Count> big_;            // counts too big for an entry
  std::vector<std::uint32_t> works_;  // forget_cheapest()'s scratch, made at the first forgetting
  std::size_t entries_ = 0;
};

// count() with the memo: the whole count of the subproblem left by the
// assumptions. Not resumable: a limit stops it with the count so far as a
// lower bound, and the next count() counts again. With the memo automatic,
// a count whose memo answers too few lookups is undone at once, with
// Memo::declined set, for the plain search to make.
Outcome count_with_memo(Solver::State& s, Count& total);

// Solver::sample with the memo: counts, then draws `n` solutions, each by a
// walk from the root that takes each branch with probability its count over
// its node's. Each solution goes to `visit` (false: stop, solution_limit).
Outcome sample_with_memo(Solver::State& s, std::uint64_t n, std::uint64_t random_seed,
                         const std::function<bool(std::span<const OptionId>)>& visit);

// Solver::enumerate with the memo: counts, then walks the tree of the solutions
// alone: a branch is entered only when its count is not 0, and a node is
// left once its branches' solutions are all visited, so that the dead
// search is never walked again. Each solution goes to `visit` (false: stop,
// solution_limit). Not resumable: a stop leaves the levels undone.
Outcome enumerate_with_memo(Solver::State& s, const std::function<bool(std::span<const OptionId>)>& visit);

// Whether the memo serves count(limit) on this state: no hook, no limit on
// the solutions, no pausing (no work stealing), no raised lower bounds.
bool memo_serves(const Solver::State& s, std::uint64_t limit);

}  // namespace dlx
