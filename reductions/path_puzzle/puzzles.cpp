#include "path_puzzle/puzzles.hpp"

#include <algorithm>
#include <ostream>
#include <stdexcept>

#include "dance/reduction.hpp"
#include "hamilton/encodings.hpp"
#include "path_puzzle/random_path.hpp"
#include "path_puzzle/reduction.hpp"

namespace dance::path_puzzle {

std::size_t PathPuzzles::positions() const { return static_cast<std::size_t>(shape_.width * shape_.height); }

Solution PathPuzzles::random_solution(std::uint64_t seed, Symmetry) {
  dlx::Random random(seed);
  const Moves moves = shape_.rule == Rule::orthogonal ? Moves::orthogonal : shape_.rule == Rule::king ? Moves::king : Moves::queen;
  std::vector<std::size_t> path = random_path(shape_.width, shape_.height, moves, random);
  Solution solution(positions(), hole);
  // Hidato's holes: cells cut off the path's two ends, so that what is left is one path.
  std::size_t first = 0, last = path.size();
  if (shape_.holes > 0) {
    const std::size_t most = path.size() * static_cast<std::size_t>(shape_.holes) / 100;
    const std::size_t holes = most / 2 + random.below(most - most / 2 + 1);
    first = random.below(holes + 1);
    last -= holes - first;
  }
  for (std::size_t k = first; k < last; ++k) solution[path[k]] = static_cast<int>(k - first + 1);
  return solution;
}

Kept PathPuzzles::clues(const Solution& solution) const {
  Kept kept(solution.size());
  for (std::size_t cell = 0; cell < solution.size(); ++cell) kept[cell] = solution[cell] > 0;
  return kept;
}

std::vector<std::vector<std::size_t>> PathPuzzles::orbits(Symmetry symmetry) const {
  const int w = shape_.width, h = shape_.height;
  const bool square = w == h;
  if (shape_.holes > 0 && symmetry != Symmetry::none)
    throw OptionError({{"hidato puzzles have random shapes: no "}, option_named("symmetry")});
  if (!square && (symmetry == Symmetry::rot90 || symmetry == Symmetry::diagonal))
    throw OptionError({option_named("symmetry"), {" rot90 and diagonal need a square grid"}});
  std::vector<std::vector<std::size_t>> all;
  std::vector<bool> placed(positions(), false);
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c) {
      if (placed[static_cast<std::size_t>(r * w + c)]) continue;
      std::vector<std::pair<int, int>> images{{r, c}};
      switch (symmetry) {
        case Symmetry::none: break;
        case Symmetry::rot180: images.push_back({h - 1 - r, w - 1 - c}); break;
        case Symmetry::rot90: images.insert(images.end(), {{c, w - 1 - r}, {h - 1 - r, w - 1 - c}, {h - 1 - c, r}}); break;
        case Symmetry::mirror: images.push_back({r, w - 1 - c}); break;
        case Symmetry::diagonal: images.push_back({c, r}); break;
      }
      std::vector<std::size_t> orbit;
      for (const auto& [y, x] : images) {
        const auto cell = static_cast<std::size_t>(y * w + x);
        if (!placed[cell]) orbit.push_back(cell);
        placed[cell] = true;
      }
      all.push_back(std::move(orbit));
    }
  return all;
}

bool PathPuzzles::anchored(const Solution& solution, std::size_t cell) const {
  if (shape_.rule == Rule::orthogonal) return false;
  return solution[cell] == 1 || static_cast<std::size_t>(solution[cell]) == graph_of_.open();
}

Board PathPuzzles::board(const Solution& solution, const Kept* kept) const {
  Board b;
  b.width = shape_.width;
  b.height = shape_.height;
  b.rule = shape_.rule;
  b.numbers.assign(positions(), 0);
  for (std::size_t cell = 0; cell < positions(); ++cell)
    if (solution[cell] == hole || (kept && (*kept)[cell])) b.numbers[cell] = solution[cell];
  if (shape_.rule != Rule::arrows) return b;
  // Each cell's arrow points at the next number's; the last one's north, as Tatham's generator does.
  std::vector<std::size_t> where(positions() + 2, 0);
  for (std::size_t cell = 0; cell < positions(); ++cell)
    if (solution[cell] > 0) where[static_cast<std::size_t>(solution[cell])] = cell;
  b.arrows.assign(positions(), 0);
  const std::size_t n = b.open();
  for (std::size_t k = 1; k < n; ++k) {
    const int from = static_cast<int>(where[k]), to = static_cast<int>(where[k + 1]);
    const int ddc = to % b.width - from % b.width, ddr = to / b.width - from / b.width;
    for (int a = 0; a < 8; ++a)
      if ((ddc > 0) - (ddc < 0) == dx[a] && (ddr > 0) - (ddr < 0) == dy[a]) b.arrows[where[k]] = a;
  }
  return b;
}

