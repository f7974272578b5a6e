#include "dance/line_reader.hpp"

#include <charconv>

#include "dlx/error.hpp"

namespace dance {

long Line::whole_number(long lo, long hi, std::string_view what) const {
  const std::size_t start = text.find_first_not_of(" \t\r");
  const std::size_t end = text.find_last_not_of(" \t\r") + 1;
  long value = 0;
  const char* first = text.data() + start;
  const auto [stop, error] = std::from_chars(first, text.data() + end, value);
  const auto column = [&](const char* at) { return static_cast<std::size_t>(at - text.data()) + 1; };
  if (error != std::errc{} || stop == first)
    throw dlx::ParseError(number, column(first), "expected " + std::string(what) + " (a whole number), found '" +
                                                     text.substr(start, end - start) + "'");
  if (stop != text.data() + end)
    throw dlx::ParseError(number, column(stop), "expected the end of the line after " + std::string(what));
  if (value < lo || value > hi)
    throw dlx::ParseError(number, column(first), "expected " + std::string(what) + " from " + std::to_string(lo) +
                                                     " to " + std::to_string(hi) + ", found " + std::to_string(value));
  return value;
}

std::optional<Line> LineReader::next_raw() {
  Line line;
  if (!std::getline(in_, line.text)) return std::nullopt;
  line.number = ++number_;
  return line;
}

std::optional<Line> LineReader::next() {
  while (auto line = next_raw()) {
    const std::size_t start = line->text.find_first_not_of(" \t\r");
    if (start != std::string::npos && line->text[start] != '#') return line;
  }
  return std::nullopt;
}

}  // namespace dance
