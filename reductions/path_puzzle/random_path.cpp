#include "path_puzzle/random_path.hpp"

#include <algorithm>

#include "path_puzzle/board.hpp"

namespace dance::path_puzzle {
namespace {

std::vector<std::vector<std::size_t>> neighbours(int width, int height, Moves moves) {
  std::vector<std::vector<std::size_t>> all(static_cast<std::size_t>(width * height));
  for (int r = 0; r < height; ++r)
    for (int c = 0; c < width; ++c)
      for (int a = 0; a < 8; ++a) {
        if (moves == Moves::orthogonal && a % 2 == 1) continue;
        for (int y = r + dy[a], x = c + dx[a]; y >= 0 && y < height && x >= 0 && x < width; y += dy[a], x += dx[a]) {
          all[static_cast<std::size_t>(r * width + c)].push_back(static_cast<std::size_t>(y * width + x));
          if (moves != Moves::queen) break;
        }
      }
  return all;
}

}  // namespace

std::vector<std::size_t> random_path(int width, int height, Moves moves, dlx::Random& random) {
  const auto cells = static_cast<std::size_t>(width * height);
  const auto next_to = neighbours(width, height, moves);
  std::vector<std::size_t> path, at(cells);  // at[cell]: its place on the path
  for (int r = 0; r < height; ++r)
    for (int k = 0; k < width; ++k) path.push_back(static_cast<std::size_t>(r * width + (r % 2 == 0 ? k : width - 1 - k)));
  for (std::size_t k = 0; k < cells; ++k) at[path[k]] = k;
  // 40 moves a cell: a 9x9 path in about a millisecond; fewer left traces
  // of the zigzag in the corners.
  const std::size_t rounds = 40 * cells;
  for (std::size_t round = 0; round < rounds && cells > 2; ++round) {
    const bool front = random.below(2) == 0;
    const std::size_t end = front ? path.front() : path.back();
    const std::size_t w = next_to[end][random.below(next_to[end].size())];
    const std::size_t i = at[w];
    // The front takes w: the part before w turns round; the back likewise after it.
    const std::size_t from = front ? 0 : i + 1, to = front ? i : cells;
    if (to - from < 2) continue;  // w is the end's neighbour on the path already
    std::reverse(path.begin() + static_cast<std::ptrdiff_t>(from), path.begin() + static_cast<std::ptrdiff_t>(to));
    for (std::size_t k = from; k < to; ++k) at[path[k]] = k;
  }
  return path;
}

}  // namespace dance::path_puzzle