void PathPuzzles::prepare(const Solution& solution) {
  Board bare = board(solution, nullptr);
  if (!question_.cell_of.empty() && bare.numbers == graph_of_.numbers && bare.arrows == graph_of_.arrows) return;
  graph_of_ = std::move(bare);
  question_ = question(graph_of_, false);
  vertex_of_.assign(positions(), 0);
  for (std::uint32_t v = 0; v < question_.cell_of.size(); ++v) vertex_of_[question_.cell_of[v]] = v;
}

Verdict PathPuzzles::count(const Solution& solution, std::span<const std::size_t> clues, std::uint64_t limit) {
  prepare(solution);
  hamilton::HamiltonInstance h = *question_.path;
  const auto give = [&](std::size_t cell) {
    h.givens.push_back({vertex_of_[cell], static_cast<std::uint32_t>(solution[cell] - 1)});
  };
  for (const std::size_t cell : clues) give(cell);
  for (std::size_t cell = 0; cell < positions(); ++cell)  // the ends that stay, unless listed
    if (anchored(solution, cell) && std::find(clues.begin(), clues.end(), cell) == clues.end()) give(cell);
  const Encoding encoding = hamilton::encode_by_successor(h, std::make_shared<const std::vector<hamilton::Link>>(hamilton::links_of(h)));
  const PuzzleReply reply = ask({.problem = encoding.problem, .hook = encoding.hook.get(), .limit = limit});
  // A search that never branches has the root and a node per option: the
  // arcs between the N cells, the start and the end (N + 2).
  return Verdict{reply.solutions, reply.nodes, question_.cell_of.size() + 2};
}

bool PathPuzzles::another(const Solution& solution, std::span<const std::size_t> clues,
                          std::span<const std::size_t> removed) {
  prepare(solution);
  // The ends stay: an orbit that holds one cannot go, as if it were needed.
  if (std::any_of(removed.begin(), removed.end(), [&](std::size_t cell) { return anchored(solution, cell); })) return true;
  return count(solution, clues, 2).solutions > 1;
}

std::optional<std::string> PathPuzzles::verify(const Solution& solution, const Kept& kept) const {
  return check(board(solution, &kept), solution);
}

void PathPuzzles::print_puzzle(std::ostream& out, const Solution& solution, const Kept& kept) const {
  shape_.write(out, board(solution, &kept), nullptr);
}

void PathPuzzles::print_solution(std::ostream& out, const Solution& solution) const {
  shape_.write(out, board(solution, nullptr), &solution);
}

void PathPuzzles::print_record(std::ostream& out, const Solution& solution, const Kept& kept, bool with_solution) const {
  write_record(out, board(solution, &kept), with_solution ? &solution : nullptr, shape_.write, shape_.one_line);
}

std::unique_ptr<Instance> PathPuzzles::instance_of(const Solution& solution, const Kept& kept) const {
  return make_instance(board(solution, &kept), "", 0);
}

std::unique_ptr<Answer> PathPuzzles::answer_of(const Solution& solution) const {
  auto answer = std::make_unique<PathAnswer>();
  answer->filling = solution;
  return answer;
}

void write_record(std::ostream& out, const Board& puzzle, const Filling* solution, const BoardWriter& write, bool one_line) {
  write(out, puzzle, nullptr);
  if (solution) {
    out << (one_line ? " " : "\n");  // a grid's solution on lines of its own
    Board bare = puzzle;
    for (int& number : bare.numbers)
      if (number != hole) number = 0;
    write(out, bare, solution);
  }
  out << '\n';
}

}  // namespace dance::path_puzzle
