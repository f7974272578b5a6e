// The exact cover problem as data: items, options, colours, multiplicities.
// A Problem is immutable once built; the Solver links it into its own arrays.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/big_allocator.hpp"
#include "dlx/error.hpp"
#include "dlx/name_index.hpp"

namespace dlx {

using ItemId = std::uint32_t;    // index into Problem::items()
using OptionId = std::uint32_t;  // index into Problem's options, in insertion order
using ColourId = std::uint32_t;  // 0 = no colour; names in Problem::colour_name()

inline constexpr ColourId no_colour = 0;

struct Item {
  std::string name;
  bool primary = true;
  std::uint32_t lo = 1;  // a primary item is covered at least lo times...
  std::uint32_t hi = 1;  // ...and at most hi times; secondary items ignore both
  // A primary item the search branches on only when every item not deferred
  // is covered, unless it is forced (one choice left) or dead (none): for
  // items whose choices mostly follow from the others' (a puzzle's free
  // cells beside its clues). Changes the order of the search, not its solutions.
  bool deferred = false;
};

// One entry of an option: the item it covers and, for a secondary item, its colour.
struct Entry {
  ItemId item;
  ColourId colour = no_colour;
  friend bool operator==(const Entry&, const Entry&) = default;
};

class Problem {
 public:
  [[nodiscard]] const std::vector<Item>& items() const { return items_; }
  [[nodiscard]] std::size_t primary_count() const { return primary_count_; }
  [[nodiscard]] std::size_t option_count() const { return option_start_.size() - 1; }
  [[nodiscard]] std::size_t entry_count() const { return entries_.size(); }
  [[nodiscard]] std::span<const Entry> option(OptionId o) const {
    return {entries_.data() + option_start_[o], entries_.data() + option_start_[o + 1]};
  }
  [[nodiscard]] std::string_view colour_name(ColourId c) const { return colour_names_[c]; }
  [[nodiscard]] std::size_t colour_count() const { return colour_names_.size() - 1; }
  // Whether Algorithm C (colours) or M (multiplicities) is needed; X is the fast default.
  [[nodiscard]] bool uses_colours() const { return colour_names_.size() > 1; }
  [[nodiscard]] bool uses_multiplicities() const;
  // The item with this name, or -1.
  [[nodiscard]] std::int64_t find_item(std::string_view name) const;

 private:
  friend class ProblemBuilder;
  std::vector<Item> items_;  // primary items first
  std::size_t primary_count_ = 0;
  BigVector<Entry> entries_;
  std::vector<std::uint32_t> option_start_{0};
  std::vector<std::string> colour_names_{""};
  NameIndex item_index_;    // of items_
  NameIndex colour_index_;  // of colour_names_
  // For the name indexes: an id's name.
  [[nodiscard]] auto names_of_items() const {
    return [this](std::uint32_t id) -> std::string_view { return items_[id].name; };
  }
  [[nodiscard]] auto names_of_colours() const {
    return [this](std::uint32_t id) -> std::string_view { return colour_names_[id]; };
  }
};

// Builds a Problem and validates as it goes: every mistake throws BuildError
// (unknown item, item twice in one option, colour on a primary item, lo > hi,
// duplicate item name, primary item added after a secondary one).
class ProblemBuilder {
 public:
  ItemId add_primary(std::string name, std::uint32_t lo = 1, std::uint32_t hi = 1);
  ItemId add_secondary(std::string name);
  void defer(ItemId primary);  // sets Item::deferred; throws BuildError for a secondary item
  ColourId colour(std::string_view name);  // interns a colour name
  // Adds an option; returns its id. Options with no primary item are kept
  // (the search can never choose them); readers may drop them with a warning.
  OptionId add_option(std::span<const Entry> entries);
  // Convenience for tests and reductions: item names, "name:colour" for a colour.
  OptionId add_option(std::initializer_list<std::string_view> tokens);
  [[nodiscard]] ItemId item(std::string_view name) const;  // throws BuildError if unknown
  // Room for this many items, options and entries in all, when a reduction
  // knows: a large problem then grows without copies (and their page faults).
  void reserve(std::size_t items, std::size_t options, std::size_t entries);
  [[nodiscard]] const Problem& peek() const { return problem_; }
  Problem build();

 private:
  ItemId add_item(Item item);
  Problem problem_;
  std::vector<std::uint64_t> seen_;  // per item: stamp of the last add_option that used it
  std::uint64_t stamp_ = 0;
};

// The problem that remains once `forced` options are taken: their items are
// used up (a primary item's bounds drop by one, a secondary item keeps only
// the options that agree with its colour) and the options that clash with
// them are gone. Its solutions, each with the forced options added, are the
// original problem's solutions that contain them all. Forced options that
// clash leave a problem with no solution (a primary item with no options).
// With `labels` (one per option), each option kept also holds a secondary
// item of its own named by its label, which names it where its items do not
// (a clique's vertex) and constrains nothing.
[[nodiscard]] Problem with_forced(const Problem& problem, std::span<const OptionId> forced,
                                  std::span<const std::string> labels = {});

}  // namespace dlx
