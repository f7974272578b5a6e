#include "range/reader.hpp"

#include <cctype>

#include "dlx/error.hpp"
#include "dlx/tokens.hpp"

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

std::optional<Puzzle> PuzzleReader::next() {
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

Puzzle PuzzleReader::read_id(const std::string& line, std::size_t start) {
  Puzzle puzzle;
  puzzle.line = line_no_;
  puzzle.notation = Notation::id;
  std::size_t end = start;
  while (end < line.size() && !is_space(line[end])) ++end;
  puzzle.board = parse_id(std::string_view(line).substr(start, end - start), line_no_, start + 1);
  const std::size_t rest = line.find_first_not_of(" \t\r", end);
  if (rest != std::string::npos && line[rest] == '#') puzzle.title = trim(std::string_view(line).substr(rest + 1));
  return puzzle;
}

Puzzle PuzzleReader::read_grid(std::string line) {
  Puzzle puzzle;
  puzzle.line = line_no_;
  puzzle.title = title_;
  Board& board = puzzle.board;
  struct Place {
    std::size_t line, column;
  };
  std::vector<Place> places;  // where each clue was written
  std::optional<dlx::ParseError> error;  // the first mistake, thrown once the puzzle's lines are read
  for (;;) {
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) break;
    if (line[start] != '#' && !error) {
      const auto tokens = dlx::split(line, is_space);
      const auto fail = [&](std::size_t column, const std::string& what) { error.emplace(line_no_, column, what); };
      if (board.width == 0) board.width = static_cast<int>(tokens.size());
      if (static_cast<int>(tokens.size()) != board.width) {
        fail(tokens.back().column, "row " + std::to_string(board.height + 1) + " has " + std::to_string(tokens.size()) +
                                       " cells, the first row has " + std::to_string(board.width));
      }
      for (const dlx::Token& t : tokens) {
        if (error) break;
        if (t.text == "." || t.text == "-") {
          board.clues.push_back(0);
          continue;
        }
        int clue = 0;
        bool digits = t.text.size() <= 6;  // so that the number fits an int
        for (std::size_t k = 0; digits && k < t.text.size(); ++k) {
          digits = std::isdigit(static_cast<unsigned char>(t.text[k])) != 0;
          clue = clue * 10 + (t.text[k] - '0');
        }
        if (!digits || clue == 0)
          fail(t.column, "expected '.', '-' or a clue number from 1 up, found " + dlx::quoted(std::string(t.text)));
        board.clues.push_back(clue);
        places.push_back({line_no_, t.column});
      }
      ++board.height;
      if (!error && board.clues.size() > most_cells) fail(1, too_many_cells(board.clues.size()) + " by this row");
    }
    if (!next_line(line)) break;
  }
  if (error) throw *error;
  std::size_t clue = 0;
  for (const int value : board.clues) {
    if (value == 0) continue;
    const Place& at = places[clue++];
    if (value > largest_clue(board))
      throw dlx::ParseError(at.line, at.column,
                            "the clue " + std::to_string(value) + " is more than the " +
                                std::to_string(largest_clue(board)) + " cells of its row and column");
  }
  return puzzle;
}

}  // namespace dance::range
