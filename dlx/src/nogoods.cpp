#include "nogoods.hpp"

#include <algorithm>

namespace dlx {

std::uint32_t Nogoods::append(std::span<const OptionId> options) {
  store_.push_back(static_cast<std::uint32_t>(options.size()));
  const auto at = static_cast<std::uint32_t>(store_.size());
  store_.insert(store_.end(), options.begin(), options.end());
  watches_[options[0]].push_back(at);
  watches_[options[1]].push_back(at);
  ++count_;
  return at;
}

void Nogoods::add(std::span<const OptionId> options) {
  if (count_ >= most_) forget_half();
  append(options);
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
  // The shorter half stays (Glucose keeps the nogoods of fewest levels; each option here is a level of its own).
  std::vector<std::uint32_t> starts;
  for (std::uint32_t at = header; at <= store_.size(); at += size_at(at) + header) starts.push_back(at);
  std::stable_sort(starts.begin(), starts.end(), [this](std::uint32_t a, std::uint32_t b) { return size_at(a) < size_at(b); });
  starts.resize(starts.size() / 2);
  std::vector<std::uint32_t> old;
  old.swap(store_);
  count_ = 0;
  for (auto& w : watches_) w.clear();
  std::vector<std::pair<std::uint32_t, std::uint32_t>> moved;  // (old start, new start) of each kept
  std::vector<OptionId> mine;
  for (const std::uint32_t at : starts) {
    mine.assign(old.begin() + at, old.begin() + at + old[at - header]);
    // Options not chosen watched first: what the watches need on the present path.
    std::stable_partition(mine.begin(), mine.end(), [this](OptionId o) { return !on_path_[o]; });
    moved.emplace_back(at, append(mine));
  }
  // A removal by a kept nogood still names it; one by a forgotten nogood names none.
  std::sort(moved.begin(), moved.end());
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
  return {store_.data() + at, store_[at - header]};
}

}  // namespace dlx
