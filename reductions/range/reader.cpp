#include "range/reader.hpp"

#include <cctype>

#include "dance/grid_reader.hpp"
#include "dlx/error.hpp"

namespace dance::range {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string trim(std::string_view text) {
  const std::size_t start = text.find_first_not_of(" \t\r");
  if (start == std::string_view::npos) return {};
  return std::string(text.substr(start, text.find_last_not_of(" \t\r") + 1 - start));
}

// Whether the line from `start` begins like a game ID: digits, then 'x'.
bool looks_like_id(const std::string& line, std::size_t start) {
  std::size_t at = start;
  while (at < line.size() && std::isdigit(static_cast<unsigned char>(line[at]))) ++at;
  return at > start && at < line.size() && line[at] == 'x';
}

}  // namespace

bool PuzzleReader::next_line(std::string& line) {
  if (!std::getline(in_, line)) return false;
  ++line_no_;
  return true;
}

std::optional<ReadGrid> PuzzleReader::next() {
  std::string line;
  title_.clear();
  while (next_line(line)) {
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) continue;
    if (line[start] == '#') {
      title_ = trim(std::string_view(line).substr(start + 1));
      continue;
    }
    if (looks_like_id(line, start)) return read_id(line, start);
    return read_grid(std::move(line));
  }
  return std::nullopt;
}

ReadGrid PuzzleReader::read_id(const std::string& line, std::size_t start) {
  ReadGrid puzzle;
  puzzle.line = line_no_;
  puzzle.notation = Notation::id;
  std::size_t end = start;
  while (end < line.size() && !is_space(line[end])) ++end;
  puzzle.board = parse_id(std::string_view(line).substr(start, end - start), line_no_, start + 1);
  const std::size_t rest = line.find_first_not_of(" \t\r", end);
  if (rest != std::string::npos && line[rest] == '#') puzzle.title = trim(std::string_view(line).substr(rest + 1));
  return puzzle;
}

ReadGrid PuzzleReader::read_grid(std::string line) {
  static constexpr GridWord blanks[] = {{".", 0}, {"-", 0}};
  ReadGrid puzzle;
  puzzle.line = line_no_;
  puzzle.title = title_;
  const Grid grid = dance::read_grid(in_, line_no_, std::move(line),
                                     {blanks, "'.', '-' or a clue number from 1 up", most_cells, &too_many_cells});
  Board& board = puzzle.board;
  board.width = grid.width;
  board.height = grid.height;
  board.clues = grid.values;
  for (std::size_t cell = 0; cell < grid.values.size(); ++cell)
    if (grid.values[cell] > largest_clue(board))
      throw dlx::ParseError(grid.places[cell].line, grid.places[cell].column,
                            "the clue " + std::to_string(grid.values[cell]) + " is more than the " +
                                std::to_string(largest_clue(board)) + " cells of its row and column");
  return puzzle;
}

}  // namespace dance::range
