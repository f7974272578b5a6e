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
  const std::string range = " from " + std::to_string(lo) + " to " + std::to_string(hi);
  if (error == std::errc::result_out_of_range)  // digits past a long: out of range, not "not a number"
    throw dlx::ParseError(number, column(first), "expected " + std::string(what) + range + ", found " + dlx::quoted(text.substr(start, end - start)));
  if (error != std::errc{} || stop == first)
    throw dlx::ParseError(number, column(first), "expected " + std::string(what) + " (a whole number), found " + dlx::quoted(text.substr(start, end - start)));
  if (stop != text.data() + end)
    throw dlx::ParseError(number, column(stop), "expected the end of the line after " + std::string(what));
  if (value < lo || value > hi)
    throw dlx::ParseError(number, column(first), "expected " + std::string(what) + range + ", found " + std::to_string(value));
  return value;
}

std::optional<Line> LineReader::next_raw() {
  Line line;
  if (!std::getline(in_, line.text)) return std::nullopt;
  line.number = ++number_;
  return line;
}

bool LineReader::ignored(std::string_view text) {
  const std::size_t start = text.find_first_not_of(" \t\r");
  return start == std::string_view::npos || text[start] == '#';
}

std::optional<Line> LineReader::next() {
  while (auto line = next_raw())
    if (!ignored(line->text)) return line;
  return std::nullopt;
}

void LineReader::for_each_left(const std::function<void(std::size_t, std::string_view)>& f) {
  constexpr std::size_t piece = std::size_t{1} << 14;  // a few pages, used again and again
  std::string buffer(piece, '\0'), split;  // split: a line begun in the last piece
  for (;;) {
    const auto got = static_cast<std::size_t>(in_.rdbuf()->sgetn(buffer.data(), static_cast<std::streamsize>(piece)));
    const std::string_view text(buffer.data(), got);
    std::size_t start = 0;
    for (std::size_t end = text.find('\n'); end != std::string_view::npos; end = text.find('\n', start)) {
      if (split.empty()) {
        f(++number_, text.substr(start, end - start));
      } else {
        split.append(text.substr(start, end - start));
        f(++number_, split);
        split.clear();
      }
      start = end + 1;
    }
    split.append(text.substr(start));
    if (got < piece) break;
  }
  if (!split.empty()) f(++number_, split);
}

}  // namespace dance
