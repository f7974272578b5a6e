#include "memo.hpp"

#include "dance.hpp"

namespace dlx {

namespace {

constexpr std::size_t first_capacity = 1 << 12;  // entries: a small count pays for no more
// Automatic: after this many lookups (from the first count stored), a memo
// that answered fewer than one in least_hit_share of them is left off for
// the rest of the count (domino tilings: more than one in four; pentominoes 6x10 one in 19, Langford 11
// one in 7 at 2 to 3 times the time). The trial's nodes are searched again:
// 16,384 lookups made de Bruijn 5's count (C, 42,342 nodes) 1.7 times slower,
// 1,024 cost it 3% more nodes, and every domino tiling still keeps its memo.
constexpr std::uint64_t trial_lookups = 1 << 10;
constexpr std::uint64_t least_hit_share = 4;
constexpr Index memo_most_items = 4096;

std::uint64_t mixed(std::uint64_t h) {  // splitmix64's finaliser
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebULL;
  return h ^ (h >> 31);
}

}  // namespace

Memo::Memo(const Solver::State& s, std::size_t most_bytes) : item_words_((s.item_count + 64) / 64) {
  std::int32_t most_bound = 0, most_colour = 0;
  Index longest = 0;
  if (s.multiplicities)
    for (Index i = 1; i <= s.primary_count; ++i)
      if (const std::int32_t uses = clamped(s, i, s.problem->items()[i - 1].hi); uses > 1) {  // not as assumed
        counted_items_.push_back(i);
        most_bound = std::max(most_bound, uses);
        longest = std::max(longest, s.column_start[i + 1] - s.column_start[i]);
      }
  if (s.colours) {
    std::vector<bool> coloured(static_cast<std::size_t>(s.item_count) + 1, false);
    for (Index q = s.item_count + 1; q < s.top.size(); ++q) {
      if (s.top[q] == 0 || s.colour[q] == 0) continue;  // a spacer, or no colour
      coloured[s.top[q]] = true;  // -1 too: an assumption's purify agreed with its colour
      most_colour = std::max(most_colour, s.colour[q]);
    }
    for (Index i = s.primary_count + 1; i <= s.item_count; ++i)
      if (coloured[i]) coloured_items_.push_back(i);
  }
  bound_bits_ = static_cast<unsigned>(std::bit_width(static_cast<std::uint32_t>(most_bound)));
  colour_bits_ = static_cast<unsigned>(std::bit_width(static_cast<std::uint32_t>(most_colour)));
  rank_bits_ = static_cast<unsigned>(std::bit_width(longest));
  const std::size_t extra_bits =
      counted_items_.size() * (bound_bits_ + rank_bits_) + coloured_items_.size() * colour_bits_;
  words_ = item_words_ + static_cast<Index>((extra_bits + 63) / 64);
  // A slot: its entry, its key, and forget_cheapest()'s scratch for half the slots.
  most_entries_ = std::max<std::size_t>(first_capacity, most_bytes / (sizeof(Entry) + 8 * words_ + sizeof(std::uint32_t) / 2));
  const std::size_t depth = s.choice.size();  // a level per option and per primary item
  acc.assign(depth, 0);
  hashes.assign(depth, 0);
  nodes_at.assign(depth, 0);
  tint.assign(static_cast<std::size_t>(s.item_count) + 2, 0);
  cut.assign(static_cast<std::size_t>(s.item_count) + 2, 0);
  cut_before.assign(depth, 0);
  if (!counted_items_.empty()) rank.assign(s.top.size(), 0);
  level_keys_.assign(depth * words_, 0);
  table_.assign(first_capacity, Entry{});
  keys_.assign(first_capacity * words_, 0);
}

void Memo::begin(const Solver::State& s, bool fresh) {
  if (fresh) {
    clear();
    reported = 0;
  }
  declined = false;
  hits = lookups = 0;
  // The lists' order (a reseed changes it) into `rank`.
  for (const Index i : counted_items_)
    for (Index k = s.column_start[i]; k < s.column_start[i + 1]; ++k) rank[s.column[k]] = k - s.column_start[i] + 1;
}

void Memo::clear() {
  std::fill(table_.begin(), table_.end(), Entry{});
  big_.clear();
  entries_ = 0;
}

std::size_t Memo::bytes() const {
  return table_.capacity() * sizeof(Entry) + keys_.capacity() * 8 + level_keys_.capacity() * 8 + works_.capacity() * 4 +
         acc.capacity() * sizeof(Count);
}

std::uint64_t Memo::key_at(const Solver::State& s, Index l) {
  std::uint64_t* key = &level_keys_[static_cast<std::size_t>(l) * words_];
  std::fill(key, key + words_, 0);
  const auto active = [&s](Index i) { return s.next[s.prev[i]] == i; };
  for (Index k = s.next[0]; k != 0; k = s.next[k]) key[k >> 6] |= std::uint64_t{1} << (k & 63);
  const Index secondary_root = s.item_count + 1;
  for (Index k = s.next[secondary_root]; k != secondary_root; k = s.next[k]) key[k >> 6] |= std::uint64_t{1} << (k & 63);
  std::size_t bit = std::size_t{item_words_} * 64;
  const auto put = [&](std::uint64_t value, unsigned bits) {  // bits < 64
    const unsigned shift = bit & 63;
    key[bit >> 6] |= value << shift;
    if (shift + bits > 64) key[(bit >> 6) + 1] |= value >> (64 - shift);
    bit += bits;
  };
  if (!broken_key) {
    for (const Index i : counted_items_) {
      const bool on = active(i);
      put(on ? static_cast<std::uint64_t>(s.bound[i]) : 0, bound_bits_);
      put(on ? cut[i] : 0, rank_bits_);
    }
    for (const Index i : coloured_items_) put(static_cast<std::uint64_t>(tint[i]), colour_bits_);
  }
  std::uint64_t h = words_;
  for (Index w = 0; w < words_; ++w) h = mixed(h ^ key[w]);
  return h | 1;  // never 0, the empty entry's
}

bool Memo::find(Index l, std::uint64_t hash, Count& count) const {
  const std::uint64_t* key = &level_keys_[static_cast<std::size_t>(l) * words_];
  for (std::size_t e = home(hash);; e = after(e)) {
    if (table_[e].hash == 0) return false;
    if (table_[e].hash == hash && std::equal(key, key + words_, key_of(e))) {
      const Count::Wide c = table_[e].count;
      count = c < big_mark ? Count::of(c) : big_[static_cast<std::size_t>(c - big_mark)];
      return true;
    }
  }
}

void Memo::store(Index l, std::uint64_t hash, const Count& count, std::uint64_t work) {
  if (2 * (entries_ + 1) > table_.size()) {  // at most half full, so that probes stay short
    if (table_.size() < most_entries_) grow();
    else forget_cheapest();
  }
  std::size_t e = home(hash);
  while (table_[e].hash != 0) e = after(e);
  Count::Wide value = 0;
  if (count.fits_128() && count.wide() < big_mark) {
    value = count.wide();
  } else {
    value = big_mark + big_.size();
    big_.push_back(count);
  }
  table_[e] = {hash, static_cast<std::uint32_t>(std::min<std::uint64_t>(work, UINT32_MAX)), value};
  const std::uint64_t* key = &level_keys_[static_cast<std::size_t>(l) * words_];
  std::copy(key, key + words_, &keys_[e * words_]);
  ++entries_;
}

void Memo::grow() {
  // Doubling while it fits, then the rest of the bound: the table takes what
  // the user gave it, not the power of 2 below.
  std::vector<Entry> old_table(std::min(table_.size() * 2, most_entries_));
  std::vector<std::uint64_t> old_keys(old_table.size() * words_);
  old_table.swap(table_);
  old_keys.swap(keys_);
  for (std::size_t e = 0; e < old_table.size(); ++e) {
    if (old_table[e].hash == 0) continue;
    std::size_t to = home(old_table[e].hash);
    while (table_[to].hash != 0) to = after(to);
    table_[to] = old_table[e];
    std::copy(&old_keys[e * words_], &old_keys[e * words_] + words_, &keys_[to * words_]);
  }
}

void Memo::forget_cheapest() {
  if (works_.capacity() < entries_) works_.reserve(table_.size() / 2);
  works_.clear();
  for (const Entry& entry : table_)
    if (entry.hash != 0) works_.push_back(entry.work);
  const auto middle = works_.begin() + static_cast<std::ptrdiff_t>(works_.size() / 2);
  std::nth_element(works_.begin(), middle, works_.end());
  const std::uint32_t least_kept = *middle + 1;  // at least half go (more, where many took as few nodes)
  std::vector<Count> kept_big;
  for (Entry& entry : table_) {
    if (entry.hash == 0) continue;
    if (entry.work < least_kept) {
      entry.hash = 0;
      --entries_;
    } else if (entry.count >= big_mark) {
      kept_big.push_back(big_[static_cast<std::size_t>(entry.count - big_mark)]);
      entry.count = big_mark + (kept_big.size() - 1);
    }
  }
  big_.swap(kept_big);
  // Linear probing's chains are broken where entries went: every entry left
  // is put again from its home slot, in order from an empty slot, so that no
  // chain runs past one not yet mended.
  std::size_t start = 0;
  while (table_[start].hash != 0) ++start;
  for (std::size_t k = 1; k < table_.size(); ++k) {
    const std::size_t e = (start + k) % table_.size();
    if (table_[e].hash == 0) continue;
    const Entry entry = table_[e];
    table_[e].hash = 0;
    std::size_t to = home(entry.hash);
    while (table_[to].hash != 0) to = after(to);
    table_[to] = entry;
    if (to != e) std::copy(&keys_[e * words_], &keys_[e * words_] + words_, &keys_[to * words_]);
  }
}

bool memo_serves(const Solver::State& s, std::uint64_t limit) {
  // Automatic, not for a key of more than memo_most_items bits, nor under a
  // node limit (a count stopped every few nodes, counting afresh each time,
  // would never end).
  if (s.memo_automatic && (s.item_count > memo_most_items || s.limits.nodes != 0)) return false;
  return limit == 0 && !s.hook && s.raised.empty() && !s.limits.pause && s.floor == 0 && s.level == 0 &&
         s.resume == Resume::forward;
}

namespace {

// The memo's search, Algorithm X, C or M as the search loop branches
// (search.hpp), from level `base` up: the count of the subproblem at `base`.
template <bool Colours, bool Multiplicities>
class MemoSearch {
 public:
  using D = Dance<Colours, Multiplicities>;
  MemoSearch(Solver::State& s, D& d) : s_(s), m_(*s.memo), d_(d) {}

