#include "dlx/problem.hpp"

#include <algorithm>

namespace dlx {

bool Problem::uses_multiplicities() const {
  return std::any_of(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(primary_count_),
                     [](const Item& i) { return i.lo != 1 || i.hi != 1; });
}

std::int64_t Problem::find_item(std::string_view name) const {
  return item_index_.find(name, names_of_items());
}

ItemId ProblemBuilder::add_item(Item item) {
  if (item.name.empty()) throw BuildError("an item needs a name");
  if (problem_.find_item(item.name) >= 0) throw BuildError("item '" + item.name + "' is listed twice");
  if (problem_.option_count() > 0) throw BuildError("items must all be added before the first option");
  const auto id = static_cast<ItemId>(problem_.items_.size());
  problem_.items_.push_back(std::move(item));
  problem_.item_index_.add(id, problem_.names_of_items());
  seen_.push_back(0);
  return id;
}

ItemId ProblemBuilder::add_primary(std::string name, std::uint32_t lo, std::uint32_t hi) {
  if (problem_.items_.size() != problem_.primary_count_)
    throw BuildError("primary item '" + name + "' comes after a secondary item");
  if (lo > hi)
    throw BuildError("item '" + name + "' has lower bound " + std::to_string(lo) +
                     " above its upper bound " + std::to_string(hi));
  if (hi == 0) throw BuildError("item '" + name + "' has upper bound 0");
  const ItemId id = add_item(Item{std::move(name), true, lo, hi});
  ++problem_.primary_count_;
  return id;
}

ItemId ProblemBuilder::add_secondary(std::string name) {
  return add_item(Item{std::move(name), false, 0, 1});
}

void ProblemBuilder::defer(ItemId primary) {
  if (primary >= problem_.primary_count_) throw BuildError("only a primary item can be deferred");
  problem_.items_[primary].deferred = true;
}

void ProblemBuilder::reserve(std::size_t items, std::size_t options, std::size_t entries) {
  problem_.items_.reserve(items);
  seen_.reserve(items);
  problem_.item_index_.reserve(items);
  problem_.option_start_.reserve(options + 1);
  problem_.entries_.reserve(entries);
}

ColourId ProblemBuilder::colour(std::string_view name) {
  if (name.empty()) throw BuildError("a colour needs a name");
  if (const auto id = problem_.colour_index_.find(name, problem_.names_of_colours()); id >= 0)
    return static_cast<ColourId>(id);
  const auto id = static_cast<ColourId>(problem_.colour_names_.size());
  problem_.colour_names_.emplace_back(name);
  problem_.colour_index_.add(id, problem_.names_of_colours());
  return id;
}

ItemId ProblemBuilder::item(std::string_view name) const {
  const auto id = problem_.find_item(name);
  if (id < 0) throw BuildError("unknown item '" + std::string(name) + "'");
  return static_cast<ItemId>(id);
}

OptionId ProblemBuilder::add_option(std::span<const Entry> entries) {
  const auto id = static_cast<OptionId>(problem_.option_count());
  if (entries.empty()) throw BuildError("an option needs at least one item");
  ++stamp_;
  for (const Entry& e : entries) {
    if (e.item >= problem_.items_.size())
      throw BuildError("unknown item number " + std::to_string(e.item));
    const Item& item = problem_.items_[e.item];
    if (seen_[e.item] == stamp_) throw BuildError("item '" + item.name + "' occurs twice in one option");
    seen_[e.item] = stamp_;
    if (e.colour != no_colour && item.primary)
      throw BuildError("primary item '" + item.name + "' cannot have a colour");
    if (e.colour >= problem_.colour_names_.size())
      throw BuildError("unknown colour number " + std::to_string(e.colour));
  }
  problem_.entries_.insert(problem_.entries_.end(), entries.begin(), entries.end());
  problem_.option_start_.push_back(static_cast<std::uint32_t>(problem_.entries_.size()));
  return id;
}

OptionId ProblemBuilder::add_option(std::initializer_list<std::string_view> tokens) {
  std::vector<Entry> entries;
  for (std::string_view token : tokens) {
    const auto colon = token.find(':');
    if (colon == std::string_view::npos) {
      entries.push_back({item(token), no_colour});
    } else {
      entries.push_back({item(token.substr(0, colon)), colour(token.substr(colon + 1))});
    }
  }
  return add_option(entries);
}

Problem ProblemBuilder::build() {
  Problem done = std::move(problem_);
  *this = ProblemBuilder{};
  return done;
}

Problem with_forced(const Problem& problem, std::span<const OptionId> forced, std::span<const std::string> labels) {
  const auto& items = problem.items();
  std::vector<Item> left(items);
  std::vector<bool> item_gone(items.size(), false), option_gone(problem.option_count(), false);
  std::vector<std::vector<std::pair<OptionId, ColourId>>> uses(items.size());  // per item: its options
  for (OptionId o = 0; o < problem.option_count(); ++o)
    for (const Entry& e : problem.option(o)) uses[e.item].push_back({o, e.colour});
  const auto drop_options = [&](ItemId item, auto clashes) {
    for (const auto& [o, colour] : uses[item])
      if (clashes(colour)) option_gone[o] = true;
  };
  bool clash = false;
  for (const OptionId f : forced) {
    if (option_gone[f]) {
      clash = true;
      continue;
    }
    option_gone[f] = true;
    for (const Entry& e : problem.option(f)) {
      Item& item = left[e.item];
      const bool used_up = item.primary ? --item.hi == 0 : e.colour == no_colour;
      if (item.primary && item.lo > 0) --item.lo;
      if (used_up) {
        item_gone[e.item] = true;
        drop_options(e.item, [](ColourId) { return true; });
      } else if (!item.primary) {
        drop_options(e.item, [&e](ColourId other) { return other != e.colour; });
      }
    }
  }
  ProblemBuilder b;
  if (clash) b.add_primary("forced_options_clash");  // with no options: no solution
  std::vector<ItemId> renamed(items.size(), 0);
  for (ItemId i = 0; i < items.size(); ++i) {
    if (item_gone[i]) continue;
    renamed[i] = items[i].primary ? b.add_primary(left[i].name, left[i].lo, left[i].hi) : b.add_secondary(left[i].name);
    if (items[i].deferred) b.defer(renamed[i]);
  }
  std::vector<ItemId> label_item(labels.size(), 0);
  for (OptionId o = 0; o < labels.size(); ++o)
    if (!option_gone[o]) label_item[o] = b.add_secondary(labels[o]);
  std::vector<Entry> entries;
  for (OptionId o = 0; o < problem.option_count(); ++o) {
    if (option_gone[o]) continue;
    entries.clear();
    for (const Entry& e : problem.option(o))
      entries.push_back({renamed[e.item], e.colour == no_colour ? no_colour : b.colour(problem.colour_name(e.colour))});
    if (!labels.empty()) entries.push_back({label_item[o]});
    b.add_option(entries);
  }
  return b.build();
}

}  // namespace dlx
