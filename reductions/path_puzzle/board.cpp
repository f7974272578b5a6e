#include "path_puzzle/board.hpp"

#include <algorithm>
#include <cstdlib>
#include <ostream>

#include "hamilton/encodings.hpp"
#include "hamilton/givens.hpp"

namespace dance::path_puzzle {

std::size_t Board::open() const {
  return static_cast<std::size_t>(std::count_if(numbers.begin(), numbers.end(), [](int n) { return n != hole; }));
}

std::string cell_name(const Board& board, std::size_t cell) {
  const auto w = static_cast<std::size_t>(board.width);
  return "row " + std::to_string(cell / w + 1) + ", column " + std::to_string(cell % w + 1);
}

std::optional<Contradiction> contradiction(const Board& board) {
  const std::size_t n = board.open();
  if (n < 2) return Contradiction{board.cells(), "a grid needs two cells at least"};
  std::vector<std::size_t> where(n + 1, board.cells());
  for (std::size_t cell = 0; cell < board.cells(); ++cell) {
    const int number = board.numbers[cell];
    if (number == hole || number == 0) continue;
    if (static_cast<std::size_t>(number) > n)
      return Contradiction{cell, "the number " + std::to_string(number) + " at " + cell_name(board, cell) + " is more than the grid's " +
                                     std::to_string(n) + " cells"};
    if (where[static_cast<std::size_t>(number)] != board.cells())
      return Contradiction{cell, "the number " + std::to_string(number) + " is given twice (" +
                                     cell_name(board, where[static_cast<std::size_t>(number)]) + " and " + cell_name(board, cell) + ")"};
    where[static_cast<std::size_t>(number)] = cell;
  }
  return std::nullopt;
}

namespace {

// Whether the rule lets the number at cell `from` be followed by the one at `to`.
bool follows(const Board& board, std::size_t from, std::size_t to) {
  const int w = board.width;
  const int fr = static_cast<int>(from) / w, fc = static_cast<int>(from) % w;
  const int tr = static_cast<int>(to) / w, tc = static_cast<int>(to) % w;
  const int ddr = tr - fr, ddc = tc - fc;
  switch (board.rule) {
    case Rule::orthogonal: return std::abs(ddr) + std::abs(ddc) == 1;
    case Rule::king: return std::max(std::abs(ddr), std::abs(ddc)) == 1;
    case Rule::arrows: {
      const int a = board.arrows[from];
      const int k = std::max(std::abs(ddr), std::abs(ddc));  // how many steps of the arrow
      return k > 0 && ddc == k * dx[a] && ddr == k * dy[a];
    }
  }
  return false;
}

}  // namespace

std::optional<std::string> check(const Board& board, const Filling& filling) {
  const std::size_t n = board.open();
  if (filling.size() != board.cells()) return "the answer has " + std::to_string(filling.size()) + " cells, not " + std::to_string(board.cells());
  std::vector<std::size_t> where(n + 1, board.cells());
  for (std::size_t cell = 0; cell < board.cells(); ++cell) {
    const int number = filling[cell];
    if ((number == hole) != (board.numbers[cell] == hole)) return "the answer changes the grid's shape at " + cell_name(board, cell);
    if (number == hole) continue;
    if (number < 1 || static_cast<std::size_t>(number) > n) return "no number 1 to " + std::to_string(n) + " at " + cell_name(board, cell);
    if (board.numbers[cell] != 0 && board.numbers[cell] != number)
      return "the given " + std::to_string(board.numbers[cell]) + " at " + cell_name(board, cell) + " is not kept";
    if (where[static_cast<std::size_t>(number)] != board.cells()) return "the number " + std::to_string(number) + " twice";
    where[static_cast<std::size_t>(number)] = cell;
  }
  for (std::size_t k = 1; k < n; ++k)
    if (!follows(board, where[k], where[k + 1]))
      return std::to_string(k + 1) + " at " + cell_name(board, where[k + 1]) + " does not follow " + std::to_string(k) +
             " at " + cell_name(board, where[k]);
  return std::nullopt;
}

Question question(const Board& board, bool with_givens) {
  Question q;
  std::vector<std::uint32_t> vertex_of(board.cells(), 0);
  for (std::size_t cell = 0; cell < board.cells(); ++cell)
    if (board.numbers[cell] != hole) {
      vertex_of[cell] = static_cast<std::uint32_t>(q.cell_of.size());
      q.cell_of.push_back(cell);
    }
  graph::Graph g;
  g.directed = board.rule == Rule::arrows;
  std::vector<graph::Arc> arcs;
  const int w = board.width, h = board.height;
  const auto open = [&](int r, int c) {
    return r >= 0 && r < h && c >= 0 && c < w && board.numbers[static_cast<std::size_t>(r * w + c)] != hole;
  };
  for (const std::size_t cell : q.cell_of) {
    const int r = static_cast<int>(cell) / w, c = static_cast<int>(cell) % w;
    g.names.push_back(std::to_string(r + 1) + "," + std::to_string(c + 1));
    for (int a = 0; a < 8; ++a) {
      if (board.rule == Rule::arrows && a != board.arrows[cell]) continue;
      if (board.rule == Rule::orthogonal && a % 2 == 1) continue;  // the diagonals
      for (int y = r + dy[a], x = c + dx[a]; open(y, x); y += dy[a], x += dx[a]) {
        arcs.emplace_back(vertex_of[cell], vertex_of[static_cast<std::size_t>(y * w + x)]);
        if (board.rule != Rule::arrows) break;  // one step
      }
    }
  }
  std::size_t repeats = 0;
  g.out = graph::Adjacency(q.cell_of.size(), arcs, repeats);
  auto path = std::make_shared<hamilton::HamiltonInstance>();
  path->line = 0;
  path->path = true;
  path->model = hamilton::HamiltonInstance::Model::position;
  path->graph = std::make_shared<const graph::Graph>(std::move(g));
  path->distances = std::make_shared<const hamilton::Distances>(*path->graph);
  if (with_givens)
    for (std::size_t cell = 0; cell < board.cells(); ++cell)
      if (board.numbers[cell] > 0) path->givens.push_back({vertex_of[cell], static_cast<std::uint32_t>(board.numbers[cell] - 1)});
  q.links = std::make_shared<const std::vector<hamilton::Link>>(hamilton::links_of(*path));
  q.path = std::move(path);
  return q;
}

Filling filling_of(const Board& board, const Question& question, std::span<const dlx::OptionId> solution) {
  Filling filling(board.cells(), hole);
  for (const std::size_t cell : question.cell_of) filling[cell] = 0;
  const std::vector<hamilton::Vertex> order = hamilton::path_of(*question.links, question.cell_of.size(), solution);
  for (std::size_t k = 0; k < order.size(); ++k) filling[question.cell_of[order[k]]] = static_cast<int>(k) + 1;
  return filling;
}

void write_grid(std::ostream& out, const Board& board, const Filling* filling) {
  const std::size_t width = std::to_string(board.open()).size();
  for (int r = 0; r < board.height; ++r) {
    for (int c = 0; c < board.width; ++c) {
      const auto cell = static_cast<std::size_t>(r * board.width + c);
      const int number = filling ? (*filling)[cell] : board.numbers[cell];
      const std::string text = number == hole ? "x" : number == 0 ? "." : std::to_string(number);
      out << (c ? " " : "") << std::string(width - text.size(), ' ') << text;
    }
    out << '\n';
  }
}

}  // namespace dance::path_puzzle
