#include "nogoods.hpp"

namespace dlx {

void Nogoods::add(std::span<const OptionId> options) {
  if (nogoods_.size() >= most) forget_half();
  const auto start = static_cast<std::uint32_t>(options_.size());
  options_.insert(options_.end(), options.begin(), options.end());
  const auto n = static_cast<std::uint32_t>(nogoods_.size());
  nogoods_.push_back({start, static_cast<std::uint32_t>(options.size()), ++serials_});
  watches_[options[0]].push_back(n);
  watches_[options[1]].push_back(n);
}

void Nogoods::clear() {
  nogoods_.clear();
  options_.clear();
  for (auto& w : watches_) w.clear();
}

std::size_t Nogoods::bytes() const {
  std::size_t watching = 0;
  for (const auto& w : watches_) watching += w.capacity();
  return nogoods_.capacity() * sizeof(Nogood) + options_.capacity() * sizeof(OptionId) +
         watching * sizeof(std::uint32_t);
}

void Nogoods::forget_half() {
  // The shorter half stays (Glucose keeps the nogoods of fewest levels; each option here is a level of its own).
  std::vector<Nogood> kept = nogoods_;
  std::stable_sort(kept.begin(), kept.end(), [](const Nogood& a, const Nogood& b) { return a.size < b.size; });
  kept.resize(kept.size() / 2);
  std::vector<OptionId> options;
  for (Nogood& g : kept) {
    const auto start = static_cast<std::uint32_t>(options.size());
    options.insert(options.end(), options_.begin() + g.start, options_.begin() + g.start + g.size);
    g.start = start;
  }
  nogoods_ = std::move(kept);
  options_ = std::move(options);
  for (auto& w : watches_) w.clear();
  for (std::uint32_t n = 0; n < nogoods_.size(); ++n) {
    // Options not chosen watched first: what the watches need on the present path.
    const std::span<OptionId> mine = options_of(n);
    std::stable_partition(mine.begin(), mine.end(), [this](OptionId o) { return !on_path_[o]; });
    watches_[mine[0]].push_back(n);
    watches_[mine[1]].push_back(n);
  }
}

std::span<const OptionId> Nogoods::propagate(OptionId o) {
  to_remove.clear();
  pending_.clear();
  std::vector<std::uint32_t>& watching = watches_[o];
  for (std::size_t w = 0; w < watching.size();) {
    const std::uint32_t n = watching[w];
    const std::span<OptionId> options = options_of(n);
    if (options[0] == o) std::swap(options[0], options[1]);  // o is options[1], the other watch options[0]
    std::size_t k = 2;
    while (k < options.size() && on_path_[options[k]]) ++k;
    if (k < options.size()) {  // another option not chosen takes over o's watch
      std::swap(options[1], options[k]);
      watches_[options[1]].push_back(n);
      watching[w] = watching.back();
      watching.pop_back();
      continue;
    }
    ++w;
    if (on_path_[options[0]]) return options;  // every option chosen: a dead end
    to_remove.push_back(options[0]);
    pending_.push_back(n);
  }
  return {};
}

void Nogoods::took_out(std::size_t k) { removal_[to_remove[k]] = {pending_[k], nogoods_[pending_[k]].serial}; }

std::span<const OptionId> Nogoods::took_out_by(OptionId o) const {
  const Removal r = removal_[o];
  if (r.serial == 0 || r.nogood >= nogoods_.size() || nogoods_[r.nogood].serial != r.serial) return {};
  return {options_.data() + nogoods_[r.nogood].start, nogoods_[r.nogood].size};
}

}  // namespace dlx
