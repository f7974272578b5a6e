#include "range/puzzles.hpp"

#include <algorithm>
#include <ostream>
#include <stdexcept>

#include "dlx/random.hpp"
#include "range/connectivity.hpp"
#include "range/range.hpp"

namespace dance::range {

namespace {

// Whether the white cells around a new black cell (none of its four
// neighbours black) still reach each other through the eight cells around
// it: then the whites stay connected, and no search of the board is needed.
// The ring of eight breaks only at black diagonal cells and at the edge;
// with at most one break it is a path, and connects them all.
bool ring_connected(int width, int height, const Colouring& black, std::size_t cell) {
  const int r = static_cast<int>(cell / static_cast<std::size_t>(width));
  const int c = static_cast<int>(cell % static_cast<std::size_t>(width));
  int breaks = 0;
  for (const int dr : {-1, 1})
    for (const int dc : {-1, 1}) {
      const int y = r + dr, x = c + dc;
      const bool inside = y >= 0 && y < height && x >= 0 && x < width;
      breaks += !inside || black[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)];
    }
  return breaks <= 1;
}

}  // namespace

Colouring random_colouring(int width, int height, int density, Symmetry symmetry, std::uint64_t seed,
                           const std::function<bool()>& stop) {
  const auto cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  dlx::Random random(seed);
  std::vector<std::size_t> order(cells);
  for (std::size_t cell = 0; cell < cells; ++cell) order[cell] = cell;
  random.shuffle(order);
  Colouring black(cells, false);
  const std::size_t target = cells * static_cast<std::size_t>(density) / 100;
  std::size_t blacks = 0;
  const auto touches_black = [&](std::size_t cell) {
    bool touches = false;
    for_each_neighbour(width, height, cell, [&](std::size_t next) { touches = touches || black[next]; });
    return touches;
  };
  for (const std::size_t cell : order) {
    if (blacks >= target || (stop && stop())) break;
    const std::size_t image = symmetry == Symmetry::rot180 ? cells - 1 - cell : cell;
    if (black[cell] || touches_black(cell)) continue;
    black[cell] = true;
    if (image != cell && (black[image] || touches_black(image))) {  // the image is taken, or touches the cell
      black[cell] = false;
      continue;
    }
    black[image] = true;
    const bool surely_connected =
        ring_connected(width, height, black, cell) && (image == cell || ring_connected(width, height, black, image));
    if (!surely_connected && !whites_connected(width, height, black)) {
      black[cell] = black[image] = false;
      continue;
    }
    blacks += cell == image ? 1 : 2;
  }
  return black;
}

void write_record(std::ostream& out, const Board& puzzle, const Colouring* solution, const BoardWriter& write, bool one_line) {
  write(out, puzzle, nullptr);
  if (solution) {
    out << (one_line ? " " : "\n");  // grids and pictures each on lines of their own
    write(out, puzzle, solution);
  }
  out << '\n';
}

namespace {
// The generator's text: Simon Tatham's game IDs, what solve reads.
void write_id(std::ostream& out, const Board& board, const Colouring* black) { write(out, board, black, Notation::id); }
}  // namespace

RangePuzzles::RangePuzzles(int width, int height, int density) : width_(width), height_(height), density_(density) {}

std::size_t RangePuzzles::positions() const {
  return static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
}

Solution RangePuzzles::random_solution(std::uint64_t seed, Symmetry symmetry) {
  const Colouring black = random_colouring(width_, height_, density_, symmetry, seed, [this] { return interrupted(); });
  Solution solution(positions());
  for (std::size_t cell = 0; cell < positions(); ++cell) solution[cell] = visible(width_, height_, black, cell);
  return solution;
}

Kept RangePuzzles::clues(const Solution& solution) const {
  Kept kept(solution.size());
  for (std::size_t cell = 0; cell < solution.size(); ++cell) kept[cell] = solution[cell] > 0;
  return kept;
}

