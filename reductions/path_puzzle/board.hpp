// The path puzzles (Numbrix, Hidato, Signpost): a grid whose open cells get
// the numbers 1..N, each once, so that every number's cell leads to the next
// one's by the puzzle's rule; some numbers are given. Each is a Hamiltonian
// path with givens (hamilton/givens.hpp) on the graph of its open cells.
//
// Rules:
//   orthogonal  Numbrix: consecutive numbers share a side
//   king        Hidato: consecutive numbers touch, diagonally too; the grid
//               may have holes (cells that are not part of it)
//   arrows      Signpost: each cell has an arrow (but the last number's
//               cell, whose arrow means nothing), and the next number lies
//               somewhere along it, at any distance
#pragma once

#include <cstddef>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dlx/problem.hpp"
#include "hamilton/hamilton.hpp"
#include "hamilton/successors.hpp"

namespace dance::path_puzzle {

enum class Rule { orthogonal, king, arrows };

// The eight directions in Simon Tatham's order (N, NE, E, SE, S, SW, W, NW),
// as steps of the column (x) and of the row (y, down).
inline constexpr int dx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr int dy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

inline constexpr int hole = -1;  // a cell that is not part of the grid

// The most cells a puzzle may have (a 30x30 grid): the encoding's options
// that fit the givens are found through a table of positions by cells.
inline constexpr std::size_t most_cells = 900;

struct Board {
  int width = 0, height = 0;
  Rule rule = Rule::orthogonal;
  std::vector<int> numbers;  // per cell, row-major: the number given, 0 for none, or hole
  std::vector<int> arrows;   // arrows: per cell its direction, 0..7; empty for the other rules
  [[nodiscard]] std::size_t cells() const { return numbers.size(); }
  // The cells that are part of the grid: N, the last number.
  [[nodiscard]] std::size_t open() const;
};

// The numbers of an answer, per cell (hole for holes).
using Filling = std::vector<int>;

// "row R, column C" of a cell, for messages.
[[nodiscard]] std::string cell_name(const Board& board, std::size_t cell);

// What is wrong with the board on its face (a number twice, a number above
// N, too few cells), and at which cell (cells() for the whole board), or nothing.
struct Contradiction {
  std::size_t cell;
  std::string what;
};
[[nodiscard]] std::optional<Contradiction> contradiction(const Board& board);

// An independent check of a filling against the rules and the givens,
// written without the graph: what is wrong, or nothing.
[[nodiscard]] std::optional<std::string> check(const Board& board, const Filling& filling);

// The board as a Hamiltonian path question with givens: vertex k is the
// k-th open cell (cell_of[k]), the successor encoding's options computed
// (hamilton/successors.hpp).
struct Question {
  std::shared_ptr<const hamilton::HamiltonInstance> path;
  std::shared_ptr<const std::vector<hamilton::Link>> links;
  std::vector<std::size_t> cell_of;  // per vertex
};
// The numbers given go in as givens unless `with_givens` is false (a
// generator sets them on the hook, one puzzle after another).
[[nodiscard]] Question question(const Board& board, bool with_givens = true);

// The engine's options of a solution of question(board), back into numbers.
[[nodiscard]] Filling filling_of(const Board& board, const Question& question, std::span<const dlx::OptionId> solution);

// The grid: one row a line, numbers right-aligned, '.' for a blank and 'x'
// for a hole; with `filling`, its numbers instead of the givens'.
void write_grid(std::ostream& out, const Board& board, const Filling* filling);

}  // namespace dance::path_puzzle
