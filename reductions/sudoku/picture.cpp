#include "sudoku/picture.hpp"

#include <string>

#include "dance/svg.hpp"

namespace dance::sudoku {

void draw(std::ostream& out, const Shape& shape, const Cells& clues, const Cells& filled) {
  const int n = shape.n;
  constexpr double cell = 36, margin = 8;
  const double side = n * cell + 2 * margin;
  Svg svg(out, side, side);
  const auto at = [](int k) { return margin + k * cell; };
  if (shape.diagonals)
    for (int k = 0; k < n; ++k) {
      svg.rect(at(k), at(k), cell, cell, "#e8e8e8");
      if (k != n - 1 - k) svg.rect(at(n - 1 - k), at(k), cell, cell, "#e8e8e8");
    }
  const double size = n > 9 ? cell * 0.45 : cell * 0.6;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const auto k = static_cast<std::size_t>(r * n + c);
      const int clue = clues[k], value = clue != 0 ? clue : filled.empty() ? 0 : filled[k];
      if (value != 0)
        svg.text(at(c) + cell / 2, at(r) + cell / 2, std::to_string(value), size, clue != 0 ? "black" : "#1f5fbf", clue != 0);
    }
  // Each cell's right and lower edges: thick where the region changes.
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (c + 1 < n) {
        const bool border = shape.region(r, c) != shape.region(r, c + 1);
        svg.line(at(c + 1), at(r), at(c + 1), at(r + 1), "black", border ? 3 : 0.75);
      }
      if (r + 1 < n) {
        const bool border = shape.region(r, c) != shape.region(r + 1, c);
        svg.line(at(c), at(r + 1), at(c + 1), at(r + 1), "black", border ? 3 : 0.75);
      }
    }
  svg.rect(margin, margin, n * cell, n * cell, "none", "black", 3);
}

}  // namespace dance::sudoku
