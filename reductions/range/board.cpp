#include "range/board.hpp"

#include <cctype>
#include <ostream>

#include "dlx/error.hpp"

namespace dance::range {
namespace {

bool on_board(int width, int height, int r, int c) { return r >= 0 && r < height && c >= 0 && c < width; }

std::string cell_name(int width, std::size_t cell) {
  const auto w = static_cast<std::size_t>(width);
  return "row " + std::to_string(cell / w + 1) + ", column " + std::to_string(cell % w + 1);
}

// Reads digits at text[at...]; the value, capped so that it cannot overflow.
int read_number(std::string_view text, std::size_t& at) {
  long value = 0;
  while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) {
    value = std::min(value * 10 + (text[at] - '0'), 1000000L);
    ++at;
  }
  return static_cast<int>(value);
}

}  // namespace

int largest_clue(const Board& board) { return board.width + board.height - 1; }

std::string too_many_cells(std::size_t cells) {
  return "a board has at most " + std::to_string(most_cells) + " cells (300x300, solved in about a second), found " +
         std::to_string(cells);
}

int visible(int width, int height, const Colouring& black, std::size_t cell) {
  if (black[cell]) return 0;
  const int r = static_cast<int>(cell / static_cast<std::size_t>(width));
  const int c = static_cast<int>(cell % static_cast<std::size_t>(width));
  int seen = 1;
  for (const auto& step : steps)
    for (int y = r + step[0], x = c + step[1];
         on_board(width, height, y, x) && !black[static_cast<std::size_t>(y * width + x)]; y += step[0], x += step[1])
      ++seen;
  return seen;
}

bool whites_connected(int width, int height, const Colouring& black) {
  std::vector<bool> reached(black.size(), false);
  std::vector<std::size_t> queue;
  std::size_t whites = 0;
  for (std::size_t cell = 0; cell < black.size(); ++cell) {
    if (black[cell]) continue;
    ++whites;
    if (queue.empty()) {
      queue.push_back(cell);
      reached[cell] = true;
    }
  }
  for (std::size_t k = 0; k < queue.size(); ++k)
    for_each_neighbour(width, height, queue[k], [&](std::size_t next) {
      if (black[next] || reached[next]) return;
      reached[next] = true;
      queue.push_back(next);
    });
  return queue.size() == whites;
}

std::optional<std::string> check(const Board& board, const Colouring& black) {
  const int w = board.width, h = board.height;
  if (black.size() != board.cells()) return "the colouring has " + std::to_string(black.size()) + " cells, not " +
                                            std::to_string(board.cells());
  for (std::size_t cell = 0; cell < board.cells(); ++cell) {
    const int r = static_cast<int>(cell / static_cast<std::size_t>(w));
    const int c = static_cast<int>(cell % static_cast<std::size_t>(w));
    if (black[cell] && board.clues[cell] != 0) return "the clue at " + cell_name(w, cell) + " is black";
    if (black[cell] && ((c + 1 < w && black[cell + 1]) || (r + 1 < h && black[cell + static_cast<std::size_t>(w)])))
      return "two black cells touch at " + cell_name(w, cell);
    if (board.clues[cell] != 0 && visible(w, h, black, cell) != board.clues[cell])
      return "the clue " + std::to_string(board.clues[cell]) + " at " + cell_name(w, cell) + " sees " +
             std::to_string(visible(w, h, black, cell)) + " cells";
  }
  if (!whites_connected(w, h, black)) return "the white cells are not connected";
  return std::nullopt;
}

Board parse_id(std::string_view id, std::size_t line, std::size_t column) {
  const auto fail = [&](std::size_t at, const std::string& what) {
    throw dlx::ParseError(line, column + at, what);
  };
  constexpr int largest_side = 1000;
  std::size_t at = 0;
  Board board;
  for (int* side : {&board.width, &board.height}) {
    const std::size_t start = at;
    *side = read_number(id, at);
    if (at == start) fail(at, std::string("expected the ") + (side == &board.width ? "width" : "height") +
                                  " of the game ID (WxH:description)");
    if (*side < 1 || *side > largest_side)
      fail(start, "expected a side from 1 to " + std::to_string(largest_side) + ", found " + dlx::quoted(id.substr(start, at - start)));
    const char separator = side == &board.width ? 'x' : ':';
    if (at >= id.size() || id[at] != separator) fail(at, std::string("expected '") + separator + "' in the game ID");
    ++at;
  }
  const std::size_t cells = static_cast<std::size_t>(board.width) * static_cast<std::size_t>(board.height);
  if (cells > most_cells) fail(0, too_many_cells(cells));
  board.clues.reserve(cells);
  while (at < id.size()) {
    const char ch = id[at];
    if (ch == '_') {
      ++at;
      continue;
    }
    std::size_t run = 1;
    int clue = 0;
    const std::size_t start = at;
    if (ch >= 'a' && ch <= 'z') {
      run = static_cast<std::size_t>(ch - 'a' + 1);
      ++at;
    } else if (std::isdigit(static_cast<unsigned char>(ch))) {
      clue = read_number(id, at);
      if (clue < 1 || clue > largest_clue(board))
        fail(start, "expected a clue from 1 to " + std::to_string(largest_clue(board)) + " (the row and column of " +
                        std::to_string(board.width) + "x" + std::to_string(board.height) + "), found " +
                        std::to_string(clue));
    } else {
      fail(at, std::string("expected a letter a..z (empty cells), a clue number or '_', found '") + ch + "'");
    }
    if (board.clues.size() + run > cells)
      fail(start, "the description has more than the " + std::to_string(cells) + " cells of " +
                      std::to_string(board.width) + "x" + std::to_string(board.height));
    board.clues.insert(board.clues.end(), run, clue);
  }
  if (board.clues.size() != cells)
    fail(at, "the description has " + std::to_string(board.clues.size()) + " cells, expected " + std::to_string(cells));
  return board;
}

void write(std::ostream& out, const Board& board, const Colouring* black, Notation notation) {
  if (notation == Notation::grid) {
    for (std::size_t cell = 0; cell < board.cells(); ++cell) {
      const bool row_start = cell % static_cast<std::size_t>(board.width) == 0;
      if (!row_start) out << ' ';
      if (board.clues[cell] != 0) out << board.clues[cell];
      else out << (black && (*black)[cell] ? '#' : '.');
      if (cell % static_cast<std::size_t>(board.width) == static_cast<std::size_t>(board.width) - 1) out << '\n';
    }
    return;
  }
  out << board.width << 'x' << board.height << ':';
  std::size_t run = 0;  // empty cells of a puzzle not yet written
  bool after_number = false;
  for (std::size_t cell = 0; cell <= board.cells(); ++cell) {
    const bool clue = cell < board.cells() && board.clues[cell] != 0;
    if (run > 0 && (cell == board.cells() || clue || run == 26)) {
      out << static_cast<char>('a' + run - 1);
      run = 0;
    }
    if (cell == board.cells()) break;
    if (clue) {
      if (after_number) out << '_';
      out << board.clues[cell];
    } else if (black) {
      out << ((*black)[cell] ? '#' : '.');
    } else {
      ++run;
    }
    after_number = clue;
  }
}

}  // namespace dance::range
