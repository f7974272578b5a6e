#include <charconv>
#include <stdexcept>

#include "dance/reduction.hpp"

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

}  // namespace dance
