#include "graph/picture.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "dance/svg.hpp"

namespace dance::graph {

void draw_on_circle(std::ostream& out, const Graph& g, const std::vector<bool>& marked,
                    const std::vector<std::pair<Vertex, Vertex>>& bold) {
  const std::size_t n = g.size();
  const double radius = std::max(120.0, static_cast<double>(n) * 7.0), margin = 40, side = 2 * (radius + margin);
  const auto angle = [n](Vertex v) { return 2 * std::numbers::pi * v / static_cast<double>(std::max<std::size_t>(n, 1)); };
  const auto x = [&](Vertex v) { return side / 2 + radius * std::cos(angle(v)); };
  const auto y = [&](Vertex v) { return side / 2 + radius * std::sin(angle(v)); };
  Svg svg(out, side, side);
  for (Vertex u = 0; u < n; ++u)
    for (const Vertex v : g.out[u])
      if (g.directed || v > u) svg.line(x(u), y(u), x(v), y(v), "#c8c8c8", 1);
  for (const auto& [u, v] : bold) svg.line(x(u), y(u), x(v), y(v), "#c0392b", 3.5);
  const bool names = n <= 100;  // beyond, the names overlap
  for (Vertex v = 0; v < n; ++v) {
    svg.circle(x(v), y(v), names ? 9 : 3, marked[v] ? "#c0392b" : "white", "black", 1.2);
    if (names) svg.text(x(v), y(v), g.names[v], 8, marked[v] ? "white" : "black");
  }
}

}  // namespace dance::graph
