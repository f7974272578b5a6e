// Counting with a memo of subproblems, as Nishino, Yasuda, Minato and
// Nagata's DXZ does beside DLX ("Dancing with Decision Diagrams", AAAI
// 2017): in Algorithm X with no hook, the solutions below a node depend only
// on the items still active (an option is in the lists exactly when none of
// its items is covered), so a node whose active items were met before takes
// their count from the memo instead of searching again. The key is the set
// of active items, primary and secondary, as a bitset stored whole (a hash
// collision never merges two subproblems); the value its count, 128 bits.
#pragma once

#include "dlx/count.hpp"
#include "state.hpp"

namespace dlx {

using Tally = Count::Wide;  // the memo's counts: exact to 2^128

class Memo {
 public:
  Memo(const Solver::State& s, std::size_t most_bytes);

  // Empties the table, keeping its memory (a fresh count: other assumptions).
  void clear();
  // The key of the active items into level l's slot; its hash.
  std::uint64_t key_at(const Solver::State& s, Index l);
  // The count stored for level l's key, if any.
  [[nodiscard]] const Tally* find(Index l, std::uint64_t hash) const;
  // Stores level l's key with its count; forgets everything when full (the
  // oldest entries cost as much to keep as the newest).
  void store(Index l, std::uint64_t hash, Tally count);

  [[nodiscard]] std::size_t entries() const { return entries_; }
  [[nodiscard]] std::size_t bytes() const;

  // The search's own per level state (state.hpp's choice and item serve too).
  std::vector<Tally> acc;            // the count of level l's node so far
  std::vector<std::uint64_t> hashes;  // level l's key's hash
  // A count stopped by a limit gave this much as a lower bound: the next
  // count(), which counts afresh, adds only the rest.
  Tally reported = 0;
  std::uint64_t hits = 0;
  std::uint64_t lookups = 0;
  // Automatic only: a count whose memo pays too little is given back to the
  // plain search (Langford pairs and queens meet few subproblems twice, and a
  // key per node made their counts 2 to 3 times slower).
  bool declined = false;

 private:
  struct Entry {
    std::uint64_t hash = 0;  // 0: empty (a key's hash is never 0)
    Tally count = 0;
  };
  void grow();
  [[nodiscard]] const std::uint64_t* key_of(std::size_t entry) const { return &keys_[entry * words_]; }

  Index words_;                       // 64-bit words of a key: a bit per item
  std::size_t most_entries_;          // what most_bytes holds
  std::vector<std::uint64_t> level_keys_;  // per level: its key (words_ each)
  std::vector<Entry> table_;          // open addressing, a power of 2
  std::vector<std::uint64_t> keys_;   // the keys of table_'s entries, words_ each
  std::size_t entries_ = 0;
};

// count() with the memo: the whole count of the subproblem left by the
// assumptions (exact to 2^128). Not resumable: a limit stops it with the
// count so far as a lower bound, and the next count() counts again. With the
// memo automatic, a count whose memo answers too few lookups is undone at
// once, with Memo::declined set, for the plain search to make.
Outcome count_with_memo(Solver::State& s, Tally& total);

// Whether the memo serves count(limit) on this state: Algorithm X without a
// hook, no limit on the solutions, no pausing (no work stealing).
bool memo_serves(const Solver::State& s, std::uint64_t limit);

}  // namespace dlx
