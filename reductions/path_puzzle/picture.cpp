#include "path_puzzle/picture.hpp"

#include <string>

#include "dance/svg.hpp"

namespace dance::path_puzzle {

void draw(std::ostream& out, const Board& board, const Filling* filling) {
  constexpr double cell = 40, margin = 8;
  Svg svg(out, board.width * cell + 2 * margin, board.height * cell + 2 * margin);
  const auto x = [&](std::size_t k) { return margin + (static_cast<double>(k % static_cast<std::size_t>(board.width)) + 0.5) * cell; };
  const auto y = [&](std::size_t k) { return margin + (static_cast<double>(k / static_cast<std::size_t>(board.width)) + 0.5) * cell; };
  for (std::size_t k = 0; k < board.cells(); ++k)
    svg.rect(x(k) - cell / 2, y(k) - cell / 2, cell, cell, board.numbers[k] == hole ? "#404040" : "white", "black", 1);
  if (filling) {  // the path, under the numbers
    std::vector<std::size_t> where(board.cells() + 2, board.cells());
    for (std::size_t k = 0; k < board.cells(); ++k)
      if ((*filling)[k] > 0) where[static_cast<std::size_t>((*filling)[k])] = k;
    for (std::size_t n = 1; n + 1 < where.size() && where[n + 1] < board.cells(); ++n)
      svg.line(x(where[n]), y(where[n]), x(where[n + 1]), y(where[n + 1]), "#9fc0ef", 3);
  }
  for (std::size_t k = 0; k < board.cells(); ++k) {
    if (!board.arrows.empty()) {  // a short arrow in the cell's lower part, its tip a dot
      const int a = board.arrows[k];
      const double cx = x(k), cy = y(k) + cell * 0.22, r = cell * 0.14;
      svg.line(cx - dx[a] * r, cy - dy[a] * r, cx + dx[a] * r, cy + dy[a] * r, "#707070", 1.5);
      svg.circle(cx + dx[a] * r, cy + dy[a] * r, 2.2, "#707070");
    }
    const int given = board.numbers[k];
    const int number = given != 0 ? given : filling ? (*filling)[k] : 0;
    if (number <= 0) continue;
    svg.text(x(k), y(k) - (board.arrows.empty() ? 0 : cell * 0.1), std::to_string(number), cell * 0.42,
             given > 0 ? "black" : "#1f5fbf", given > 0);
  }
  svg.rect(margin, margin, board.width * cell, board.height * cell, "none", "black", 2.5);
}

}  // namespace dance::path_puzzle
