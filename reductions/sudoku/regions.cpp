#include "sudoku/regions.hpp"

#include <algorithm>
#include <ostream>
#include <string_view>

namespace dance::sudoku {
namespace {

// The cells beside `cell` on an n x n grid (up to four).
std::size_t neighbours(int n, std::size_t cell, std::size_t (&out)[4]) {
  const auto side = static_cast<std::size_t>(n), row = cell / side, column = cell % side;
  std::size_t count = 0;
  if (row > 0) out[count++] = cell - side;
  if (row + 1 < side) out[count++] = cell + side;
  if (column > 0) out[count++] = cell - 1;
  if (column + 1 < side) out[count++] = cell + 1;
  return count;
}

// Whether region `region` is in one piece; `stack` and `seen` are scratch space.
bool connected(int n, const Cells& regions, int region, std::vector<std::size_t>& stack, std::vector<char>& seen) {
  const auto first = static_cast<std::size_t>(std::find(regions.begin(), regions.end(), region) - regions.begin());
  std::fill(seen.begin(), seen.end(), 0);
  stack.assign(1, first);
  seen[first] = 1;
  int reached = 1;
  std::size_t near[4];
  while (!stack.empty()) {
    const std::size_t cell = stack.back();
    stack.pop_back();
    for (std::size_t k = 0, count = neighbours(n, cell, near); k < count; ++k) {
      if (seen[near[k]] || regions[near[k]] != region) continue;
      seen[near[k]] = 1;
      ++reached;
      stack.push_back(near[k]);
    }
  }
  return reached == n;
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
  std::vector<std::size_t> stack, candidates;
  std::vector<char> seen(cells);
  std::size_t near[4];
  for (std::size_t trial = 0; trial < 8 * cells; ++trial) {
    // Cell a leaves its region for a neighbour's, and a cell c of that region, beside a's, comes back.
    const auto a = static_cast<std::size_t>(random.below(cells));
    const std::size_t b = near[random.below(neighbours(n, a, near))];
    const int from = regions[a], to = regions[b];
    if (from == to) continue;
    regions[a] = to;
    candidates.clear();
    for (std::size_t c = 0; c < cells; ++c) {
      if (regions[c] != to || c == a) continue;
      for (std::size_t k = 0, count = neighbours(n, c, near); k < count; ++k)
        if (regions[near[k]] == from) {
          candidates.push_back(c);
          break;
        }
    }
    if (candidates.empty()) {
      regions[a] = from;
      continue;
    }
    const std::size_t c = candidates[random.below(candidates.size())];
    regions[c] = from;
    if (!connected(n, regions, from, stack, seen) || !connected(n, regions, to, stack, seen)) {
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
