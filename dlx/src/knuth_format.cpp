#include "dlx/knuth_format.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <istream>
#include <ostream>

#include "dlx/tokens.hpp"

namespace dlx {
namespace {

std::vector<Token> split(std::string_view line) {
  return dlx::split(line, [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; });
}

bool is_blank(std::string_view line) {
  return std::all_of(line.begin(), line.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
}

class Reader {
 public:
  explicit Reader(std::istream& in) : in_(in) {}

  ReadResult read() {
    ReadResult result;
    std::string line;
    bool have_items = false;
    while (std::getline(in_, line)) {
      ++line_no_;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty() && line.front() == '|') continue;  // comment
      if (is_blank(line)) continue;
      if (!have_items) {
        read_items(line);
        have_items = true;
      } else if (read_option(line, result.warnings)) {
        result.option_line.push_back(line_no_);
      }
    }
    if (!have_items) throw ParseError(line_no_ + 1, 1, "expected a line of item names, found end of input");
    result.problem = builder_.build();
    return result;
  }

 private:
  [[noreturn]] void fail(const Token& t, const std::string& what) const {
    throw ParseError(line_no_, t.column, what);
  }

  void check_name(const Token& t, std::string_view name, std::string_view kind) const {
    if (name.empty()) fail(t, "expected " + std::string(kind) + " name in " + quoted(t.text));
    if (name.find_first_of(":|") != std::string_view::npos)
      fail(t, std::string(kind) + " name " + quoted(name) + " may not contain ':' or '|'");
  }

  std::uint32_t number(const Token& t, std::string_view digits) const {
    std::uint32_t value = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc{} || end != digits.data() + digits.size())
      fail(t, "expected a bound like 2|name or 1:3|name, found " + quoted(t.text));
    return value;
  }

  void read_items(std::string_view line) {
    bool secondary = false;
    for (const Token& t : split(line)) {
      if (t.text == "|") {
        if (secondary) fail(t, "expected one '|' between primary and secondary items, found a second");
        secondary = true;
        continue;
      }
      std::string_view name = t.text;
      std::uint32_t lo = 1, hi = 1;
      if (const auto bar = name.find('|'); bar != std::string_view::npos) {
        if (secondary) fail(t, "secondary item " + quoted(t.text) + " cannot have bounds");
        const std::string_view bounds = name.substr(0, bar);
        name = name.substr(bar + 1);
        if (const auto colon = bounds.find(':'); colon != std::string_view::npos) {
          lo = number(t, bounds.substr(0, colon));
          hi = number(t, bounds.substr(colon + 1));
        } else {
          lo = hi = number(t, bounds);
        }
        if (lo > hi) fail(t, "expected lo <= hi in bounds " + quoted(t.text));
        if (hi == 0) fail(t, "expected an upper bound above 0 in " + quoted(t.text));
      }
      check_name(t, name, "an item");
      if (builder_.peek().find_item(name) >= 0) fail(t, "item " + quoted(name) + " is listed twice");
      if (secondary) {
        builder_.add_secondary(std::string(name));
      } else {
        builder_.add_primary(std::string(name), lo, hi);
      }
    }
    // " |" alone (as write_knuth writes it) is a problem with no items: its one solution is empty.
    if (builder_.peek().items().empty() && !secondary) throw ParseError(line_no_, 1, "expected at least one item");
  }

