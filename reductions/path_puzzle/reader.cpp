#include "path_puzzle/reader.hpp"

#include <cctype>

#include "dlx/error.hpp"
#include "dlx/tokens.hpp"

namespace dance::path_puzzle {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// The most cells a grid may have: the position encoding has about 4 N^2
// options (a 30x30 Numbrix, 3.2 million).
constexpr std::size_t most_cells = 900;

}  // namespace

bool GridReader::next_line(std::string& line) {
  if (!std::getline(in_, line)) return false;
  ++line_no_;
  return true;
}

std::optional<Puzzle> GridReader::next() {
  std::string line, title;
  for (;;) {
    if (!next_line(line)) return std::nullopt;
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) continue;
    if (line[start] != '#') break;
    const std::size_t text = line.find_first_not_of(" \t\r", start + 1);
    title = text == std::string::npos ? "" : line.substr(text, line.find_last_not_of(" \t\r") + 1 - text);
  }
  Puzzle puzzle;
  puzzle.line = line_no_;
  puzzle.title = std::move(title);
  Board& board = puzzle.board;
  board.rule = rule_;
  std::optional<dlx::ParseError> error;  // the first mistake, thrown once the grid's lines are read
  for (;;) {
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) break;
    if (line[start] != '#' && !error) {
      const auto tokens = dlx::split(line, is_space);
      const auto fail = [&](std::size_t column, const std::string& what) { error.emplace(line_no_, column, what); };
      if (board.width == 0) board.width = static_cast<int>(tokens.size());
      if (static_cast<int>(tokens.size()) != board.width)
        fail(tokens.back().column, "row " + std::to_string(board.height + 1) + " has " + std::to_string(tokens.size()) +
                                       " cells, the first row has " + std::to_string(board.width));
      for (const dlx::Token& t : tokens) {
        if (error) break;
        if (t.text == ".") {
          board.numbers.push_back(0);
          continue;
        }
        if (holes_ && (t.text == "x" || t.text == "X")) {
          board.numbers.push_back(hole);
          continue;
        }
        int number = 0;
        bool digits = t.text.size() <= 6;  // so that the number fits an int
        for (std::size_t k = 0; digits && k < t.text.size(); ++k) {
          digits = std::isdigit(static_cast<unsigned char>(t.text[k])) != 0;
          number = number * 10 + (t.text[k] - '0');
        }
        if (!digits || number == 0)
          fail(t.column, std::string("expected '.'") + (holes_ ? ", 'x'" : "") + " or a number from 1 up, found " +
                             dlx::quoted(std::string(t.text)));
        board.numbers.push_back(number);
      }
      ++board.height;
      if (!error && board.numbers.size() > most_cells)
        fail(1, "a grid has at most " + std::to_string(most_cells) + " cells, found " + std::to_string(board.numbers.size()) + " by this row");
    }
    if (!next_line(line)) break;
  }
  if (error) throw *error;
  if (const auto wrong = contradiction(board)) throw dlx::ParseError(puzzle.line, 1, *wrong);
  return puzzle;
}

}  // namespace dance::path_puzzle
