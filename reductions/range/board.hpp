// A range puzzle (Kurodoko) board and its notations.
//
// Rules: every cell is black or white; no two black cells share a side; the
// white cells form one orthogonally connected region; a clue sits on a white
// cell and counts the white cells it sees in its row and column up to the
// first black cell or the edge, itself included.
//
// Notations:
//   grid  whitespace-separated tokens, one row per line: '.' or '-' an empty
//         cell, a number a clue. A solution writes '#' for black, '.' for
//         white and keeps the clue numbers.
//   id    Simon Tatham's game ID "WxH:desc", row-major: a letter a..z is a
//         run of 1..26 empty cells, a number a clue, '_' between two
//         adjacent numbers. A solution on one line uses the same desc with
//         '#' and '.' for the cells that are not clues.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dance::range {

enum class Notation { grid, id };

struct Board {
  int width = 0;
  int height = 0;
  std::vector<int> clues;  // per cell, row-major: the clue, 0 for none
  [[nodiscard]] std::size_t cells() const { return clues.size(); }
};

// Per cell, row-major: whether it is black.
using Colouring = std::vector<bool>;

// The four directions, as (row, column) steps: up, down, left, right.
inline constexpr int steps[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};

// Calls visit(neighbour) for each cell that shares a side with `cell`.
template <class Visit>
void for_each_neighbour(int width, int height, std::size_t cell, Visit visit) {
  const int r = static_cast<int>(cell) / width, c = static_cast<int>(cell) % width;
  for (const auto& step : steps) {
    const int y = r + step[0], x = c + step[1];
    if (y >= 0 && y < height && x >= 0 && x < width) visit(static_cast<std::size_t>(y * width + x));
  }
}

// How many cells a clue at `cell` can see at most: its row and column.
[[nodiscard]] int largest_clue(const Board& board);

// The most cells a board may have. The search's choice of a cell scans the
// cells left at each node, as many as there are cells: an empty 300x300
// board takes about a second, 400x400 three, 1000x1000 minutes.
inline constexpr std::size_t most_cells = 90000;
[[nodiscard]] std::string too_many_cells(std::size_t cells);

// The white cells `cell` sees in its row and column, itself included (0 for a black cell).
[[nodiscard]] int visible(int width, int height, const Colouring& black, std::size_t cell);

// Whether the white cells form one orthogonally connected region.
[[nodiscard]] bool whites_connected(int width, int height, const Colouring& black);

// An independent check of a colouring against the rules and the clues:
// what is wrong, or nothing.
[[nodiscard]] std::optional<std::string> check(const Board& board, const Colouring& black);

// Parses a game ID (without anything after it); errors are dlx::ParseError
// naming `line` and the column, counted from `column` (where the ID starts).
[[nodiscard]] Board parse_id(std::string_view id, std::size_t line, std::size_t column);

// Writes the puzzle, or with `black` its solution, without a final line end
// for the id notation and with one per row for the grid.
void write(std::ostream& out, const Board& board, const Colouring* black, Notation notation);

}  // namespace dance::range
