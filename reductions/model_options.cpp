#include <algorithm>
#include <charconv>
#include <limits>
#include <stdexcept>

#include "dance/reduction.hpp"
#include "dlx/error.hpp"

namespace dance {
namespace {

std::optional<long> whole_number(std::string_view text) {
  long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::string listed(const std::vector<std::string_view>& words) {
  std::string text;
  for (std::size_t k = 0; k < words.size(); ++k)
    text += std::string(k == 0 ? "" : k + 1 == words.size() ? " or " : ", ") + std::string(words[k]);
  return text;
}

std::string listed(const std::vector<std::string>& words) { return listed(std::vector<std::string_view>(words.begin(), words.end())); }

std::vector<MessagePart> parts_of(const std::exception& e) {
  const auto* named = dynamic_cast<const NamesOptions*>(&e);
  return named ? named->parts() : std::vector<MessagePart>{};
}

namespace {
OptionSpec spec_of(OptionSpec::Kind kind, std::string name, std::string argument, std::string help) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.argument = std::move(argument);
  spec.help = std::move(help);
  spec.kind = kind;
  return spec;
}
}  // namespace

OptionSpec OptionSpec::flag(std::string name, std::string help) {
  return spec_of(Kind::flag, std::move(name), "", std::move(help));
}

OptionSpec OptionSpec::integer(std::string name, std::string argument, long lo, long hi, std::string help) {
  OptionSpec spec = spec_of(Kind::integer, std::move(name), std::move(argument), std::move(help));
  spec.lo = lo;
  spec.hi = hi;
  return spec;
}

OptionSpec OptionSpec::dimensions(std::string name, std::string argument, long lo, long hi, std::string help) {
  OptionSpec spec = integer(std::move(name), std::move(argument), lo, hi, std::move(help));
  spec.kind = Kind::dimensions;
  return spec;
}

OptionSpec OptionSpec::choice(std::string name, std::vector<std::string> choices, std::string help) {
  std::string argument;
  for (const std::string& c : choices) argument += (argument.empty() ? "" : "|") + c;
  OptionSpec spec = spec_of(Kind::choice, std::move(name), std::move(argument), std::move(help));
  spec.choices = std::move(choices);
  return spec;
}

OptionSpec OptionSpec::text(std::string name, std::string argument, std::string help) {
  return spec_of(Kind::text, std::move(name), std::move(argument), std::move(help));
}

std::optional<std::string> OptionSpec::check(std::string_view value) const {
  const std::string found = "; found " + dlx::quoted(value);
  switch (kind) {
    case Kind::flag:
      if (!value.empty()) return " takes no value" + found;
      return std::nullopt;
    case Kind::integer:
      if (const auto n = whole_number(value); n && *n >= lo && *n <= hi) return std::nullopt;
      return " expects a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + found;
    case Kind::dimensions:
      if (parse_dimensions(value, lo, hi)) return std::nullopt;
      return " expects " + argument + " with sides from " + std::to_string(lo) + " to " + std::to_string(hi) + found;
    case Kind::choice:
      if (std::find(choices.begin(), choices.end(), value) != choices.end()) return std::nullopt;
      return " is " + listed(choices) + found;
    case Kind::text:
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::pair<long, long>> parse_dimensions(std::string_view text, long lo, long hi) {
  const auto side = [lo, hi](std::string_view digits, long& value) {
    const auto n = whole_number(digits);
    return n && *n >= lo && *n <= hi && (value = *n, true);
  };
  const std::size_t x = text.find_first_of("xX");
  std::pair<long, long> sides;
  if (x == std::string_view::npos || !side(text.substr(0, x), sides.first) || !side(text.substr(x + 1), sides.second))
    return std::nullopt;
  return sides;
}

ModelOptions& ModelOptions::set(std::string name, std::string value) {
  values_[std::move(name)] = std::move(value);
  return *this;
}

std::string option_word(std::string_view name) { return (name.size() == 1 ? "-" : "--") + std::string(name); }

std::string worded(const std::vector<MessagePart>& parts, const OptionNamer& name) {
  std::string text;
  for (const MessagePart& part : parts) text += part.option ? name(part.text) : part.text;
  return text;
}

bool ModelOptions::has(std::string_view name) const { return values_.find(name) != values_.end(); }

std::string ModelOptions::text(std::string_view name) const {
  const auto found = values_.find(name);
  return found == values_.end() ? std::string() : found->second;
}

long ModelOptions::number(std::string_view name, long fallback) const {
  if (!has(name)) return fallback;
  if (const auto n = whole_number(text(name))) return *n;
  throw OptionError({option_named(std::string(name)), {" expects a whole number; found " + dlx::quoted(text(name))}});
}

std::pair<long, long> ModelOptions::dimensions(std::string_view name, std::pair<long, long> fallback) const {
  if (!has(name)) return fallback;
  if (const auto sides = parse_dimensions(text(name), 0, std::numeric_limits<long>::max())) return *sides;
  throw OptionError({option_named(std::string(name)), {" expects AxB; found " + dlx::quoted(text(name))}});
}

void ModelOptions::check(std::span<const OptionSpec> specs) const {
  for (const OptionSpec& spec : specs)
    if (const auto found = values_.find(spec.long_name()); found != values_.end())
      if (const auto wrong = spec.check(found->second))
        throw OptionError({option_named(spec.long_name()), {*wrong}});
}

}  // namespace dance
