#include "sudoku/reader.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>
#include <utility>

#include "dance/reduction.hpp"
#include "dlx/error.hpp"
#include "dlx/tokens.hpp"

namespace dance::sudoku {
namespace {

constexpr std::string_view decoration = " \t|-+=";
constexpr std::string_view blanks = ".0_*x";

// Whether c is one of `set`: a loop the compiler unrolls, where find() is a
// call of memchr for each character of each line.
constexpr bool one_of(std::string_view set, char c) {
  for (const char s : set)
    if (s == c) return true;
  return false;
}

bool is_separator(char c) { return one_of(decoration, c) || c == ',' || c == '\r'; }

using dlx::Token;

std::vector<Token> split(std::string_view line) { return dlx::split(line, is_separator); }

// The most cells a line can give: a 64x64 puzzle on one line, and one more
// to tell that there are more.
constexpr std::size_t most_line_cells = 64 * 64 + 1;

// The line up to the end of its first `count` tokens: past them no cell is
// read (a rating or a name may follow a puzzle, and may be 100 MB long).
std::string_view first_tokens(std::string_view line, std::size_t count) {
  std::size_t at = 0;
  for (std::size_t k = 0; k < count && at < line.size(); ++k) {
    while (at < line.size() && is_separator(line[at])) ++at;
    while (at < line.size() && !is_separator(line[at])) ++at;
  }
  return line.substr(0, at);
}

bool all_digits(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

bool is_valid_size(int n, bool jigsaw) {
  if (jigsaw) return n >= 4 && n <= 64;
  return n <= 64 && boxed_shape(n).has_value();
}

// The side n of k = n*n cells, for n from 4 to 64.
std::optional<int> side_of_square(std::size_t k) {
  for (int n = 4; n * n <= static_cast<int>(k) && n <= 64; ++n)
    if (static_cast<std::size_t>(n * n) == k) return n;
  return std::nullopt;
}

// The square root of k when k = n*n for a size n that can be read.
std::optional<int> size_of_square(std::size_t k, bool jigsaw) {
  const auto n = side_of_square(k);
  return n && is_valid_size(*n, jigsaw) ? n : std::nullopt;
}

// For k = n*n cells on one line where n has no box shape: what to do
// instead (a 7x7 sudoku is read as the first row of a 49x49 grid, or not
// at all); else nothing.
std::vector<MessagePart> without_boxes(std::size_t k, bool jigsaw) {
  const auto n = side_of_square(k);
  if (!n || jigsaw || boxed_shape(*n)) return {};
  const std::string side = std::to_string(*n);
  return {{" (as one puzzle, " + std::to_string(k) + " cells are " + side + "x" + side +
           ", which no R x C boxes with both at least 2 tile: use "},
          option_named("box"), {" 1x" + side + ", or "}, option_named("jigsaw"), {" with a region map)"}};
}

// Throws a parse error whose reason is `text` and then `hint`, which may name options.
[[noreturn]] void fail_with_hint(std::size_t line, std::size_t column, std::string text, std::vector<MessagePart> hint) {
  if (hint.empty()) throw dlx::ParseError(line, column, text);
  hint.insert(hint.begin(), MessagePart{std::move(text)});
  throw HintedParseError(line, column, std::move(hint));
}

}  // namespace

// One line cut into cells (not yet values): each character of each token,
// or each token when the cells are decimal numbers separated by spaces or commas.
struct PuzzleReader::Row {
  std::vector<Token> cells;
  std::size_t first_token_cells = 0;
  bool decimal = false;
  char separator = 0;
};

PuzzleReader::PuzzleReader(std::istream& in, std::optional<Shape> fixed, bool diagonals, bool jigsaw)
    : in_(in), fixed_(std::move(fixed)), diagonals_(diagonals), jigsaw_(jigsaw) {}

bool PuzzleReader::next_line(std::string& line, bool* after_blank) {
  if (after_blank) *after_blank = false;
  if (held_) {
    std::tie(line, line_no_) = *std::exchange(held_, std::nullopt);
    return true;
  }
  while (std::getline(in_, line)) {
    ++line_no_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && line.front() == '#') continue;
    if (line.find_first_not_of(decoration) == std::string::npos) {  // blank or decoration
      if (after_blank && line.find_first_not_of(" \t") == std::string::npos) *after_blank = true;
      continue;
    }
    return true;
  }
  return false;
}

PuzzleReader::Row PuzzleReader::read_row(const std::string& whole_line) {
  Row row;
  const std::string_view line = first_tokens(whole_line, most_line_cells);
  const auto tokens = split(line);
  const bool commas = line.find(',') != std::string::npos;
  const char blank_separator = line.find('\t') != std::string::npos ? '\t' : ' ';  // answered as it came
  const bool numbers = tokens.size() >= 2 &&
                       std::any_of(tokens.begin(), tokens.end(), [](const Token& t) { return t.text.size() >= 2; }) &&
                       std::all_of(tokens.begin(), tokens.end(), [](const Token& t) {
                         return all_digits(t.text) || (t.text.size() == 1 && one_of(blanks, t.text[0]));
                       });
  row.decimal = commas || numbers;
  if (row.decimal) {
    row.cells = tokens;
    // A sign before a number is no decoration: the cell keeps it, and is refused as a value ('-2').
    for (Token& cell : row.cells)
      if (cell.column >= 2 && (line[cell.column - 2] == '-' || line[cell.column - 2] == '+'))
        cell = {std::string_view(cell.text.data() - 1, cell.text.size() + 1), cell.column - 1};
    row.first_token_cells = tokens.size();
    row.separator = commas ? ',' : blank_separator;
    return row;
  }
  row.cells.reserve(std::min(line.size(), most_line_cells));  // a cell a character at most: one allocation
  for (const Token& t : tokens)
    for (std::size_t k = 0; k < t.text.size() && row.cells.size() < most_line_cells; ++k)
      row.cells.push_back({t.text.substr(k, 1), t.column + k});
  const bool spaced = tokens.size() > 1 &&
                      std::all_of(tokens.begin(), tokens.end(), [](const Token& t) { return t.text.size() == 1; });
  row.separator = spaced ? blank_separator : 0;
  // cells spaced one by one form one run; otherwise what follows the first token may be a rating
  row.first_token_cells = spaced ? row.cells.size() : tokens.empty() ? 0 : tokens[0].text.size();
  return row;
}

namespace {
// For a value out of range on a line of `cells` cells read as one puzzle
// (0: not so read): the line may be a row of a grid that lacks --box.
std::vector<MessagePart> grid_row_hint(std::size_t cells) {
  const auto grid = cells == 0 ? std::nullopt : boxed_shape(static_cast<int>(cells));
  if (!grid || grid->n > 64) return {};  // --box takes R*C up to 64: no grid to suggest
  return {{" (if the line is a row of a " + std::to_string(grid->n) + "x" + std::to_string(grid->n) + " grid, give "},
          option_named("box"), {" " + std::to_string(grid->box_rows) + "x" + std::to_string(grid->box_cols) + ")"}};
}

// The value of one cell, noting the notation it was written in; `line_cells`
// as for grid_row_hint().
int value_of(const Token& cell, bool decimal, int n, std::size_t line, Notation& notation, bool& blank_seen,
             std::size_t line_cells) {
  const std::string_view t = cell.text;
  int value = -1;
  if (t.size() == 1 && one_of(blanks, t[0])) {
    value = 0;
  } else if (decimal && all_digits(t) && t.size() <= 3) {
    value = std::stoi(std::string(t));
  } else if (!decimal && t.size() == 1) {
    const char c = t[0];
    if (c >= '1' && c <= '9') value = c - '0';
    else if (c >= 'a' && c <= 'z') value = c - 'a' + 10, notation.lower = true;
    else if (c >= 'A' && c <= 'Z') value = c - 'A' + 10;
  }
  if (value < 0)
    throw dlx::ParseError(line, cell.column,
                          "unknown symbol " + dlx::quoted(t) + ": expected a value 1.." + std::to_string(n) +
                              " or a blank (. 0 _ * x)");
  if (value > n)
    fail_with_hint(line, cell.column, "value " + std::to_string(value) + " is out of range 1.." + std::to_string(n),
                 grid_row_hint(line_cells));
  if (value == 0 && !blank_seen) {
    notation.blank = t[0];
    blank_seen = true;
  }
  return value;
}
// How many cells a line had, as far as it was read.
std::string cells_found(std::size_t cells) {
  return (cells < most_line_cells ? std::to_string(cells) : "more than " + std::to_string(most_line_cells - 1)) + " cells";
}
}  // namespace

void PuzzleReader::skip_rest_of_grid() {
  std::string line;
  for (Unread& grid = unread_; grid.rows > 0 && grid.rows < grid.n; ++grid.rows) {
    bool after_blank = false;
    if (!next_line(line, &after_blank)) break;
    if (after_blank && grid.rows % grid.band != 0) {  // a blank line inside a band ends the grid
      held_.emplace(line, line_no_);
      break;
    }
  }
  unread_ = {};
}

std::optional<ReadGrid> PuzzleReader::next() {
  skip_rest_of_grid();
  std::string line;
  if (!next_line(line)) return std::nullopt;
  ReadGrid puzzle;
  puzzle.line = line_no_;
  const int fixed_n = fixed_ ? fixed_->n : 0;
  Row row = read_row(line);

  // One line of n*n cells, or the first row of a grid?
  int n = 0;
  if (fixed_n != 0 && row.first_token_cells >= static_cast<std::size_t>(fixed_n * fixed_n)) {
    // A run longer than the shape's puzzle is some other size, not this one with a tail.
    if (row.first_token_cells > static_cast<std::size_t>(fixed_n * fixed_n))
      throw dlx::ParseError(line_no_, 1, "expected " + std::to_string(fixed_n * fixed_n) + " cells on one line or a grid row of " +
                                             std::to_string(fixed_n) + " cells, found " + cells_found(row.first_token_cells));
    n = fixed_n;
  } else if (fixed_n == 0) {
    if (const auto square = size_of_square(row.first_token_cells, jigsaw_)) n = *square;
  }
  bool blank_seen = false;
  puzzle.notation.separator = row.separator;
  // A line of k*k cells read as a puzzle may be meant as a row of a k x k grid.
  const std::size_t line_cells = n != 0 && fixed_n == 0 && !jigsaw_ ? row.first_token_cells : 0;
  // Tokens point into the line just read: take their values before the next.
  const auto take = [&](const Row& r) {
    for (const Token& cell : r.cells)
      puzzle.clues.push_back(value_of(cell, r.decimal, n, line_no_, puzzle.notation, blank_seen, line_cells));
  };
  if (n != 0) {
    row.cells.resize(static_cast<std::size_t>(n * n));  // the rest of the line is ignored
    puzzle.clues.reserve(row.cells.size());
    take(row);
  } else {
    n = static_cast<int>(row.cells.size());
    const bool ok = fixed_n != 0 ? n == fixed_n : is_valid_size(n, jigsaw_);
    if (!ok) {
      const std::string found = ", found " + cells_found(row.cells.size());
      if (fixed_n != 0)
        throw dlx::ParseError(line_no_, 1, "expected " + std::to_string(fixed_n * fixed_n) + " cells on one line or a grid row of " +
                                               std::to_string(fixed_n) + " cells" + found);
      std::vector<MessagePart> reason{{"expected a puzzle of n*n cells on one line (16, 36, 64, 81, 100, 144, 256, ... 4096) or a grid "
                                       "row of n cells (4, 6, 8, 9, 10, 12, 16, ... 64; "},
                                      option_named("box"), {" RxC for other shapes)" + found}};
      for (MessagePart& part : without_boxes(row.cells.size(), jigsaw_)) reason.push_back(std::move(part));
      throw HintedParseError(line_no_, 1, std::move(reason));
    }
    puzzle.notation.grid = true;
    puzzle.clues.reserve(static_cast<std::size_t>(n * n));
    // Bands of boxes may stand apart by blank lines; a blank line elsewhere
    // ends a truncated grid, and what follows is the next puzzle's.
    const int band = fixed_ ? fixed_->box_rows : jigsaw_ ? n : boxed_shape(n)->box_rows;  // n is valid: it has boxes
    // Until the grid is read whole, a fault leaves its other rows to be skipped.
    unread_ = {1, n, band};
    take(row);
    const auto missing = [n](int rows) {
      return "expected " + std::to_string(n) + " grid rows, found " + std::to_string(rows);
    };
    for (int rows = 1; rows < n; ++rows) {
      bool after_blank = false;
      const std::size_t last = line_no_;
      if (!next_line(line, &after_blank))
        fail_with_hint(puzzle.line, 1, missing(rows) + " before the end of the input",
                       rows == 1 && fixed_n == 0 ? without_boxes(static_cast<std::size_t>(n), jigsaw_) : std::vector<MessagePart>{});
      if (after_blank && rows % band != 0) {
        held_.emplace(line, line_no_);
        unread_ = {};
        throw dlx::ParseError(last + 1, 1, missing(rows) + " before a blank line");
      }
      const Row next_row = read_row(line);
      if (static_cast<int>(next_row.cells.size()) != n) {
        // A whole puzzle on the grid's second line: the first was a puzzle too short, not a grid's row.
        if (rows == 1 && fixed_n == 0 && !jigsaw_ && size_of_square(next_row.first_token_cells, jigsaw_)) {
          held_.emplace(line, line_no_);
          unread_ = {};
          throw dlx::ParseError(puzzle.line, 1, "expected a puzzle of n*n cells on one line or a grid of " + std::to_string(n) +
                                                    " rows, found " + std::to_string(n) + " cells and then a puzzle on line " +
                                                    std::to_string(line_no_));
        }
        ++unread_.rows;
        throw dlx::ParseError(line_no_, 1,
                              "expected a grid row of " + std::to_string(n) + " cells, found " +
                                  std::to_string(next_row.cells.size()));
      }
      ++unread_.rows;
      take(next_row);
    }
    unread_ = {};
  }

  if (fixed_) puzzle.shape = *fixed_;
  else if (!jigsaw_) puzzle.shape = *boxed_shape(n);
  else puzzle.shape = Shape{n, 0, 0, false, {}};
  puzzle.shape.diagonals = diagonals_;
  if (jigsaw_) puzzle.shape.regions = read_regions(puzzle);
  return puzzle;
}

Cells PuzzleReader::read_regions(const ReadGrid& puzzle) {
  const int n = puzzle.shape.n;
  const std::size_t cells = static_cast<std::size_t>(n * n);
  std::map<char, int> label;
  std::vector<int> size;
  Cells regions;
  std::string line;
  while (regions.size() < cells) {
    if (!next_line(line))
      throw dlx::ParseError(line_no_ + 1, 1, "expected the region map of the jigsaw puzzle of line " +
                                                 std::to_string(puzzle.line));
    for (const Token& t : split(line)) {
      for (std::size_t k = 0; k < t.text.size() && regions.size() < cells; ++k) {
        const auto [it, added] = label.try_emplace(t.text[k], static_cast<int>(label.size()));
        if (added && static_cast<int>(label.size()) > n)
          throw dlx::ParseError(line_no_, t.column + k,
                                "region map has more than " + std::to_string(n) + " region symbols");
        if (added) size.push_back(0);
        ++size[static_cast<std::size_t>(it->second)];
        regions.push_back(it->second);
      }
    }
  }
  for (const auto& [symbol, region] : label)
    if (size[static_cast<std::size_t>(region)] != n)
      throw dlx::ParseError(line_no_, 1,
                            "region " + dlx::quoted(std::string_view(&symbol, 1)) + " has " +
                                std::to_string(size[static_cast<std::size_t>(region)]) + " cells, expected " +
                                std::to_string(n));
  if (static_cast<int>(label.size()) != n)
    throw dlx::ParseError(line_no_, 1, "region map has " + std::to_string(label.size()) + " regions, expected " +
                                           std::to_string(n));
  return regions;
}

}  // namespace dance::sudoku
