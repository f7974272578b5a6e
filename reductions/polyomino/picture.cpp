#include "polyomino/picture.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

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
}

}  // namespace dance::polyomino