  // Branches level l's node on item i.
  void branch(Index l, Index i) {
    s_.item[l] = i;
    if constexpr (Multiplicities) {
      s_.tweak_base[l] = s_.tweak_top;
      m_.cut_before[l] = m_.cut[i];
      if (--d_.bound[i] == 0) d_.cover(i);
    } else {
      d_.cover(i);
    }
    s_.choice[l] = d_.link[i].down;
  }
  // Undoes level l's branching on its item.
  void restore_item(Index l) {
    const Index i = s_.item[l];
    if constexpr (Multiplicities) {
      while (s_.tweak_top > s_.tweak_base[l]) d_.unhide_option(s_.tweaked[--s_.tweak_top]);
      m_.cut[i] = m_.cut_before[l];
      if (d_.bound[i]++ == 0) d_.uncover(i);
    } else {
      d_.uncover(i);
    }
  }
  enum class Step { child, dead, done };
  // Tries level l's next branch, choice[l]: a child to enter, a dead end at
  // once (choice[l] moved on), or none left.
  Step try_next(Index l) {
    const Index x = s_.choice[l], i = s_.item[l];
    if (x == i) {
      if constexpr (Multiplicities) {
        if (d_.bound[i] < d_.slack[i]) {  // enough uses already: the child that uses it no more
          if (d_.bound[i] != 0) d_.unlink_item(i);
          return Step::child;
        }
      }
      return Step::done;
    }
    if constexpr (Multiplicities) {
      if (d_.bound[i] > 0) {
        if (d_.len[i] <= d_.bound[i] - d_.slack[i]) return Step::done;  // too few options left to reach lo
        d_.hide_option(x);
        s_.tweaked[s_.tweak_top++] = x;
        m_.cut[i] = m_.rank[x];
      }
    }
    if (!d_.commit_others_unless_dead(x)) {
      s_.choice[l] = d_.link[x].down;
      return Step::dead;
    }
    if constexpr (Colours) tint(x, true);
    return Step::child;
  }
  // Undoes level l's choice; whether the level has a sibling left to try.
  bool take_back(Index l) {
    const Index x = s_.choice[l];
    if constexpr (Multiplicities) {
      if (x <= s_.item_count) {  // the child that used item x no more
        if (d_.bound[x] != 0) d_.relink_item(x);
        return false;
      }
    }
    if constexpr (Colours) tint(x, false);
    d_.uncommit_others(x);
    s_.choice[l] = d_.link[x].down;
    return true;
  }

