#include "nogoods.hpp"

#include <algorithm>

namespace dlx {

std::uint32_t Nogoods::append(std::span<const OptionId> options, std::uint32_t blocks) {
  store_.push_back(static_cast<std::uint32_t>(options.size()) | std::min<std::uint32_t>(blocks, size_bits) << blocks_shift);
  const auto at = static_cast<std::uint32_t>(store_.size());
  store_.insert(store_.end(), options.begin(), options.end());
  watches_[options[0]].push_back(at);
  watches_[options[1]].push_back(at);
  ++count_;
  return at;
}

void Nogoods::add(std::span<const OptionId> options, std::uint32_t blocks) {
  if (count_ >= most_) forget_half();
  append(options, blocks);
}

void Nogoods::forget_removals() {
  std::fill(removed_by_.begin(), removed_by_.end(), 0);
}

void Nogoods::clear() {
  store_.clear();
  count_ = 0;
  for (auto& w : watches_) w.clear();
  forget_removals();
}

std::size_t Nogoods::bytes() const {
  std::size_t watching = 0;
  for (const auto& w : watches_) watching += w.capacity();
  return (store_.capacity() + watching) * sizeof(std::uint32_t);
}

void Nogoods::forget_half() {
  // Glucose's reduction: half stay, those explaining a removal on the path
  // first, then those used since the last reduction, then the rest, each
  // by the blocks of decisions they span, then by size.
  std::vector<std::uint32_t> explaining(removed_by_.begin(), removed_by_.end());
  std::sort(explaining.begin(), explaining.end());
  const auto rank = [&](std::uint32_t at) -> std::uint64_t {
    const std::uint64_t tier = std::binary_search(explaining.begin(), explaining.end(), at) ? 0
                               : (store_[at - header] & used_bit)                          ? 1
                                                                                           : 2;
    return tier << 32 | blocks_at(at) << 8 | size_at(at);
  };
  std::vector<std::pair<std::uint64_t, std::uint32_t>> ranked;  // (rank, start)
  for (std::uint32_t at = header; at <= store_.size(); at += size_at(at) + header) ranked.emplace_back(rank(at), at);
  const std::size_t half = ranked.size() / 2;
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::uint32_t> keep;
  for (const auto& [r, at] : ranked)
    if (keep.size() < half || r >> 32 == 0) keep.push_back(at);
  std::sort(keep.begin(), keep.end());  // in the order they were learned
  std::vector<std::uint32_t> old;
  old.swap(store_);
  count_ = 0;
  for (auto& w : watches_) w.clear();
  std::vector<std::pair<std::uint32_t, std::uint32_t>> moved;  // (old start, new start) of each kept
  std::vector<OptionId> mine;
  for (const std::uint32_t at : keep) {
    const std::uint32_t head = old[at - header];
    mine.assign(old.begin() + at, old.begin() + at + (head & size_bits));
    // Options not chosen watched first: what the watches need on the present path.
    std::stable_partition(mine.begin(), mine.end(), [this](OptionId o) { return !on_path_[o]; });
    moved.emplace_back(at, append(mine, (head >> blocks_shift) & size_bits));
  }
  // A removal by a kept nogood still names it; one by a forgotten nogood names none.
  for (std::uint32_t& by : removed_by_) {
    if (by == 0) continue;
    const auto it = std::lower_bound(moved.begin(), moved.end(), std::pair{by, std::uint32_t{0}});
    by = it != moved.end() && it->first == by ? it->second : 0;
  }
}

std::span<const OptionId> Nogoods::propagate(OptionId o) {
  to_remove.clear();
  pending_.clear();
  std::vector<std::uint32_t>& watching = watches_[o];
  for (std::size_t w = 0; w < watching.size();) {
    const std::uint32_t at = watching[w];
    const std::span<OptionId> options = options_at(at);
    if (options[0] == o) std::swap(options[0], options[1]);  // o is options[1], the other watch options[0]
    std::size_t k = 2;
    while (k < options.size() && on_path_[options[k]]) ++k;
    if (k < options.size()) {  // another option not chosen takes over o's watch
      std::swap(options[1], options[k]);
      watches_[options[1]].push_back(at);
      watching[w] = watching.back();
      watching.pop_back();
      continue;
    }
    ++w;
    store_[at - header] |= used_bit;
    if (on_path_[options[0]]) return options;  // every option chosen: a dead end
    to_remove.push_back(options[0]);
    pending_.push_back(at);
  }
  return {};
}

void Nogoods::took_out(std::size_t k) { removed_by_[to_remove[k]] = pending_[k]; }

std::span<const OptionId> Nogoods::took_out_by(OptionId o) const {
  const std::uint32_t at = removed_by_[o];
  if (at == 0) return {};
  return {store_.data() + at, size_at(at)};
}

}  // namespace dlx
