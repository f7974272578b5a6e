#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "dance/reduction.hpp"
#include "dlx/error.hpp"

namespace dance {

ModelOptions& ModelOptions::set(std::string name, std::string value) {
  values_[std::move(name)] = std::move(value);
  return *this;
}

bool ModelOptions::has(std::string_view name) const { return values_.find(name) != values_.end(); }

std::string ModelOptions::text(std::string_view name) const {
  const auto found = values_.find(name);
  return found == values_.end() ? std::string() : found->second;
}

long ModelOptions::number(std::string_view name, long fallback, long lo, long hi) const {
  const auto found = values_.find(name);
  if (found == values_.end()) return fallback;
  const std::string& text = found->second;
  long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value < lo || value > hi)
    throw std::invalid_argument("--" + std::string(name) + " expects a whole number from " + std::to_string(lo) +
                                " to " + std::to_string(hi) + "; found " + dlx::quoted(text));
  return value;
}

std::optional<std::pair<long, long>> parse_dimensions(std::string_view text, long lo, long hi) {
  const auto side = [text, lo, hi](std::size_t from, std::size_t to, long& value) {
    const auto [end, error] = std::from_chars(text.data() + from, text.data() + to, value);
    return from < to && error == std::errc{} && end == text.data() + to && value >= lo && value <= hi;
  };
  const std::size_t x = text.find_first_of("xX");
  std::pair<long, long> sides;
  if (x == std::string_view::npos || !side(0, x, sides.first) || !side(x + 1, text.size(), sides.second))
    return std::nullopt;
  return sides;
}

std::pair<long, long> ModelOptions::dimensions(std::string_view name, std::string_view shape,
                                               std::pair<long, long> fallback, long lo, long hi) const {
  const auto found = values_.find(name);
  if (found == values_.end()) return fallback;
  if (const auto sides = parse_dimensions(found->second, lo, hi)) return *sides;
  throw std::invalid_argument("--" + std::string(name) + " expects " + std::string(shape) + " with sides from " +
                              std::to_string(lo) + " to " + std::to_string(hi) + "; found " + dlx::quoted(found->second));
}

std::string ModelOptions::choice(std::string_view name, std::initializer_list<std::string_view> choices) const {
  const std::string value = text(name);
  if (value.empty() || std::find(choices.begin(), choices.end(), value) != choices.end()) return value;
  std::string listed;
  std::size_t k = 0;
  for (const std::string_view c : choices)
    listed += (k++ == 0 ? "" : k == choices.size() ? " or " : ", ") + std::string(c);
  throw std::invalid_argument("--" + std::string(name) + " is " + listed + "; found " + dlx::quoted(value));
}

}  // namespace dance
