#include "path_puzzle/reader.hpp"

#include <cctype>

#include "dance/grid_reader.hpp"
#include "dlx/error.hpp"

namespace dance::path_puzzle {
namespace {

}  // namespace

bool GridReader::next_line(std::string& line) {
  if (!std::getline(in_, line)) return false;
  ++line_no_;
  return true;
}

std::optional<ReadBoard> GridReader::next() {
  std::string line, title;
  for (;;) {
    if (!next_line(line)) return std::nullopt;
    const std::size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) continue;
    if (line[start] != '#') break;
    const std::size_t text = line.find_first_not_of(" \t\r", start + 1);
    title = text == std::string::npos ? "" : line.substr(text, line.find_last_not_of(" \t\r") + 1 - text);
  }
  ReadBoard puzzle;
  puzzle.line = line_no_;
  puzzle.title = std::move(title);
  static constexpr GridWord blank[] = {{".", 0}}, blank_or_hole[] = {{".", 0}, {"x", hole}, {"X", hole}};
  const auto too_many = [](std::size_t cells) {
    return "a grid has at most " + std::to_string(most_cells) + " cells, found " + std::to_string(cells);
  };
  const Grid grid = read_grid(in_, line_no_, std::move(line),
                              holes_ ? GridSyntax{blank_or_hole, "'.', 'x' or a number from 1 up", most_cells, too_many}
                                     : GridSyntax{blank, "'.' or a number from 1 up", most_cells, too_many});
  Board& board = puzzle.board;
  board.rule = rule_;
  board.width = grid.width;
  board.height = grid.height;
  board.numbers = grid.values;
  if (const auto wrong = contradiction(board)) {
    const auto& [line, column] = wrong->cell < grid.places.size() ? grid.places[wrong->cell] : Grid::Place{puzzle.line, 1};
    throw dlx::ParseError(line, column, wrong->what);
  }
  return puzzle;
}

}  // namespace dance::path_puzzle