std::vector<std::vector<std::size_t>> RangePuzzles::orbits(Symmetry symmetry) const {
  if (symmetry != Symmetry::none && symmetry != Symmetry::rot180)
    throw OptionError({{"range puzzles take "}, option_named("symmetry"), {" none or rot180"}});
  std::vector<std::vector<std::size_t>> all;
  const std::size_t cells = positions();
  for (std::size_t cell = 0; cell < cells; ++cell) {
    const std::size_t image = symmetry == Symmetry::rot180 ? cells - 1 - cell : cell;
    if (image < cell) continue;
    all.push_back(image == cell ? std::vector<std::size_t>{cell} : std::vector<std::size_t>{cell, image});
  }
  return all;
}

std::vector<Shade> RangePuzzles::prune(const Solution& solution, std::span<const std::size_t> clues) {
  if (solution != solution_) {  // a new puzzle: the splits of each of its clues
    solution_ = solution;
    splits_of_.assign(positions(), {});
    const Board full{width_, height_, solution};
    for (std::size_t cell = 0; cell < positions(); ++cell)
      if (solution[cell] > 0) splits_of_[cell] = clue_splits(full, cell);
  }
  kept_ = Board{width_, height_, std::vector<int>(positions(), 0)};
  clue_cells_.assign(clues.begin(), clues.end());
  splits_.resize(clues.size());
  for (std::size_t n = 0; n < clues.size(); ++n) {
    kept_.clues[clues[n]] = solution[clues[n]];
    splits_[n] = splits_of_[clues[n]];
  }
  return prune_splits(kept_, clue_cells_, splits_);
}

Verdict RangePuzzles::search(const std::vector<Shade>& shade, std::uint64_t limit) {
  const RangeProblem problem = encode_splits(kept_, clue_cells_, splits_, shade);
  ConnectivityHook hook(width_, height_, problem.colours, clue_cells_);
  const PuzzleReply reply = ask({.problem = problem.problem, .hook = &hook, .limit = limit});
  // A search that never branches enters one level per cell, and the root.
  return Verdict{reply.solutions, reply.nodes, positions() + 1};
}

Verdict RangePuzzles::count(const Solution& solution, std::span<const std::size_t> clues, std::uint64_t limit) {
  return search(prune(solution, clues), limit);
}

bool RangePuzzles::another(const Solution& solution, std::span<const std::size_t> clues,
                           std::span<const std::size_t>) {
  const std::vector<Shade> shade = prune(solution, clues);
  // The clues alone colour every cell: that is the solution, the only one.
  if (std::none_of(shade.begin(), shade.end(), [](Shade s) { return s == Shade::unknown; })) return false;
  return search(shade, 2).solutions > 1;
}

Board RangePuzzles::board(const Solution& solution, const Kept& kept) const {
  Board board{width_, height_, std::vector<int>(positions(), 0)};
  for (std::size_t cell = 0; cell < positions(); ++cell)
    if (kept[cell]) board.clues[cell] = solution[cell];
  return board;
}

Colouring RangePuzzles::colouring(const Solution& solution) const {
  Colouring black(positions());
  for (std::size_t cell = 0; cell < positions(); ++cell) black[cell] = solution[cell] == 0;
  return black;
}

std::optional<std::string> RangePuzzles::verify(const Solution& solution, const Kept& kept) const {
  return check(board(solution, kept), colouring(solution));
}

void RangePuzzles::print_puzzle(std::ostream& out, const Solution& solution, const Kept& kept) const {
  write_id(out, board(solution, kept), nullptr);
}

void RangePuzzles::print_solution(std::ostream& out, const Solution& solution) const {
  const Colouring black = colouring(solution);
  write_id(out, board(solution, Kept(positions(), false)), &black);
}

void RangePuzzles::print_record(std::ostream& out, const Solution& solution, const Kept& kept,
                                bool with_solution) const {
  const Colouring black = colouring(solution);
  write_record(out, board(solution, kept), with_solution ? &black : nullptr, &write_id, true);
}

std::unique_ptr<Instance> RangePuzzles::instance_of(const Solution& solution, const Kept& kept) const {
  auto puzzle = std::make_unique<RangeInstance>();
  puzzle->puzzle.board = board(solution, kept);
  puzzle->puzzle.notation = puzzle->notation = Notation::id;
  return puzzle;
}

std::unique_ptr<Answer> RangePuzzles::answer_of(const Solution& solution) const {
  auto answer = std::make_unique<RangeAnswer>();
  answer->black = colouring(solution);
  return answer;
}

}  // namespace dance::range
