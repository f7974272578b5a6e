#include "sudoku/sudoku.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

#include "sudoku/picture.hpp"
#include "sudoku/puzzles.hpp"

namespace dance::sudoku {
namespace {

constexpr std::size_t cached_shapes = 8;

// The units of a shape: each a list of cells that must hold every value once.
struct Unit {
  std::string kind;  // "row 3", "column 5", "box 2", "diagonal 1"
  std::vector<std::size_t> cells;
};

std::vector<Unit> units(const Shape& shape) {
  const int n = shape.n;
  std::vector<Unit> all;
  const auto cell = [n](int r, int c) { return static_cast<std::size_t>(r * n + c); };
  for (int r = 0; r < n; ++r) {
    Unit u{"row " + std::to_string(r + 1), {}};
    for (int c = 0; c < n; ++c) u.cells.push_back(cell(r, c));
    all.push_back(std::move(u));
  }
  for (int c = 0; c < n; ++c) {
    Unit u{"column " + std::to_string(c + 1), {}};
    for (int r = 0; r < n; ++r) u.cells.push_back(cell(r, c));
    all.push_back(std::move(u));
  }
  const std::string region = shape.regions.empty() ? "box " : "region ";
  std::vector<Unit> regions(static_cast<std::size_t>(n));
  for (int g = 0; g < n; ++g) regions[static_cast<std::size_t>(g)].kind = region + std::to_string(g + 1);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) regions[static_cast<std::size_t>(shape.region(r, c))].cells.push_back(cell(r, c));
  for (Unit& u : regions) all.push_back(std::move(u));
  if (shape.diagonals) {
    Unit main{"diagonal 1", {}}, anti{"diagonal 2", {}};
    for (int k = 0; k < n; ++k) {
      main.cells.push_back(cell(k, k));
      anti.cells.push_back(cell(k, n - 1 - k));
    }
    all.push_back(std::move(main));
    all.push_back(std::move(anti));
  }
  return all;
}

std::string value_name(int v) { return std::to_string(v); }

}  // namespace

dlx::Problem encode_shape(const Shape& shape) {
  const int n = shape.n;
  dlx::ProblemBuilder b;
  // Items: cells, then per unit kind (rows, columns, regions, diagonals) one item per value.
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) b.add_primary(cell_name(n, static_cast<std::size_t>(r * n + c)));
  const std::vector<Unit> all = units(shape);
  for (const Unit& u : all) {
    std::string prefix = u.kind;
    std::replace(prefix.begin(), prefix.end(), ' ', '_');
    for (int v = 1; v <= n; ++v) b.add_primary(prefix + "#" + value_name(v));
  }
  // The units each cell lies in, to build its options.
  std::vector<std::vector<int>> units_of(static_cast<std::size_t>(n * n));
  for (std::size_t k = 0; k < all.size(); ++k)
    for (const std::size_t cell : all[k].cells) units_of[cell].push_back(static_cast<int>(k));
  const auto nn = static_cast<dlx::ItemId>(n * n);
  std::vector<dlx::Entry> entries;
  for (std::size_t cell = 0; cell < units_of.size(); ++cell) {
    for (int v = 1; v <= n; ++v) {
      entries.clear();
      entries.push_back({static_cast<dlx::ItemId>(cell), dlx::no_colour});
      for (const int k : units_of[cell])
        entries.push_back({nn + static_cast<dlx::ItemId>(k * n + v - 1), dlx::no_colour});
      b.add_option(entries);
    }
  }
  return b.build();
}

