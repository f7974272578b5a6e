#include "sudoku/puzzles.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "dlx/random.hpp"
#include "sudoku/regions.hpp"
#include "sudoku/sudoku.hpp"

namespace dance::sudoku {
namespace {

// The clues of a puzzle: the solution's values where kept, 0 elsewhere.
Cells clue_cells(const Solution& solution, const Kept& kept) {
  Cells clues(solution.size(), 0);
  for (std::size_t cell = 0; cell < solution.size(); ++cell)
    if (kept[cell]) clues[cell] = solution[cell];
  return clues;
}

// One line in the input notation: digits and letters up to 35, numbers beyond.
void write_line(std::ostream& out, const Cells& cells, int n) {
  std::ostringstream line;
  write_cells(line, cells, n, Notation{});
  std::string text = std::move(line).str();
  text.pop_back();  // the line end is the caller's
  out << text;
}

// A puzzle of the shape with no clues yet.
SudokuInstance empty_grid(const Shape& shape) {
  SudokuInstance grid;
  grid.puzzle.shape = shape;
  grid.puzzle.clues.assign(static_cast<std::size_t>(shape.n) * static_cast<std::size_t>(shape.n), 0);
  return grid;
}

}  // namespace

SudokuPuzzles::SudokuPuzzles(const SudokuReduction& reduction, Shape shape, std::uint64_t first_budget, int fills)
    : reduction_(reduction), shape_(std::move(shape)), grid_(empty_grid(shape_)), first_budget_(first_budget),
      fills_(fills), problem_(tabulate()) {}

std::shared_ptr<const dlx::Problem> SudokuPuzzles::tabulate() {
  // The grid of value v everywhere, encoded: encode assumes one option per
  // clue, in cell order, clashing or not (a clash only marks the encoding).
  const std::size_t cells = positions();
  std::shared_ptr<const dlx::Problem> problem;
  option_of_.assign(static_cast<std::size_t>(shape_.n), {});
  for (int v = 1; v <= shape_.n; ++v) {
    grid_.puzzle.clues.assign(cells, v);
    Encoding encoding = reduction_.encode(grid_);
    if (encoding.assumptions.size() != cells)
      throw std::logic_error("sudoku: encode gave " + std::to_string(encoding.assumptions.size()) +
                             " options for a grid of " + std::to_string(cells) + " clues");
    option_of_[static_cast<std::size_t>(v - 1)] = std::move(encoding.assumptions);
    problem = std::move(encoding.problem);
  }
  grid_.puzzle.clues.assign(cells, 0);
  cell_of_.assign(problem->option_count(), cells);
  for (const auto& options : option_of_)
    for (std::size_t cell = 0; cell < cells; ++cell) cell_of_[options[cell]] = cell;
  return problem;
}

dlx::OptionId SudokuPuzzles::option(const Solution& solution, std::size_t cell) const {
  return option_of_[static_cast<std::size_t>(solution[cell] - 1)][cell];
}

Solution SudokuPuzzles::decoded(std::span<const dlx::OptionId> solution) const {
  return reduction_.decode(grid_, solution)->cells;
}

std::size_t SudokuPuzzles::positions() const { return static_cast<std::size_t>(shape_.n * shape_.n); }

Solution SudokuPuzzles::random_solution(std::uint64_t seed, Symmetry) {  // every cell is a clue: any symmetry
  // Values in a random order but cells in input order: the grid fills row by
  // row (a random cell order has heavy tails at 25x25). Even so a fill can
  // go astray from 25x25 on (a 36x36 grid took from one to 40 seconds): one
  // that has taken two nodes per cell starts again in a new order, with
  // twice the budget. From 36x36 on many fills go astray at every budget
  // (an empty 64x64 grid: 20 s and 4,025 of 4,096 cells at best), so a
  // grid with a pattern whose fills all fail `fills_` times is made by
  // mixed_pattern() instead (36x36 -n 10: 1.3 to 1.7 s rather than 2 to 34).
  // A jigsaw map may have no solution at all, or one hard to find: such a
  // fill gives way to a new map.
  dlx::Random random(seed);
  std::uint64_t budget = 2 * positions();
  dlx::Outcome outcome;
  Solution grid;
  int attempts = 0;
  do {
    if (jigsaw_) new_regions(random);
    else if (has_pattern() && attempts++ == fills_) return mixed_pattern(random);
    outcome = fill(random, {}, budget, grid);
    budget *= 2;
  } while ((outcome == dlx::Outcome::node_limit || (jigsaw_ && outcome == dlx::Outcome::exhausted)) && !worked_out() &&
           !interrupted());
  if (outcome != dlx::Outcome::solution) return {};
  return grid;
}

void SudokuPuzzles::new_regions(dlx::Random& random) {
  shape_.regions = random_regions(shape_.n, random);
  grid_.puzzle.shape = shape_;
  // A new map changes the items of the regions, not which option puts a
  // value in a cell: one encode gives the problem (and checks the 1s'
  // options), rather than tabulate()'s one per value.
  grid_.puzzle.clues.assign(positions(), 1);
  Encoding encoding = reduction_.encode(grid_);
  grid_.puzzle.clues.assign(positions(), 0);
  if (encoding.assumptions != option_of_[0]) throw std::logic_error("sudoku: a jigsaw map moved the options of its cells");
  problem_ = std::move(encoding.problem);  // the driver's solvers of it are new
}

dlx::Outcome SudokuPuzzles::fill(dlx::Random& random, std::span<const dlx::OptionId> assumed, std::uint64_t budget,
                                 Solution& grid) {
  shuffled_.resize(problem_->option_count());
  std::iota(shuffled_.begin(), shuffled_.end(), dlx::OptionId{0});
  random.shuffle(shuffled_);
  return ask({.problem = problem_, .slot = randomiser, .first = shuffled_, .assumed = assumed,
              .visit = [&](std::span<const dlx::OptionId> found) {
                grid = decoded(found);
                return false;
              },
              .budget = budget})
      .outcome;
}

namespace {

// The order-k field that an X-sudoku pattern needs (k prime, 4 or 8, as
// far as sizes go), or nothing.
struct SmallField {
  int k;
  int reduction;  // k = 4 or 8: the polynomial products are taken modulo; 0 for a prime k
  [[nodiscard]] int add(int x, int y) const { return reduction != 0 ? x ^ y : (x + y) % k; }
  [[nodiscard]] int multiply(int x, int y) const {
    if (reduction == 0) return x * y % k;
    int product = 0;
    for (; y != 0; y >>= 1, x <<= 1) {
      if (x & k) x ^= reduction;
      if (y & 1) product ^= x;
    }
    return product;
  }
};
std::optional<SmallField> field_of_order(int k) {
  if (k == 4) return SmallField{4, 0b111};   // x^2 + x + 1
  if (k == 8) return SmallField{8, 0b1011};  // x^3 + x + 1
  if (k < 2) return std::nullopt;
  for (int d = 2; d * d <= k; ++d)
    if (k % d == 0) return std::nullopt;
  return SmallField{k, 0};
}

}  // namespace

bool SudokuPuzzles::has_pattern() const {
  if (!shape_.regions.empty()) return false;
  return !shape_.diagonals || (shape_.box_rows == shape_.box_cols && shape_.box_rows >= 3 &&
                               field_of_order(shape_.box_rows).has_value());
}

Solution SudokuPuzzles::pattern(dlx::Random& random) const {
  const int n = shape_.n, rows = shape_.box_rows, cols = shape_.box_cols;
  std::vector<int> value(static_cast<std::size_t>(n));
  std::iota(value.begin(), value.end(), 1);
  random.shuffle(value);
  Solution grid(positions());
  if (shape_.diagonals) {
    // Cell (k*a + b, k*s + j) holds k*(b + s) + (a + d*j) in the field of
    // order k, d neither 0 nor 1: every row, column and box holds every
    // value, and since the determinant of the diagonals' map (a, b) ->
    // (b + s, a + d*j) is d - 1, both diagonals do too.
    const SmallField field = *field_of_order(rows);
    const int d = 2 + static_cast<int>(random.below(static_cast<std::uint64_t>(rows - 2)));
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        grid[static_cast<std::size_t>(r * n + c)] =
            value[static_cast<std::size_t>(rows * field.add(r % rows, c / rows) +
                                           field.add(r / rows, field.multiply(d, c % rows)))];
    return grid;
  }
  // (C*(r mod R) + r div R + c) mod n fills any R x C boxes, and so does
  // any order of the bands, the stacks and the rows and columns within them.
  const auto order = [&random](int groups, int size) {
    std::vector<int> group(static_cast<std::size_t>(groups)), member(static_cast<std::size_t>(size)), all;
    std::iota(group.begin(), group.end(), 0);
    random.shuffle(group);
    for (const int g : group) {
      std::iota(member.begin(), member.end(), 0);
      random.shuffle(member);
      for (const int m : member) all.push_back(g * size + m);
    }
    return all;
  };
  const std::vector<int> row = order(cols, rows), col = order(rows, cols);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      grid[static_cast<std::size_t>(r * n + c)] =
          value[static_cast<std::size_t>((cols * (row[r] % rows) + row[r] / rows + col[c]) % n)];
  return grid;
}

Solution SudokuPuzzles::mixed_pattern(dlx::Random& random) {
  // Pattern grids are alike (every box is a band's shifted rows), so each
  // band, then each stack, is filled again in a random order with the rest
  // of the grid as clues, three times over: 512 cells a band at 64x64,
  // found with no backtracking. After that, bands whose boxes all hold the
  // same rows (as sets), as the pattern's do, are about as rare as in grids
  // found by search (9x9, 1,000 grids: 211 of 3,000 bands against 205;
  // after two rounds 305, after four 179). X-sudoku's diagonals hold its
  // 9x9 refills back (684 against 206), but there a search never fails.
  Solution grid = pattern(random);
  const int n = shape_.n, rows = shape_.box_rows, cols = shape_.box_cols;
  std::vector<dlx::OptionId> rest;
  const auto refill = [&](auto outside) {
    if (interrupted()) return;  // each refill relinks the whole grid (a 64x64's 262,144 options): -t is seen between them
    rest.clear();
    for (std::size_t cell = 0; cell < grid.size(); ++cell)
      if (outside(static_cast<int>(cell) / n, static_cast<int>(cell) % n)) rest.push_back(option(grid, cell));
    (void)fill(random, rest, 4 * (positions() - rest.size()), grid);  // none found: the old values stay
  };
  for (int round = 0; round < 3; ++round) {
    for (int band = 0; band < cols; ++band) refill([&](int r, int) { return r / rows != band; });
    for (int stack = 0; stack < rows; ++stack) refill([&](int, int c) { return c / cols != stack; });
  }
  return grid;
}

Kept SudokuPuzzles::clues(const Solution& solution) const { return Kept(solution.size(), true); }

std::vector<std::vector<std::size_t>> SudokuPuzzles::orbits(Symmetry symmetry) const {
  const std::size_t n = static_cast<std::size_t>(shape_.n), last = n - 1;
  std::vector<std::vector<std::size_t>> all;
  std::vector<bool> placed(n * n, false);
  for (std::size_t r = 0; r < n; ++r) {
    for (std::size_t c = 0; c < n; ++c) {
      if (placed[r * n + c]) continue;
      std::vector<std::pair<std::size_t, std::size_t>> images{{r, c}};
      switch (symmetry) {
        case Symmetry::none: break;
        case Symmetry::rot180: images.push_back({last - r, last - c}); break;
        case Symmetry::rot90:
          images.insert(images.end(), {{c, last - r}, {last - r, last - c}, {last - c, r}});
          break;
        case Symmetry::mirror: images.push_back({r, last - c}); break;
        case Symmetry::diagonal: images.push_back({c, r}); break;
      }
      std::vector<std::size_t> orbit;
      for (const auto& [ir, ic] : images) {
        const std::size_t cell = ir * n + ic;
        if (!placed[cell]) orbit.push_back(cell);
        placed[cell] = true;
      }
      all.push_back(std::move(orbit));
    }
  }
  return all;
}

void SudokuPuzzles::prefer(const Solution& solution) {
  if (solution == preferred_) return;
  preferred_ = solution;
  preferred_options_.clear();
  for (std::size_t cell = 0; cell < solution.size(); ++cell) preferred_options_.push_back(option(solution, cell));
}

std::span<const dlx::OptionId> SudokuPuzzles::clue_options(std::span<const std::size_t> clues, std::span<const std::size_t> kept) {
  wanted_.clear();
  for (const std::size_t cell : clues) wanted_.push_back(preferred_options_[cell]);
  for (const std::size_t cell : kept) wanted_.push_back(preferred_options_[cell]);
  return wanted_;
}

Verdict SudokuPuzzles::count(const Solution& solution, std::span<const std::size_t> clues, std::uint64_t limit) {
  // A verdict grades difficulty by the search in input order, as `dance solve`
  // runs it: not in the checker's order, which tries the solution's values first.
  prefer(solution);
  const PuzzleReply reply = ask({.problem = problem_, .slot = randomiser, .assumed = clue_options(clues), .limit = limit});
  // A search that never branches enters one level per empty cell, and the root.
  const std::uint64_t empty = positions() - clues.size();
  return Verdict{reply.solutions, reply.nodes, empty + 1};
}

PuzzleQuery SudokuPuzzles::checking() const {
  // The solution's values first: another solution of a puzzle near it
  // differs in few cells. A search past the first budget restarts, in a new
  // order each run with those values still first: searches for another
  // solution have heavy tails, and restarts cut them.
  return {.problem = problem_, .slot = checker, .first = preferred_options_, .budget = first_budget_,
          .restart_unit = 2 * first_budget_};
}

bool SudokuPuzzles::another(const Solution& solution, std::span<const std::size_t> clues,
                            std::span<const std::size_t> removed) {
  prefer(solution);
  // Another solution differs first at removed[k]: keep removed[0..k) and forbid removed[k].
  for (std::size_t k = 0; k < removed.size(); ++k) {
    PuzzleQuery question = checking();
    question.assumed = clue_options(clues, removed.first(k));
    const dlx::OptionId differs = preferred_options_[removed[k]];
    question.forbidden = std::span(&differs, 1);
    question.limit = 1;
    if (ask(question).solutions > 0) return true;
    if (worked_out() || interrupted()) return false;  // means nothing now: the generator gives up
  }
  return false;
}

std::vector<std::size_t> SudokuPuzzles::difference(const Solution& solution, std::span<const std::size_t> clues) {
  prefer(solution);
  // The solution's values come first, so the solution comes first (the
  // search that finds it never backs up); any next one differs.
  std::vector<std::size_t> differs;
  PuzzleQuery question = checking();
  question.assumed = clue_options(clues);
  question.visit = [&](std::span<const dlx::OptionId> found) {
    for (const dlx::OptionId o : found)
      if (o != preferred_options_[cell_of_[o]]) differs.push_back(cell_of_[o]);
    return differs.empty();
  };
  (void)ask(question);
  return differs;
}

std::vector<std::vector<std::size_t>> SudokuPuzzles::unavoidable_sets(const Solution& solution) const {
  // Two rows of a band hold the same values in each box. Where the value of
  // column j in one row sits in column k of the other, k's in l, and so on
  // back to j, swapping the two rows in those columns leaves every row,
  // column and box whole: another solution. Likewise two columns of a stack.
  std::vector<std::vector<std::size_t>> sets;
  if (shape_.diagonals || !shape_.regions.empty()) return sets;  // a swap could break a diagonal or a region
  const auto n = static_cast<std::size_t>(shape_.n);
  std::vector<std::size_t> place_in_a(n + 1);  // per value: where along line a it sits
  std::vector<bool> seen;
  for (const bool rows : {true, false}) {
    const auto group = static_cast<std::size_t>(rows ? shape_.box_rows : shape_.box_cols);
    const auto cell = [rows, n](std::size_t line, std::size_t k) { return rows ? line * n + k : k * n + line; };
    for (std::size_t a = 0; a < n; ++a) {
      for (std::size_t b = a + 1; b < n && b / group == a / group; ++b) {
        for (std::size_t k = 0; k < n; ++k) place_in_a[static_cast<std::size_t>(solution[cell(a, k)])] = k;
        seen.assign(n, false);
        for (std::size_t k = 0; k < n; ++k) {
          if (seen[k]) continue;
          std::vector<std::size_t> set;
          for (std::size_t j = k; !seen[j]; j = place_in_a[static_cast<std::size_t>(solution[cell(b, j)])]) {
            seen[j] = true;
            set.push_back(cell(a, j));
            set.push_back(cell(b, j));
          }
          sets.push_back(std::move(set));
        }
      }
    }
  }
  return sets;
}

std::optional<std::string> SudokuPuzzles::verify(const Solution& solution, const Kept& kept) const {
  return check_grid(shape_, clue_cells(solution, kept), solution);
}

std::uint64_t SudokuPuzzles::attempt_work() const {
  // 32 nodes per pair of cells: 12.5 M at 25x25 (about 4.5 s, twice the
  // median attempt of --minimal; the slowest of 12 took 124 M), far above
  // what smaller sizes take (16x16 --minimal: 0.75 M at most in 40
  // puzzles; a 36x36 grid filled: 2.1 M at most in 10).
  const auto cells = static_cast<std::uint64_t>(positions());
  return 32 * cells * cells;
}

std::optional<std::size_t> SudokuPuzzles::minimum_clues() const {
  // Proven minima (McGuire et al. for 9x9; exhaustive searches for the small
  // sizes and for 9x9 X-sudoku); none is known beyond.
  if (!shape_.regions.empty()) return std::nullopt;
  if (shape_.diagonals) return shape_.n == 9 ? std::optional<std::size_t>(12) : std::nullopt;
  switch (shape_.n) {
    case 4: return 4;
    case 6: return 8;
    case 9: return 17;
    default: return std::nullopt;
  }
}

void SudokuPuzzles::print_puzzle(std::ostream& out, const Solution& solution, const Kept& kept) const {
  write_line(out, clue_cells(solution, kept), shape_.n);
}

void SudokuPuzzles::print_solution(std::ostream& out, const Solution& solution) const {
  write_line(out, solution, shape_.n);
}

void SudokuPuzzles::print_record(std::ostream& out, const Solution& solution, const Kept& kept, bool with_solution) const {
  PuzzleType::print_record(out, solution, kept, with_solution);
  if (jigsaw_) {
    write_regions(out, shape_.regions);
    out << '\n';
  }
}

std::unique_ptr<Instance> SudokuPuzzles::instance_of(const Solution& solution, const Kept& kept) const {
  auto puzzle = std::make_unique<SudokuInstance>();
  puzzle->puzzle.shape = shape_;  // a jigsaw's map too
  puzzle->puzzle.clues = clue_cells(solution, kept);
  return puzzle;
}

std::unique_ptr<Answer> SudokuPuzzles::answer_of(const Solution& solution) const {
  auto answer = std::make_unique<SudokuAnswer>();
  answer->cells = solution;
  return answer;
}

}  // namespace dance::sudoku
