#include "memo.hpp"

#include "dance.hpp"

namespace dlx {

namespace {

constexpr std::size_t first_capacity = 1 << 12;  // entries: a small count pays for no more
// Automatic: after this many lookups, a memo that answered fewer than one in
// least_hit_share of them is left off for the rest of the count (domino
// tilings: more than one in four; pentominoes 6x10 one in 19, Langford 11
// one in 7 at 2 to 3 times the time).
constexpr std::uint64_t trial_lookups = 1 << 14;
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

Memo::Memo(const Solver::State& s, std::size_t most_bytes)
    : words_((s.item_count + 64) / 64),
      most_entries_(std::max<std::size_t>(first_capacity, std::bit_floor(most_bytes / (sizeof(Entry) + 8 * words_ + 8)))) {
  const std::size_t depth = static_cast<std::size_t>(s.primary_count) + 1;  // each level covers a primary item
  acc.assign(depth, 0);
  hashes.assign(depth, 0);
  level_keys_.assign(depth * words_, 0);
  table_.assign(first_capacity, Entry{});
  keys_.assign(first_capacity * words_, 0);
}

void Memo::clear() {
  std::fill(table_.begin(), table_.end(), Entry{});
  entries_ = 0;
}

std::size_t Memo::bytes() const {
  return table_.capacity() * sizeof(Entry) + keys_.capacity() * 8 + level_keys_.capacity() * 8;
}

std::uint64_t Memo::key_at(const Solver::State& s, Index l) {
  std::uint64_t* key = &level_keys_[static_cast<std::size_t>(l) * words_];
  std::fill(key, key + words_, 0);
  for (Index k = s.next[0]; k != 0; k = s.next[k]) key[k >> 6] |= std::uint64_t{1} << (k & 63);
  const Index secondary_root = s.item_count + 1;
  for (Index k = s.next[secondary_root]; k != secondary_root; k = s.next[k]) key[k >> 6] |= std::uint64_t{1} << (k & 63);
  std::uint64_t h = words_;
  for (Index w = 0; w < words_; ++w) h = mixed(h ^ key[w]);
  return h | 1;  // never 0, the empty entry's
}

const Tally* Memo::find(Index l, std::uint64_t hash) const {
  const std::uint64_t* key = &level_keys_[static_cast<std::size_t>(l) * words_];
  const std::size_t mask = table_.size() - 1;
  for (std::size_t e = hash & mask;; e = (e + 1) & mask) {
    if (table_[e].hash == 0) return nullptr;
    if (table_[e].hash == hash && std::equal(key, key + words_, key_of(e))) return &table_[e].count;
  }
}

void Memo::store(Index l, std::uint64_t hash, Tally count) {
  if (2 * (entries_ + 1) > table_.size()) {  // at most half full, so that probes stay short
    if (table_.size() < most_entries_) grow();
    else clear();
  }
  const std::size_t mask = table_.size() - 1;
  std::size_t e = hash & mask;
  while (table_[e].hash != 0) e = (e + 1) & mask;
  table_[e] = {hash, count};
  const std::uint64_t* key = &level_keys_[static_cast<std::size_t>(l) * words_];
  std::copy(key, key + words_, &keys_[e * words_]);
  ++entries_;
}

void Memo::grow() {
  std::vector<Entry> old_table(table_.size() * 2);
  std::vector<std::uint64_t> old_keys(old_table.size() * words_);
  old_table.swap(table_);
  old_keys.swap(keys_);
  const std::size_t mask = table_.size() - 1;
  for (std::size_t e = 0; e < old_table.size(); ++e) {
    if (old_table[e].hash == 0) continue;
    std::size_t to = old_table[e].hash & mask;
    while (table_[to].hash != 0) to = (to + 1) & mask;
    table_[to] = old_table[e];
    std::copy(&old_keys[e * words_], &old_keys[e * words_] + words_, &keys_[to * words_]);
  }
}

bool memo_serves(const Solver::State& s, std::uint64_t limit) {
  // Automatic, not for a key of more than memo_most_items bits, nor under a
  // node limit (a count stopped every few nodes, counting afresh each time,
  // would never end).
  if (s.memo_automatic && (s.item_count > memo_most_items || s.limits.nodes != 0)) return false;
  return limit == 0 && !s.hook && !s.colours && !s.multiplicities && !s.limits.pause && s.floor == 0 &&
         s.level == 0 && s.resume == Resume::forward;
}

Outcome count_with_memo(Solver::State& s, Tally& total) {
  Memo& m = *s.memo;
  Dance<false, false> d(s);
  Index* const choice = s.choice.data();
  Index* const item = s.item.data();
  const auto start = Clock::now();
  const Limits& lim = s.limits;
  std::uint64_t nodes = s.stats.nodes, next_check = nodes;
  std::uint32_t max_depth = s.stats.max_depth;
  Outcome outcome = Outcome::exhausted;
  Index l = 0, i = 0, x = 0;
  Tally value = 0;
  // A fresh count empties the memo (the assumptions and forbidden options may
  // differ from the last count's); one resumed after a limit keeps what the
  // stopped one stored, so that it gets further each time.
  const bool fresh = m.reported == 0;
  if (fresh) m.clear();
  m.declined = false;
  m.hits = m.lookups = 0;

enter:  // a node at level l: the subproblem of the items still active
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
  if (const Tally* known = m.find(l, m.hashes[l])) {
    ++m.hits;
    value = *known;
    goto give_back;
  }
  if (++m.lookups == trial_lookups && fresh && s.memo_automatic && m.hits * least_hit_share < m.lookups) {
    m.declined = true;
    goto stop;
  }
  i = d.choose();
  if (i == 0) {  // an item with no options left
    value = 0;
    m.store(l, m.hashes[l], 0);
    goto give_back;
  }
  item[l] = i;
  d.cover(i);
  m.acc[l] = 0;
  choice[l] = d.link[i].down;

advance:
  x = choice[l];
  i = item[l];
  if (x == i) {  // every option of the item tried: the node's count is known
    d.uncover(i);
    value = m.acc[l];
    m.store(l, m.hashes[l], value);
    goto give_back;
  }
  if (!d.commit_others_unless_dead(x)) {  // a child that is a dead end at once
    ++nodes;
    choice[l] = d.link[x].down;
    goto advance;
  }
  ++l;
  goto enter;

give_back:  // level l's node counted `value`: its parent adds it
  if (l == 0) {
    total = value;
    goto leave;
  }
  --l;
  x = choice[l];
  d.uncommit_others(x);
  m.acc[l] += value;
  choice[l] = d.link[x].down;
  goto advance;

stop:  // the count so far (what the levels' nodes have summed) is a lower bound; the levels are undone
  total = 0;
  while (l > 0) {
    --l;
    total += m.acc[l];
    d.uncommit_others(choice[l]);
    d.uncover(item[l]);
  }

leave:
  s.stats.nodes = nodes;
  s.stats.max_depth = max_depth;
  d.store(s);
  s.stats.seconds += std::chrono::duration<double>(Clock::now() - start).count();
  return outcome;
}

}  // namespace dlx