  Outcome run(Index base, Count& total, bool trial);
  // Visits the solutions below the root, `total` of them (enumerate_with_memo).
  Outcome walk(const Count& total, const std::function<bool(std::span<const OptionId>)>& visit);

 private:
  // The colours x's option gave its secondary items (Memo::tint): a node
  // that kept its colour after the commit purified its item.
  void tint(Index x, bool chosen) {
    for (Index q = s_.first_of[x]; s_.top[q] != 0; ++q)
      if (s_.top[q] > s_.primary_count && d_.colour[q] > 0) m_.tint[s_.top[q]] = chosen ? d_.colour[q] : 0;
  }

  Solver::State& s_;
  Memo& m_;
  D& d_;
};

template <bool Colours, bool Multiplicities>
Outcome MemoSearch<Colours, Multiplicities>::run(Index base, Count& total, bool trial) {
  Solver::State& s = s_;
  Memo& m = m_;
  D& d = d_;
  const auto start = Clock::now();
  const Limits& lim = s.limits;
  std::uint64_t nodes = s.stats.nodes, next_check = nodes;
  std::uint32_t max_depth = s.stats.max_depth;
  Outcome outcome = Outcome::exhausted;
  Index l = base, i = 0;
  Count value = 0;

enter:  // a node at level l: the subproblem left there
  if (nodes >= next_check) {
    if ((lim.nodes && nodes >= lim.nodes) || (lim.interrupt && lim.interrupt->load(std::memory_order_relaxed)) ||
        (lim.seconds > 0 && s.stats.seconds + std::chrono::duration<double>(Clock::now() - start).count() >= lim.seconds)) {
      outcome = lim.nodes && nodes >= lim.nodes ? Outcome::node_limit
                : lim.interrupt && lim.interrupt->load() ? Outcome::interrupted
                                                          : Outcome::time_limit;
      goto stop;
    }
    if (lim.progress) {
      lim.progress->nodes.store(nodes, std::memory_order_relaxed);
    }
    next_check = nodes + s.check_every;
    if (lim.nodes && next_check > lim.nodes) next_check = lim.nodes;
  }
  ++nodes;
  if (l > max_depth) max_depth = l;
  if (d.next[0] == 0) {  // every primary item covered: one solution
    value = 1;
    goto give_back;
  }
  m.hashes[l] = m.key_at(s, l);
  m.nodes_at[l] = nodes;
  if (m.find(l, m.hashes[l], value)) {
    ++m.hits;
    goto give_back;
  }
  // The trial counts from the first stored count on: the first way down, a
  // ladder of 1,000 levels, can find nothing before it.
  if (m.entries() != 0 && ++m.lookups == trial_lookups && trial && m.hits * least_hit_share < m.lookups) {
    m.declined = true;
    goto stop;
  }
  i = d.choose();
  if (i == 0) {  // an item with too few options left
    value = 0;
    m.store(l, m.hashes[l], value, 1);
    goto give_back;
  }
  branch(l, i);
  m.acc[l] = 0;

advance:
  switch (try_next(l)) {
    case Step::child: ++l; goto enter;
    case Step::dead: ++nodes; goto advance;  // a child that is a dead end at once
    case Step::done: goto finished;
  }

finished:  // every branch of level l's node tried: its count is known
  restore_item(l);
  value = m.acc[l];
  m.store(l, m.hashes[l], value, nodes - m.nodes_at[l]);

give_back:  // level l's node counted `value`: its parent adds it
  if (l == base) {
    total = value;
    goto leave;
  }
  --l;
  m.acc[l] += value;
  if (take_back(l)) goto advance;
  goto finished;

stop:  // the count so far (what the levels' nodes have summed) is a lower bound; the levels are undone
  total = 0;
  while (l > base) {
    --l;
    total += m.acc[l];
    take_back(l);
    restore_item(l);
  }

leave:
  s.stats.nodes = nodes;
  s.stats.max_depth = max_depth;
  s.stats.seconds += std::chrono::duration<double>(Clock::now() - start).count();
  return outcome;
}

template <bool Colours, bool Multiplicities>
Outcome MemoSearch<Colours, Multiplicities>::walk(const Count& total,
                                                  const std::function<bool(std::span<const OptionId>)>& visit) {
  Solver::State& s = s_;
  Memo& m = m_;
  D& d = d_;
  Outcome outcome = Outcome::exhausted;
  Index l = 0;
  Count below = 0;
  m.acc[0] = total;  // per level: the solutions below its node not yet visited

enter:  // a node with solutions at level l
  if (d.next[0] == 0) {
    s.record_solution(l);
    ++s.stats.solutions;
    if (!visit_timed(s, visit)) {
      outcome = Outcome::solution_limit;
      goto stop;
    }
    goto up;
  }
  if (const Index i = d.choose(); i != 0) {
    branch(l, i);
  } else {
    goto up;  // a dead end after all: only a wrong count (a broken key) leads here
  }

advance:
  switch (try_next(l)) {
    case Step::child: break;
    case Step::dead: ++s.stats.nodes; goto advance;
    case Step::done: restore_item(l); goto up;
  }
  {
    // The child's count (a lookup, mostly); the item hide_node left forced
    // stays as the child's commit left it, for choose() there.
    const Index forced = d.forced;
    outcome = run(l + 1, below, false);
    d.forced = forced;
  }
  if (outcome != Outcome::exhausted) {
    take_back(l);
    restore_item(l);
    goto stop;
  }
  if (below > 0) {
    m.acc[l] -= below;
    m.acc[++l] = below;
    goto enter;
  }
  if (take_back(l)) goto advance;  // a branch without solutions, passed over
  restore_item(l);

up:  // level l's node is walked: back to its parent's next branch, unless its solutions are all visited
  if (l == 0) return outcome;
  --l;
  if (take_back(l) && m.acc[l] > 0) goto advance;
  restore_item(l);
  goto up;

stop:  // the levels below l undone
  while (l > 0) {
    --l;
    take_back(l);
    restore_item(l);
  }
  return outcome;
}

// The memo's subproblems are few when ties among items are broken in the
// reduction's own order (a board's cells row by row); a reseed's shuffled
// ring breaks them elsewhere and multiplies them (domino tilings of 10x10:
// 13,757 nodes in order, 3 M shuffled). So the memo's searches put the
// primary items' ring in index order, and give the shuffled one back.
class ItemsInOrder {
 public:
  explicit ItemsInOrder(Solver::State& s) : s_(s) {
    for (Index i = s.next[0]; i != 0; i = s.next[i]) saved_.push_back(i);
    std::vector<Index> sorted = saved_;
    std::sort(sorted.begin(), sorted.end());
    link_ring(s, 0, sorted);
  }
  ~ItemsInOrder() { link_ring(s_, 0, saved_); }
  ItemsInOrder(const ItemsInOrder&) = delete;
  ItemsInOrder& operator=(const ItemsInOrder&) = delete;