  // Returns whether the option was kept.
  bool read_option(std::string_view line, std::vector<std::string>& warnings) {
    entries_.clear();
    bool has_primary = false;
    const Problem& problem = builder_.peek();
    option_of_item_.resize(problem.items().size(), 0);
    for (const Token& t : split(line)) {
      std::string_view name = t.text;
      std::string_view colour;
      if (const auto colon = name.find(':'); colon != std::string_view::npos) {
        colour = name.substr(colon + 1);
        name = name.substr(0, colon);
        if (colour.empty()) fail(t, "expected a colour after ':' in " + quoted(t.text));
        if (colour.find_first_of(":|") != std::string_view::npos)
          fail(t, "colour " + quoted(colour) + " may not contain ':' or '|'");
      }
      check_name(t, name, "an item");
      const auto id = problem.find_item(name);
      if (id < 0) fail(t, "expected an item from the first line, found unknown item " + quoted(name));
      const Item& item = problem.items()[static_cast<std::size_t>(id)];
      if (!colour.empty() && item.primary)
        fail(t, "primary item " + quoted(name) + " cannot have a colour");
      std::size_t& seen = option_of_item_[static_cast<std::size_t>(id)];
      if (seen == line_no_) fail(t, "item " + quoted(name) + " occurs twice in this option");
      seen = line_no_;
      has_primary = has_primary || item.primary;
      entries_.push_back({static_cast<ItemId>(id), colour.empty() ? no_colour : builder_.colour(colour)});
    }
    if (!has_primary) {
      warnings.push_back("line " + std::to_string(line_no_) + ": option has no primary item; dropped");
      return false;
    }
    builder_.add_option(entries_);
    return true;
  }

  std::istream& in_;
  std::size_t line_no_ = 0;
  ProblemBuilder builder_;
  std::vector<Entry> entries_;
  std::vector<std::size_t> option_of_item_;  // per item: the line of the last option that holds it
};

}  // namespace

ReadResult read_knuth(std::istream& in) { return Reader(in).read(); }

namespace {

// Characters that Knuth's format gives a meaning: bounds, colours, white space.
bool special(char c) { return c == ':' || c == '|' || std::isspace(static_cast<unsigned char>(c)); }

// A name as written: `escaped` turns the special characters into %XX (':'
// into %3A, '|' into %7C, a vertical tab into %0B), and '%' into %25, so
// that distinct names stay distinct.
void write_name(std::ostream& out, std::string_view name, bool escaped) {
  if (!escaped) {
    out << name;
    return;
  }
  for (const char c : name) {
    if (special(c) || c == '%') {
      char code[4];
      std::snprintf(code, sizeof code, "%%%02X", static_cast<unsigned char>(c));
      out << code;
    } else {
      out << c;
    }
  }
}

void write_entries(std::ostream& out, const Problem& problem, OptionId option, bool escaped) {
  const char* sep = "";
  for (const Entry& e : problem.option(option)) {
    out << sep;
    write_name(out, problem.items()[e.item].name, escaped);
    if (e.colour != no_colour) {
      out << ':';
      write_name(out, problem.colour_name(e.colour), escaped);
    }
    sep = " ";
  }
}

}  // namespace

void write_option(std::ostream& out, const Problem& problem, OptionId option) {
  write_entries(out, problem, option, false);
}

void write_knuth(std::ostream& out, const Problem& problem) {
  const auto& items = problem.items();
  const auto unreadable = [](std::string_view name) { return std::any_of(name.begin(), name.end(), special); };
  bool escaped = std::any_of(items.begin(), items.end(), [&](const Item& item) { return unreadable(item.name); });
  for (ColourId c = 1; c <= problem.colour_count() && !escaped; ++c) escaped = unreadable(problem.colour_name(c));
  // A line that starts with '|' is a comment: with no primary items the line starts " |".
  if (problem.primary_count() == 0) out << " |";
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0 && i == problem.primary_count()) out << " |";
    if (i > 0 || problem.primary_count() == 0) out << ' ';
    const Item& item = items[i];
    if (item.primary && item.lo != item.hi) out << item.lo << ':' << item.hi << '|';
    else if (item.primary && item.hi != 1) out << item.hi << '|';
    write_name(out, item.name, escaped);
  }
  out << '\n';
  for (OptionId o = 0; o < problem.option_count(); ++o) {
    write_entries(out, problem, o, escaped);
    out << '\n';
  }
}

}  // namespace dlx
