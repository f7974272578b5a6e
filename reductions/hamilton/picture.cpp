#include "hamilton/picture.hpp"

#include <string>

#include "dance/svg.hpp"
#include "graph/picture.hpp"

namespace dance::hamilton {

void draw(std::ostream& out, const HamiltonInstance& h, const HamiltonAnswer& answer) {
  const std::vector<Vertex>& order = answer.order;
  std::vector<std::pair<Vertex, Vertex>> steps;
  for (std::size_t k = 1; k < order.size(); ++k) steps.push_back({order[k - 1], order[k]});
  if (answer.cycle && order.size() > 1) steps.push_back({order.back(), order.front()});
  if (h.rows == 0) {
    std::vector<bool> on_it(h.graph->size(), false);
    for (const Vertex v : order) on_it[v] = true;
    return graph::draw_on_circle(out, *h.graph, on_it, steps);
  }
  constexpr double square = 40, margin = 8;
  Svg svg(out, h.columns * square + 2 * margin, h.rows * square + 2 * margin);
  // Row 1 at the bottom, as a chessboard is printed.
  const auto x = [&](Vertex v) { return margin + (static_cast<int>(v) % h.columns + 0.5) * square; };
  const auto y = [&](Vertex v) { return margin + (h.rows - static_cast<int>(v) / h.columns - 0.5) * square; };
  for (int r = 0; r < h.rows; ++r)
    for (int c = 0; c < h.columns; ++c)
      svg.rect(margin + c * square, margin + (h.rows - 1 - r) * square, square, square, (r + c) % 2 == 0 ? "#b58863" : "#f0d9b5");
  for (const auto& [u, v] : steps) svg.line(x(u), y(u), x(v), y(v), "#1f5fbf", 2);
  for (std::size_t k = 0; k < order.size(); ++k) {
    svg.circle(x(order[k]), y(order[k]), square * 0.28, "white", "#1f5fbf", 1.5);
    svg.text(x(order[k]), y(order[k]), std::to_string(k + 1), square * 0.3, "black", k == 0);
  }
}

}  // namespace dance::hamilton