std::optional<std::string> clashing_clues(const Shape& shape, const Cells& clues) {
  // A bit per value for each row, column, region and diagonal: fast for a
  // batch; the units are only listed to name a clash once one is seen.
  const auto n = static_cast<std::size_t>(shape.n);
  std::vector<std::uint64_t> seen(3 * n + 2, 0);
  for (std::size_t cell = 0; cell < clues.size(); ++cell) {
    if (clues[cell] == 0) continue;
    const std::size_t r = cell / n, c = cell % n;
    const std::uint64_t bit = std::uint64_t{1} << (clues[cell] - 1);
    std::uint64_t* masks[5] = {&seen[r], &seen[n + c], &seen[2 * n + static_cast<std::size_t>(shape.region(static_cast<int>(r), static_cast<int>(c)))],
                               nullptr, nullptr};
    if (shape.diagonals && r == c) masks[3] = &seen[3 * n];
    if (shape.diagonals && r + c == n - 1) masks[4] = &seen[3 * n + 1];
    for (std::uint64_t* mask : masks) {
      if (mask == nullptr) continue;
      if (*mask & bit) {
        for (const Unit& u : units(shape)) {
          if (std::find(u.cells.begin(), u.cells.end(), cell) == u.cells.end()) continue;
          for (const std::size_t other : u.cells)
            if (other != cell && clues[other] == clues[cell])
              return "clues clash: " + cell_name(shape.n, other) + " and " + cell_name(shape.n, cell) +
                     " are both " + std::to_string(clues[cell]) + " in " + u.kind;
        }
      }
      *mask |= bit;
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_grid(const Shape& shape, const Cells& clues, const Cells& grid) {
  const auto cells = static_cast<std::size_t>(shape.n * shape.n);
  if (grid.size() != cells) return "the grid has " + std::to_string(grid.size()) + " cells";
  for (std::size_t cell = 0; cell < cells; ++cell) {
    if (grid[cell] < 1 || grid[cell] > shape.n) return cell_name(shape.n, cell) + " holds no value 1..n";
    if (clues[cell] != 0 && clues[cell] != grid[cell]) return cell_name(shape.n, cell) + " does not keep its clue";
  }
  for (const Unit& u : units(shape)) {
    std::vector<bool> seen(static_cast<std::size_t>(shape.n) + 1, false);
    for (const std::size_t cell : u.cells) {
      const auto v = static_cast<std::size_t>(grid[cell]);
      if (seen[v]) return u.kind + " holds " + std::to_string(v) + " twice";
      seen[v] = true;
    }
  }
  return std::nullopt;
}

namespace {
class SudokuReader final : public InstanceReader {
 public:
  SudokuReader(std::istream& in, std::optional<Shape> fixed, const ModelOptions& options)
      : reader_(in, std::move(fixed), options.has("diagonals"), options.has("jigsaw")) {}
  std::unique_ptr<Instance> next() override {
    auto puzzle = reader_.next();
    if (!puzzle) return nullptr;
    auto instance = std::make_unique<SudokuInstance>();
    instance->line = puzzle->line;
    instance->output = puzzle->notation;
    instance->puzzle = std::move(*puzzle);
    return instance;
  }

 private:
  PuzzleReader reader_;
};
}  // namespace

std::vector<OptionSpec> SudokuReduction::options() const {
  return {
      OptionSpec::dimensions("box", "RxC", 1, 64, "boxes of R rows and C columns, e.g. 3x4 (default: the squarest for the size)"),
      OptionSpec::integer("size", "N", 4, 64, "N x N grids with the squarest boxes (solve: default from the cells; generate: 9)"),
      OptionSpec::flag("diagonals", "X-sudoku: both main diagonals hold every value"),
      OptionSpec::flag("jigsaw", "each puzzle is followed by its map of regions (generate: a random map for each)"),
  };
}

std::optional<Shape> SudokuReduction::fixed_shape(const ModelOptions& options) const {
  if (options.has("box")) {
    if (options.has("size")) throw OptionError({option_named("box"), {" and "}, option_named("size"), {" exclude each other"}});
    if (options.has("jigsaw")) throw OptionError({option_named("box"), {" and "}, option_named("jigsaw"), {" exclude each other"}});
    const auto shape = parse_box(options.text("box"));
    if (!shape) throw OptionError({option_named("box"), {" expects RxC with R*C between 4 and 64; found " + dlx::quoted(options.text("box"))}});
    return shape;
  }
  if (!options.has("size")) return std::nullopt;
  if (options.has("jigsaw")) throw OptionError({option_named("size"), {" and "}, option_named("jigsaw"), {" exclude each other"}});
  const int n = static_cast<int>(options.number("size", 9));
  auto shape = boxed_shape(n);
  if (!shape)
    throw OptionError({{"no R x C boxes (both at least 2) tile a " + std::to_string(n) + "x" + std::to_string(n) + " sudoku; use "},
                       option_named("box"), {" 1x" + std::to_string(n)}});
  return shape;
}

std::unique_ptr<InstanceReader> SudokuReduction::read(std::istream& in, const ModelOptions& options) const {
  std::optional<Shape> fixed = fixed_shape(options);
  return std::make_unique<SudokuReader>(in, std::move(fixed), options);
}

std::shared_ptr<const dlx::Problem> SudokuReduction::problem_for(const Shape& shape) const {
  std::lock_guard lock(mutex_);
  for (const auto& [known, problem] : problems_)
    if (known == shape) return problem;
  auto problem = std::make_shared<const dlx::Problem>(encode_shape(shape));
  if (problems_.size() == cached_shapes) problems_.erase(problems_.begin());
  problems_.emplace_back(shape, problem);
  return problem;
}

namespace {
// The engine's heuristics by grid size, as measured on sudoku (docs/engine.md):
// from 12x12 the ring with the subset rule (locked candidates) and the
// tie-break, from 23x23 probing and the pair rule (naked and hidden pairs).
dlx::SolverOptions heuristics_for(int n) {
  const auto from = [n](int side) { return n >= side ? dlx::Switch::on : dlx::Switch::off; };
  dlx::SolverOptions heuristics;
  heuristics.sharing = dlx::Switch::off;
  heuristics.ring = heuristics.tie_break = from(12);
  heuristics.probing = heuristics.pair_rule = from(23);
  return heuristics;
}
}  // namespace

Encoding SudokuReduction::encode(const SudokuInstance& instance) const {
  const ReadGrid& puzzle = instance.puzzle;
  Encoding encoding;
  encoding.problem = problem_for(puzzle.shape);
  encoding.heuristics = heuristics_for(puzzle.shape.n);
  encoding.contradiction = clashing_clues(puzzle.shape, puzzle.clues);
  const auto n = static_cast<dlx::OptionId>(puzzle.shape.n);
  for (std::size_t cell = 0; cell < puzzle.clues.size(); ++cell)
    if (const int v = puzzle.clues[cell]; v != 0)
      encoding.assumptions.push_back(static_cast<dlx::OptionId>(cell) * n + static_cast<dlx::OptionId>(v - 1));
  return encoding;
}

std::unique_ptr<SudokuAnswer> SudokuReduction::decode(const SudokuInstance& instance,
                                                std::span<const dlx::OptionId> solution) const {
  const ReadGrid& puzzle = instance.puzzle;
  const auto n = static_cast<dlx::OptionId>(puzzle.shape.n);
  auto answer = std::make_unique<SudokuAnswer>();
  answer->cells.assign(puzzle.clues.size(), 0);
  for (const dlx::OptionId o : solution) answer->cells[o / n] = static_cast<int>(o % n) + 1;
  return answer;
}

std::optional<std::string> SudokuReduction::verify(const SudokuInstance& instance, const SudokuAnswer& answer) const {
  const ReadGrid& puzzle = instance.puzzle;
  return check_grid(puzzle.shape, puzzle.clues, answer.cells);
}

void SudokuReduction::print(std::ostream& out, const SudokuInstance& sudoku, const SudokuAnswer& answer) const {
  write_cells(out, answer.cells, sudoku.puzzle.shape.n, sudoku.output);
}

void SudokuReduction::write_json(nlohmann::ordered_json& out, const SudokuInstance& sudoku, const SudokuAnswer& answer) const {
  const auto n = static_cast<std::size_t>(sudoku.puzzle.shape.n);
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (std::size_t r = 0; r < n; ++r)
    rows.push_back(std::vector<int>(answer.cells.begin() + static_cast<std::ptrdiff_t>(r * n),
                                    answer.cells.begin() + static_cast<std::ptrdiff_t>((r + 1) * n)));
  out = {{"rows", std::move(rows)}};
}

std::vector<Writer<SudokuInstance, SudokuAnswer>> SudokuReduction::writers() const {
  return {
      {"line", "each answer on one line of n*n cells",
       [](std::ostream& out, const SudokuInstance& sudoku, const SudokuAnswer& answer) {
         Notation line = sudoku.output;
         if (line.grid) {
           line.grid = false;
           // spaces or tabs between the digits of a grid are layout; a line of digits has none
           if (line.separator != ',' && sudoku.puzzle.shape.n <= 9) line.separator = 0;
         }
         write_cells(out, answer.cells, sudoku.puzzle.shape.n, line);
       }},
      {"grid", "each answer as n rows of n cells",
       [](std::ostream& out, const SudokuInstance& sudoku, const SudokuAnswer& answer) {
         Notation grid = sudoku.output;
         grid.grid = true;
         write_cells(out, answer.cells, sudoku.puzzle.shape.n, grid);
       }},
      {"svg", "each answer as an SVG picture, the clues in black (generate: each puzzle)",
       [](std::ostream& out, const SudokuInstance& sudoku, const SudokuAnswer& answer) {
         draw(out, sudoku.puzzle.shape, sudoku.puzzle.clues, answer.cells);
       },
       nullptr, nullptr,
       [](std::ostream& out, const SudokuInstance& sudoku, const SudokuAnswer* solution) {
         draw(out, sudoku.puzzle.shape, sudoku.puzzle.clues, solution ? solution->cells : Cells{});
       }},
  };
}

void SudokuReduction::print_none(std::ostream& out, const SudokuInstance&) const { out << "no solution\n"; }
void SudokuReduction::print_error(std::ostream& out) const { out << "error\n"; }
void SudokuReduction::print_stopped(std::ostream& out, const SudokuInstance&) const { out << "unknown\n"; }

std::unique_ptr<PuzzleType> SudokuReduction::make_puzzle_type(const ModelOptions& options) const {
  const bool jigsaw = options.has("jigsaw");
  if (jigsaw && options.has("box")) throw OptionError({option_named("box"), {" and "}, option_named("jigsaw"), {" exclude each other"}});
  Shape shape;
  if (jigsaw) {  // each puzzle's map is random, so any size: the regions are not boxes
    shape.n = static_cast<int>(options.number("size", 9));
    shape.box_rows = 1;
    shape.box_cols = shape.n;
  } else {
    shape = fixed_shape(options).value_or(*boxed_shape(9));
  }
  shape.diagonals = options.has("diagonals");
  auto puzzles = std::make_unique<SudokuPuzzles>(*this, shape);
  if (jigsaw) puzzles->on_random_regions();
  return puzzles;
}

}  // namespace dance::sudoku