 private:
  Solver::State& s_;
  std::vector<Index> saved_;
};

template <bool Colours, bool Multiplicities>
Outcome count_in(Solver::State& s, Count& total) {
  const ItemsInOrder in_order(s);
  Memo& m = *s.memo;
  Dance<Colours, Multiplicities> d(s);
  // A fresh count empties the memo (the assumptions and forbidden options may
  // differ from the last count's); one resumed after a limit keeps what the
  // stopped one stored, so that it gets further each time.
  const bool fresh = m.reported == 0;
  m.begin(s, fresh);
  const Outcome outcome = MemoSearch<Colours, Multiplicities>(s, d).run(0, total, fresh && s.memo_automatic);
  d.store(s);
  return outcome;
}


// Uniform in [0, n), n > 0: the words below n's top drawn whole, the top
// one below its highest bit, again until the number is below n.
Count random_below(const Count& n, Random& random) {
  if (n.fits_64()) return random.below(n.saturated());
  std::vector<std::uint64_t> words = n.words();
  while (words.back() == 0) words.pop_back();
  const int top_bits = std::bit_width(words.back());
  for (;;) {
    std::vector<std::uint64_t> drawn(words.size());
    for (std::uint64_t& w : drawn) w = random.next();
    drawn.back() &= top_bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << top_bits) - 1;
    Count c = Count::from_words(std::move(drawn));
    if (c < n) return c;
  }
}

template <bool Colours, bool Multiplicities>
Outcome sample_in(Solver::State& s, std::uint64_t n, std::uint64_t random_seed,
                  const std::function<bool(std::span<const OptionId>)>& visit) {
  using Search = MemoSearch<Colours, Multiplicities>;
  const ItemsInOrder in_order(s);
  Memo& m = *s.memo;
  Dance<Colours, Multiplicities> d(s);
  Search search(s, d);
  m.begin(s, true);
  Random random(random_seed);
  Count total = 0;
  Outcome outcome = search.run(0, total, false);
  std::vector<Count> counts;  // the counts of the branches of the node drawn from
  Index l = 0;
  // Undoes the walk's levels below l (and level l's branch when `entered`).
  const auto undo = [&](bool entered) {
    if (entered) {
      search.take_back(l);
      search.restore_item(l);
    }
    while (l > 0) {
      --l;
      search.take_back(l);
      search.restore_item(l);
    }
  };
  for (std::uint64_t k = 0; k < n && outcome == Outcome::exhausted && total > 0; ++k) {
    while (d.next[0] != 0) {
      const Index i = d.choose();  // the node has solutions: an item with options
      search.branch(l, i);
      counts.clear();
      Count sum = 0;
      for (typename Search::Step step; (step = search.try_next(l)) != Search::Step::done;) {
        Count c = 0;
        if (step == Search::Step::child) {
          outcome = search.run(l + 1, c, false);
          if (outcome != Outcome::exhausted) break;
        }
        counts.push_back(c);
        sum += c;
        if (step == Search::Step::child && !search.take_back(l)) break;  // the last branch, "use it no more"
      }
      if (outcome != Outcome::exhausted) {
        undo(true);
        break;
      }
      Count drawn = random_below(sum, random);
      std::size_t chosen = 0;
      for (; !(drawn < counts[chosen]); ++chosen) drawn -= counts[chosen];
      search.restore_item(l);  // the same branches again, up to the one drawn
      search.branch(l, i);
      for (std::size_t b = 0;; ++b) {
        const typename Search::Step step = search.try_next(l);
        if (b == chosen) break;
        if (step == Search::Step::child) search.take_back(l);
      }
      ++l;
    }
    if (outcome != Outcome::exhausted) break;
    s.record_solution(l);
    ++s.stats.solutions;
    const bool more = visit_timed(s, visit);
    undo(false);
    if (!more) outcome = Outcome::solution_limit;
  }
  d.store(s);
  return outcome;
}

template <bool Colours, bool Multiplicities>
Outcome enumerate_in(Solver::State& s, const std::function<bool(std::span<const OptionId>)>& visit) {
  const ItemsInOrder in_order(s);
  Memo& m = *s.memo;
  Dance<Colours, Multiplicities> d(s);
  MemoSearch<Colours, Multiplicities> search(s, d);
  m.begin(s, true);
  Count total = 0;
  Outcome outcome = search.run(0, total, false);
  if (outcome == Outcome::exhausted && total > 0) outcome = search.walk(total, visit);
  d.store(s);
  return outcome;
}

}  // namespace

Outcome enumerate_with_memo(Solver::State& s, const std::function<bool(std::span<const OptionId>)>& visit) {
  if (s.multiplicities) return s.colours ? enumerate_in<true, true>(s, visit) : enumerate_in<false, true>(s, visit);
  return s.colours ? enumerate_in<true, false>(s, visit) : enumerate_in<false, false>(s, visit);
}

Outcome sample_with_memo(Solver::State& s, std::uint64_t n, std::uint64_t random_seed,
                         const std::function<bool(std::span<const OptionId>)>& visit) {
  if (s.multiplicities) {
    return s.colours ? sample_in<true, true>(s, n, random_seed, visit) : sample_in<false, true>(s, n, random_seed, visit);
  }
  return s.colours ? sample_in<true, false>(s, n, random_seed, visit) : sample_in<false, false>(s, n, random_seed, visit);
}

Outcome count_with_memo(Solver::State& s, Count& total) {
  if (s.multiplicities) return s.colours ? count_in<true, true>(s, total) : count_in<false, true>(s, total);
  return s.colours ? count_in<true, false>(s, total) : count_in<false, false>(s, total);
}

}  // namespace dlx
