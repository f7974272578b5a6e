#include "polyomino/picture.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "dance/svg.hpp"

namespace dance::polyomino {

namespace {
// A light colour of the given hue (degrees), as #rrggbb (SVG 1.1 has no hsl()).
std::string pastel(double hue) {
  const double h = std::fmod(hue, 360.0) / 60.0, chroma = 0.55, low = 0.42;
  const double second = chroma * (1 - std::fabs(std::fmod(h, 2.0) - 1));
  const double rgb[6][3] = {{chroma, second, 0}, {second, chroma, 0}, {0, chroma, second},
                            {0, second, chroma}, {second, 0, chroma}, {chroma, 0, second}};
  const auto& part = rgb[static_cast<int>(h) % 6];
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", static_cast<int>((part[0] + low) * 255),
                static_cast<int>((part[1] + low) * 255), static_cast<int>((part[2] + low) * 255));
  return text;
}
}  // namespace

void draw(std::ostream& out, const PolyominoInstance& polyomino, const PolyominoAnswer& answer) {
  constexpr double cell = 30, margin = 8;
  const auto& region = polyomino.region;
  std::size_t width = 0;
  for (const std::string& row : region) width = std::max(width, row.size());
  Svg svg(out, static_cast<double>(width) * cell + 2 * margin, static_cast<double>(region.size()) * cell + 2 * margin);
  for (std::size_t r = 0; r < region.size(); ++r)
    for (std::size_t c = 0; c < region[r].size(); ++c)
      if (region[r][c] != '.')
        svg.rect(margin + static_cast<double>(c) * cell, margin + static_cast<double>(r) * cell, cell, cell, "#404040");
  for (std::size_t k = 0; k < answer.placements.size(); ++k) {
    const Placement& placement = answer.placements[k];
    const std::string colour = pastel(static_cast<double>(k) * 137.508);  // the golden angle: neighbours in the list differ
    for (const auto& [r, c] : placement.cells) svg.rect(margin + c * cell, margin + r * cell, cell, cell, colour, "white", 1);
    const auto& [r, c] = placement.cells.front();
    svg.text(margin + (c + 0.5) * cell, margin + (r + 0.5) * cell, polyomino.pieces[placement.piece].name, cell * 0.45);
  }
  // Each piece outlined, so that two of like colours side by side stay two: a
  // dark edge wherever a cell's neighbour is another piece's or none's.
  const auto rows = static_cast<int>(region.size()), columns = static_cast<int>(width);
  std::vector<int> owner(static_cast<std::size_t>(rows * columns), -1);
  for (std::size_t k = 0; k < answer.placements.size(); ++k)
    for (const auto& [r, c] : answer.placements[k].cells) owner[static_cast<std::size_t>(r * columns + c)] = static_cast<int>(k);
  const auto at = [&](int r, int c) {
    return r < 0 || c < 0 || r >= rows || c >= columns ? -1 : owner[static_cast<std::size_t>(r * columns + c)];
  };
  const auto edge = [&](int r1, int c1, int r2, int c2) {
    svg.line(margin + c1 * cell, margin + r1 * cell, margin + c2 * cell, margin + r2 * cell, "#202020", 2.5);
  };
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns; ++c) {
      const int mine = at(r, c);
      if (mine < 0) continue;
      if (at(r, c + 1) != mine) edge(r, c + 1, r + 1, c + 1);  // right and below: once for each pair of cells
      if (at(r + 1, c) != mine) edge(r + 1, c, r + 1, c + 1);
      if (at(r, c - 1) < 0) edge(r, c, r + 1, c);  // left and above only on the outline
      if (at(r - 1, c) < 0) edge(r, c, r, c + 1);
    }
  }
}

}  // namespace dance::polyomino
