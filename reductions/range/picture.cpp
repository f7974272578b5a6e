#include "range/picture.hpp"

#include <string>

#include "dance/svg.hpp"

namespace dance::range {

void draw(std::ostream& out, const Board& board, const Colouring* black) {
  constexpr double cell = 36, margin = 8;
  Svg svg(out, board.width * cell + 2 * margin, board.height * cell + 2 * margin);
  for (int r = 0; r < board.height; ++r)
    for (int c = 0; c < board.width; ++c) {
      const auto k = static_cast<std::size_t>(r * board.width + c);
      const double x = margin + c * cell, y = margin + r * cell;
      svg.rect(x, y, cell, cell, black && (*black)[k] ? "#606060" : "white", "black", 1);
      if (board.clues[k] != 0) svg.text(x + cell / 2, y + cell / 2, std::to_string(board.clues[k]), cell * 0.55);
    }
  svg.rect(margin, margin, board.width * cell, board.height * cell, "none", "black", 2.5);
}

}  // namespace dance::range
