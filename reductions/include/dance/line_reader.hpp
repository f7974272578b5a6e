// Line by line input for a reduction's reader: line numbers kept for error
// messages, blank lines and '#' comment lines skipped.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

namespace dance {

struct Line {
  std::size_t number = 0;  // 1-based
  std::string text;
  // The line as one whole number in [lo, hi], `what` saying what it stands
  // for; dlx::ParseError with the line and column otherwise.
  [[nodiscard]] long whole_number(long lo, long hi, std::string_view what) const;
};

class LineReader {
 public:
  explicit LineReader(std::istream& in) : in_(in) {}
  // The next line that is neither blank nor a comment, or nothing at the end.
  [[nodiscard]] std::optional<Line> next();
  // The next line as it is, blank or not, or nothing at the end.
  [[nodiscard]] std::optional<Line> next_raw();
  // Calls f(number, text) for every line left, blank or not, read in large
  // pieces and without a Line made of each: for thousands of short lines
  // (a graph's edges) that f parses in place.
  void for_each_left(const std::function<void(std::size_t, std::string_view)>& f);
  // Whether next() passes over a line: blank, or a '#' comment.
  [[nodiscard]] static bool ignored(std::string_view text);

 private:
  std::istream& in_;
  std::size_t number_ = 0;
};

}  // namespace dance
