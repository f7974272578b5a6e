#include "sudoku/regions.hpp"

#include <ostream>
#include <string_view>

#include "range/board.hpp"  // a grid's neighbours and connectedness, as range puzzles have them

namespace dance::sudoku {
namespace {

// Whether region `region` is in one piece: range's white cells connected,
// with every cell of another region taken as black.
bool in_one_piece(int n, const Cells& regions, int region, range::Colouring& outside) {
  for (std::size_t cell = 0; cell < regions.size(); ++cell) outside[cell] = regions[cell] != region;
  return range::whites_connected(n, n, outside);
}

}  // namespace

Cells random_regions(int n, dlx::Random& random) {
  const auto cells = static_cast<std::size_t>(n * n);
  const std::optional<Shape> boxes = boxed_shape(n);
  Cells regions(cells);
  for (std::size_t cell = 0; cell < cells; ++cell) {
    const int row = static_cast<int>(cell) / n, column = static_cast<int>(cell) % n;
    regions[cell] = boxes ? boxes->region(row, column) : row;
  }
  std::vector<std::size_t> near, candidates;
  range::Colouring outside(cells);
  for (std::size_t trial = 0; trial < 8 * cells; ++trial) {
    // Cell a leaves its region for a neighbour's, and a cell c of that region, beside a's, comes back.
    const auto a = static_cast<std::size_t>(random.below(cells));
    near.clear();
    range::for_each_neighbour(n, n, a, [&near](std::size_t b) { near.push_back(b); });
    const int from = regions[a], to = regions[near[random.below(near.size())]];
    if (from == to) continue;
    regions[a] = to;
    candidates.clear();
    for (std::size_t c = 0; c < cells; ++c) {
      if (regions[c] != to || c == a) continue;
      bool beside = false;
      range::for_each_neighbour(n, n, c, [&](std::size_t d) { beside = beside || regions[d] == from; });
      if (beside) candidates.push_back(c);
    }
    if (candidates.empty()) {
      regions[a] = from;
      continue;
    }
    const std::size_t c = candidates[random.below(candidates.size())];
    regions[c] = from;
    if (!in_one_piece(n, regions, from, outside) || !in_one_piece(n, regions, to, outside)) {
      regions[a] = from;
      regions[c] = to;
    }
  }
  return regions;
}

void write_regions(std::ostream& out, const Cells& regions) {
  constexpr std::string_view symbols = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%";
  for (const int region : regions) out << symbols[static_cast<std::size_t>(region)];
}

}  // namespace dance::sudoku
